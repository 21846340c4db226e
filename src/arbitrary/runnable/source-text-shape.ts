import type { Expr } from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import { kit, withLocals } from './kit.js';
import type { StatProduction } from './library/model.js';
import { reduceInt } from './reduce-int.js';
import { TextChunk } from './text-chunk.js';
import { HOLE, joinTokens } from './text-expressions.js';
import { faultyText } from './text-faults.js';

/** Inputs of the program a chunk's text takes at most; further holes get a constant. */
const MAX_HOLES = 4;

/**
 * Chunk names in each of the forms `loadstring` reads: `=name` as it is, `@file` as a file,
 * anything else quoted as source (`[string "..."]`).
 */
const chunkNames = ['=text', '=t', '@chunk.luau', 'src'];

/**
 * Luau source compiled while the program runs: a chunk's text built from a small grammar of
 * the lexer's and the parser's features (see `TextChunk`), with integers of the program's
 * inputs spliced into it (`"return (" .. tostring(x) .. ") + 0x1F"`), given to `loadstring`
 * with a chunk name of its own. A valid chunk runs under `pcall` with two numbers and a string
 * of the program and its results are printed (errors it raises at levels 1 to 3 name the line
 * of the text); a chunk with a fault (a token deleted, inserted, replaced or repeated, a
 * known-bad form, or a compiler limit exceeded) only prints whether it compiled and the first
 * diagnostic. Only in the `luau` profile: luau-web has no `loadstring`.
 *
 * @example
 * ```ts
 * // local f, e = loadstring("local a, b, s = ...\nreturn a + (" .. tostring(x % 7) .. ")", "=text")
 * // print(e, pcall(f, 1.5, y, "s"))
 * sourceTextShape(g, 0);
 * ```
 */
export const sourceTextShape: StatProduction = (g, d) => {
  if (g.typed || g.pure > 0 || g.o.profile !== 'luau' || !g.roomFor(2)) return [];
  return withLocals(g, (fresh) => {
    const c = g.c;
    const tokens = new TextChunk(c).chunk();
    const valid = c.chance(60);
    const text = joinTokens(valid ? tokens : faultyText(c, tokens));
    const name = c.pick(chunkNames);
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
    const run = valid
      ? kit.print([
          kit.ref(e),
          kit.call('pcall', [kit.ref(f), g.num(d + 1), g.num(d + 1), g.str(d + 1)]),
        ])
      : kit.print([kit.bin('~=', kit.ref(f), build.nil()), kit.ref(e)]);
    return [build.doBlock([load, run])];
  });
};
