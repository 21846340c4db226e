import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../../../gen/luau_pb.js';
import { luauArbitraries } from '../../../../src/arbitrary/index.js';
import { printPretty } from '../../../../src/print/index.js';
import { casesPerTree } from '../../../helpers/arbitrary-checks.js';
import { runTwice } from '../../../helpers/arbitrary-runs.js';
import { describeFailures, samplePrograms } from '../../../helpers/batch-programs.js';
import { analyzeStrict } from '../../../helpers/luau-analyze.js';
import { haveLuauTools, tools } from '../../../helpers/luau-tools.js';
import { needsShared } from '../../../helpers/shared.js';

const typed = luauArbitraries({ level: 'typed', profile: 'luau' }).moduleSet;

/** Programs (of 300) whose source matches each pattern. */
function sourcesMatching(
  sources: readonly string[],
  patterns: Record<string, RegExp>,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(patterns).map(([k, re]) => [k, sources.filter((s) => re.test(s)).length]),
  );
}

describe('typedModel', () => {
  const trees = fc.sample(typed, { seed: 2026, numRuns: 300 });
  const sources = trees.map((t) => printPretty(t).join('\n'));

  it("gives typed programs that use the type system's features", () => {
    const kinds = casesPerTree(ModuleSetSchema, trees);
    // Trees (of 300) with each kind of type.
    expect(kinds['Type.type_oneof=union']).toBeGreaterThan(60);
    expect(kinds['Type.type_oneof=intersection']).toBeGreaterThan(30);
    expect(kinds['Type.type_oneof=string']).toBeGreaterThan(5);
    expect(kinds['Type.type_oneof=boolean']).toBeGreaterThan(10);
    expect(kinds['Type.type_oneof=typeof']).toBeGreaterThan(15);
    expect(kinds['Type.type_oneof=literal']).toBeGreaterThan(40);
    expect(kinds['Stat.stat_oneof=type_alias']).toBeGreaterThan(30);
    const found = sourcesMatching(sources, {
      generic: /local function l\d+<[A-Z]/,
      pack: /<[A-Z]\.\.\.>/,
      refinement: /if (type|typeof)\(l\d+(\.n\d+)?\) == "/,
      nilCheck: /if l\d+ ~= nil then/,
      assert: /assert\(l\d+\)/,
      unknown: /: unknown =/,
      method: /function l\d+:n\d+\(/,
      metatableClass: /setmetatable\(\{n0 = l\d+\}, l\d+\)/,
      operatorMeta: /\.__(add|sub|mul|eq|lt|le) = function\(l\d+: t\d+/,
      stringMethod: /l\d+:(upper|lower|len|sub|rep|reverse|byte|match|split)\(/,
      format: /string\.format\("%/,
      overloads: /\(\(number\) -> number\) & \(\(string\) -> string\)/,
      indexer: /\{\[string\]: /,
      vararg: /local l\d+, l\d+ = \.\.\./,
      optionalParams: /\+ \(l\d+ or 0\) \+ #\(l\d+ or ""\)/,
      dottedMethod: /function l\d+\.n0:n2\(/,
      normalized: /: \("\w*" \| "\w*"\) & \("\w*" \| "\w*"\) =/,
      callMetamethod: /\["__call"\] = function/,
      iteration: /in next, l\d+ do/,
      tableLints: /table\.insert\(l\d+, #l\d+, /,
      module: /require\(module0\)/,
    });
    // Each in a few programs at least (the rarest, methods, in about 2 %).
    for (const [feature, count] of Object.entries(found)) {
      expect(count, feature).toBeGreaterThan(2);
    }
  });

  it('leaves runnable programs as they were: no type-system statements there', () => {
    const runnable = fc.sample(luauArbitraries({ level: 'runnable', profile: 'luau' }).moduleSet, {
      seed: 2026,
      numRuns: 100,
    });
    const kinds = casesPerTree(ModuleSetSchema, runnable);
    // Unions appear there only as parameter annotations (`number | string`), never intersections.
    expect(kinds['Type.type_oneof=intersection'] ?? 0).toBe(0);
  });
});

describe.skipIf(!haveLuauTools)('typedModel with Luau 0.715', needsShared, () => {
  it('gives programs without a planted error that all pass luau-analyze --mode=strict', async () => {
    const seed = 2027;
    const programs = samplePrograms(
      { level: 'typed', profile: 'luau', plantedErrors: 0 },
      seed,
      300,
    );
    const errors = await analyzeStrict(tools().luauAnalyze, programs);
    const failures = errors.flatMap((e, index) =>
      e.length === 0 ? [] : [{ index, why: e.slice(0, 5).join('\n'), program: programs[index]! }],
    );
    expect(failures, describeFailures(seed, failures, programs.length)).toEqual([]);
  }, 200_000);

  it('gives programs that all run and print the same twice', async () => {
    const arb = luauArbitraries({ level: 'typed', profile: 'luau-web' }).moduleSet;
    const runs = await runTwice(arb, 2028, 120);
    const bad = runs.filter(
      (r) =>
        r.first.status !== 'ok' ||
        r.second.status !== 'ok' ||
        r.first.outputHash !== r.second.outputHash,
    );
    expect(bad.length, JSON.stringify(bad.slice(0, 2), null, 1)).toBe(0);
  }, 300_000);
});
