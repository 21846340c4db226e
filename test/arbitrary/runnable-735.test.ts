import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luauArbitraries, luauProgram, resolveOptions } from '../../src/arbitrary/index.js';
import { runnableModuleSet } from '../../src/arbitrary/runnable/index.js';
import { printPretty } from '../../src/print/index.js';
import {
  LuauBatchRunner,
  type LuauBatchOutcome,
  type LuauBatchProgram,
} from '../../src/runtime/index.js';
import { grammar735, walkTree } from '../../src/tree/index.js';
import { casesPerTree } from '../helpers/arbitrary-checks.js';
import { describeFailures, samplePrograms } from '../helpers/batch-programs.js';
import {
  candidateDivergences,
  engineModes,
  releaseLuau,
  runAlike,
  runNeutralised,
  type KnownDivergence,
  type ModeOutcomes,
} from '../helpers/known-divergences.js';
import { compileErrors735, haveCompiler735 } from '../helpers/luau-compile-735.js';
import { needsShared } from '../helpers/shared.js';

/** What Luau's own fuzz target turns on: every `Luau*` flag and the class flags. */
const flags = `--fflags=${['true', ...grammar735.flags].join(',')}`;
const luau735 = releaseLuau('0.735');
const count = 200;
const timeout = 300_000;

const classStat = /^(open )?class C\d+/m;

