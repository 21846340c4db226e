import type { Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { kit } from '../shapes/kit.js';
import type { StatProduction } from '../library/model.js';
import { shapeLocals } from '../shapes/local-function-shape.js';
import { reduceInt } from '../values/reduce-int.js';
import { TextChunk } from './text-chunk.js';
import { HOLE, joinTokens } from './text-expressions.js';
import { drawFault, faultyText, type Fault } from './text-faults.js';

/** Inputs of the program a chunk's text takes at most; further holes get a constant. */
const MAX_HOLES = 4;

/**
 * Chunk names in each of the forms `loadstring` reads: `=name` as it is, `@file` as a file,
 * anything else quoted as source (`[string "..."]`).
 */
const chunkNames = ['=text', '=t', '@chunk.luau', 'src'];

/**
 * What the program prints of a diagnostic: the whole message for the known-bad chunks and
 * the limits, whose wording 0.715 and 0.735 share; where a change to a valid chunk's tokens
 * stopped the parser, only the chunk name and line (releases word some of those messages
 * differently, as they do runtime errors).
 */
function diagnostic(fault: Fault, e: Expr): Expr {
  switch (fault.kind) {
    case 'broken':
    case 'limit':
      return e;
    case 'delete':
    case 'insert':
    case 'replace':
    case 'repeat':
      return kit.first(kit.lib('string', 'match', [kit.text(e), kit.str('^.-:%d+:')]));
  }
}

/**
 * Luau source compiled while the program runs: a chunk's text built from a small grammar of
 * the lexer's and the parser's features (see `TextChunk`), with integers of the program's
 * inputs spliced into it (`"return (" .. tostring(x) .. ") + 0x1F"`), given to `loadstring`
 * with a chunk name of its own. A valid chunk runs under `pcall` with two numbers and a string
 * of the program and its results are printed (errors it raises at levels 1 to 3 name the line
 * of the text); a chunk with a fault (a token deleted, inserted, replaced or repeated, a
 * known-bad form, or a compiler limit exceeded) only prints whether it compiled and its first
 * diagnostic (see {@link diagnostic}). Only in the `luau` profile: luau-web has no `loadstring`.
 *
 * @example
 * ```ts
 * // local f, e = loadstring("local a, b, s = ...\nreturn a + (" .. tostring(x % 7) .. ")", "=text")
 * // print(e, pcall(f, 1.5, y, "s"))
 * sourceTextShape(g, 0);
 * ```
 */
export const sourceTextShape: StatProduction = (g, d) => {
  return shapeLocals(g, { when: g.options.profile === 'luau', room: 2 }, (fresh) => {
    const c = g.choices;
    const fault = c.chance(40) ? drawFault(c) : undefined;
    const name = c.pick(chunkNames);
    const tokens = new TextChunk(c).chunk();
    const text = joinTokens(fault === undefined ? tokens : faultyText(fault, tokens));
    const parts = text.split(HOLE);
    let source: Expr = kit.str(parts[0]!);
    parts.slice(1).forEach((part, i) => {
      const hole =
        i < MAX_HOLES ? kit.text(reduceInt(g, g.int(d + 1))) : kit.str(String(c.int(100)));
      source = kit.bin('..', kit.bin('..', source, hole), kit.str(part));
    });
    const f = fresh();
    const e = fresh();
    const load = build.localStat([f, e], [kit.call('loadstring', [source, kit.str(name)])]);
    const run =
      fault === undefined
        ? kit.print([
            kit.ref(e),
            kit.call('pcall', [kit.ref(f), g.num(d + 1), g.num(d + 1), g.str(d + 1)]),
          ])
        : kit.print([kit.bin('~=', kit.ref(f), build.nil()), diagnostic(fault, kit.ref(e))]);
    return [build.doBlock([load, run])];
  });
};
