import { ExprBinary_Op, ExprUnary_Op } from '../../../../gen/luau_pb.js';
import type { Expr, Local, Stat, Type } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import { opaque, print, scalarType, typeName, typeTest, use, value } from './typed-parts.js';
import { ty } from './typed-types.js';
import type { Scalar } from '../values/types.js';

const three: Scalar[] = ['num', 'str', 'bool'];

const ref = (x: Local) => build.local(x.name);

/** What each form of `subtypingStat` draws with: its three scalars, their types, and a local declarer. */
interface SubtypingDraw {
  readonly g: Gen;
  readonly d: number;
  readonly out: Stat[];
  readonly local: (type: Type, v: Expr) => Local;
  readonly a: Scalar;
  readonly b: Scalar;
  readonly c: Scalar;
  readonly ta: Type;
  readonly tb: Type;
  readonly tc: Type;
  readonly fa: Scalar;
  readonly fb: Scalar;
  readonly tfa: Type;
  readonly tfb: Type;
}

/**
 * Values passed between unions and intersections, which the checker normalizes: an
 * intersection of unions, a union widened step by step, intersections of tables (with an
 * indexer too), `unknown & T`, `any | T`, `never | T`, optional fields written later, a union
 * of array types, a field of union type refined, boolean singletons widened, optional
 * parameters refined before returning, a function field whose lambda is inferred, and a
 * scalar-or-table union refined by `type(x) == "table"`. Each form is drawn on its own.
 *
 * @example
 * ```ts
 * subtypingStat(g, 1); // local l5: (number | string) & (string | boolean) = ...
 * ```
 */
export const subtypingStat: StatProduction = (g: Gen, d: number): Stat[] => {
  if (!g.options.features.ifExpressions) return [];
  const out: Stat[] = [];
  const local = (type: ReturnType<typeof ty.prim>, v: ReturnType<typeof value>): Local => {
    const [x] = opaque(g, 1);
    out.push(build.localStat([x], [v], [type]));
    return x;
  };
  const [a, b, c] = [g.choices.pick(three), g.choices.pick(three), g.choices.pick(three)];
  const ta = scalarType(a);
  const tb = scalarType(b);
  const tc = scalarType(c);
  // In tables: numbers for booleans (see `fieldScalars` in typed-statements.ts).
  const [fa, fb] = [a, b].map((s) => (s === 'bool' ? 'num' : s)) as [Scalar, Scalar];
  const tfa = scalarType(fa);
  const tfb = scalarType(fb);
  const t: SubtypingDraw = { g, d, out, local, a, b, c, ta, tb, tc, fa, fb, tfa, tfb };
  if (g.choices.chance(50)) intersectionOfUnions(t);
  if (g.choices.chance(50)) widenedUnion(t);
  if (g.choices.chance(50)) tableIntersections(t);
  if (g.choices.chance(50)) unknownAnyNever(t);
  if (g.choices.chance(50)) optionalFieldLater(t);
  if (g.choices.chance(50)) unionOfArrays(t);
  if (fa !== fb && g.choices.chance(50)) refinedUnionField(t);
  if (g.choices.chance(50)) widenedBooleanSingletons(t);
  if (g.choices.chance(50)) refinedOptionalParameters(t);
  if (g.choices.chance(50)) inferredLambdaField(t);
  if (g.choices.chance(50)) scalarOrTable(t);
  return out;
};

/** `(A | B) & (A | C)` holding an A. */
function intersectionOfUnions({ g, d, out, local, a, ta, tb, tc }: SubtypingDraw): void {
  // (A | B) & (A | C) holds an A.
  const x = local(ty.intersection(ty.union(ta, tb), ty.union(tc, ta)), value(g, a, d + 1));
  out.push(print([ref(x)]));
}

/** A union widened step by step. */
function widenedUnion({ g, d, out, local, a, b, ta, tb, tc }: SubtypingDraw): void {
  const x = local(
    ty.union(ta, tb),
    build.ifElse(g.bool(d + 1), value(g, a, d + 1), value(g, b, d + 1)),
  );
  const y = local(ty.union(ty.union(tb, tc), ta), ref(x));
  const z = local(ty.optional(ty.union(tc, ty.union(ta, tb))), ref(y));
  out.push(print([ref(z)]));
}

/** Intersections of tables, one with an indexer. */
function tableIntersections({ g, d, out, local, fa, tfa, tfb }: SubtypingDraw): void {
  const x = local(
    ty.intersection(ty.table([[0, tfa]]), ty.table([[0, ty.union(tfa, tfb)]])),
    build.record([[0, value(g, fa, d + 1)]]),
  );
  const y = local(
    ty.intersection(ty.table([], [ty.prim('string'), tfa]), ty.table([[1, tfa]])),
    build.record([[1, value(g, fa, d + 1)]]),
  );
  out.push(print([build.field(ref(x), 0), build.field(ref(y), 1)]));
}

