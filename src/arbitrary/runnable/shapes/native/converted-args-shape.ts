import type { Expr, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Choices } from '../../choices.js';
import { paramAnnotations } from '../../values/annotations.js';
import { freshLocals, fueledFor, kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';

/** Whole numbers the function is called with: negative, zero, a byte, a power of two. */
const WHOLE = [3, 7, -4, 0, 16, 10, 1, 255];

/** A whole number spelled as a string that reads as it: decimal, padded, hexadecimal, exponent. */
function spelled(c: Choices, v: number): string {
  const forms = [String(v), ` ${v} `, `${v}  `];
  if (v >= 0) forms.push(`0x${v.toString(16).toUpperCase()}`);
  if (v !== 0 && v % 10 === 0) forms.push(`${v / 10}e1`);
  return c.pick(forms);
}

/** Positive strings with a fraction (rounding a negative one may give `-0`). */
const FRACTIONS = ['2.5', ' 0.75', '1e-1', '0x1p-2'];

type Call = (a: Expr, b: Expr, c: Choices) => Expr;

/**
 * Calls whose number parameters get the numbers or the strings the function is called with
 * (defined for every pair of {@link WHOLE}: no NaN, no division by zero, no negative zero), and
 * whose string parameters get numbers.
 */
const calls: Call[] = [
  (a) => kit.lib('math', 'floor', [a]),
  (_a, b) => kit.lib('math', 'abs', [b]),
  (a, b, c) => kit.lib('math', c.pick(['max', 'min']), [a, b]),
  (a) => kit.lib('math', 'clamp', [a, kit.str('-1'), kit.str(' 5')]),
  (a) => kit.lib('math', 'sign', [a]),
  (a) => kit.lib('math', 'ldexp', [a, kit.str('2')]),
  (a) => kit.first(kit.lib('math', 'frexp', [a])),
  (_a, _b, c) =>
    kit.lib('math', c.pick(['floor', 'ceil', 'round', 'sqrt']), [kit.str(c.pick(FRACTIONS))]),
  (_a, _b, c) => kit.first(kit.lib('math', 'modf', [kit.str(c.pick([...FRACTIONS, '7']))])),
  // bit32's variadic functions with three operands: the fast call's loop past the second.
  (a, b, c) =>
    kit.lib('bit32', c.pick(['band', 'bor', 'bxor']), [a, b, kit.str(c.pick(['0xFF', '5', ' 1']))]),
  (a, b) => kit.lib('bit32', 'btest', [a, b, kit.str('1')]),
  (a, b) => kit.lib('bit32', 'bor', [a, kit.num(16), b, kit.num(1)]),
  (a) => kit.lib('string', 'rep', [a, kit.str('2')]),
  (_a, b) => kit.lib('string', 'len', [b]),
  (a, b) => kit.lib('string', 'sub', [kit.str('converted'), a, b]),
  (a) => kit.orElse(kit.lib('string', 'byte', [kit.str('abcdefgh'), a]), kit.num(-1)),
  (a, b) => kit.lib('string', 'format', [kit.str('%d|%s|%x'), a, b, kit.lib('math', 'abs', [a])]),
  (a) => kit.call('tonumber', [a]),
  (a) => kit.orElse(kit.call('tonumber', [kit.text(a), kit.str('16')]), kit.num(-1)),
  (a, b) => kit.call('select', [kit.str('#'), a, b]),
];

/**
 * Library calls and a numeric `for` given values the engine converts: one function takes two
 * operands and passes them to math and bit32 functions (bit32's variadic ones with three or four
 * operands), to string functions' positions and counts, to `string.format`, and as the loop's
 * bounds; it is called with numbers and with strings that read as numbers, so the same call
 * sites see both. A fast call gives up on a string and the library function converts it; native
 * code (its parameters annotated in some programs, rightly or not) exits to the same path.
 *
 * @example
 * ```ts
 * // local function cv(a, b) local n = 0 for i = a, b do n += i end
 * //   return n, math.floor(a), bit32.band(a, b, "0xFF"), string.rep(a, "2") end
 * // print(cv(3, 16)) print(cv(" 3 ", "0x10"))
 * convertedArgsShape(g, 0);
 * ```
 */
export const convertedArgsShape: StatProduction = (g) => {
  return localFunctionShape(g, { swarm: 'arithmetic', room: 8 }, ({ f: cv, fresh, endFrame }) => {
    const c = g.choices;
    const [a, b, n, i] = freshLocals(fresh, 4);
    const picked = calls.filter(() => c.chance(35));
    const results = picked.map((call) => call(kit.ref(a), kit.ref(b), c));
    const step = c.chance(30) ? kit.str(c.pick(['2', ' 3', '0x2'])) : undefined;
    const body: Stat[] = [
      build.localStat([n], [kit.num(0)]),
      fueledFor(g, i, kit.ref(a), kit.ref(b), step, [
        build.assign([kit.ref(n)], [kit.bin('+', kit.ref(n), kit.ref(i))]),
      ]),
      build.ret([kit.ref(n), ...results]),
    ];
    const fn = build.func([a, b], body, false, paramAnnotations(g, 2));
    endFrame();
    const stats: Stat[] = [build.localFunction(cv, fn)];
    for (let k = 1 + c.int(3); k > 0; k--) {
      const [x, y] = [c.pick(WHOLE), c.pick(WHOLE)];
      const numbers = c.chance(50);
      const arg = (v: number): Expr =>
        numbers && c.chance(50) ? kit.num(v) : kit.str(spelled(c, v));
      stats.push(kit.print([build.call(kit.ref(cv), [kit.num(x), kit.num(y)])]));
      stats.push(kit.print([build.call(kit.ref(cv), [arg(x), arg(y)])]));
    }
    return [build.doBlock(stats)];
  });
};
