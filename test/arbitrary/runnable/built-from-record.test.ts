import { clone, toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleSetSchema, type ModuleSet } from '../../../gen/luau_pb.js';
import { luauArbitraries, luauProgram } from '../../../src/arbitrary/index.js';
import { printPretty } from '../../../src/print/index.js';
import { LuauWebPool } from '../../../src/runtime/index.js';
import { treeStats } from '../../../src/tree/index.js';

const hasWhile = (tree: ModuleSet): boolean => printPretty(tree).some((s) => /\bwhile\b/.test(s));
const nodes = (tree: ModuleSet): number => treeStats(ModuleSetSchema, tree).nodes;
const options = { level: 'runnable', profile: 'luau-web' } as const;
/** A runnable program with a `while` loop, sampled from the arbitrary (the very object). */
const withWhile = fc
  .sample(luauArbitraries(options).moduleSet, { seed: 1, numRuns: 100 })
  .find(hasWhile)!;

const pool = new LuauWebPool({ workers: 1, timeoutMs: 10_000 });
afterAll(() => pool.close());

async function runs(tree: ModuleSet): Promise<string> {
  const printed = printPretty(tree);
  const job =
    printed.length === 2
      ? { id: 'p', module: printed[0]!, program: printed[1]! }
      : { id: 'p', program: printed[0]! };
  return (await pool.run(job)).status;
}

/** The counterexample of a property failing on `while`, checked with `example` first. */
function shrunkExample<T>(arb: fc.Arbitrary<T>, example: T, tree: (v: T) => ModuleSet) {
  return fc.check(
    fc.property(arb, (v) => !hasWhile(tree(v))),
    { seed: 3, numRuns: 1, examples: [[example]] },
  );
}

describe('builtFromRecord', () => {
  it('shrinks a failing runnable program to a smaller one that still fails and runs', async () => {
    const property = fc.property(luauArbitraries(options).moduleSet, (t) => !hasWhile(t));
    expect(() => fc.assert(property, { seed: 1, numRuns: 100 })).toThrow(/while/);
    const details = fc.check(property, { seed: 1, numRuns: 100 });
    const shrunk = details.counterexample![0]!;
    expect(hasWhile(shrunk)).toBe(true);
    expect(nodes(shrunk)).toBeLessThan(nodes(withWhile));
    expect(await runs(shrunk)).toBe('ok');
  });

  it('shrinks a tree given in examples when the arbitrary built it', async () => {
    // Another arbitrary of the same options: the tree is traced back to its record all the same.
    const details = shrunkExample(luauArbitraries(options).moduleSet, withWhile, (t) => t);
    expect(details.failed).toBe(true);
    expect(details.numShrinks).toBeGreaterThan(0);
    const shrunk = details.counterexample![0]!;
    expect(hasWhile(shrunk)).toBe(true);
    expect(nodes(shrunk)).toBeLessThan(nodes(withWhile));
    expect(await runs(shrunk)).toBe('ok');
  });

  it('shrinks a luauProgram given in examples, and a typed program', () => {
    const program = fc
      .sample(luauProgram(options), { seed: 1, numRuns: 100 })
      .find((p) => /\bwhile\b/.test(p.source))!;
    const details = shrunkExample(luauProgram(options), program, (p) => p.tree);
    expect(details.numShrinks).toBeGreaterThan(0);
    // Fewer nodes (a shrunk program may print longer, with the shared metatable prelude).
    expect(nodes(details.counterexample![0]!.tree)).toBeLessThan(nodes(program.tree));

    const typed = luauArbitraries({ ...options, level: 'typed' }).moduleSet;
    const tree = fc.sample(typed, { seed: 1, numRuns: 100 }).find(hasWhile)!;
    const typedDetails = shrunkExample(typed, tree, (t) => t);
    expect(typedDetails.numShrinks).toBeGreaterThan(0);
  });

  it('does not shrink a tree built elsewhere or under other options', () => {
    const copy = clone(ModuleSetSchema, withWhile);
    const details = shrunkExample(luauArbitraries(options).moduleSet, copy, (t) => t);
    expect(details.failed).toBe(true);
    expect(details.numShrinks).toBe(0);
    const other = luauArbitraries({ ...options, maxNodes: 300 }).moduleSet;
    expect(other.canShrinkWithoutContext(withWhile)).toBe(false);
    expect(luauArbitraries(options).moduleSet.canShrinkWithoutContext(withWhile)).toBe(true);
  });

  it('leaves schema-level trees shrinking without context, copies included', () => {
    const schema = luauArbitraries({ level: 'schema' }).moduleSet;
    const tree = fc.sample(schema, { seed: 2, numRuns: 300 }).find(hasWhile)!;
    const details = shrunkExample(schema, clone(ModuleSetSchema, tree), (t) => t);
    expect(details.numShrinks).toBeGreaterThan(0);
    const shrunk = details.counterexample![0]!;
    expect(toBinary(ModuleSetSchema, shrunk).length).toBeLessThan(
      toBinary(ModuleSetSchema, tree).length,
    );
  });
});
