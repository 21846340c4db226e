import type { Expr, Local } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { attempt, attemptFunction } from '../attempt.js';
import type { Gen } from '../../generator.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';
import { hasLibrary } from '../../library/profile-library.js';

/** Which values a builtin's arguments draw from. */
type Pool = 'num' | 'bits' | 'text' | 'any';

/**
 * Builtins the compiler turns into fast calls, with the pools of their arguments. `bits` keeps
 * to numbers whose conversion to 32 bits C defines (no infinities, NaN or values past 2^63).
 */
const builtins: [string, string, Pool[]][] = [
  ['math', 'abs', ['num']],
  ['math', 'floor', ['num']],
  ['math', 'ceil', ['num']],
  ['math', 'round', ['num']],
  ['math', 'sign', ['num']],
  ['math', 'sqrt', ['num']],
  ['math', 'log', ['num']],
  ['math', 'fmod', ['num', 'num']],
  ['math', 'modf', ['num']],
  ['math', 'frexp', ['num']],
  ['math', 'ldexp', ['num', 'bits']],
  ['math', 'min', ['num', 'num', 'num']],
  ['math', 'max', ['num', 'num']],
  ['math', 'clamp', ['num', 'num', 'num']],
  ['bit32', 'band', ['bits', 'bits']],
  ['bit32', 'bor', ['bits', 'bits', 'bits']],
  ['bit32', 'bxor', ['bits', 'bits']],
  ['bit32', 'btest', ['bits', 'bits']],
  ['bit32', 'bnot', ['bits']],
  ['bit32', 'lshift', ['bits', 'bits']],
  ['bit32', 'rshift', ['bits', 'bits']],
  ['bit32', 'arshift', ['bits', 'bits']],
  ['bit32', 'lrotate', ['bits', 'bits']],
  ['bit32', 'rrotate', ['bits', 'bits']],
  ['bit32', 'extract', ['bits', 'bits', 'bits']],
  ['bit32', 'extract', ['bits', 'bits']],
  ['bit32', 'replace', ['bits', 'bits', 'bits', 'bits']],
  ['bit32', 'countlz', ['bits']],
  ['bit32', 'countrz', ['bits']],
  ['string', 'byte', ['text', 'bits', 'bits']],
  ['string', 'len', ['text']],
  ['string', 'sub', ['text', 'bits']],
  ['string', 'char', ['bits', 'bits']],
  ['', 'tonumber', ['text', 'bits']],
  ['', 'tonumber', ['any']],
  ['', 'select', ['bits', 'any', 'any']],
  ['', 'rawlen', ['any']],
  ['', 'rawequal', ['any', 'any']],
  ['', 'typeof', ['any']],
  ['', 'getmetatable', ['any']],
  ['vector', 'create', ['num', 'num', 'num']],
];

/** Values around the edges each pool's functions treat specially. */
const values: Record<Pool, (number | string | boolean)[]> = {
  num: [
    0,
    -0,
    1,
    -1,
    2.5,
    -2.5,
    -0.5,
    2 ** 31,
    -(2 ** 53),
    1e300,
    Infinity,
    -Infinity,
    NaN,
    '7',
    ' 0x10 ',
    'x',
  ],
  bits: [
    0,
    1,
    -1,
    2,
    8,
    31,
    32,
    33,
    -31,
    2 ** 31,
    2 ** 32 - 1,
    -(2 ** 31),
    2.5,
    -2.5,
    '3',
    '0x1F',
    'x',
  ],
  text: ['', 'abc', '0x1F', ' 12 ', '-101', 'zz', '1e2', '7.5', 'ff', 3, -0.5],
  any: [0, -1, 2.5, 'ab', '10', '#', true, false],
};

/**
 * A constant of the pool. A parameter takes the pool of its first use and serves other calls
 * too, so a number may reach a conversion to 32 bits that C leaves undefined (infinities, NaN,
 * ±2^31 and beyond): one build gives one result in every mode, but luau-web's WebAssembly gives
 * another (`bit32.lrotate(33, 2 ^ 32 - 1)`), so its profile keeps to finite numbers within ±2^31.
 */
function constant(g: Gen, pool: Pool): Expr {
  const all = values[pool];
  const v = g.choices.pick(
    g.options.profile === 'luau'
      ? all
      : all.filter((x) => typeof x !== 'number' || Math.abs(x) < 2 ** 31),
  );
  if (typeof v === 'number') return kit.num(v);
  if (typeof v === 'string') return kit.str(v);
  return build.bool(v);
}

/**
 * Builtins that the compiler turns into fast calls, with their arguments through parameters
 * as well as constants: one function calls several of them on its parameters, and is called
 * with tuples of boundary values (zero, ±1, shifts around 31 and 32, ±2^31, infinities, NaN),
 * of numeric strings the library converts, and of values it refuses. Native code and the
 * interpreter's fast paths handle numbers, fall back to the library function for the rest, and
 * the same call sites see both. A refused call prints `!`; `getmetatable` prints its type.
 *
 * @example
 * ```ts
 * // local function probe(a, b, c) print(attempt(function() return bit32.extract(a, b, c) end)) end
 * // probe(-1, 31, 1)  probe("3", 32, "0x1F")
 * builtinArgsShape(g, 0);
 * ```
 */
export const builtinArgsShape: StatProduction = (g, d) => {
  void d;
  return shapeLocals(g, { room: 8 }, (fresh) => {
    const c = g.choices;
    const usable = builtins.filter(
      ([lib]) =>
        lib === '' ||
        (hasLibrary(g.options.profile, `${lib}.x`) &&
          (lib !== 'vector' || g.options.profile === 'luau')),
    );
    const picked = Array.from({ length: 3 + c.int(4) }, () => c.pick(usable));
    const arity = Math.max(...picked.map(([, , pools]) => pools.length));
    const att = fresh();
    const probe = fresh();
    // Each parameter keeps the pool of its first use, so a tuple fits most of the calls.
    const pools: Pool[] = Array.from(
      { length: arity },
      (_, i) => picked.find(([, , p]) => p.length > i)![2][i]!,
    );
    const body = g.scope.inFunction(false, () => {
      const params: Local[] = pools.map(() => fresh());
      const calls = picked.map(([lib, fn, argPools]) => {
        const args = argPools.map((pool, i) =>
          c.chance(75) ? kit.ref(params[i]!) : constant(g, pool),
        );
        const call = lib === '' ? kit.call(fn, args) : kit.lib(lib, fn, args);
        return attempt(att, fn === 'getmetatable' ? kit.type(call) : call);
      });
      return build.func(params, [kit.print(calls)]);
    });
    const tuples = Array.from({ length: 2 + c.int(3) }, () => pools.map((p) => constant(g, p)));
    return [
      build.doBlock([
        attemptFunction(g, fresh, att),
        build.localFunction(probe, body),
        ...tuples.map((args) => build.callStat(build.call(kit.ref(probe), args))),
      ]),
    ];
  });
};
