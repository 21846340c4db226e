import type { Expr, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { freshLocals, fueledFor, kit } from '../kit.js';
import { localFunctionShape, type ShapeNeeds } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';
import { paramAnnotations } from '../../values/annotations.js';
import { libIndex } from '../../library/lib-index.js';
import { reduceInt } from '../../values/reduce-int.js';
import { primitive } from '../../values/types.js';

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
    const vecTerm = (): Expr =>
      c.pick([
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
        () => {
          // The upper bound at least the lower one in every component.
          const lo = () => kit.lib('vector', 'create', [kit.num(-1), kit.num(-2), kit.num(-3)]);
          return kit.lib('vector', 'clamp', [
            kit.ref(acc),
            lo(),
            kit.lib('vector', 'max', [kit.ref(b), lo()]),
          ]);
        },
        () =>
          kit.lib('vector', 'create', [
            kit.index(kit.ref(acc), kit.str('y')),
            kit.ref(i),
            kit.index(kit.ref(b), kit.str('x')),
          ]),
      ])();
    const body: Stat[] = Array.from({ length: 1 + c.int(3) }, () =>
      build.assign([kit.ref(acc)], [vecTerm()]),
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
    const vec = (): Expr =>
      kit.lib(
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
    const calls = Array.from({ length: 2 }, () =>
      build.call(build.local(vf.name), [vec(), vec(), kit.num(c.pick([1, 2, 3]))]),
    );
    const stats = [build.localFunction(vf, fn), kit.print(calls)];
    if (c.chance(30)) {
      // A field or a method a vector does not have, in a function that knows its parameter is
      // a vector: native code leaves the access to the interpreter, which raises the error.
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
      stats.push(kit.print([kit.first(kit.call('pcall', [build.funcExpr(missing), vec()]))]));
    }
    return [build.doBlock(stats)];
  });
};
