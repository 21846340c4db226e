import { create, isMessage } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ExprBinary_Op,
  ModuleSetSchema,
  StatSchema,
  file_luau,
  type Expr,
  type ModuleSet,
  type Stat,
  type StatBlock,
} from '../../gen/luau_pb.js';
import { LOOP_FUEL, luauArbitraries } from '../../src/arbitrary/index.js';
import { walkTree, type TreeNode } from '../../src/tree/index.js';
import {
  casesPerTree,
  expectSameTreesForSeed,
  shrinkCounterexample,
} from '../helpers/arbitrary-checks.js';
import { nameTables, printPretty } from '../../src/print/index.js';
import { runTwice } from '../helpers/arbitrary-runs.js';
import { scopeViolations } from '../helpers/arbitrary-scope-check.js';

/** Inside a type or a type function: never run, so not bounded by fuel. */
function inTypeContext(node: TreeNode): boolean {
  for (let p = node.parent; p !== undefined; p = p.parent) {
    if (p.desc.name === 'Type' || p.desc.name === 'StatTypeFunction') return true;
  }
  return false;
}

/** The local a chunk keeps its fuel in: the first statement is `local lN = {LOOP_FUEL}`. */
function fuelLocal(chunk: StatBlock): number | undefined {
  const first = chunk.body[0]?.statOneof;
  if (first?.case !== 'local') return undefined;
  const value = first.value.values[0]?.exprOneof;
  if (value?.case !== 'table') return undefined;
  const item = value.value.items[0]?.value?.exprOneof;
  if (item?.case !== 'number' || item.value.val !== LOOP_FUEL) return undefined;
  return first.value.vars[0]?.name;
}

/** `lF[1] <= 0`. */
function readsFuelOut(e: Expr | undefined, fuel: number): boolean {
  const cond = e?.exprOneof;
  if (cond?.case !== 'binary' || cond.value.op !== ExprBinary_Op.CompareLe) return false;
  const left = cond.value.left?.exprOneof;
  if (left?.case !== 'indexExpr') return false;
  const table = left.value.expr?.exprOneof;
  return table?.case === 'local' && table.value.var?.name === fuel;
}

/**
 * `if lF[1] <= 0 then break end` followed by `lF[1] -= 1` (or `lF[1] = lF[1] - 1`); a loop
 * with its own count: `if lC <= 0 or lF[1] <= 0 then break end  lC -= 1  lF[1] -= 1`.
 */
function isFuelGuard(body: readonly Stat[], fuel: number): boolean {
  const guard = body[0]?.statOneof;
  if (guard?.case !== 'if') return false;
  const cond = guard.value.cond;
  const capped =
    cond?.exprOneof.case === 'binary' &&
    cond.exprOneof.value.op === ExprBinary_Op.Or &&
    readsFuelOut(cond.exprOneof.value.right, fuel);
  if (!capped && !readsFuelOut(cond, fuel)) return false;
  if (guard.value.then?.body[0]?.statOneof.case !== 'break') return false;
  const takes = body.slice(1, capped ? 3 : 2).map((s) => s.statOneof.case);
  return takes.every((t) => t === 'compoundAssign' || t === 'assign');
}

/** `table.insert(ks, k)` or `ks[#ks + 1] = k`. */
function onlyAppends(s: Stat): boolean {
  const o = s.statOneof;
  if (o.case === 'call') {
    const f = o.value.expr?.func?.exprOneof;
    return (
      f?.case === 'indexName' &&
      f.value.index?.nameOneof.case === 'builtin' &&
      nameTables.names[f.value.index.nameOneof.value] === 'insert' &&
      o.value.expr?.args.length === 2
    );
  }
  if (o.case !== 'assign' || o.value.vars.length !== 1) return false;
  const target = o.value.vars[0]?.lvalueOneof;
  return target?.case === 'indexExpr' && target.value.index?.exprOneof.case === 'binary';
}

const runnable = luauArbitraries({ level: 'runnable', profile: 'luau-web' });

