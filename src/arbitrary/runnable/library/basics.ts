import { ExprUnary_Op } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { Ty } from '../values/types.js';
import type { LibraryModel } from './model.js';
import { orElse } from './results.js';

function scalars(g: Gen, d: number, n: number, ty: Ty = 'num') {
  return Array.from({ length: n }, () => g.expr(ty, d + 1));
}

/**
 * The base library: `select` with `'#'` and negative indices, `tostring`, `tonumber` (with
 * and without a base), `type`, `typeof`, `rawequal`.
 *
 * @example
 * ```ts
 * basicsModel.exprs.int?.[0]?.(g, 0); // select('#', a, b)
 * ```
 */
export const basicsModel: LibraryModel = {
  name: 'base',
  on: () => true,
  exprs: {
    int: [
      // Every chunk and vararg function may count its arguments.
      (g, d) =>
        g.scope.frame.vararg
          ? build.call(build.global('select'), [build.string('#'), build.varargs()])
          : build.unary(ExprUnary_Op.Len, g.str(d + 1)),
      (g, d) =>
        build.call(build.global('select'), [build.string('#'), ...scalars(g, d, g.choices.int(4))]),
    ],
    num: [
      (g, d) => build.group(build.call(build.global('assert'), [g.num(d + 1)])),
      (g, d) => {
        const n = 1 + g.choices.int(4);
        const k = g.choices.chance(50) ? 1 + g.choices.int(n) : -1 - g.choices.int(n);
        return build.group(
          build.call(build.global('select'), [build.number(k), ...scalars(g, d, n)]),
        );
      },
      (g, d) => orElse(build.call(build.global('tonumber'), [g.str(d + 1)]), build.number(0)),
      (g, d) =>
        orElse(
          build.call(build.global('tonumber'), [
            g.str(d + 1),
            build.number(g.choices.pick([2, 16, 36, 8])),
          ]),
          build.number(-1),
        ),
    ],
    str: [
      // `assert` passes a true value through (with its message, when given).
      (g, d) =>
        build.group(
          build.call(
            build.global('assert'),
            g.choices.chance(50) ? [g.str(d + 1)] : [g.str(d + 1), g.str(d + 1)],
          ),
        ),
      (g, d) =>
        build.call(build.global('tostring'), [
          g.expr(g.choices.pick(['num', 'bool', 'int']), d + 1),
        ]),
      (g, d) =>
        build.call(build.global(g.choices.pick(['type', 'typeof'])), [
          g.expr(g.choices.pick(['num', 'str', 'bool', 'iarr']), d + 1),
        ]),
    ],
    bool: [
      (g, d) => {
        const ty = g.choices.pick(['num', 'str', 'bool'] as const);
        return build.call(build.global('rawequal'), [g.expr(ty, d + 1), g.expr(ty, d + 1)]);
      },
    ],
  },
};