/** `unknown & A`, `any | B`, `never | C`. */
function unknownAnyNever({ g, d, out, local, a, b, c, ta, tb, tc }: SubtypingDraw): void {
  const x = local(ty.intersection(ty.prim('unknown'), ta), value(g, a, d + 1));
  const y = local(ty.union(ty.prim('any'), tb), value(g, b, d + 1));
  const z = local(ty.union(ty.prim('never'), tc), value(g, c, d + 1));
  out.push(print([use(a, ref(x)), ref(y), use(c, ref(z))]));
}

/** An optional field written after the table is built. */
function optionalFieldLater({ g, d, out, local, fa, fb, tfa, tfb }: SubtypingDraw): void {
  const x = local(
    ty.table([
      [0, tfa],
      [1, ty.optional(tfb)],
    ]),
    build.record([[0, value(g, fa, d + 1)]]),
  );
  out.push(build.assign([build.field(ref(x), 1)], [value(g, fb, d + 1)]));
  out.push(print([build.field(ref(x), 0), build.field(ref(x), 1)]));
}

/** A union of array types. */
function unionOfArrays({ g, d, out, local, fa, tfa, tfb }: SubtypingDraw): void {
  const x = local(
    ty.union(ty.array(tfa), ty.array(tfb)),
    build.array([value(g, fa, d + 1), value(g, fa, d + 1)]),
  );
  out.push(print([build.unary(ExprUnary_Op.Len, ref(x))]));
}

/** A field of union type refined by `type`. */
function refinedUnionField({ g, d, out, local, fa, fb, tfa, tfb }: SubtypingDraw): void {
  const x = local(
    ty.table([[0, ty.union(tfa, tfb)]]),
    build.record([[0, build.ifElse(g.bool(d + 1), value(g, fa, d + 1), value(g, fb, d + 1))]]),
  );
  const field = build.field(ref(x), 0);
  out.push(build.ifStat(typeTest(g, field, typeName(fa)), [print([use(fa, field)])]));
}

/** Boolean singletons widened to `boolean`. */
function widenedBooleanSingletons({ g, d, out, local }: SubtypingDraw): void {
  const x = local(ty.union(ty.bool(true), ty.bool(false)), g.bool(d + 1));
  const y = local(ty.prim('boolean'), ref(x));
  out.push(print([ref(y)]));
}

/** Optional parameters refined before they are returned. */
function refinedOptionalParameters({ g, d, out }: SubtypingDraw): void {
  // Optional parameters refined before they are returned.
  const [f, p, q] = opaque(g, 3);
  const body = [
    build.ifStat(ref(p), [build.ret([ref(p)])]),
    build.ret([build.binary(ExprBinary_Op.Or, ref(q), build.string(''))]),
  ];
  out.push(
    build.localFunction(
      f,
      build.func(
        [p, q],
        body,
        false,
        [ty.optional(ty.prim('number')), ty.optional(ty.prim('string'))],
        [ty.union(ty.prim('number'), ty.prim('string'))],
      ),
    ),
  );
  const first = g.choices.chance(50) ? build.nil() : value(g, 'num', d + 1);
  const second = g.choices.chance(50) ? build.nil() : value(g, 'str', d + 1);
  out.push(print([build.call(ref(f), [first, second])]));
}

/** A function field whose lambda's parameter is inferred from the field's type. */
function inferredLambdaField({ g, d, out, local, a, ta }: SubtypingDraw): void {
  // A function field: the lambda's parameter is inferred from the field's type.
  const [p] = opaque(g, 1);
  const lambda = build.funcExpr(build.func([p], [build.ret([use(a, ref(p))])]));
  const x = local(
    ty.table([[0, ty.fn([ta], [scalarType(a === 'str' ? 'num' : a)])]]),
    build.record([[0, lambda]]),
  );
  out.push(print([build.call(build.field(ref(x), 0), [value(g, a, d + 1)])]));
}

/** A scalar-or-table union refined by `type(x) == "table"`. */
function scalarOrTable({ g, d, out, local, a, ta, fb, tfb }: SubtypingDraw): void {
  const x = local(
    ty.union(ta, ty.table([[0, tfb]])),
    build.ifElse(g.bool(d + 1), value(g, a, d + 1), build.record([[0, value(g, fb, d + 1)]])),
  );
  out.push(
    build.ifStat(
      typeTest(g, ref(x), 'table'),
      [print([use(fb, build.field(ref(x), 0))])],
      [print([ref(x)])],
    ),
  );
}
