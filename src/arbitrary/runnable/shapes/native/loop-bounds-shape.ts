import type { Expr } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { freshLocals, fueledFor, kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';
import { paramAnnotations } from '../../values/annotations.js';
import { reduceInt } from '../../values/reduce-int.js';

/** Bounds of a numeric `for`: integer, fractional, negative, zero-trip and one-trip. */
const forBounds: [number, number, number | undefined][] = [
  [1, 3, undefined],
  [3, 1, -1],
  [0.5, 2, 0.5],
  [1, 0, undefined],
  [2, 2, undefined],
  [-2, 1, 0.75],
  [-3, -1, undefined],
  [5, 1, -2],
  [1, 2.5, undefined],
  [2 ** 31 - 2, 2 ** 31, undefined],
  [-1.5, -3, -0.5],
  [1, 1, -1],
  [10, 1, -3],
  [0, 1, 0.25],
];

/**
 * A function with a numeric loop over bounds it is given, called with integer, fractional,
 * negative, zero-trip and one-trip bounds and with bounds computed by the program: the loop's
 * trip count and its sum of the loop variable are returned (two results, expanded when last).
 *
 * @example
 * ```ts
 * // local function r(a, b, s) local n, acc = 0, 0 for i = a, b, s do n += 1 acc += i * 3 end return n, acc end
 * forBoundsShape(g, 0);
 * ```
 */
export const forBoundsShape: StatProduction = (g, d) => {
  return localFunctionShape(g, { swarm: 'loops', room: 10 }, ({ f: r, fresh, endFrame }) => {
    const c = g.choices;
    const [a, b, s, count, acc, i] = freshLocals(fresh, 6);
    const factor = kit.num(c.pick([1, 3, -2, 0.5]));
    const loop = fueledFor(g, i, kit.ref(a), kit.ref(b), kit.ref(s), [
      build.assign([kit.ref(count)], [kit.bin('+', kit.ref(count), kit.num(1))]),
      build.assign([kit.ref(acc)], [kit.bin('+', kit.ref(acc), kit.bin('*', kit.ref(i), factor))]),
    ]);
    const fn = build.func(
      [a, b, s],
      [
        build.localStat([count, acc], [kit.num(0), kit.num(0)]),
        loop,
        build.ret([kit.ref(count), kit.ref(acc)]),
      ],
      false,
      paramAnnotations(g, 3),
    );
    endFrame();
    const calls: Expr[] = [];
    const m = 2 + c.int(3);
    for (let k = 0; k < m; k++) {
      if (c.chance(25)) {
        calls.push(
          build.call(build.local(r.name), [
            reduceInt(g, g.int(d + 1)),
            reduceInt(g, g.int(d + 1)),
            kit.num(c.pick([1, -1, 2, 0.5])),
          ]),
        );
      } else {
        const [lo, hi, step] = c.pick(forBounds);
        calls.push(build.call(build.local(r.name), [kit.num(lo), kit.num(hi), kit.num(step ?? 1)]));
      }
    }
    return [build.doBlock([build.localFunction(r, fn), kit.print(calls)])];
  });
};
