import type { Expr, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { freshLocals, fueledFor, kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';
import { paramAnnotations } from '../../values/annotations.js';
import { libIndex } from '../../library/lib-index.js';
import { reduceInt } from '../../values/reduce-int.js';

/**
 * Fast-call builtins of numbers: each spelled as a call of `x` (any number) and `k` (an int).
 *
 * @example
 * ```ts
 * kernelCalls[0]![1](x, k, g); // math.abs(x)
 * ```
 */
const kernelCalls: [string, (x: Expr, k: Expr, g: Gen) => Expr][] = [
  ['math.abs', (x) => kit.lib('math', 'abs', [x])],
  ['math.floor', (x) => kit.lib('math', 'floor', [x])],
  ['math.ceil', (x) => kit.lib('math', 'ceil', [x])],
  ['math.round', (x) => kit.lib('math', 'round', [x])],
  ['math.sign', (x) => kit.lib('math', 'sign', [x])],
  ['math.sqrt', (x) => kit.lib('math', 'sqrt', [kit.lib('math', 'abs', [x])])],
  ['math.fmod', (x, k) => kit.lib('math', 'fmod', [x, kit.bin('+', k, kit.num(1))])],
  ['math.max', (x, k) => kit.lib('math', 'max', [x, k])],
  ['math.min', (x, k) => kit.lib('math', 'min', [x, k, kit.num(0.5)])],
  ['math.clamp', (x) => kit.lib('math', 'clamp', [x, kit.num(-2.5), kit.num(2.5)])],
  ['math.pow', (x) => kit.lib('math', 'pow', [x, kit.num(2)])],
  ['math.ldexp', (x) => kit.lib('math', 'ldexp', [x, kit.num(3)])],
  ['math.modf', (x) => kit.first(kit.lib('math', 'modf', [x]))],
  ['math.rad', (x) => kit.lib('math', 'rad', [x])],
  ['math.deg', (x) => kit.lib('math', 'deg', [x])],
  [
    'math.exp',
    (x) => kit.lib('math', 'exp', [kit.lib('math', 'clamp', [x, kit.num(-20), kit.num(20)])]),
  ],
  [
    'math.log',
    (x) => kit.lib('math', 'log', [kit.bin('+', kit.lib('math', 'abs', [x]), kit.num(1))]),
  ],
  ['math.sin', (x) => kit.lib('math', 'sin', [x])],
  ['math.cos', (x) => kit.lib('math', 'cos', [x])],
  ['math.atan2', (x) => kit.lib('math', 'atan2', [x, kit.num(2)])],
  ['math.tanh', (x) => kit.lib('math', 'tanh', [x])],
  [
    'math.asin',
    (x, _k, g) =>
      kit.lib('math', g.choices.pick(['asin', 'acos']), [
        kit.lib('math', 'clamp', [x, kit.num(-1), kit.num(1)]),
      ]),
  ],
  ['math.atan', (x) => kit.lib('math', 'atan', [x])],
  ['math.tan', (x) => kit.lib('math', 'tan', [x])],
  [
    'math.cosh',
    (x) => kit.lib('math', 'cosh', [kit.lib('math', 'clamp', [x, kit.num(-30), kit.num(30)])]),
  ],
  [
    'math.sinh',
    (x) => kit.lib('math', 'sinh', [kit.lib('math', 'clamp', [x, kit.num(-30), kit.num(30)])]),
  ],
  ['math.log10', (x) => kit.lib('math', 'log10', [kit.lib('math', 'abs', [x])])],
  [
    'math.log',
    (x, k) =>
      kit.lib('math', 'log', [
        kit.lib('math', 'abs', [x]),
        kit.bin('+', kit.bin('%', k, kit.num(9)), kit.num(2)),
      ]),
  ],
  ['math.max', (x, k) => kit.lib('math', 'max', [x, k, kit.num(-1), kit.bin('-', x, k)])],
  [
    '',
    (x, k, g) =>
      kit.bin(
        g.choices.pick(['//', '%'] as const),
        x,
        kit.bin('+', kit.bin('%', k, kit.num(7)), kit.num(1)),
      ),
  ],
  [
    '',
    (_x, k, g) =>
      kit.lib('bit32', g.choices.pick(['band', 'bor', 'bxor']), [
        k,
        kit.num(0x0ff0),
        kit.bin('*', k, kit.num(3)),
      ]),
  ],
  [
    '',
    (_x, k) =>
      kit.lib('bit32', 'extract', [
        kit.bin('*', k, kit.num(7)),
        kit.bin('%', k, kit.num(16)),
        kit.bin('+', kit.bin('%', k, kit.num(8)), kit.num(1)),
      ]),
  ],
  ['', (_x, k) => kit.lib('bit32', 'band', [k, kit.num(0xff0f)])],
  ['', (_x, k) => kit.lib('bit32', 'bxor', [k, kit.num(0x5555)])],
  ['', (_x, k) => kit.lib('bit32', 'bnot', [k])],
  ['', (_x, k, g) => kit.lib('bit32', 'lshift', [k, kit.num(g.choices.pick([0, 1, 31, 32, 16]))])],
  ['', (_x, k, g) => kit.lib('bit32', 'rshift', [k, kit.num(g.choices.pick([0, 1, 31, 32, 17]))])],
  [
    '',
    (_x, k, g) =>
      kit.lib('bit32', 'arshift', [
        kit.bin('-', k, kit.num(2 ** 20)),
        kit.num(g.choices.pick([0, 3, 31, 32])),
      ]),
  ],
  ['', (_x, k, g) => kit.lib('bit32', 'lrotate', [k, kit.num(g.choices.pick([1, 31, -3]))])],
  ['', (_x, k, g) => kit.lib('bit32', 'rrotate', [k, kit.num(g.choices.pick([1, 31, -3]))])],
  [
    '',
    (_x, k, g) => kit.lib('bit32', 'extract', [k, kit.num(g.choices.pick([0, 3, 31])), kit.num(1)]),
  ],
  [
    '',
    (_x, k, g) =>
      kit.lib('bit32', 'extract', [
        k,
        kit.num(g.choices.pick([0, 4, 8])),
        kit.num(g.choices.pick([1, 4, 8, 24])),
      ]),
  ],
  ['', (_x, k) => kit.lib('bit32', 'replace', [k, kit.num(5), kit.num(4), kit.num(3)])],
  // One bit, at a constant or a computed position; a replaced bit at a computed position.
  ['', (_x, k, g) => kit.lib('bit32', 'extract', [k, kit.num(g.choices.pick([0, 5, 31]))])],
  ['', (_x, k) => kit.lib('bit32', 'extract', [k, kit.bin('%', k, kit.num(32))])],
  [
    '',
    (_x, k) =>
      kit.lib('bit32', 'replace', [k, kit.bin('*', k, kit.num(3)), kit.bin('%', k, kit.num(32))]),
  ],
  ['', (_x, k) => kit.lib('bit32', 'countlz', [k])],
  ['', (_x, k) => kit.lib('bit32', 'countrz', [k])],
  [
    '',
    (_x, k) =>
      kit.orElse(
        kit.bin('and', kit.lib('bit32', 'btest', [k, kit.num(6)]), kit.num(1)),
        kit.num(0),
      ),
  ],
  // The math functions newer than the name table, called through an index.
  ['', (x, k) => libIndex('math', 'lerp', [x, k, kit.num(0.25)])],
  [
    '',
    (x, k) =>
      libIndex('math', 'map', [
        x,
        kit.num(-1),
        kit.bin('+', kit.bin('%', k, kit.num(5)), kit.num(1)),
        kit.num(0),
        kit.num(10),
      ]),
  ],
  [
    '',
    (x, _k, g) =>
      kit.orElse(
        kit.bin(
          'and',
          libIndex('math', g.choices.pick(['isnan', 'isinf', 'isfinite']), [x]),
          kit.num(1),
        ),
        kit.num(0),
      ),
  ],
  ['', (_x, k) => libIndex('bit32', 'byteswap', [k])],
  ['', (x) => kit.len(kit.type(x))],
  ['', (x) => kit.len(kit.call('typeof', [x]))],
  ['', (x, k) => kit.call('select', [kit.num(2), x, k])],
  ['', (x) => kit.orElse(kit.call('tonumber', [kit.text(x)]), kit.num(-1))],
];

/**
 * One of the fast-call builtins of {@link kernelCalls} that the profile has (its results agree
 * across the runtimes the profile is compared on).
 *
 * @example
 * ```ts
 * kernelCall(g)(x, k, g); // math.floor(x) or similar
 * ```
 */
export function kernelCall(g: Gen): (x: Expr, k: Expr, g: Gen) => Expr {
  return g.choices.pick(kernelCalls.filter(([name]) => name === '' || g.has(name)))[1];
}

/**
 * A function whose loop calls several fast-call builtins on a number and an int it is given
 * and on the loop variable, folding the results into an accumulator: what native code
 * translates builtin by builtin, called with ordinary values, edges and NaN.
 *
 * @example
 * ```ts
 * // local function k(x, j, n) local acc = 0 for i = 1, n do acc += math.floor(x * i) + bit32.band(j, 65295) end return acc end
 * kernelShape(g, 0);
 * ```
 */
export const kernelShape: StatProduction = (g, d) => {
  return localFunctionShape(g, { swarm: 'arithmetic', room: 10 }, ({ f: kf, fresh, endFrame }) => {
    const c = g.choices;
    const [x, j, n, acc, i] = freshLocals(fresh, 5);
    const xi = () => kit.bin(c.pick(['*', '+', '-', '/'] as const), kit.ref(x), kit.ref(i));
    const ji = () => kit.bin('+', kit.ref(j), kit.ref(i));
    const terms = Array.from({ length: 2 + c.int(4) }, () => kernelCall(g)(xi(), ji(), g));
    const body: Stat[] = terms.map((t) =>
      build.assign(
        [kit.ref(acc)],
        [kit.bin('+', kit.bin('*', kit.ref(acc), kit.num(c.pick([1, 3, 0.5]))), t)],
      ),
    );
    if (c.chance(30)) body.push(kit.print([kit.ref(acc)]));
    const fn = build.func(
      [x, j, n],
      [
        build.localStat([acc], [kit.num(0)]),
        fueledFor(g, i, kit.num(1), kit.ref(n), undefined, body),
        build.ret([kit.ref(acc)]),
      ],
      false,
      paramAnnotations(g, 3),
    );
    endFrame();
    const calls = Array.from({ length: 2 + c.int(2) }, () =>
      build.call(build.local(kf.name), [
        c.chance(50)
          ? kit.num(c.pick([0.5, -2.5, 1e10, -0, 2 ** 31, 3, NaN, Infinity]))
          : g.num(d + 1),
        kit.bin('%', reduceInt(g, g.int(d + 1)), kit.num(2 ** 31)),
        kit.num(c.pick([1, 2, 4])),
      ]),
    );
    return [build.doBlock([build.localFunction(kf, fn), kit.print(calls)])];
  });
};
