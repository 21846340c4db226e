import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { freshLocals, fueledFor, kit, type Locals } from '../kit.js';
import { type Fresh, localFunctionShape, type ShapeNeeds } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';
import { paramAnnotations } from '../../values/annotations.js';
import { libIndex } from '../../library/lib-index.js';
import { reduceInt } from '../../values/reduce-int.js';
import { primitive } from '../../values/types.js';

/** `vector.clamp(acc, lo, vector.max(b, lo))`: the upper bound at least the lower one. */
function clampTerm(acc: Local, b: Local): Expr {
  const lo = () => kit.lib('vector', 'create', [kit.num(-1), kit.num(-2), kit.num(-3)]);
  return kit.lib('vector', 'clamp', [
    kit.ref(acc),
    lo(),
    kit.lib('vector', 'max', [kit.ref(b), lo()]),
  ]);
}

/**
 * A new value of the accumulator `acc`: a vector operator or library function of the
 * parameters `a`, `b` and the loop's index `i`.
 */
function vectorTerm(g: Gen, [a, b, acc, i]: Locals<4>): Expr {
  const c = g.choices;
  return c.pick([
    () => kit.bin(c.pick(['+', '-'] as const), kit.ref(acc), kit.ref(b)),
    () =>
      kit.bin(
        c.pick(['*', '/', '//'] as const),
        kit.ref(acc),
        kit.bin('+', kit.ref(i), kit.num(c.pick([0.5, 1, -2]))),
      ),
    () => kit.bin('*', kit.ref(a), kit.ref(b)),
    // A number on the left: the scalar operand scales each component.
    () =>
      kit.bin(
        c.pick(['*', '/'] as const),
        kit.bin('+', kit.ref(i), kit.num(c.pick([0.5, -1]))),
        kit.ref(acc),
      ),
    // A vector by a vector (floor-divided only in the luau profile: luau-web rounds apart).
    () => kit.bin(g.options.profile === 'luau' ? '//' : '/', kit.ref(acc), kit.ref(b)),
    // The library functions newer than the name table, called through an index.
    () =>
      c.chance(50)
        ? libIndex('vector', 'cross', [kit.ref(acc), kit.ref(b)])
        : libIndex('vector', 'normalize', [kit.ref(acc)]),
    () =>
      kit.bin(
        '*',
        kit.ref(b),
        libIndex('vector', c.pick(['dot', 'magnitude']), [kit.ref(acc), kit.ref(a)]),
      ),
    () => kit.bin('/', kit.ref(b), kit.ref(a)),
    () => kit.neg(kit.ref(acc)),
    () => kit.lib('vector', c.pick(['abs', 'floor', 'ceil', 'sign']), [kit.ref(acc)]),
    () => kit.lib('vector', c.pick(['max', 'min']), [kit.ref(acc), kit.ref(b)]),
    () => clampTerm(acc, b),
    () =>
      kit.lib('vector', 'create', [
        kit.index(kit.ref(acc), kit.str('y')),
        kit.ref(i),
        kit.index(kit.ref(b), kit.str('x')),
      ]),
  ])();
}

/** A vector argument: of constant components or of components the program computes. */
function vectorArg(g: Gen, d: number): Expr {
  const c = g.choices;
  return kit.lib(
    'vector',
    'create',
    c.chance(50)
      ? [
          kit.num(c.pick([1, -0.5, 3])),
          kit.num(c.pick([0, 2.5, -4])),
          kit.num(c.pick([-1, 1e-3, 7])),
        ]
      : // Components the program computes, never NaN (`vector.clamp` refuses NaN bounds).
        [reduceInt(g, g.int(d + 1)), reduceInt(g, g.int(d + 1)), kit.num(c.pick([0, 1]))],
  );
}

/**
 * Now and then a field or a method a vector does not have, in a function that knows its
 * parameter is a vector: native code leaves the access to the interpreter, which raises the
 * error (under `pcall`).
 */
function missingMemberStats(g: Gen, d: number, fresh: Fresh): Stat[] {
  const c = g.choices;
  if (!c.chance(30)) return [];
  g.scope.pushFrame(false);
  const v = fresh();
  const missing = build.func(
    [v],
    [
      build.ret([
        c.chance(50)
          ? kit.index(kit.ref(v), kit.str(c.pick(['w', 'n0', 'magnitude'])))
          : build.call(build.field(kit.ref(v), c.int(3)), [], true),
      ]),
    ],
    false,
    g.options.features.typeAnnotations ? [primitive('vector')] : [],
  );
  g.scope.popFrame();
  return [kit.print([kit.first(kit.call('pcall', [build.funcExpr(missing), vectorArg(g, d)]))])];
}

/**
 * A function whose loop computes with vectors: component-wise operators with vectors and
 * numbers (`+`, `-`, `*`, `/`, `//`, unary minus), the vector library's functions of one and
 * several vectors, and components read back, called with constant and computed vectors: the
 * float arithmetic native code keeps in SIMD registers.
 *
 * @example
 * ```ts
 * // local function v(a, b, n) local acc = a for i = 1, n do acc = acc * 0.5 + vector.floor(b / i) end return acc.x, acc.y, acc.z end
 * vectorShape(g, 0);
 * ```
 */
export const vectorShape: StatProduction = (g, d) => {
  const needs: ShapeNeeds = { swarm: 'vectors', when: g.has('vector.create'), room: 10 };
  return localFunctionShape(g, needs, ({ f: vf, fresh, endFrame }) => {
    const c = g.choices;
    const [a, b, n, acc, i] = freshLocals(fresh, 5);
    const body: Stat[] = Array.from({ length: 1 + c.int(3) }, () =>
      build.assign([kit.ref(acc)], [vectorTerm(g, [a, b, acc, i])]),
    );
    // Components by either case: native code reads both from the vector itself.
    const comps = ['x', 'y', 'z'].map((k) =>
      kit.index(kit.ref(acc), kit.str(c.chance(30) ? k.toUpperCase() : k)),
    );
    const fn = build.func(
      [a, b, n],
      [
        build.localStat([acc], [kit.ref(a)]),
        fueledFor(g, i, kit.num(1), kit.ref(n), undefined, body),
        build.ret(comps),
      ],
      false,
      paramAnnotations(g, 3),
    );
    endFrame();
    const calls = Array.from({ length: 2 }, () =>
      build.call(build.local(vf.name), [
        vectorArg(g, d),
        vectorArg(g, d),
        kit.num(c.pick([1, 2, 3])),
      ]),
    );
    const stats = [
      build.localFunction(vf, fn),
      kit.print(calls),
      ...missingMemberStats(g, d, fresh),
    ];
    return [build.doBlock(stats)];
  });
};
