import { create, isMessage } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema, StatSchema, file_luau, type ModuleSet } from '../../gen/luau_pb.js';
import { luauArbitraries } from '../../src/arbitrary/index.js';
import { walkTree, type TreeNode } from '../../src/tree/index.js';
import {
  casesPerTree,
  expectSameTreesForSeed,
  shrinkCounterexample,
} from '../helpers/arbitrary-checks.js';
import { printPretty } from '../../src/print/index.js';
import { runTwice } from '../helpers/arbitrary-runs.js';
import { scopeViolations } from '../helpers/arbitrary-scope-check.js';

/** Inside a type or a type function: never run, so not bounded by fuel. */
function inTypeContext(node: TreeNode): boolean {
  for (let p = node.parent; p !== undefined; p = p.parent) {
    if (p.desc.name === 'Type' || p.desc.name === 'StatTypeFunction') return true;
  }
  return false;
}

const runnable = luauArbitraries({ level: 'runnable', profile: 'luau-web' });

describe('luauArbitraries', () => {
  it('gives 1,000 runnable programs of which at least 99% run and print the same twice', async () => {
    const runs = await runTwice(runnable.moduleSet, 20261122, 1000);
    const good = runs.filter(
      (r) =>
        r.first.status === 'ok' &&
        r.second.status === 'ok' &&
        r.first.outputHash === r.second.outputHash,
    );
    const bad = runs.filter((r) => !good.includes(r));
    expect(good.length, JSON.stringify(bad.slice(0, 2), null, 1)).toBeGreaterThanOrEqual(990);
    // Programs end with their checksum: most have values to print.
    expect(runs.filter((r) => r.first.output.trim().length > 0).length).toBeGreaterThan(500);
  });

  it('gives typed programs that run as well, annotated with number, string and boolean', async () => {
    const typed = luauArbitraries({ level: 'typed', profile: 'luau-web' }).moduleSet;
    const runs = await runTwice(typed, 7, 150);
    expect(runs.filter((r) => r.first.status === 'ok').length).toBeGreaterThanOrEqual(148);
    const annotated = fc
      .sample(typed, { seed: 7, numRuns: 150 })
      .filter((t) => (casesPerTree(ModuleSetSchema, [t])['Type.type_oneof=primitive'] ?? 0) > 0);
    expect(annotated.length).toBeGreaterThan(60);
  });

  it('keeps locals in scope and loops bounded by the fuel table', () => {
    for (const tree of fc.sample(runnable.moduleSet, { seed: 3, numRuns: 500 })) {
      expect(scopeViolations(tree)).toEqual([]);
      walkTree(ModuleSetSchema, tree, (node) => {
        if (!isMessage(node.message, StatSchema) || inTypeContext(node)) return;
        const s = node.message.statOneof;
        const loopBody =
          s.case === 'while' || s.case === 'repeat' || s.case === 'for' || s.case === 'forIn'
            ? s.value.body
            : undefined;
        // The first statement of every loop body leaves the loop when the fuel is gone (a
        // `while false` never runs its body and goes without).
        const never =
          s.case === 'while' &&
          s.value.cond?.exprOneof.case === 'bool' &&
          !s.value.cond.exprOneof.value.val;
        if (loopBody !== undefined && !never) {
          expect(loopBody.body[0]?.statOneof.case).toBe('if');
        }
      });
    }
  });

  it('requires the module only from the program, even in large trees', () => {
    const big = luauArbitraries({
      level: 'runnable',
      profile: 'luau-web',
      depthSize: 'max',
      maxDepth: 12,
      maxNodes: 2000,
    });
    let modules = 0;
    for (const tree of fc.sample(big.moduleSet, { seed: 15, numRuns: 200 })) {
      if (tree.module === undefined) continue;
      modules++;
      const counts = casesPerTree(ModuleSetSchema, [
        create(ModuleSetSchema, { program: tree.module }),
      ]);
      expect(counts['Stat.stat_oneof=require_into_local']).toBeUndefined();
    }
    expect(modules).toBeGreaterThan(20);
  });

  it('reaches every statement and expression kind it allows in at least 1% of 2,000 trees', () => {
    const trees = fc.sample(runnable.moduleSet, { seed: 2028, numRuns: 2000 });
    const counts = casesPerTree(ModuleSetSchema, trees);
    const rare: string[] = [];
    for (const desc of file_luau.messages) {
      if (desc.name !== 'Stat' && desc.name !== 'Expr') continue;
      for (const field of desc.oneofs[0]!.fields) {
        const key = `${desc.name}.${desc.oneofs[0]!.name}=${field.name}`;
        // Not allowed in the luau-web profile.
        if (key === 'Expr.expr_oneof=integer') continue;
        if ((counts[key] ?? 0) < 20) rare.push(`${key}: ${counts[key] ?? 0}`);
      }
    }
    expect(rare).toEqual([]);
  });

  it('shrinks a program with a while loop to at most 10 nodes', () => {
    const hasWhile = (tree: ModuleSet) => {
      let found = false;
      walkTree(ModuleSetSchema, tree, (node) => {
        if (isMessage(node.message, StatSchema) && node.message.statOneof.case === 'while') {
          found = true;
        }
      });
      return found;
    };
    const { tree, nodes } = shrinkCounterexample(ModuleSetSchema, runnable.moduleSet, hasWhile, 2);
    expect(nodes).toBeLessThanOrEqual(10);
    expect(tree.module).toBeUndefined();
    const [program] = printPretty(tree);
    expect(program?.match(/\bwhile\b/g)).toHaveLength(1);
  });

  it('gives the same programs for the same seed', () => {
    expectSameTreesForSeed(ModuleSetSchema, runnable.moduleSet, 5);
  });
});
