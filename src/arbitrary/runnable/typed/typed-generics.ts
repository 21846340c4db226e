import { ExprBinary_Op, ExprUnary_Op, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import type { Locals } from '../shapes/kit.js';
import type { Scalar } from '../values/types.js';
import { addTo, aliasStat, freshAlias, genericFunc, opaque, print } from './typed-parts.js';
import { scalarType, use, value, fieldScalars } from './typed-parts.js';
import { ty } from './typed-types.js';

/**
 * Generic functions with explicit type parameters, instantiated at the call: `<A>(A, number)
 * -> {A}`, `<A, B>(A, B) -> (B, A)`, a map `<A, B>({A}, (A) -> B) -> {B}`, and a local of
 * generic function type `<A>(A) -> A`.
 */
export const genericStat: StatProduction = (g, d) => {
  if (!g.options.features.generics) return [];
  const locals = opaque(g, 5);
  const a = g.choices.pick(fieldScalars);
  const b = g.choices.pick(fieldScalars);
  switch (g.choices.int(4)) {
    case 0:
      return repeatedArray(g, d, locals, a);
    case 1:
      return swappedPair(g, d, locals, a, b);
    case 2:
      return genericMap(g, d, locals);
    default:
      return genericIdentityLocal(g, d, locals, a, b);
  }
};

/** `<A>(x: A, y: number): {A}` returning `{x, x}`, called with a value of `a`. */
function repeatedArray(g: Gen, d: number, [f, x, y, r]: Locals<5>, a: Scalar): Stat[] {
  const fn = genericFunc(
    [x, y],
    [ty.generic(0), ty.prim('number')],
    [ty.array(ty.generic(0))],
    [build.ret([build.array([build.local(x.name), build.local(x.name)])])],
    [0],
  );
  const call = build.call(build.local(f.name), [value(g, a, d + 1), build.number(1)]);
  return [
    build.localFunction(f, fn),
    build.localStat([r], [call], [ty.array(scalarType(a))]),
    print([
      build.unary(ExprUnary_Op.Len, build.local(r.name)),
      build.indexExpr(build.local(r.name), build.number(2)),
    ]),
  ];
}

/** `<A, B>(x: A, y: B): (B, A)` returning its arguments swapped. */
function swappedPair(g: Gen, d: number, [f, x, y, r, s]: Locals<5>, a: Scalar, b: Scalar): Stat[] {
  const fn = genericFunc(
    [x, y],
    [ty.generic(0), ty.generic(1)],
    [ty.generic(1), ty.generic(0)],
    [build.ret([build.local(y.name), build.local(x.name)])],
    [0, 1],
  );
  const call = build.call(build.local(f.name), [value(g, a, d + 1), value(g, b, d + 1)]);
  return [
    build.localFunction(f, fn),
    build.localStat([r, s], [call], [scalarType(b), scalarType(a)]),
    print([use(b, build.local(r.name)), use(a, build.local(s.name))]),
  ];
}

/** map<A, B>(xs: {A}, f: (A) -> B): {B}, called with an array and `tostring` in a lambda. */
function genericMap(g: Gen, d: number, [f, x, y, r]: Locals<5>): Stat[] {
  const [o, i, v] = opaque(g, 3);
  const body: Stat[] = [
    build.localStat([o], [build.array([])], [ty.array(ty.generic(1))]),
    build.forIn(
      [i, v],
      [build.call(build.global('ipairs'), [build.local(x.name)])],
      [
        build.callStat(
          build.libCall('table', 'insert', [
            build.local(o.name),
            build.call(build.local(y.name), [build.local(v.name)]),
          ]),
        ),
      ],
    ),
    build.ret([build.local(o.name)]),
  ];
  const fn = genericFunc(
    [x, y],
    [ty.array(ty.generic(0)), ty.fn([ty.generic(0)], [ty.generic(1)])],
    [ty.array(ty.generic(1))],
    body,
    [0, 1],
  );
  const elem = g.choices.pick(['int', 'str'] as const);
  const src = g.expr(elem === 'int' ? 'iarr' : 'sarr', d + 1);
  const [p] = opaque(g, 1);
  const mapper = build.funcExpr(
    build.func(
      [p],
      [build.ret([build.call(build.global('tostring'), [build.local(p.name)])])],
      false,
      [scalarType(elem)],
      [ty.prim('string')],
    ),
  );
  return [
    build.localFunction(f, fn),
    build.localStat(
      [r],
      [build.call(build.local(f.name), [src, mapper])],
      [ty.array(ty.prim('string'))],
    ),
    print([build.libCall('table', 'concat', [build.local(r.name), build.string(',')])]),
  ];
}

/** local f: <A>(A) -> A = function(x) return x end, called with a value of `a` and of `b`. */
function genericIdentityLocal(g: Gen, d: number, [f, x]: Locals<5>, a: Scalar, b: Scalar): Stat[] {
  const fn = build.funcExpr(build.func([x], [build.ret([build.local(x.name)])]));
  return [
    build.localStat([f], [fn], [ty.fn([ty.generic(0)], [ty.generic(0)], [0])]),
    print([
      use(a, build.call(build.local(f.name), [value(g, a, d + 1)])),
      use(b, build.call(build.local(f.name), [value(g, b, d + 1)])),
    ]),
  ];
}

/**
 * Type aliases: a generic record `t<k><A> = {n0: A, n1: {A}}` instantiated, and a recursive
 * list `t<k> = {n0: number, n1: t<k> | nil}` walked with refinements.
 */
export const aliasStatProduction: StatProduction = (g, d) => {
  if (!g.options.features.typeAliases) return [];
  const k = freshAlias(g);
  if (k === undefined) return [];
  const [v, p, s, i] = opaque(g, 4);
  if (g.choices.chance(50) && g.options.features.generics) {
    const a = g.choices.pick(fieldScalars);
    const t = ty.table([
      [0, ty.generic(0)],
      [1, ty.array(ty.generic(0))],
    ]);
    const rec = build.record([
      [0, value(g, a, d + 1)],
      [1, build.array([value(g, a, d + 1)])],
    ]);
    return [
      aliasStat(k, t, [0]),
      build.localStat([v], [rec], [ty.alias(k, [scalarType(a)])]),
      print([
        use(a, build.field(build.local(v.name), 0)),
        build.unary(ExprUnary_Op.Len, build.field(build.local(v.name), 1)),
      ]),
    ];
  }
  const list = ty.table([
    [0, ty.prim('number')],
    [1, ty.optional(ty.alias(k))],
  ]);
  const tail = build.record([[0, g.num(d + 1)]]);
  const head = build.record([
    [0, g.num(d + 1)],
    [
      1,
      build.record([
        [0, g.num(d + 1)],
        [1, tail],
      ]),
    ],
  ]);
  const pRef = build.local(p.name);
  return [
    aliasStat(k, list),
    build.localStat([v], [head], [ty.alias(k)]),
    build.localStat([p], [build.local(v.name)], [ty.optional(ty.alias(k))]),
    build.localStat([s], [build.number(0)], [ty.prim('number')]),
    build.forStat(i, build.number(1), build.number(4), undefined, [
      build.ifStat(build.binary(ExprBinary_Op.CompareNe, pRef, build.nil()), [
        addTo(g, build.local(s.name), build.field(pRef, 0)),
        build.assign([pRef], [build.field(pRef, 1)]),
      ]),
    ]),
    print([build.local(s.name)]),
  ];
};

/** A generic type pack: an alias `t<k><A...>` used by a function generic in `B...`. */
export const packStat: StatProduction = (g, d) => {
  if (!g.options.features.generics || !g.options.features.typeAliases) return [];
  const k = freshAlias(g);
  if (k === undefined) return [];
  const [f, x] = opaque(g, 2);
  const fn = genericFunc(
    [x],
    [ty.alias(k, [], [1])],
    [ty.prim('number')],
    [build.ret([build.field(build.local(x.name), 0)])],
    [],
    [1],
  );
  return [
    aliasStat(k, ty.table([[0, ty.prim('number')]]), [], [0]),
    build.localFunction(f, fn),
    print([build.call(build.local(f.name), [build.record([[0, g.num(d + 1)]])])]),
  ];
};
