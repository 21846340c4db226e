import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMessage } from '@bufbuild/protobuf';
import { ModuleSetSchema, StatSchema, type ModuleSet } from '../../gen/luau_pb.js';
import { luauArbitraries, runtimeGlobals } from '../../src/arbitrary/index.js';
import { nameTables } from '../../src/print/index.js';
import { walkTree } from '../../src/tree/index.js';
import { shrinkCounterexample } from '../helpers/arbitrary-checks.js';
import { compileSample } from '../helpers/arbitrary-programs.js';
import { scopeViolations } from '../helpers/arbitrary-scope-check.js';
import { probeGlobals } from '../helpers/probe-globals.js';

const arbs = luauArbitraries({ level: 'scoped', profile: 'luau-web' });

function globalsRead(tree: ModuleSet): string[] {
  const names: string[] = [];
  walkTree(ModuleSetSchema, tree, (node) => {
    if (node.desc.name !== 'ExprGlobal' || node.parent?.desc.name === 'LValue') return;
    const name = (
      node.message as unknown as { name?: { nameOneof: { case?: string; value?: number } } }
    ).name?.nameOneof;
    names.push(
      name?.case === 'builtin'
        ? (nameTables.names[name.value ?? 0] ?? '?')
        : `custom:${name?.value}`,
    );
  });
  return names;
}

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
  it('shrinks a program with a while loop to at most 10 nodes', () => {
    const { nodes, tree } = shrinkCounterexample(ModuleSetSchema, arbs.moduleSet, hasWhile, 21);
    expect(hasWhile(tree)).toBe(true);
    expect(nodes).toBeLessThanOrEqual(10);
  });

  it('gives 1,000 programs that all compile in luau-web at the scoped level', async () => {
    const { trees, failures } = await compileSample(arbs.moduleSet, 31337, 1000);
    expect(failures.slice(0, 3)).toEqual([]);
    expect(trees.filter((t) => t.program?.body.length).length).toBeGreaterThan(750);
  });

  it('references locals only where they are in scope', () => {
    for (const tree of fc.sample(arbs.moduleSet, { seed: 17, numRuns: 1000 })) {
      expect(scopeViolations(tree)).toEqual([]);
    }
  });

  it('reads only globals that the luau-web VM and the reference Luau really have', async () => {
    const seen = new Set<string>();
    for (const tree of fc.sample(arbs.moduleSet, { seed: 18, numRuns: 500 })) {
      for (const name of globalsRead(tree)) seen.add(name);
    }
    expect(seen.size).toBeGreaterThan(10);
    // Every global the generator may read, and every one it did read, asked of the VM itself.
    const names = [...new Set([...runtimeGlobals, ...seen])].sort();
    const { expected, vms } = await probeGlobals(names);
    for (const [vm, types] of Object.entries(vms)) expect(types, vm).toEqual(expected);
    expect(Object.keys(vms)).toContain('luau-web');
  });

  it('finds out-of-scope references in syntax-level trees, which the scoped level avoids', () => {
    const syntax = luauArbitraries({ level: 'syntax', profile: 'luau-web' }).moduleSet;
    const violations = fc
      .sample(syntax, { seed: 17, numRuns: 1000 })
      .filter((t) => scopeViolations(t).length > 0);
    expect(violations.length).toBeGreaterThan(0);
  });
});
