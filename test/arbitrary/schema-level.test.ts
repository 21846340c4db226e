import { fromBinary, isMessage, toBinary, equals } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema, StatSchema, file_luau, type ModuleSet } from '../../gen/luau_pb.js';
import { luauArbitraries, luauArbitraryKeys, messageKey } from '../../src/arbitrary/index.js';
import { missingRequiredField, walkTree } from '../../src/tree/index.js';
import {
  casesPerTree,
  expectSameTreesForSeed,
  shrinkCounterexample,
} from '../helpers/arbitrary-checks.js';

const arbs = luauArbitraries({ level: 'schema' });

function hasWhile(tree: ModuleSet): boolean {
  let found = false;
  walkTree(ModuleSetSchema, tree, (node) => {
    if (isMessage(node.message, StatSchema) && node.message.statOneof.case === 'while')
      found = true;
  });
  return found;
}

describe('luauArbitraries', () => {
  it('has one arbitrary per message of the schema, keyed by its lowerCamel name', () => {
    expect([...luauArbitraryKeys].sort()).toEqual(
      file_luau.messages.map((m) => messageKey(m.name)).sort(),
    );
    for (const desc of file_luau.messages) {
      const arb = (arbs as unknown as Record<string, fc.Arbitrary<unknown>>)[messageKey(desc.name)];
      expect(arb, desc.name).toBeDefined();
      for (const value of fc.sample(arb!, { seed: 7, numRuns: 20 })) {
        expect(isMessage(value, desc), desc.name).toBe(true);
        if (isMessage(value, desc)) {
          expect(missingRequiredField(desc, value), desc.name).toBeUndefined();
          expect(equals(desc, fromBinary(desc, toBinary(desc, value)), value), desc.name).toBe(
            true,
          );
        }
      }
    }
  });

  it('sets every required field, so every tree encodes and decodes back unchanged', () => {
    for (const tree of fc.sample(arbs.moduleSet, { seed: 11, numRuns: 300 })) {
      expect(missingRequiredField(ModuleSetSchema, tree)).toBeUndefined();
      const back = fromBinary(ModuleSetSchema, toBinary(ModuleSetSchema, tree));
      expect(equals(ModuleSetSchema, back, tree)).toBe(true);
    }
  });

  it('gives the same trees for the same seed', () => {
    expectSameTreesForSeed(ModuleSetSchema, arbs.moduleSet, 1234);
  });

  it('reaches every oneof case in at least 1% of 2,000 trees, and leaves oneofs unset too', () => {
    const trees = fc.sample(arbs.moduleSet, { seed: 2026, numRuns: 2000 });
    const counts = casesPerTree(ModuleSetSchema, trees);
    const rare: string[] = [];
    for (const desc of file_luau.messages) {
      for (const oneof of desc.oneofs) {
        for (const field of oneof.fields) {
          const key = `${desc.name}.${oneof.name}=${field.name}`;
          if ((counts[key] ?? 0) < 20) rare.push(`${key}: ${counts[key] ?? 0}`);
        }
      }
    }
    expect(rare).toEqual([]);
    expect(counts['Stat.stat_oneof=<unset>'] ?? 0).toBeGreaterThan(20);
    expect(counts['Expr.expr_oneof=<unset>'] ?? 0).toBeGreaterThan(20);
  });

  it('draws int32, int64 and string extremes', () => {
    const numbers = new Set<number>();
    const integers = new Set<bigint>();
    let nonAscii = false;
    for (const tree of fc.sample(arbs.moduleSet, { seed: 5, numRuns: 1000 })) {
      walkTree(ModuleSetSchema, tree, (node) => {
        const m = node.message as unknown as Record<string, unknown>;
        if (node.desc.name === 'ExprConstantNumber') numbers.add(m.val as number);
        if (node.desc.name === 'ExprConstantInteger') integers.add(m.val as bigint);
        if (node.desc.name === 'ExprConstantString' && /[^\x20-\x7e]/.test(m.val as string)) {
          nonAscii = true;
        }
      });
    }
    expect(numbers.has(-2147483648) && numbers.has(2147483647)).toBe(true);
    expect(integers.has(-(2n ** 63n)) && integers.has(2n ** 63n - 1n)).toBe(true);
    expect(nonAscii).toBe(true);
  });

  it('shrinks a tree with a while loop to at most 10 nodes', () => {
    const { nodes, originalNodes, tree } = shrinkCounterexample(
      ModuleSetSchema,
      arbs.moduleSet,
      hasWhile,
      99,
    );
    expect(hasWhile(tree)).toBe(true);
    expect(nodes).toBeLessThanOrEqual(10);
    expect(nodes).toBeLessThanOrEqual(originalNodes);
  });
});
