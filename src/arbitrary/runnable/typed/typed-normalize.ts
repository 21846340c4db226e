import { ExprBinary_Op, ExprUnary_Op } from '../../../../gen/luau_pb.js';
import type { Local, Stat, Type } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { Locals } from '../shapes/kit.js';
import type { StatProduction } from '../library/model.js';
import { opaque, print, typeTest, value } from './typed-parts.js';
import { ty } from './typed-types.js';

/** Fresh `number` and `string` types (built on use: a shared message would be one node in many trees). */
const num = (): Type => ty.prim('number');
const str = (): Type => ty.prim('string');

/** `(A) -> B`. */
const fn1 = (a: Type, b: Type) => ty.fn([a], [b]);
const ref = (l: Local) => build.local(l.name);

/**
 * Types the checker must normalize before it can compare them: an overloaded function (an
 * intersection of function types, given an `any` identity function) narrowed to one overload
 * and called with each, intersections of string singletons and of unions, an intersection of
 * a union of tables with a table, an optional union of function types, an intersection of
 * equal function types returning a pack, and `unknown`, a four-way optional union and an
 * optional union of tables refined by `type`, truthiness and `~=`.
 *
 * @example
 * ```ts
 * normalizeStat(g, 1); // local l5: any = function(l6) return l6 end local l7: ((number) -> number) & ...
 * ```
 */
export const normalizeStat: StatProduction = (g: Gen, d: number): Stat[] => {
  if (!g.options.features.ifExpressions) return [];
  const [h, p, ov, n, u1, u2, u3, u4, u5, x, y, z] = opaque(g, 12);
  const pick = <T>(xs: T[]) => g.choices.pick(xs);
  const [sa, sb, sc] = [pick(['a', 'b']), pick(['c', 'd']), pick(['e', ''])];
  const out: Stat[] = [
    ...overloadedCalls(g, d, [h, p, ov, n]),
    ...normalizedIntersections(g, d, [u1, u2, u3, u4, u5], [sa, sb, sc]),
    ...refinedUnknown(g, x, u1),
  ];
  out.push(...fourWayUnion(g, d, y));
  out.push(...optionalTableUnion(g, d, z));
  return out;
};

/** An `any` identity function stored as an overloaded function, narrowed to one overload, and each called. */
function overloadedCalls(g: Gen, d: number, [h, p, ov, n]: Locals<4>): Stat[] {
  return [
    build.localStat(
      [h],
      [build.funcExpr(build.func([p], [build.ret([ref(p)])]))],
      [ty.prim('any')],
    ),
    build.localStat([ov], [ref(h)], [ty.intersection(fn1(num(), num()), fn1(str(), str()))]),
    build.localStat([n], [ref(ov)], [fn1(num(), num())]),
    print([
      build.call(ref(ov), [g.num(d + 1)]),
      build.call(ref(ov), [value(g, 'str', d + 1)]),
      build.call(ref(n), [g.num(d + 1)]),
    ]),
  ];
}

/**
 * Intersections of string singletons and of unions, of a union of tables with a table, an
 * optional union of function types, an intersection of equal function types returning a pack.
 */
function normalizedIntersections(
  g: Gen,
  d: number,
  [u1, u2, u3, u4, u5]: Locals<5>,
  [sa, sb, sc]: readonly [string, string, string],
): Stat[] {
  return [
    // ("a" | "c") & ("c" | "e"): only "c".
    build.localStat(
      [u1],
      [build.string(sb)],
      [ty.intersection(ty.union(ty.str(sa), ty.str(sb)), ty.union(ty.str(sb), ty.str(sc)))],
    ),
    build.localStat(
      [u2],
      [value(g, 'str', d + 1)],
      [ty.intersection(ty.union(num(), str()), ty.union(str(), ty.prim('boolean')))],
    ),
    tableUnionIntersection(g, d, u3),
    build.localStat(
      [u4],
      [build.nil()],
      [ty.optional(ty.union(fn1(num(), num()), fn1(str(), str())))],
    ),
    equalFunctionsIntersection(g, d, u5, sa),
    print([
      ref(u1),
      build.libCall('string', 'len', [ref(u2)]),
      build.field(ref(u3), 2),
      build.binary(ExprBinary_Op.CompareEq, ref(u4), build.nil()),
      build.group(build.call(ref(u5), [])),
    ]),
  ];
}

