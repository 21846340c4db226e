import { ExprBinary_Op, ExprUnary_Op, type Expr, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import { annotation } from '../values/types.js';
import type { LibraryModel } from './model.js';

const A = 252;
const B = 253;
/** The metamethods' first and second parameters, and an object's field 0. */
const a = () => build.local(A);
const b = () => build.local(B);
const n0 = (e: Expr) => build.field(e, 0);

/** A metamethod; at the typed level its parameters are `any` (strict mode cannot follow `mt`). */
function fn(params: number, body: Stat[], typed: boolean): Expr {
  const args = [build.localVar(A), build.localVar(B), build.localVar(254)].slice(0, params);
  const types = typed ? args.map(() => annotation({ ty: 'obj', mutable: false })) : [];
  return build.funcExpr(build.func(args, body, false, types));
}

/** `setmetatable(fields, mt)`. */
function withMeta(mt: number, fields: Expr): Expr {
  return build.call(build.global('setmetatable'), [fields, build.local(mt)]);
}

const arith: [string, ExprBinary_Op][] = [
  ['__add', ExprBinary_Op.Add],
  ['__sub', ExprBinary_Op.Sub],
  ['__mul', ExprBinary_Op.Mul],
  ['__div', ExprBinary_Op.Div],
  ['__mod', ExprBinary_Op.Mod],
  ['__pow', ExprBinary_Op.Pow],
  ['__idiv', ExprBinary_Op.FloorDiv],
];

/**
 * The program's shared metatable `mt` (declared first when the program uses metatables):
 * arithmetic metamethods making new objects, `__unm`, `__eq`, `__lt`, `__le`, `__concat`,
 * `__len`, `__call`, `__tostring`, `__newindex` (stores doubled through `rawset`), and an
 * `__index` chain of three tables ending in a function.
 *
 * @example
 * ```ts
 * const stats = metatablePrelude(g, g.meta); // local l1 = {} ... l1.__add = function ...
 * ```
 */
export function metatablePrelude(g: Gen, mt: number): Stat[] {
  const set = (name: string, value: Expr) =>
    build.assign([build.indexName(build.local(mt), build.name(name))], [value]);
  return [
    build.localStat([build.localVar(mt)], [build.array([])]),
    ...arithMethods(g, mt).map(([name, value]) => set(name, value)),
    ...comparisonMethods(g).map(([name, value]) => set(name, value)),
    set('__concat', concatMethod(g)),
    set('__len', fn(1, [build.ret([build.unary(ExprUnary_Op.Minus, n0(a()))])], g.typed)),
    set('__call', fn(2, [build.ret([build.binary(ExprBinary_Op.Mul, n0(a()), b())])], g.typed)),
    build.assign(
      [build.indexExpr(build.local(mt), build.string('__tostring'))],
      [
        fn(
          1,
          [build.ret([build.binary(ExprBinary_Op.Concat, build.string('obj:'), n0(a()))])],
          g.typed,
        ),
      ],
    ),
    set('__newindex', newindexMethod(g)),
    set('__index', indexChain(g)),
  ];
}

/** The arithmetic metamethods and `__unm`, each making a new object of `mt`. */
function arithMethods(g: Gen, mt: number): [string, Expr][] {
  const anyExponent = g.anyExponent();
  const methods: [string, Expr][] = arith.map(([name, op]) => {
    // luau-web's `^` rounds otherwise than native builds but for exact exponents; the prelude
    // reads no choices, so it takes the one that keeps the value.
    const right = op === ExprBinary_Op.Pow && !anyExponent ? build.number(1) : n0(b());
    const made = withMeta(mt, build.record([[0, build.binary(op, n0(a()), right)]]));
    return [name, fn(2, [build.ret([made])], g.typed)];
  });
  const negated = withMeta(mt, build.record([[0, build.unary(ExprUnary_Op.Minus, n0(a()))]]));
  methods.push(['__unm', fn(1, [build.ret([negated])], g.typed)]);
  return methods;
}

/** `__eq`, `__lt` and `__le` on the objects' field 0. */
function comparisonMethods(g: Gen): [string, Expr][] {
  const compare = (op: ExprBinary_Op) =>
    fn(2, [build.ret([build.binary(op, n0(a()), n0(b()))])], g.typed);
  return [
    ['__eq', compare(ExprBinary_Op.CompareEq)],
    ['__lt', compare(ExprBinary_Op.CompareLt)],
    ['__le', compare(ExprBinary_Op.CompareLe)],
  ];
}

/** `__concat`: each side shown as a test of its type, its raw field or its `tostring`. */
function concatMethod(g: Gen): Expr {
  const side = (e: Expr) =>
    g.choose(
      build.binary(
        ExprBinary_Op.CompareEq,
        build.call(build.global('type'), [e]),
        build.string('table'),
      ),
      build.call(build.global('tostring'), [
        build.call(build.global('rawget'), [e, build.string('n0')]),
      ]),
      build.call(build.global('tostring'), [e]),
    );
  const joined = build.binary(
    ExprBinary_Op.Concat,
    build.group(side(a())),
    build.binary(ExprBinary_Op.Concat, build.string('~'), build.group(side(b()))),
  );
  return fn(2, [build.ret([joined])], g.typed);
}

/** `__newindex`: stores the value doubled through `rawset`. */
function newindexMethod(g: Gen): Expr {
  const doubled = build.binary(ExprBinary_Op.Mul, build.local(254), build.number(2));
  return fn(3, [build.callStat(build.call(build.global('rawset'), [a(), b(), doubled]))], g.typed);
}

/** `__index`: a chain of three tables ending in a function. */
function indexChain(g: Gen): Expr {
  const last = fn(2, [build.ret([build.unary(ExprUnary_Op.Len, b())])], g.typed);
  const level2 = withMetaTable(
    build.record([[5, build.number(-5)]]),
    build.record([['__index', last]]),
  );
  return withMetaTable(build.record([[4, build.number(44)]]), build.record([['__index', level2]]));
}

function withMetaTable(t: Expr, meta: Expr): Expr {
  return build.call(build.global('setmetatable'), [t, meta]);
}

/**
 * Comparisons of objects: all of them, but only `==` and `~=` at the typed level, where strict
 * mode refuses to order an object's metatable type against `any`.
 */
function orders(g: Gen): ExprBinary_Op[] {
  const eq = [ExprBinary_Op.CompareEq, ExprBinary_Op.CompareNe];
  if (g.typed) return eq;
  return [...eq, ExprBinary_Op.CompareLt, ExprBinary_Op.CompareLe, ExprBinary_Op.CompareGt];
}

function objOf(g: Gen, d: number): Expr {
  return g.expr('obj', d + 1);
}

/**
 * Objects sharing the program's metatable: made by `setmetatable` and by arithmetic on
 * objects; read through fields, `__index` chains, `#`, calls, comparisons, `tostring` and
 * `..`.
 *
 * @example
 * ```ts
 * metatableModel.exprs.num?.[0]?.(g, 0); // o.n4 (through __index)
 * ```
 */
export const metatableModel: LibraryModel = {
  name: 'metatable',
  on: (g) => g.meta !== undefined,
  exprs: {
    obj: [
      (g, d) => withMeta(g.meta!, build.record([[0, g.num(d + 1)]])),
      (g, d) => build.binary(g.choices.pick(arith)[1], objOf(g, d), objOf(g, d)),
      (g, d) => build.unary(ExprUnary_Op.Minus, objOf(g, d)),
    ],
    num: [
      (g, d) => build.field(objOf(g, d), g.choices.pick([0, 4, 5, 6])),
      (g, d) => build.unary(ExprUnary_Op.Len, objOf(g, d)),
      (g, d) => build.call(objOf(g, d), [g.num(d + 1)]),
    ],
    bool: [
      // Distinct objects with equal fields: `==` is decided by `__eq`, not by identity.
      (g, d) => {
        const v = g.pickVar('obj');
        if (v === undefined) return g.bool(d + 1);
        const copy = withMeta(g.meta!, build.record([[0, build.field(g.ref(v.name), 0)]]));
        const op = g.choices.pick(orders(g));
        return g.choices.chance(50)
          ? build.binary(op, g.ref(v.name), copy)
          : build.binary(op, copy, g.ref(v.name));
      },
      (g, d) => build.binary(g.choices.pick(orders(g)), objOf(g, d), objOf(g, d)),
      (g, d) => build.call(build.global('rawequal'), [objOf(g, d), objOf(g, d)]),
      (g, d) =>
        build.call(build.global('rawequal'), [
          build.call(build.global('getmetatable'), [objOf(g, d)]),
          build.local(g.meta!),
        ]),
    ],
    str: [
      (g, d) => build.call(build.global('tostring'), [objOf(g, d)]),
      (g, d) => build.binary(ExprBinary_Op.Concat, objOf(g, d), g.str(d + 1)),
      (g, d) => build.binary(ExprBinary_Op.Concat, g.str(d + 1), objOf(g, d)),
    ],
  },
  stats: [
    (g, d) => {
      const v = g.pickVar('obj');
      if (v === undefined) return [];
      return [build.assign([build.field(g.ref(v.name), 3)], [g.num(d + 1)])];
    },
  ],
};
