import { isMessage } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExprSchema, ModuleSetSchema, type Expr } from '../../../../gen/luau_pb.js';
import { luauArbitraries } from '../../../../src/arbitrary/index.js';
import { Choices, expandRecord } from '../../../../src/arbitrary/runnable/index.js';
import { Inputs } from '../../../../src/arbitrary/runnable/values/inputs.js';
import { printPretty } from '../../../../src/print/index.js';
import { walkTree } from '../../../../src/tree/index.js';

/** `lN[k]`: the local's name and the index. */
function readOf(e: Expr): [number, number] | undefined {
  const o = e.exprOneof;
  if (o.case !== 'indexExpr') return undefined;
  const t = o.value.expr?.exprOneof;
  const k = o.value.index?.exprOneof;
  if (t?.case !== 'local' || k?.case !== 'number') return undefined;
  return [t.value.var!.name, k.value.val];
}

/** A constant the compiler folds: literals, and operators and groups of them. */
function isConstant(e: Expr | undefined): boolean {
  const o = e?.exprOneof;
  switch (o?.case) {
    case 'number':
    case 'string':
    case 'bool':
    case 'nil':
      return true;
    case 'group':
    case 'unary':
      return isConstant(o.value.expr);
    case 'binary':
      return isConstant(o.value.left) && isConstant(o.value.right);
    default:
      return false;
  }
}

/** An integer constant as `intLiteral` writes it: `k` or `-k`. */
function isInteger(e: Expr): boolean {
  const o = e.exprOneof;
  if (o.case === 'unary') return o.value.expr?.exprOneof.case === 'number';
  return o.case === 'number';
}

/** `lib.fn(args)` of a library global, e.g. `bit32.rshift(a, b)`. */
function isLibraryCall(e: Expr): boolean {
  const o = e.exprOneof;
  if (o.case !== 'call') return false;
  const f = o.value.func?.exprOneof;
  return f?.case === 'indexName' && f.value.expr?.exprOneof.case === 'global';
}

describe('Inputs', () => {
  it('reads every constant from its table, integers only where an integer is, and declares the tables used', () => {
    const c = new Choices(expandRecord(5, 400));
    const inputs = new Inputs(7, 8);
    const reads = [
      ...Array.from({ length: 30 }, () => ['int', inputs.int(c)] as const),
      ...Array.from({ length: 30 }, () => ['num', inputs.num(c)] as const),
    ];
    const [nums] = inputs.declarations(false);
    // No string was read: only the number table is declared.
    expect(inputs.declarations(false)).toHaveLength(1);
    const decl = nums?.statOneof;
    expect(decl?.case).toBe('local');
    if (decl?.case !== 'local') return;
    expect(decl.value.vars[0]?.name).toBe(7);
    const table = decl.value.values[0]?.exprOneof;
    expect(table?.case).toBe('table');
    if (table?.case !== 'table') return;
    const values = table.value.items.map((i) => i.value!);
    // Up to 24 constants, some read more than once.
    expect(values.length).toBeGreaterThan(5);
    expect(values.length).toBeLessThanOrEqual(24);
    let reused = 0;
    const seen = new Set<number>();
    for (const [ty, e] of reads) {
      const read = readOf(e);
      if (read === undefined) {
        // Past the table's size an int leaf is a constant in place.
        expect(ty).toBe('int');
        expect(isConstant(e)).toBe(true);
        continue;
      }
      const [local, k] = read;
      expect(local).toBe(7);
      expect(k).toBeGreaterThanOrEqual(1);
      expect(k).toBeLessThanOrEqual(values.length);
      if (seen.has(k)) reused++;
      seen.add(k);
      // An int read finds an integer constant (a small one, or `-k`), never a fraction.
      if (ty === 'int') expect(isInteger(values[k - 1]!)).toBe(true);
    }
    expect(reused).toBeGreaterThan(0);
  });

  it('declares string tables annotated at the typed level', () => {
    const c = new Choices(expandRecord(9, 100));
    const inputs = new Inputs(3, 4);
    inputs.str(c, true);
    const [strs] = inputs.declarations(true);
    const decl = strs?.statOneof;
    expect(decl?.case === 'local' && decl.value.vars[0]?.name).toBe(4);
    expect(decl?.case === 'local' && decl.value.types.length).toBe(1);
  });

  it('gives runnable programs whose library calls mostly have an argument the compiler cannot fold', () => {
    let calls = 0;
    let allConstant = 0;
    let reading = 0;
    const trees = fc.sample(luauArbitraries({ level: 'runnable', profile: 'luau' }).moduleSet, {
      seed: 17,
      numRuns: 300,
    });
    for (const tree of trees) {
      const source = printPretty(tree).join('\n');
      if (/\bl\d+\[\d+\]/.test(source)) reading++;
      walkTree(ModuleSetSchema, tree, (node) => {
        if (!isMessage(node.message, ExprSchema) || !isLibraryCall(node.message)) return;
        const o = node.message.exprOneof;
        if (o.case !== 'call' || o.value.args.length === 0) return;
        calls++;
        if (o.value.args.every(isConstant)) allConstant++;
      });
    }
    expect(reading).toBeGreaterThan(200);
    expect(calls).toBeGreaterThan(3000);
    // 31 % when every constant leaf was a literal in place; about 21 % with input tables, and
    // 27 % since the fold shape calls builtins on constants on purpose (for the folder).
    expect(allConstant / calls).toBeLessThan(0.3);
  });
});