describe('luauArbitraries', () => {
  it('gives 400 runnable programs that all run and print the same twice, most of them many lines', async () => {
    const runs = await runTwice(runnable.moduleSet, 20261122, 400);
    const bad = runs.filter(
      (r) =>
        r.first.status !== 'ok' ||
        r.second.status !== 'ok' ||
        r.first.outputHash !== r.second.outputHash,
    );
    // The runs are deterministic: every program must pass, not a share of them.
    expect(bad.length, JSON.stringify(bad.slice(0, 2), null, 1)).toBe(0);
    // Every block prints its locals: programs print far more than one line.
    const lines = runs.map((r) => r.first.output.split('\n').length - 1);
    expect(lines.filter((n) => n >= 3).length).toBeGreaterThan(240);
  }, 400_000);

  it('gives typed programs that all run, annotated with number, string, boolean and tables', async () => {
    const typed = luauArbitraries({ level: 'typed', profile: 'luau-web' }).moduleSet;
    const runs = await runTwice(typed, 7, 150);
    expect(runs.filter((r) => r.first.status !== 'ok').map((r) => r.first.error)).toEqual([]);
    const counts = casesPerTree(ModuleSetSchema, fc.sample(typed, { seed: 7, numRuns: 150 }));
    expect(counts['Type.type_oneof=primitive']).toBeGreaterThan(100);
    expect(counts['Type.type_oneof=table']).toBeGreaterThan(30);
  }, 200_000);

  it('keeps locals in scope, and makes every loop take fuel first and leave when none is left', () => {
    let loops = 0;
    for (const tree of fc.sample(runnable.moduleSet, { seed: 3, numRuns: 600 })) {
      expect(scopeViolations(tree)).toEqual([]);
      for (const chunk of [tree.module, tree.program]) {
        if (chunk === undefined) continue;
        const fuel = fuelLocal(chunk);
        walkTree(ModuleSetSchema, create(ModuleSetSchema, { program: chunk }), (node) => {
          if (!isMessage(node.message, StatSchema) || inTypeContext(node)) return;
          const s = node.message.statOneof;
          const body =
            s.case === 'while' || s.case === 'repeat' || s.case === 'for' || s.case === 'forIn'
              ? s.value.body?.body
              : undefined;
          if (body === undefined) return;
          // A numeric for over two constants without a step is bounded as written.
          if (
            s.case === 'for' &&
            s.value.step === undefined &&
            s.value.from?.exprOneof.case === 'number' &&
            s.value.to?.exprOneof.case === 'number'
          ) {
            return;
          }
          // Collecting a table's keys (`for k in pairs(t) do table.insert(ks, k) end`, before
          // sorting them) is bounded by the table's size: its body only appends to an array.
          if (s.case === 'forIn' && body.length === 1 && onlyAppends(body[0]!)) return;
          loops++;
          // A chunk with a loop declares its fuel table first, and the loop reads it.
          expect(fuel).toBeDefined();
          expect(isFuelGuard(body, fuel!)).toBe(true);
        });
      }
    }
    expect(loops).toBeGreaterThan(500);
  });

  it('requires the module only from the program, even in large trees', () => {
    const big = luauArbitraries({
      level: 'runnable',
      profile: 'luau-web',
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
        // Integer literals: not in the luau-web profile (nor generated at the runnable level).
        if (key === 'Expr.expr_oneof=integer') continue;
        if ((counts[key] ?? 0) < 20) rare.push(`${key}: ${counts[key] ?? 0}`);
      }
    }
    expect(rare).toEqual([]);
  });

  it('uses every library it models in at least 2% of 1,000 programs', () => {
    const sources = fc
      .sample(runnable.moduleSet, { seed: 77, numRuns: 1000 })
      .map((t) => printPretty(t).join('\n'));
    const calls = [
      'string.format(',
      'string.sub(',
      'string.byte(',
      'table.insert(',
      'table.remove(',
      'table.sort(',
      'table.concat(',
      'math.floor(',
      'bit32.',
      'buffer.',
      'utf8.',
      'coroutine.',
      'pcall(',
      'setmetatable(',
      'select(',
      'vector.create(',
      'string.gmatch(',
      'in pairs(',
      'getmetatable(',
    ];
    const rare = calls.filter((c) => sources.filter((s) => s.includes(c)).length < 20);
    expect(rare).toEqual([]);
  });

  it('shrinks a failing program to a smaller runnable one that still fails', async () => {
    // A property that fails on any program calling table.sort: the counterexample keeps the call.
    const sorts = (tree: ModuleSet) => printPretty(tree).join('\n').includes('table.sort(');
    const { tree, nodes, originalNodes } = shrinkCounterexample(
      ModuleSetSchema,
      runnable.moduleSet,
      sorts,
      1,
    );
    // Shrinking edits the record of choices: whatever it keeps still builds a runnable program.
    expect(nodes).toBeLessThan(originalNodes);
    expect(printPretty(tree).join('\n')).toContain('table.sort(');
    const [run] = await runTwice(fc.constant(tree), 1, 1);
    expect(run?.first.status).toBe('ok');
  });

  it('gives the same programs for the same seed', () => {
    expectSameTreesForSeed(ModuleSetSchema, runnable.moduleSet, 5);
  });
});