describe('luauArbitraries, grammar 735, scoped and runnable levels', () => {
  it('declares classes only in a chunk’s own block at the scoped level, and instances only where a class is declared', () => {
    const trees = fc.sample(luauArbitraries({ level: 'scoped', grammar: '735' }).moduleSet, {
      seed: 6,
      numRuns: 300,
    });
    const stat = grammar735.registry.getMessage('luau.Stat')!;
    let classes = 0;
    for (const tree of trees)
      for (const block of [tree.module, tree.program]) {
        if (block === undefined) continue;
        const top = block.body.filter((s) => s.statOneof.case === 'class').length;
        let all = 0;
        let instances = 0;
        for (const s of block.body)
          walkTree(stat, s, (n) => {
            if (n.message.$typeName === 'luau.StatClass') all++;
            if (n.message.$typeName === 'luau.ExprClassInst') instances++;
          });
        expect(all).toBe(top);
        // Each class statement has its own instance; others need a class declared.
        if (top === 0) expect(instances).toBe(0);
        classes += top;
      }
    expect(classes).toBeGreaterThan(30);
  });

  it('has classes in most runnable programs, and const, calls without parentheses, builtin references and integer literals in many', () => {
    const trees = fc.sample(luauArbitraries({ level: 'runnable', grammar: '735' }).moduleSet, {
      seed: 1,
      numRuns: count,
    });
    const cases = casesPerTree(grammar735.moduleSet, trees);
    const sources = trees.map((t) => printPretty(t, { grammar: grammar735 }).join('\n'));
    const share = (n: number) => n / count;
    expect(share(sources.filter((s) => classStat.test(s)).length)).toBeGreaterThan(0.6);
    expect(share(sources.filter((s) => / extends C\d/.test(s)).length)).toBeGreaterThan(0.3);
    expect(
      share(sources.filter((s) => /^\s*const (function )?l\d/m.test(s)).length),
    ).toBeGreaterThan(0.3);
    expect(share(cases['ExprCall.call_oneof=parenless'] ?? 0)).toBeGreaterThan(0.2);
    const refs = trees.filter((t) => {
      const text = JSON.stringify(t, (_k, v: unknown) => (typeof v === 'bigint' ? 0 : v));
      return text.includes('"case":"builtinRef"');
    }).length;
    expect(share(refs)).toBeGreaterThan(0.2);
    expect(cases['Expr.expr_oneof=integer'] ?? 0).toBeGreaterThan(5);
    // Metamethods of every kind 0.735 lets a class define, and the runtime's errors.
    const text = sources.join('\n');
    for (const m of [
      '__add',
      '__eq',
      '__lt',
      '__le',
      '__tostring',
      '__call',
      '__iter',
      '__len',
      '__concat',
      '__unm',
    ])
      expect(text, m).toContain(`function ${m}(`);
    expect(text).toContain('function __init(self, ');
    expect(text).toMatch(/pcall\(l\d+\.n\d+, l\d+/);
    expect(text).toMatch(/return l\d+\.n199\b/);
    // Class objects: from an instance, stored, compared, given to the class library.
    const classLib = (fn: string) => `_G["class"]["${fn}"]`;
    expect(text).toMatch(/local l\d+ = _G\["class"\]\["classof"\]\(l\d+\)/);
    expect(text).toContain(`${classLib('isinstance')}(l`);
    // Every form of instantiation through the class object.
    expect(text).toMatch(/l\d+\["new"\]\(\{n\d+ = /);
    expect(text).toMatch(/l\d+\["new"\]\(setmetatable\(\{\}, \{\["__index"\] = function/);
    expect(text).toMatch(/return l\d+\["new"\]\(l\d+\)/);
    expect(text).toMatch(/pcall\(l\d+\["new"\], \{/);
    expect(text).toMatch(/= function\(\)\s+return l\d+\s+end/);
    expect(text).toMatch(/l\d+\["__init"\]\(l\d+, \{/);
    // The errors: a constructor of a number, of nothing, of too much; the class library's.
    expect(text).toMatch(/type\(l\d+\["new"\]\(42\)\)/);
    expect(text).toMatch(/type\(l\d+\["new"\]\(\)\)/);
    expect(text).toContain(`type(${classLib('isinstance')}())`);
    expect(text).toContain(`type(${classLib('classof')}())`);
    expect(text).toMatch(/type\(l\d+\[\{\}\]\)/);
    expect(text).toMatch(/type\(l\d+\["__init"\]\(l\d+\)\)/);
    // Class source compiled at run time: refused by a class rule, or extending through a table.
    expect(text).toMatch(/loadstring\("class A public new end", "=class"\)/);
    expect(text).toMatch(/loadstring\(\[\[local x = \.\.\.\n(export )?(open )?class A/);
    expect(text).toMatch(/class B extends t\.A /);
    // 0.735's builtins that only its builtin table spells.
    for (const f of ['math.lerp(', 'math.isnan(', 'bit32.byteswap(', 'vector.dot('])
      expect(text, f).toContain(f);
  });

  it('shrinks a runnable program of grammar 735 to a small one that keeps what failed', () => {
    const arb = luauArbitraries({ level: 'runnable', grammar: '735' }).moduleSet;
    const text = (t: unknown) => printPretty(t as never, { grammar: grammar735 }).join('\n');
    for (const form of [/function __init\(self/, /function __iter\(/]) {
      const details = fc.check(
        fc.property(arb, (t) => !form.test(text(t))),
        { seed: 3, numRuns: 300 },
      );
      expect(details.failed).toBe(true);
      const shrunk = text(details.counterexample![0]);
      expect(shrunk).toMatch(form);
      expect(shrunk.split('\n').length, shrunk).toBeLessThan(40);
    }
  });

  it('keeps the smallest runnable program of grammar 735 free of classes, so shrinking ends there', () => {
    const options = resolveOptions({ level: 'runnable', grammar: '735' });
    const text = (record: number[]) =>
      printPretty(runnableModuleSet(record, options), { grammar: grammar735 }).join('\n');
    expect(text([])).not.toMatch(classStat);
    expect(text(Array.from({ length: 400 }, () => 99))).toMatch(classStat);
  });
});

describe.runIf(haveCompiler735)(
  'luauArbitraries, grammar 735, scoped level, on Luau 0.735',
  needsShared,
  () => {
    it('gives programs that all compile on Luau 0.735 with the flags', () => {
      const sources = new Map<string, string>();
      for (const types of [true, false]) {
        const programs = fc.sample(luauProgram({ grammar: '735', level: 'scoped', types }), {
          seed: 2,
          numRuns: 300,
        });
        programs.forEach((p, i) =>
          p.sources.forEach((s, j) => sources.set(`${types}${i}-${j}.luau`, s)),
        );
      }
      expect(compileErrors735(sources)).toEqual([]);
      expect([...sources.values()].filter((s) => classStat.test(s)).length).toBeGreaterThan(50);
    });
  },
);

describe.runIf(existsSync(luau735))(
  'luauArbitraries, grammar 735, runnable level, on Luau 0.735',
  needsShared,
  () => {
    it(
      `gives ${count} programs that run clean alike at -O0, -O2 and -O2 --codegen with the flags, but for known divergences of Luau`,
      async () => {
        const programs = samplePrograms(
          { level: 'runnable', grammar: '735', profile: 'luau' },
          7,
          count,
        );
        const batch = new LuauBatchRunner(programs);
        const runs: LuauBatchOutcome[][] = [];
        try {
          for (const m of engineModes)
            runs.push(await batch.run({ luau: luau735, args: [flags, ...m.split(' ')] }));
        } finally {
          batch.close();
        }
        const failures: { index: number; why: string; program: LuauBatchProgram }[] = [];
        const toConfirm: { index: number; divergence: KnownDivergence }[] = [];
        programs.forEach((program, index) => {
          const o = Object.fromEntries(
            engineModes.map((m, j) => [m, runs[j]![index]!]),
          ) as ModeOutcomes;
          if (runAlike(o)) return;
          const [known] = candidateDivergences('0.735', program, o);
          if (known?.neutralise !== undefined) toConfirm.push({ index, divergence: known });
          if (known !== undefined) return;
          const why = engineModes
            .map((m) => `${m}: ${o[m].status} ${o[m].error.slice(0, 200)} ${o[m].stdout.length}`)
            .join('\n');
          failures.push({ index, why, program });
        });
        // A divergence with a neutraliser is the difference only when its neutralised program
        // runs alike.
        for (const { index, divergence } of toConfirm) {
          const [o] = await runNeutralised('0.735', divergence, [programs[index]!], [flags]);
          if (!runAlike(o!))
            failures.push({ index, why: `not ${divergence.name}`, program: programs[index]! });
        }
        expect(failures.length, describeFailures(7, failures, count)).toBe(0);
        // The runtime's errors for class objects and the class library are reached, and print
        // the same in every mode (checked above).
        const printed = runs[0]!.map((o) => o.stdout).join('');
        for (const message of [
          "this class does not have a key named 'n199'",
          'must be called with 2 arguments',
          "attempt to index number with 'n",
          "invalid argument #2 to 'isinstance' (class expected, got",
          'missing argument #1',
          'cannot index class with a table',
          // A diagnostic or runtime error of class source compiled at run time.
          '\tclass:1: ',
        ])
          expect(printed, message).toContain(message);
        // The check could fail: without the class flags, 0.735 refuses the programs with classes.
        const classes = programs.filter((p) => classStat.test(p.program));
        expect(classes.length).toBeGreaterThan(count / 2);
        const bare = new LuauBatchRunner(classes.slice(0, 5));
        try {
          const refused = await bare.run({ luau: luau735, args: ['-O0'] });
          expect(refused.every((o) => o.status !== 'ok')).toBe(true);
        } finally {
          bare.close();
        }
      },
      timeout,
    );
  },
);
