import { ExprBinary_Op, type Expr, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import { opaque, print, scalarType, value } from './typed-parts.js';
import { ty } from './typed-types.js';

/**
 * `and` and `or` typed by what their left operand can be: `any` (the result is `any`), a
 * number (never falsy: `or` gives the right operand's type), `false` and `nil` (never
 * truthy: `and` gives the right operand's type), each with a scalar on the right; every
 * result printed.
 *
 * @example
 * ```ts
 * logicStat(g, 1); // local l5: any = ... local l6: false = false ... print(l5 and l8, l6 or l8, ...)
 * ```
 */
export const logicStat: StatProduction = (g: Gen, d: number): Stat[] => {
  const [a, f, z, n] = opaque(g, 4);
  const s = g.choices.pick(['num', 'str', 'int'] as const);
  const ref = (l: { name: number }): Expr => build.local(l.name);
  const both = (l: Expr, r: Expr) => [
    build.binary(ExprBinary_Op.And, l, r),
    build.binary(ExprBinary_Op.Or, l, r),
  ];
  return [
    build.localStat([a], [value(g, s, d + 1)], [ty.prim('any')]),
    build.localStat([f], [build.bool(false)], [ty.bool(false)]),
    build.localStat([z], [build.nil()], [ty.prim('nil')]),
    build.localStat([n], [value(g, s, d + 1)], [scalarType(s)]),
    print([...both(ref(a), ref(n)), ...both(ref(n), ref(a))]),
    print([...both(ref(f), ref(n)), ...both(ref(z), ref(n))]),
  ];
};
