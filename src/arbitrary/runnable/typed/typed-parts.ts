import { freshLocals, type Locals } from '../shapes/kit.js';
import { ExprBinary_Op, ExprUnary_Op, StatCompoundAssign_Op } from '../../../../gen/luau_pb.js';
import type { Expr, ExprFunction, Local, Stat, Type } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import { ty } from './typed-types.js';
import { annotation, type Scalar } from '../values/types.js';

/** The scalars the typed level annotates and prints. */
export const scalars: Scalar[] = ['num', 'int', 'str', 'bool'];
/**
 * Scalars stored in tables: no booleans, as the old solver refines a boolean local in a branch
 * to a singleton (`false`) that a table literal then keeps, and `{n0: false}` does not fit
 * `{n0: boolean}` (tables are invariant).
 */
export const fieldScalars: Scalar[] = ['num', 'int', 'str'];

/** Type aliases are named `t0`..`t255`: one counter per program, so no two share a name. */
const MAX_ALIASES = 256;
const aliasCounts = new WeakMap<Gen, number>();

/** A fresh alias name for `g`'s program, or undefined when all are used. */
export function freshAlias(g: Gen): number | undefined {
  const k = aliasCounts.get(g) ?? 0;
  if (k >= MAX_ALIASES) return undefined;
  aliasCounts.set(g, k + 1);
  return k;
}

/** `type t<k><generics, packs...> = type`. */
export function aliasStat(
  k: number,
  type: Type,
  generics: number[] = [],
  packs: number[] = [],
): Stat {
  return build.typeAlias(
    build.regularTypeName(k),
    type,
    generics.map(ty.genericName),
    packs.map(ty.genericName),
  );
}

/** `print(values)`. */
export function print(values: Expr[]): Stat {
  return build.callStat(build.call(build.global('print'), values));
}

/** The annotation of a scalar. */
export function scalarType(s: Scalar): Type {
  return annotation({ ty: s, mutable: true });
}

/** The name of a scalar's type as `type(x)` returns it. */
export function typeName(s: Scalar): string {
  return s === 'str' ? 'string' : s === 'bool' ? 'boolean' : 'number';
}

/** A value of a scalar type; strings cut so that repeating them stays short. */
export function value(g: Gen, s: Scalar, d: number): Expr {
  const e = g.expr(s, d);
  return s === 'str' ? g.lib('string', 'sub', [e, build.number(1), build.number(12)]) : e;
}

/**
 * A table of scalar fields (`{[k] = value}` by field number), their values drawn in order.
 *
 * @example
 * ```ts
 * valueRecord(g, [[0, 'num'], [1, 'str']], d + 1); // { _0 = 1.5, _1 = string.sub("ab", 1, 12) }
 * ```
 */
export function valueRecord(
  g: Gen,
  fields: readonly (readonly [number, Scalar])[],
  d: number,
): Expr {
  return build.record(fields.map(([k, s]) => [k, value(g, s, d)]));
}

/** A use of a value known to be of scalar type `s` that only that type allows. */
export function use(s: Scalar, e: Expr): Expr {
  if (s === 'str') return build.libCall('string', 'len', [e]);
  if (s === 'bool') return build.unary(ExprUnary_Op.Not, e);
  return build.binary(ExprBinary_Op.Add, e, build.number(1));
}

/** `a == b`. */
export function eq(a: Expr, b: Expr): Expr {
  return build.binary(ExprBinary_Op.CompareEq, a, b);
}

/** `type(e) == "name"` or `typeof(e) == "name"`. */
export function typeTest(g: Gen, e: Expr, name: string): Expr {
  return eq(
    build.call(build.global(g.choices.chance(50) ? 'type' : 'typeof'), [e]),
    build.string(name),
  );
}

/** `x += k` (or `x = x + k`). */
export function addTo(g: Gen, x: Expr, k: Expr): Stat {
  return g.options.features.compoundAssignment
    ? build.compound(StatCompoundAssign_Op.Add, x, k)
    : build.assign([x], [build.binary(ExprBinary_Op.Add, x, k)]);
}

/** A function message with generics (`<A, B...>`). */
export function genericFunc(
  args: Local[],
  types: Type[],
  rets: Type[],
  body: Stat[],
  generics: number[],
  packs: number[] = [],
): ExprFunction {
  const f = build.func(args, body, false, types, rets);
  f.generics = generics.map(ty.genericName);
  f.genericpacks = packs.map(ty.genericName);
  return f;
}

/** Opaque locals of a template (never picked as values by the rest of the generator). */
export function opaque<N extends number>(g: Gen, n: N): Locals<N> {
  return freshLocals(() => g.declare({ ty: 'fn', mutable: false }), n);
}

/**
 * `stats` in blocks of at most `maxStatements` + 1 statements (3 at least): the rest nested in a
 * `do` block at the end of each, so every statement still sees the locals and aliases before it.
 */
export function nested(g: Gen, stats: Stat[]): Stat[] {
  const limit = Math.max(3, g.options.maxStatements + 1);
  if (stats.length <= limit) return stats;
  return [...stats.slice(0, limit - 1), build.doBlock(nested(g, stats.slice(limit - 1)))];
}
