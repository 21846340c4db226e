import { equals, toBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { expect } from 'vitest';
import { treeStats } from '../../src/tree/index.js';

/**
 * Asserts that two samples of `arb` with the same seed are the same trees, message for message.
 *
 * @example
 * ```ts
 * expectSameTreesForSeed(ModuleSetSchema, luauArbitraries().moduleSet, 42);
 * ```
 */
export function expectSameTreesForSeed<Desc extends DescMessage>(
  schema: Desc,
  arb: fc.Arbitrary<MessageShape<Desc>>,
  seed: number,
  count = 50,
): void {
  const first = fc.sample(arb, { seed, numRuns: count });
  const second = fc.sample(arb, { seed, numRuns: count });
  expect(second).toHaveLength(first.length);
  first.forEach((tree, i) => {
    const other = second[i];
    expect(other !== undefined && equals(schema, tree, other)).toBe(true);
  });
  const distinct = new Set(first.map((t) => Buffer.from(toBinary(schema, t)).toString('hex')));
  expect(distinct.size).toBeGreaterThan(1);
}

/**
 * Runs a property that fails on every tree for which `fails` holds, and returns fast-check's
 * shrunk counterexample together with its node count. Throws when no tree made it fail.
 *
 * @example
 * ```ts
 * const { nodes } = shrinkCounterexample(ModuleSetSchema, arb, (t) => hasWhile(t), 1);
 * expect(nodes).toBeLessThanOrEqual(10);
 * ```
 */
export function shrinkCounterexample<Desc extends DescMessage>(
  schema: Desc,
  arb: fc.Arbitrary<MessageShape<Desc>>,
  fails: (tree: MessageShape<Desc>) => boolean,
  seed: number,
  numRuns = 500,
): { tree: MessageShape<Desc>; nodes: number; originalNodes: number } {
  let originalNodes: number | undefined;
  const details = fc.check(
    fc.property(arb, (tree) => {
      const bad = fails(tree);
      if (bad && originalNodes === undefined) originalNodes = treeStats(schema, tree).nodes;
      return !bad;
    }),
    { seed, numRuns },
  );
  const example = details.counterexample?.[0];
  if (!details.failed || example === undefined || originalNodes === undefined) {
    throw new Error(`no tree out of ${numRuns} made the property fail`);
  }
  return { tree: example, nodes: treeStats(schema, example).nodes, originalNodes };
}

/**
 * Counts, over `trees`, in how many trees each oneof case (`Message.oneof=case`) occurs.
 *
 * @example
 * ```ts
 * casesPerTree(ModuleSetSchema, trees)['Stat.stat_oneof=while']; // trees with a while loop
 * ```
 */
export function casesPerTree<Desc extends DescMessage>(
  schema: Desc,
  trees: readonly MessageShape<Desc>[],
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const tree of trees) {
    for (const key of Object.keys(treeStats(schema, tree).cases))
      counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