/** `u3: ({n0: number} | {n1: string}) & {n2: number}` holding `{n0 = ..., n2 = ...}`. */
function tableUnionIntersection(g: Gen, d: number, u3: Local): Stat {
  return build.localStat(
    [u3],
    [
      build.record([
        [0, g.num(d + 1)],
        [2, g.num(d + 1)],
      ]),
    ],
    [
      ty.intersection(
        ty.union(ty.table([[0, num()]]), ty.table([[1, str()]])),
        ty.table([[2, num()]]),
      ),
    ],
  );
}

/** `u5: (() -> (number, string)) & (() -> (number, string))` holding a lambda. */
function equalFunctionsIntersection(g: Gen, d: number, u5: Local, sa: string): Stat {
  return build.localStat(
    [u5],
    [
      build.funcExpr(
        build.func(
          [],
          // The lambda is no vararg function: what it returns may not count `...`.
          [build.ret([g.scope.inFunction(false, () => g.num(d + 1)), build.string(sa)])],
          false,
          [],
          [num(), str()],
        ),
      ),
    ],
    [ty.intersection(ty.fn([], [num(), str()]), ty.fn([], [num(), str()]))],
  );
}

/** `unknown` refined by `type` and `~=`. */
function refinedUnknown(g: Gen, x: Local, u1: Local): Stat[] {
  return [
    build.localStat([x], [ref(u1)], [ty.prim('unknown')]),
    build.ifStat(
      build.binary(
        ExprBinary_Op.And,
        typeTest(g, ref(x), 'string'),
        build.binary(ExprBinary_Op.CompareNe, ref(x), build.string('')),
      ),
      [print([build.unary(ExprUnary_Op.Len, ref(x))])],
    ),
  ];
}

/** A four-way optional union refined by truthiness, `~=` and `type`. */
function fourWayUnion(g: Gen, d: number, y: Local): Stat[] {
  const out: Stat[] = [];
  const four = ty.optional(ty.union(ty.union(num(), str()), ty.prim('boolean')));
  const choice = g.choices.int(4);
  const yValue =
    choice === 0
      ? g.num(d + 1)
      : choice === 1
        ? value(g, 'str', d + 1)
        : choice === 2
          ? g.bool(d + 1)
          : build.nil();
  out.push(build.localStat([y], [yValue], [four]));
  out.push(
    build.ifStat(
      build.binary(
        ExprBinary_Op.And,
        ref(y),
        build.binary(
          ExprBinary_Op.CompareNe,
          build.call(build.global('type'), [ref(y)]),
          build.string('boolean'),
        ),
      ),
      [
        build.ifStat(
          typeTest(g, ref(y), 'number'),
          [print([build.binary(ExprBinary_Op.Add, ref(y), build.number(1))])],
          [print([build.unary(ExprUnary_Op.Len, ref(y))])],
        ),
      ],
      [print([ref(y)])],
    ),
  );
  return out;
}

/** An optional union of tables refined by truthiness. */
function optionalTableUnion(g: Gen, d: number, z: Local): Stat[] {
  const out: Stat[] = [];
  out.push(
    build.localStat(
      [z],
      [build.ifElse(g.bool(d + 1), build.nil(), build.record([[0, g.num(d + 1)]]))],
      [ty.optional(ty.union(ty.table([[0, num()]]), ty.table([[1, str()]])))],
    ),
  );
  out.push(build.ifStat(ref(z), [print([build.string('t')])], [print([build.string('f')])]));
  return out;
}
