import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import {
  ExprCallSchema,
  ModuleSetSchema,
  StatSchema,
  type ExprCall,
  type ModuleSet,
  type Stat,
  type StatLocalFunction,
} from '../../../../gen/luau_pb.js';
import { build } from '../../../../src/arbitrary/build.js';
import { luauArbitraries } from '../../../../src/arbitrary/index.js';
import { Choices, expandRecord } from '../../../../src/arbitrary/runnable/choices.js';
import {
  codeWeight,
  drawFanOutShape,
  fitFanOut,
  leafCopies,
  leafRuns,
  MAX_CALL_SITE_WEIGHT,
  MAX_LEAF_RUNS,
  type FanOutShape,
} from '../../../../src/arbitrary/runnable/statements/fan-out-shape.js';
import { printPretty } from '../../../../src/print/index.js';
import { walkTree } from '../../../../src/tree/index.js';
import { haveLuauTools, tools } from '../../../helpers/luau-tools.js';
import { needsShared } from '../../../helpers/shared.js';

/** A fan-out found in a generated program: its functions (leaf first) and its call site. */
interface Chain {
  functions: StatLocalFunction[];
  site: Stat;
  /** The statements of the program's top block after the call site. */
  after: Stat[];
  /** The locals declared by the statements before the leaf (the targets among them). */
  before: Stat[];
}

/** Calls of local `callee` in `stats` (at any depth). */
function callsOf(stats: readonly Stat[], callee: number): number {
  let n = 0;
  for (const s of stats) {
    walkTree(StatSchema, s, (x) => {
      if (x.desc !== ExprCallSchema) return;
      const f = (x.message as ExprCall).func?.exprOneof;
      if (f?.case === 'local' && f.value.var?.name === callee) n++;
    });
  }
  return n;
}

/** Whether a level's body holds only calls of `callee`, upvalue updates and an `if` of those. */
function levelBody(stats: readonly Stat[], callee: number): boolean {
  return stats.every((s) => {
    const c = s.statOneof;
    switch (c.case) {
      case 'call':
        return c.value.expr?.func?.exprOneof.case === 'local';
      case 'assign':
      case 'compoundAssign':
        return true;
      case 'if':
        return (
          levelBody(c.value.then?.body ?? [], callee) &&
          (c.value.elseOneof.case !== 'else' || levelBody(c.value.elseOneof.value.body, callee))
        );
      default:
        return false;
    }
  });
}

/** The fan-outs of a chunk's top block: 3 or more local functions, each calling the one before. */
function chains(body: readonly Stat[]): Chain[] {
  const out: Chain[] = [];
  for (let i = 0; i < body.length; i++) {
    const functions: StatLocalFunction[] = [];
    let j = i;
    for (; j < body.length; j++) {
      const c = body[j]!.statOneof;
      if (c.case !== 'localFunction') break;
      const prev = functions[functions.length - 1];
      const stats = c.value.func?.body?.body ?? [];
      if (prev !== undefined) {
        const callee = prev.var!.name;
        if (callsOf(stats, callee) === 0 || !levelBody(stats, callee)) break;
      }
      functions.push(c.value);
    }
    const site = body[j];
    const top = functions[functions.length - 1];
    if (functions.length >= 3 && site?.statOneof.case === 'if' && top !== undefined) {
      if (callsOf([site], top.var!.name) > 0) {
        out.push({ functions, site, after: body.slice(j + 1), before: body.slice(0, i) });
        i = j;
      }
    }
  }
  return out;
}

// Generator 14 draws 15 fan-outs in 6,000 programs of seed 1, three of them needing JUMPX.
const sampleSize = 6000;
let trees: ModuleSet[] = [];
let found: { index: number; chain: Chain; tree: ModuleSet }[] = [];

beforeAll(() => {
  // The first 1,000: the sample `luau-fuzz check --seed 1 --runtime luau-cli` measures.
  trees = fc.sample(luauArbitraries({ level: 'runnable', profile: 'luau' }).moduleSet, {
    seed: 1,
    numRuns: sampleSize,
  });
  found = trees.flatMap((tree, index) =>
    chains(tree.program?.body ?? []).map((chain) => ({ index, chain, tree })),
  );
});

