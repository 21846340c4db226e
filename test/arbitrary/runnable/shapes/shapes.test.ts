import { build } from '../../../../src/arbitrary/build.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../../../gen/luau_pb.js';
import { luauArbitraries } from '../../../../src/arbitrary/index.js';
import { Choices, expandRecord } from '../../../../src/arbitrary/runnable/choices.js';
import { kit } from '../../../../src/arbitrary/runnable/shapes/kit.js';
import { drawSwarm } from '../../../../src/arbitrary/runnable/swarm.js';
import { printPretty } from '../../../../src/print/index.js';
import { compileChunk } from '../../../helpers/arbitrary-programs.js';
import { haveLuauTools, tools } from '../../../helpers/luau-tools.js';
import { needsShared } from '../../../helpers/shared.js';

/** What each shape leaves in a program's source, whichever of its variants was drawn. */
const markers: Record<string, RegExp> = {
  index: /for l\d+ = -?\d+, -?\d+(, -?\d+)? do\n\s+if l0\[1\] <= 0 then[^]*?local l\d+ = l\d+\[/,
  poly: /typeof\(l\d+\) == "vector"/,
  forBounds: /for l\d+ = l\d+, l\d+, l\d+ do/,
  buffer: /buffer\.write(i8|u8|i16|u16|i32|u32|f32|f64)\(l\d+, /,
  kernel: /local l\d+ = 0\n\s+for l\d+ = 1, l\d+ do\n\s+if l0\[1\] <= 0/,
  vector: /return l\d+\["x"\], l\d+\["y"\], l\d+\["z"\]/,
  method: /:n0\(/,
  hostType: /local function l\d+\(l\d+: (Vector3|Instance|Part), l\d+: string\)/,
  bufferRun: /buffer\.(read|write)\w+\(l\d+, l\d+ [-+] \d+[,)]/,
  coerce: /, tostring\(l\d+\) < tostring\(l\d+\), tonumber\(l\d+\) <= tonumber\(l\d+\), /,
  fieldSite: /l\d+ = l\d+ \+ l\d+:len\(\)/,
  inline: /, select\("#", l\d+\(/,
  unroll: /\[#l\d+ \+ 1\] = function\(\)/,
  fold: /(\b\d+|\([-\d/ ^+().]+\)) (==|<=|<|~=) \1\)$/m,
  constant: /print\(if l(\d+) then l\1 else /,
  forms: /for l\d+ = 1, (17|40|100) do\n\s+l\d+ = l\d+ \+ l\d+\n/,
  typeInfo: /\): number\n\s+local l\d+: number = l\d+ \* 2\n/,
  multiResult: /select\("#", (math|string|table)\.\w+\(/,
  system: /string\.pack\(|os\.date\(|math\.randomseed\(|math\.noise\(|newproxy\(|utf8\.codes\(/,
  proxy: /local l\d+ = newproxy\(true\)\n\s+local l\d+ = getmetatable\(l\d+\)/,
  sort: /table\.sort\(l(\d+)[^]*?print\(table\.concat\(l\1, " "\)\)/,
  builtinArgs:
    /local function l\d+\(l\d+(, l\d+)*\)\n\s+print\(l\d+\(function\(\)\n\s+return (?!buffer)[\w.]+\(/,
  format:
    /return (string\.format\("(%q|\[%)|table\.concat\(\{string\.unpack\(|tonumber\("[^"]*", |string\.packsize\()/,
  span: /buffer\.fromstring\("abcdefgh[^]*?local function l\d+\(l\d+, l\d+\)\n\s+print\(l\d+\(function\(\)\n\s+return buffer\./,
  loopRefusal: /pcall\(function\(\)\n\s+for l\d+ (=|in) /,
  error: /pcall\(function\(\)[^]*?string\.gsub\(l\d+, "\^\.-:\(%d\+\): ", "%1: "\)/,
  foldBuiltins: /string\.sub\("hello", |bit32\.\w+\("(3|0x10|255|0|1)"|typeof\((nil|true|false)\)/,
  foldOperators: /if .* and false then\n\s+print\("then"\)\n\s+else\n\s+print\("else"\)/,
  assignForms: /local l\d+ = \{n0 = l\d+, n0 = /,
  callForms: /return math\.max\((l\d+) \+ 0, \1 \+ 1, /,
  sourceText: /local l\d+, l\d+ = loadstring\(/,
  knownOperands: /local (l\d+, ){7}l\d+ = [^\n]*, "(ab|Luau|)", (true|false), nil\n/,
  refused: /print\(\(pcall\(l\d+, 3\)\)\)/,
  convertedArgs: /l(\d+) = l\1 \+ l\d+\n\s+end\n\s+return l\1, [^\n]*\n\s+end\n\s+print\(l\d+\(/,
  guardedTable:
    /local l\d+ = \{\["__metatable"\] = [^\n]*\n\s+local l\d+ = setmetatable\(\{\}, l\d+\)/,
  libraryPaths:
    /table\.concat\(\{string\.(find|match|gsub)\("|table\.foreachi?\(|loadstring\("local x, n = \.\.\. /,
  attribute: /^\s+@\[?(native|checked|deprecated)\b[^\n]*local function l\d+\(l\d+\)$/m,
  loopForms:
    /for l\d+, l\d+, l\d+(, l\d+)? in (pairs\(l\d+\)|next, l\d+) do\n[^]*?for l\d+ = 1, 100 do\n\s+continue\n/,
};

describe('runnable shapes', () => {
  let sources: string[] = [];
  beforeAll(() => {
    const trees = fc.sample(luauArbitraries({ level: 'runnable', profile: 'luau' }).moduleSet, {
      seed: 21,
      numRuns: 600,
    });
    // Programs with a module run only beside it: the program alone is what the markers read.
    sources = trees.map((t) => printPretty(t).at(-1)!);
  });

  it.each(Object.keys(markers))('draws the %s shape in some programs of a sample', (name) => {
    const hits = sources.filter((s) => markers[name]!.test(s)).length;
    expect(hits, `${name} in ${hits} of ${sources.length}`).toBeGreaterThanOrEqual(2);
  });

  it('prints sources that compile', async () => {
    // luau-web reads no integer literal (the luau profile's `-5i`): the programs with one are
    // compiled on the real Luau by native/attribute-shape.test.ts.
    for (const s of sources.slice(0, 60)) {
      if (!s.includes('require(') && !/\di\b/.test(s))
        expect(await compileChunk(s)).toBeUndefined();
    }
  });
});

describe('drawSwarm', () => {
  it('gives every lean to some programs and none to a third or so', () => {
    const counts = new Map<string, number>();
    for (let seed = 1; seed <= 3000; seed++) {
      const lean = drawSwarm(new Choices(expandRecord(seed, 16))).lean;
      counts.set(lean, (counts.get(lean) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([
      'dynamic',
      'errors',
      'library',
      'native',
      'none',
      'optimizer',
    ]);
    expect(counts.get('none')! / 3000).toBeGreaterThan(0.25);
    expect(counts.get('none')! / 3000).toBeLessThan(0.42);
  });
});

describe.skipIf(!haveLuauTools)('kit.num', needsShared, () => {
  it('spells every number so that Luau reads it back exactly, though tree constants are 32-bit', () => {
    const values = [
      0,
      -0,
      0.5,
      -2.5,
      2 ** 31,
      2 ** 31 - 2,
      -(2 ** 32),
      2 ** 53,
      1e308,
      0.1,
      Infinity,
      -Infinity,
    ];
    const chunk = build.block(
      values.map((v) => kit.print([kit.num(v), kit.bin('/', kit.num(1), kit.num(v))])),
    );
    const dir = mkdtempSync(join(tmpdir(), 'kit-num-'));
    try {
      const file = join(dir, 'num.luau');
      writeFileSync(file, printPretty(create(ModuleSetSchema, { program: chunk }))[0]!);
      const out = execFileSync(tools().luau, ['-O0', file], { encoding: 'utf8' })
        .trim()
        .split('\n');
      const expected = values.map((v) => `${luauText(v)}\t${luauText(1 / v)}`);
      expect(out).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** How Luau's `print` writes a number (shortest round trip). */
function luauText(v: number): string {
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  if (Object.is(v, -0)) return '-0';
  if (Math.abs(v) >= 1e16 || (v !== 0 && Math.abs(v) < 1e-4))
    return v.toExponential().replace('e+', 'e+');
  return String(v);
}
