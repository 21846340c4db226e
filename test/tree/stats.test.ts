import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { addTreeStats, emptyTreeStats, treeStats } from '../../src/tree/index.js';

const tree = create(ModuleSetSchema, {
  program: {
    body: [
      {
        statOneof: {
          case: 'while',
          value: {
            cond: { exprOneof: { case: 'bool', value: { val: true } } },
            body: { body: [{ statOneof: { case: 'break', value: {} } }, {}] },
          },
        },
      },
    ],
  },
});

describe('treeStats', () => {
  it('counts nodes, depth, kinds and oneof cases', () => {
    const stats = treeStats(ModuleSetSchema, tree);
    // ModuleSet, StatBlock, Stat, StatWhile, Expr, ExprConstantBool, StatBlock, Stat, StatBreak, Stat
    expect(stats.nodes).toBe(10);
    expect(stats.depth).toBe(7);
    expect(stats.kinds).toEqual({
      ModuleSet: 1,
      StatBlock: 2,
      Stat: 3,
      StatWhile: 1,
      Expr: 1,
      ExprConstantBool: 1,
      StatBreak: 1,
    });
    expect(stats.cases).toEqual({
      'Stat.stat_oneof=while': 1,
      'Stat.stat_oneof=break': 1,
      'Stat.stat_oneof=<unset>': 1,
      'Expr.expr_oneof=bool': 1,
    });
  });

  it('names the expected order when the schema and the tree are swapped or missing', () => {
    const swapped = treeStats as unknown as (a: unknown, b?: unknown) => unknown;
    expect(() => swapped(tree, ModuleSetSchema)).toThrow(
      'expected a message descriptor (e.g. ModuleSetSchema) as the first argument, then the tree; got a luau.ModuleSet message',
    );
    expect(() => swapped(ModuleSetSchema)).toThrow(
      /ModuleSet message as the second argument; got undefined/,
    );
  });
});

describe('addTreeStats', () => {
  it('sums counts and keeps the greatest depth', () => {
    const one = treeStats(ModuleSetSchema, tree);
    const sum = addTreeStats(addTreeStats(emptyTreeStats(), one), one);
    expect(sum.nodes).toBe(20);
    expect(sum.depth).toBe(7);
    expect(sum.cases['Stat.stat_oneof=while']).toBe(2);
  });
});