/** Shapes drawn from 2,000 records. */
function shapes(): FanOutShape[] {
  return Array.from({ length: 2000 }, (_, seed) =>
    drawFanOutShape(new Choices(expandRecord(seed, 40))),
  );
}

describe('drawFanOutShape', () => {
  it('draws 2 to 5 levels of 2 to 6 calls; wide ones four levels of 5 or 6, one parameter, no else', () => {
    const all = shapes();
    for (const s of all) {
      expect(s.levels.length).toBeGreaterThanOrEqual(2);
      expect(s.levels.length).toBeLessThanOrEqual(5);
      for (const l of s.levels) expect([2, 3, 4, 5, 6]).toContain(l.calls);
      expect(s.leaf).toBeGreaterThanOrEqual(1);
      expect(s.leaf).toBeLessThanOrEqual(4);
      expect(['num', 'int']).toContain(s.params[0]);
      if (s.wide) {
        expect(s.levels.map((l) => l.calls >= 5)).toEqual([true, true, true, true]);
        expect(s.params.length).toBe(1);
        expect(s.otherwise).toBe(false);
      }
    }
    // Both kinds, and every depth.
    expect(new Set(all.map((s) => s.wide)).size).toBe(2);
    expect(new Set(all.map((s) => s.levels.length))).toEqual(new Set([2, 3, 4, 5]));
  });
});

describe('fitFanOut', () => {
  it('narrows the widest levels until the leaf runs and the call-site weight fit', () => {
    for (const s of shapes().slice(0, 300)) {
      const before = leafCopies(s);
      const widths = s.levels.map((l) => l.calls);
      fitFanOut(s, 30);
      expect(leafRuns(s)).toBeLessThanOrEqual(MAX_LEAF_RUNS);
      const budget = s.wide ? MAX_CALL_SITE_WEIGHT : MAX_CALL_SITE_WEIGHT / 4;
      expect(leafCopies(s) * 30).toBeLessThanOrEqual(budget);
      expect(leafCopies(s)).toBeLessThanOrEqual(before);
      s.levels.forEach((l, i) => expect(l.calls).toBeLessThanOrEqual(widths[i]!));
    }
  });

  it('leaves a shape that fits as it is', () => {
    const s: FanOutShape = {
      wide: false,
      params: ['num'],
      levels: [
        { calls: 3, split: false },
        { calls: 2, split: true },
      ],
      leaf: 2,
      calls: 2,
      otherwise: true,
    };
    fitFanOut(s, 10);
    expect(s.levels.map((l) => l.calls)).toEqual([3, 2]);
    expect([leafRuns(s), leafCopies(s)]).toEqual([6, 18]);
  });
});

describe('codeWeight', () => {
  it('counts operators and calls, not locals or constants', () => {
    // local function l1(l2) l3 = l3 + l2 * 2 end: two operators.
    const f = build.localFunction(
      build.localVar(1),
      build.func(
        [build.localVar(2)],
        [
          build.assign(
            [build.local(3)],
            [build.binary(1, build.local(3), build.binary(3, build.local(2), build.number(2)))],
          ),
        ],
      ),
    );
    expect(codeWeight(f)).toBe(2);
    // A call: the function's load, the call and its operand.
    expect(codeWeight(build.callStat(build.call(build.local(3), [build.local(4)])))).toBe(5);
    expect(
      codeWeight(build.callStat(build.libCall('string', 'sub', [build.local(4), build.number(1)]))),
    ).toBe(8);
  });
});

