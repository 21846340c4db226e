import { exactExponents } from './profile-library.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { LibraryModel, Production } from './model.js';

/** `math.f(x)` for each `f` of one number the profile has. */
function unary(names: string[]): Production {
  return (g, d) => {
    const avail = names.filter((n) => g.has(`math.${n}`));
    return g.lib('math', g.choices.pick(avail), [g.num(d + 1)]);
  };
}

/** 1 to 6 arguments: each arity is a distinct fast call. */
function many(g: Gen, d: number, ty: 'num' | 'int'): ReturnType<Production>[] {
  const n = 1 + g.choices.int(6);
  return Array.from({ length: n }, () => g.expr(ty, d + 1));
}

/**
 * `math`: rounding, `abs`, `max`/`min` with many arguments, `fmod`, `modf`, `sqrt`, `clamp`,
 * `sign`, `round`, `log`, `ldexp`, `pow` and (in the `luau` profile) the trigonometric
 * functions; integer results from integer arguments.
 *
 * @example
 * ```ts
 * mathModel.exprs.num?.[0]?.(g, 0); // math.floor(...) or similar
 * ```
 */
export const mathModel: LibraryModel = {
  name: 'math',
  on: (g) => g.swarm.arithmetic,
  exprs: {
    num: [
      unary([
        'floor',
        'ceil',
        'abs',
        'sqrt',
        'sign',
        'round',
        'sin',
        'cos',
        'tan',
        'exp',
        'asin',
        'atan',
        'tanh',
      ]),
      unary(['log', 'deg', 'rad', 'cosh', 'sinh', 'log10', 'abs', 'floor']),
      (g, d) => g.lib('math', g.choices.pick(['max', 'min']), many(g, d, 'num')),
      (g, d) => g.lib('math', 'fmod', [g.num(d + 1), g.num(d + 1)]),
      (g, d) => build.group(g.lib('math', 'modf', [g.num(d + 1)])),
      (g, d) => {
        const [lo, hi] = g.choices.pick([
          [-100, 100],
          [0, 1],
          [-1000000, 1000000],
          [3, 3],
        ] as const);
        return g.lib('math', 'clamp', [g.num(d + 1), build.number(lo), build.number(hi)]);
      },
      (g, d) =>
        g.lib('math', 'log', [
          g.num(d + 1),
          build.number(g.choices.pick(g.has('math.log10') ? [2, 10, 3] : [3])),
        ]),
      (g, d) =>
        g.lib('math', 'pow', [
          g.num(d + 1),
          build.number(g.choices.pick(g.anyExponent() ? [2, 3, -1, 0] : exactExponents)),
        ]),
      (g, d) =>
        g.has('math.atan2')
          ? g.lib('math', 'atan2', [g.num(d + 1), g.num(d + 1)])
          : g.lib('math', 'sqrt', [g.num(d + 1)]),
      (g, d) => g.lib('math', 'ldexp', [g.num(d + 1), build.number(g.choices.int(12) - 4)]),
      // Of finite values only: the exponent of an infinity or NaN differs between C libraries.
      (g, d) => build.group(g.lib('math', 'frexp', [g.int(d + 1)])),
    ],
    int: [
      (g, d) => g.lib('math', g.choices.pick(['floor', 'ceil', 'abs', 'sign']), [g.int(d + 1)]),
      (g, d) => g.lib('math', g.choices.pick(['max', 'min']), many(g, d, 'int')),
      (g, d) => g.lib('math', 'clamp', [g.int(d + 1), build.number(-100), build.number(100)]),
      (g, d) => g.lib('math', 'fmod', [g.int(d + 1), build.number(1 + g.choices.int(97))]),
      (g, d) =>
        build.call(build.global('select'), [
          build.number(2),
          g.lib('math', 'frexp', [g.int(d + 1)]),
        ]),
    ],
    bool: [
      (g, d) =>
        build.binary(
          g.choices.pick([10, 11, 9]),
          g.lib('math', g.choices.pick(['floor', 'abs', 'ceil']), [g.num(d + 1)]),
          g.num(d + 1),
        ),
    ],
  },
};
