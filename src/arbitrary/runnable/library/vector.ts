import { ExprBinary_Op, ExprUnary_Op, type Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { LibraryModel } from './model.js';
import { equalityForm, textForms } from './read-back-forms.js';

/** `vector.f(args)`. */
function call(g: Gen, f: string, args: Expr[]): Expr {
  return g.lib('vector', f, args);
}

/** `vector.create(x, y, z)` of constants (for `clamp` bounds, where lower ≤ upper). */
function constant(g: Gen, xs: readonly number[]): Expr {
  return call(
    g,
    'create',
    xs.map((x) => (x < 0 ? build.unary(ExprUnary_Op.Minus, build.number(-x)) : build.number(x))),
  );
}

/** Vectors from numbers of every kind (each component rounded to 32 bits; `z` 0 when left out). */
function vectorLeaf(g: Gen, d: number): Expr {
  const n = g.choices.chance(80) ? 3 : 2;
  return call(
    g,
    'create',
    Array.from({ length: n }, () => g.expr(g.choices.chance(50) ? 'int' : 'num', d + 1)),
  );
}

// No `//`: Luau 0.715's native code rounds a vector floor division of constants differently
// from its interpreter (`vector.create(1, 268435456, 1) // vector.create(1, 6, 1)` in a loop
// of the main chunk: 44739244 against 44739240).
const arith = [ExprBinary_Op.Add, ExprBinary_Op.Sub, ExprBinary_Op.Mul, ExprBinary_Op.Div];

const operations: ((g: Gen, d: number) => Expr)[] = [
  (g, d) => build.binary(g.choices.pick(arith), vectorValue(g, d + 1), vectorValue(g, d + 1)),
  // A vector scaled by a number, on either side.
  (g, d) =>
    g.choices.chance(50)
      ? build.binary(
          g.choices.pick([ExprBinary_Op.Mul, ExprBinary_Op.Div]),
          vectorValue(g, d + 1),
          g.num(d + 1),
        )
      : build.binary(
          g.choices.pick([ExprBinary_Op.Mul, ExprBinary_Op.Div]),
          g.num(d + 1),
          vectorValue(g, d + 1),
        ),
  (g, d) => build.unary(ExprUnary_Op.Minus, vectorValue(g, d + 1)),
  (g, d) => call(g, g.choices.pick(['abs', 'floor', 'ceil', 'sign']), [vectorValue(g, d + 1)]),
  (g, d) =>
    call(
      g,
      g.choices.pick(['max', 'min']),
      Array.from({ length: 1 + g.choices.int(3) }, () => vectorValue(g, d + 1)),
    ),
  (g, d) =>
    call(g, 'clamp', [
      vectorValue(g, d + 1),
      constant(g, [-1, 0, -100]),
      constant(
        g,
        g.choices.pick([
          [1, 0, 100],
          [5, 2, 1000000],
        ]),
      ),
    ]),
];

/**
 * An expression of Luau's `vector` type: made by `vector.create` from numbers of every kind,
 * combined by arithmetic (with vectors and numbers) and the `vector` library functions.
 *
 * @example
 * ```ts
 * vectorValue(g, 0); // vector.create(l1, 0.5, -3) * l4
 * ```
 */
export function vectorValue(g: Gen, d: number): Expr {
  if (g.leafOnly(d) || g.choices.chance(40)) return vectorLeaf(g, d);
  g.nodes += 2;
  return g.choices.pick(operations)(g, d);
}

/**
 * Luau's `vector` library and vector arithmetic: vectors read back as text (`tostring`, which
 * prints each 32-bit component exactly), as components (`v.x`) and compared with `==`.
 *
 * @example
 * ```ts
 * vectorModel.exprs.str?.[0]?.(g, 0); // tostring(vector.create(1, 2, 3) * 0.5)
 * ```
 */
export const vectorModel: LibraryModel = {
  name: 'vector',
  on: (g) => g.swarm.vectors && g.has('vector.create'),
  exprs: {
    str: textForms(vectorValue, 'v='),
    num: [
      (g, d) =>
        build.indexExpr(
          build.group(vectorValue(g, d + 1)),
          build.string(g.choices.pick(['x', 'y', 'z'])),
        ),
    ],
    bool: [equalityForm(vectorValue)],
  },
};