describe('fanOutStat', () => {
  it('is rare: in 0.2 to 2 % of the programs of seed 1', () => {
    expect(found.length).toBeGreaterThanOrEqual(sampleSize / 500);
    expect(found.length).toBeLessThanOrEqual(sampleSize / 50);
  });

  it('builds a chain where each level calls the one below 1 to 6 times, called from an if, its targets printed', () => {
    expect(found.length).toBeGreaterThan(0);
    for (const { chain } of found) {
      const [leaf, ...levels] = chain.functions;
      expect(levels.length).toBeGreaterThanOrEqual(2);
      expect(levels.length).toBeLessThanOrEqual(5);
      const leafBody = leaf!.func!.body!.body;
      expect(leafBody.length).toBeGreaterThanOrEqual(1);
      expect(leafBody.length).toBeLessThanOrEqual(4);
      // The leaf only updates values (assignments).
      for (const s of leafBody) expect(['assign', 'compoundAssign']).toContain(s.statOneof.case);
      levels.forEach((level, i) => {
        const below = chain.functions[i]!.var!.name;
        const calls = callsOf(level.func!.body!.body, below);
        expect(calls).toBeGreaterThanOrEqual(1);
        expect(calls).toBeLessThanOrEqual(6);
      });
      // Every local the leaf assigns is printed after the call site.
      const printed = printPretty(
        create(ModuleSetSchema, { program: build.block(chain.after) }),
      ).join('\n');
      for (const s of leafBody) {
        const c = s.statOneof;
        const target =
          c.case === 'assign'
            ? c.value.vars[0]?.lvalueOneof
            : c.case === 'compoundAssign'
              ? c.value.var?.lvalueOneof
              : undefined;
        const name =
          target?.case === 'local'
            ? target.value.var!.name
            : target?.case === 'indexExpr' && target.value.expr?.exprOneof.case === 'local'
              ? target.value.expr.exprOneof.value.var!.name
              : undefined;
        expect(name).toBeDefined();
        expect(printed).toMatch(new RegExp(`print\\(.*\\bl${name}\\b`));
      }
    }
  });
});

describe.skipIf(!haveLuauTools)('fanOutStat with Luau 0.715', needsShared, () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-fan-out-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives programs that need JUMPX at -O2 (within the first 1,000) and print the same at -O0, -O2 and -O2 --codegen', () => {
    const { luau, luauCompile } = tools();
    const programs = [...new Set(found.map((f) => f.index))];
    const jumpx: number[] = [];
    for (const index of programs) {
      const sources = printPretty(trees[index]!);
      const d = join(dir, `p${index}`);
      mkdirSync(d);
      // The module beside the program, required by a path the CLI resolves.
      const prelude = sources.length > 1 ? 'local module0 = "./module0"\n' : '';
      if (sources.length > 1) writeFileSync(join(d, 'module0.luau'), sources[0]!);
      const file = join(d, 'program.luau');
      writeFileSync(file, prelude + sources.at(-1)!);
      const listing = execFileSync(luauCompile, ['--text', '-O2', file], {
        encoding: 'latin1',
        maxBuffer: 256 * 1024 * 1024,
      });
      // JUMPX itself, not the JUMPXEQK* comparisons.
      if (/^(?:L\d+: )?JUMPX /m.test(listing)) jumpx.push(index);
      expect(listing, `program ${index}`).toMatch(/REMARK inlining succeeded/);
      const outputs = [['-O0'], ['-O2'], ['-O2', '--codegen']].map((flags) => {
        const r = spawnSync(luau, [...flags, 'program.luau'], { cwd: d, encoding: 'latin1' });
        return { status: r.status, stdout: r.stdout, stderr: r.stderr };
      });
      expect(outputs[0]!.status, `program ${index}: ${outputs[0]!.stderr}`).toBe(0);
      expect(outputs[0]!.stdout.length).toBeGreaterThan(0);
      expect(outputs[1], `program ${index} at -O2`).toEqual(outputs[0]);
      expect(outputs[2], `program ${index} at -O2 --codegen`).toEqual(outputs[0]);
    }
    expect(jumpx.length).toBeGreaterThanOrEqual(3);
    // Within the 1,000 programs `check` measures (the first is #109 of seed 1 at generator 14).
    expect(jumpx[0]).toBeLessThan(1500);
  }, 120_000);
});
