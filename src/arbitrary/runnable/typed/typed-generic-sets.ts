import { ExprBinary_Op } from '../../../../gen/luau_pb.js';
import type { Expr, Local, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import type { Locals } from '../shapes/kit.js';
import type { Scalar } from '../values/types.js';
import { fieldScalars, genericFunc, opaque, print, scalarType, typeTest } from './typed-parts.js';
import { value } from './typed-parts.js';
import { ty } from './typed-types.js';

const A = () => ty.generic(0);
const B = () => ty.generic(1);
const ref = (l: Local): Expr => build.local(l.name);

/** `local a: any = e`: a value of any type for a generic parameter. */
function anyLocal(a: Local, e: Expr): Stat {
  return build.localStat([a], [e], [ty.prim('any')]);
}

/**
 * Generic type parameters inside unions and intersections, which the checker normalizes
 * with the parameters kept apart as type variables: `A & B` converted to `A | B` and to `A`,
 * `B & A` to `B | A`, `A & {n0: T}` read as the table, and `A | number` and `A?` refined by
 * `type` and `~= nil`. The functions run with values of type `any` and print what they
 * return.
 *
 * @example
 * ```ts
 * genericSetStat(g, 1); // local function l5<A, B>(l6: A & B): A | B local l7: A | B = l6 return l7 end ...
 * ```
 */
export const genericSetStat: StatProduction = (g: Gen, d: number): Stat[] => {
  if (!g.options.features.generics) return [];
  const locals = opaque(g, 6);
  const s = g.choices.pick(fieldScalars);
  switch (g.choices.int(3)) {
    case 0:
      // `A & B` to `A | B`, and (with a second parameter) `B & A` to `B | A` and to `A`.
      return g.choices.chance(50)
        ? intersectionToUnion(g, d, locals, s)
        : intersectionsBothWays(g, d, locals, s);
    case 1:
      return intersectionWithTable(g, d, locals, s);
    default:
      return refinedUnions(g, d, locals);
  }
};

/** `f<A, B>(x: A & B): A | B`. */
function intersectionToUnion(g: Gen, d: number, [f, x, , z, , a]: Locals<6>, s: Scalar): Stat[] {
  const body = [build.localStat([z], [ref(x)], [ty.union(A(), B())]), build.ret([ref(z)])];
  const fn = genericFunc([x], [ty.intersection(A(), B())], [ty.union(A(), B())], body, [0, 1]);
  return [
    build.localFunction(f, fn),
    anyLocal(a, value(g, s, d + 1)),
    print([build.call(ref(f), [ref(a)])]),
  ];
}

/** `f<A, B>(x: A & B, y: B & A): (A | B, B | A, A)`. */
function intersectionsBothWays(
  g: Gen,
  d: number,
  [f, x, y, z, w, a]: Locals<6>,
  s: Scalar,
): Stat[] {
  const body = [
    build.localStat([z], [ref(x)], [ty.union(A(), B())]),
    build.localStat([w], [ref(y)], [ty.union(B(), A())]),
    build.localStat([a], [ref(x)], [A()]),
    build.ret([ref(z), ref(w), ref(a)]),
  ];
  const fn = genericFunc(
    [x, y],
    [ty.intersection(A(), B()), ty.intersection(B(), A())],
    [ty.union(A(), B()), ty.union(B(), A()), A()],
    body,
    [0, 1],
  );
  const [v] = opaque(g, 1);
  return [
    build.localFunction(f, fn),
    anyLocal(v, value(g, s, d + 1)),
    print([build.call(ref(f), [ref(v), ref(v)])]),
  ];
}

/** `f<A>(x: A & {n0: T}): T` reading `x` as the table. */
function intersectionWithTable(g: Gen, d: number, [f, x, , z, , a]: Locals<6>, s: Scalar): Stat[] {
  const table = () => ty.table([[0, scalarType(s)]]);
  const body = [build.localStat([z], [ref(x)], [table()]), build.ret([build.field(ref(z), 0)])];
  const fn = genericFunc([x], [ty.intersection(A(), table())], [scalarType(s)], body, [0]);
  return [
    build.localFunction(f, fn),
    anyLocal(a, build.record([[0, value(g, s, d + 1)]])),
    print([build.call(ref(f), [ref(a)])]),
  ];
}

/** `f<A>(x: A | number, y: A?)`: `x` refined by `type`, `y` by `~= nil`. */
function refinedUnions(g: Gen, d: number, [f, x, y, z, , a]: Locals<6>): Stat[] {
  const call = (args: Expr[]) => build.call(ref(f), args);
  const body = [
    build.ifStat(typeTest(g, ref(x), 'number'), [build.ret([ref(x)])]),
    build.ifStat(build.binary(ExprBinary_Op.CompareNe, ref(y), build.nil()), [
      build.localStat([z], [ref(y)], [A()]),
      print([ref(z)]),
    ]),
    build.ret([build.number(0)]),
  ];
  const fn = genericFunc(
    [x, y],
    [ty.union(A(), ty.prim('number')), ty.optional(A())],
    [ty.prim('number')],
    body,
    [0],
  );
  return [
    build.localFunction(f, fn),
    anyLocal(a, value(g, 'str', d + 1)),
    print([call([ref(a), ref(a)]), call([value(g, 'num', d + 1), build.nil()])]),
  ];
}
