import { create, isMessage } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema, StatSchema, file_luau, type ModuleSet } from '../../gen/luau_pb.js';
import { luauArbitraries } from '../../src/arbitrary/index.js';
import { printPretty } from '../../src/print/index.js';
import { walkTree } from '../../src/tree/index.js';
import {
  casesPerTree,
  expectSameTreesForSeed,
  shrinkCounterexample,
} from '../helpers/arbitrary-checks.js';
import { compileChunk, compileSample } from '../helpers/arbitrary-programs.js';

const arbs = luauArbitraries({ level: 'syntax', profile: 'luau-web' });

function hasWhile(tree: ModuleSet): boolean {
  let found = false;
  walkTree(ModuleSetSchema, tree, (node) => {
    if (isMessage(node.message, StatSchema) && node.message.statOneof.case === 'while') {
      found = true;
    }
  });
  return found;
}

describe('luauArbitraries', () => {
  it('gives 1,000 programs that all compile in luau-web at the syntax level', async () => {
    const { failures } = await compileSample(arbs.moduleSet, 4242, 1000);
    expect(failures.slice(0, 3)).toEqual([]);
  });

  it('gives statements and expressions that compile on their own', async () => {
    for (const stat of fc.sample(arbs.statBlock, { seed: 3, numRuns: 100 })) {
      const [source] = printPretty(create(ModuleSetSchema, { program: stat }));
      expect(await compileChunk(source ?? '')).toBeUndefined();
    }
  });

  it('reaches every case the grammar allows in at least 1% of 2,000 trees', () => {
    const trees = fc.sample(arbs.moduleSet, { seed: 2027, numRuns: 2000 });
    const counts = casesPerTree(ModuleSetSchema, trees);
    // Unreachable by construction: integer literals (not in the luau-web profile), and
    // literals other than a table (only `@deprecated` takes a literal: a table).
    const unreachable = new Set([
      'Expr.expr_oneof=integer',
      'ExprLiteral.expr_oneof=integer',
      'ExprLiteral.expr_oneof=nil',
      'ExprLiteral.expr_oneof=bool',
      'ExprLiteral.expr_oneof=number',
      'ExprLiteral.expr_oneof=string',
    ]);
    const rare: string[] = [];
    for (const desc of file_luau.messages) {
      for (const oneof of desc.oneofs) {
        for (const field of oneof.fields) {
          const key = `${desc.name}.${oneof.name}=${field.name}`;
          if (unreachable.has(key)) expect(counts[key], key).toBeUndefined();
          else if ((counts[key] ?? 0) < 20) rare.push(`${key}: ${counts[key] ?? 0}`);
        }
      }
    }
    expect(rare).toEqual([]);
  });

  it('gives the same trees for the same seed', () => {
    expectSameTreesForSeed(ModuleSetSchema, arbs.moduleSet, 99);
  });

  it('shrinks a program with a while loop to at most 10 nodes', () => {
    const { nodes, tree } = shrinkCounterexample(ModuleSetSchema, arbs.moduleSet, hasWhile, 8);
    expect(hasWhile(tree)).toBe(true);
    expect(nodes).toBeLessThanOrEqual(10);
  });

  it('leaves integer literals out of the luau-web profile and puts them in the luau profile', () => {
    const count = (profile: 'luau' | 'luau-web') =>
      casesPerTree(
        ModuleSetSchema,
        fc.sample(luauArbitraries({ level: 'syntax', profile }).moduleSet, {
          seed: 1,
          numRuns: 300,
        }),
      )['Expr.expr_oneof=integer'] ?? 0;
    expect(count('luau-web')).toBe(0);
    expect(count('luau')).toBeGreaterThan(0);
  });
});
