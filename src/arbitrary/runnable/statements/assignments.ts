import {
  ExprBinary_Op,
  StatCompoundAssign_Op,
  type Expr,
  type Stat,
} from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { globalRef, newGlobal } from '../values/globals.js';
import { MAX_STRING, type Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import { computed } from '../values/operations.js';
import { reduceInt } from '../values/reduce-int.js';
import { type Scalar, type Ty, type VarInfo } from '../values/types.js';

/** The value stored into a local of type `ty`: ints reduced, strings cut to MAX_STRING bytes. */
function stored(g: Gen, ty: Ty, d: number): Expr {
  const e = g.expr(ty, d);
  if (ty === 'int') return reduceInt(g, e);
  if (ty === 'str' && g.choices.chance(50)) {
    return g.lib('string', 'sub', [e, build.number(1), build.number(MAX_STRING)]);
  }
  return e;
}

/** Whether a stored string can grow: cut it always (loops repeat assignments). */
function storedStr(g: Gen, d: number): Expr {
  return g.lib('string', 'sub', [g.str(d), build.number(1), build.number(MAX_STRING)]);
}

function valueTypes(g: Gen): Ty[] {
  const out: Ty[] = ['num', 'int', 'str', 'bool'];
  if (g.swarm.tables) out.push('iarr', 'sarr', 'rec');
  if (g.meta !== undefined) out.push('obj');
  if (g.swarm.buffers) out.push('buf');
  return out;
}

/** `local a, b = x, y` of fresh mutable locals (sometimes declared empty, then assigned). */
export const localStat: StatProduction = (g, d) => {
  if (!g.roomFor(3)) return [];
  const n = g.choices.chance(20) ? 2 + g.choices.int(2) : 1;
  const infos: VarInfo[] = [];
  const values: Expr[] = [];
  for (let i = 0; i < n; i++) {
    const ty = g.choices.pick(valueTypes(g));
    infos.push({ ty, mutable: true });
    values.push(ty === 'str' ? storedStr(g, d + 1) : stored(g, ty, d + 1));
  }
  const vars = infos.map((info) => g.declare(info));
  if (n === 1 && !g.typed && g.choices.chance(10)) {
    // Declared empty (nil), then assigned.
    return [build.localStat(vars, []), build.assign([build.local(vars[0]!.name)], values)];
  }
  return [build.localStat(vars, values, g.types(infos))];
};

/** An assignment of new values to distinct mutable locals in reach. */
export const assignStat: StatProduction = (g, d) => {
  const targets = g.scope
    .reachable()
    .filter(
      (v) =>
        v.kind.mutable &&
        ['num', 'int', 'str', 'bool', 'iarr', 'sarr', 'rec', 'obj'].includes(v.kind.ty),
    );
  if (targets.length === 0) return [];
  // Distinct targets in one multiple assignment.
  const n = Math.min(targets.length, g.choices.chance(25) ? 2 : 1);
  const chosen = new Set<number>();
  const vars: Expr[] = [];
  const values: Expr[] = [];
  for (let i = 0; i < n; i++) {
    const t = targets[g.choices.int(targets.length)]!;
    if (chosen.has(t.name)) continue;
    chosen.add(t.name);
    vars.push(g.ref(t.name));
    values.push(t.kind.ty === 'str' ? storedStr(g, d + 1) : stored(g, t.kind.ty, d + 1));
  }
  return [build.assign(vars, values)];
};

const compoundOps: [StatCompoundAssign_Op, ExprBinary_Op][] = [
  [StatCompoundAssign_Op.Add, ExprBinary_Op.Add],
  [StatCompoundAssign_Op.Sub, ExprBinary_Op.Sub],
  [StatCompoundAssign_Op.Mul, ExprBinary_Op.Mul],
  [StatCompoundAssign_Op.Div, ExprBinary_Op.Div],
  [StatCompoundAssign_Op.Mod, ExprBinary_Op.Mod],
  [StatCompoundAssign_Op.Pow, ExprBinary_Op.Pow],
];

/** `x ..= s`, `n += k`, `r.f *= v` (or the plain assignment without compound assignment). */
export const compoundStat: StatProduction = (g, d) => {
  const c = g.choices;
  const kind = c.int(4);
  if (kind === 0) {
    const v = g.pickVar('str', true);
    if (v === undefined) return [];
    // A constant suffix: a string appended to itself would double each iteration.
    const suffix = g.choices.chance(50)
      ? build.string(c.pick(['a', '.', '€', '']))
      : build.number(c.int(10));
    if (g.options.features.compoundAssignment)
      return [build.compound(StatCompoundAssign_Op.Concat, g.ref(v.name), suffix)];
    return [
      build.assign([g.ref(v.name)], [build.binary(ExprBinary_Op.Concat, g.ref(v.name), suffix)]),
    ];
  }
  if (kind === 1) {
    const v = g.pickVar('int', true);
    if (v === undefined) return [];
    const [cop, bop] = c.pick(compoundOps.slice(0, 2));
    const k = build.number(c.int(50) - 10);
    if (g.options.features.compoundAssignment) return [build.compound(cop, g.ref(v.name), k)];
    return [build.assign([g.ref(v.name)], [build.binary(bop, g.ref(v.name), k)])];
  }
  let target: Expr | undefined;
  const r = kind === 2 ? g.pickVar('rec') : undefined;
  if (r !== undefined) target = build.field(g.ref(r.name), c.int(2));
  else {
    const v = g.pickVar('num', true);
    if (v !== undefined) target = g.ref(v.name);
  }
  if (target === undefined) return [];
  let [cop, bop] = c.pick(compoundOps);
  if (bop === ExprBinary_Op.Pow && !g.anyExponent()) [cop, bop] = compoundOps[2]!;
  const value = g.num(d + 1);
  if (g.options.features.compoundAssignment) return [build.compound(cop, target, value)];
  return [build.assign([target], [build.binary(bop, target, value)])];
};

/**
 * A global: defined in the chunk's top block (`n10 = value`), assigned anywhere after, also
 * by compound assignment.
 */
export const globalStat: StatProduction = (g, d) => {
  if (g.globals === undefined) return [];
  const ty = g.choices.pick(scalarTypes);
  const fresh = newGlobal(g, ty, d);
  if (fresh !== undefined && (g.globals.length === 0 || g.choices.chance(50))) {
    // The value first: it cannot read the global it defines.
    const value = ty === 'str' ? storedStr(g, d + 1) : stored(g, ty, d + 1);
    g.globals.push(fresh);
    return [build.assign([globalRef(g, fresh.name)], [value])];
  }
  const v = g.globals[g.choices.int(g.globals.length)];
  if (v === undefined) return [];
  const target = globalRef(g, v.name);
  if (g.choices.chance(60) || v.ty === 'bool') {
    return [
      build.assign([target], [v.ty === 'str' ? storedStr(g, d + 1) : stored(g, v.ty, d + 1)]),
    ];
  }
  const [cop, bop, value] =
    v.ty === 'str'
      ? ([
          StatCompoundAssign_Op.Concat,
          ExprBinary_Op.Concat,
          build.string(g.choices.pick(['x', '', '_'])),
        ] as const)
      : v.ty === 'int'
        ? ([
            StatCompoundAssign_Op.Sub,
            ExprBinary_Op.Sub,
            build.number(g.choices.int(40) - 10),
          ] as const)
        : ([...g.choices.pick(compoundOps.slice(0, 4)), g.num(d + 1)] as const);
  if (g.options.features.compoundAssignment) return [build.compound(cop, target, value)];
  return [build.assign([target], [build.binary(bop, globalRef(g, v.name), value)])];
};

/** `x += 1` (or `x = x + 1` without compound assignment). */
export function increment(g: Gen, x: Expr): Stat {
  return g.options.features.compoundAssignment
    ? build.compound(StatCompoundAssign_Op.Add, x, build.number(1))
    : build.assign([x], [build.binary(ExprBinary_Op.Add, x, build.number(1))]);
}

export const scalarTypes: Scalar[] = ['num', 'int', 'str', 'bool'];

/**
 * A result kept whole: an operator or a library call of a scalar type bound to a fresh local
 * that nothing reassigns, so its exact value is printed when the block ends, not only through
 * later uses that may hide a difference (a loop bound, `% n`, an index). An int result is kept
 * unreduced, as a `num`. Half of them are one operation on leaves (`bit32.rshift(l4, l1[2])`):
 * each operand a value in scope, in memory or a constant, the result printed as it is.
 */
export const resultStat: StatProduction = (g, d) => {
  if (!g.roomFor(1)) return [];
  const ty = g.choices.pick(scalarTypes);
  const value = computed(g, ty, g.choices.chance(50) ? g.options.maxDepth - 1 : d + 1);
  const info: VarInfo = { ty: ty === 'int' ? 'num' : ty, mutable: false };
  return [build.localStat([g.declare(info)], [value], g.types([info]))];
};
