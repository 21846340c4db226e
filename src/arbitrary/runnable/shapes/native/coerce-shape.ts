import type { Expr, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { fuelGuard } from '../../statements/fuel.js';
import { freshLocals, kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';

/** Strings that read as numbers: decimal, hexadecimal, exponent, signed, padded with spaces. */
const NUMERIC = ['10', ' 0x1F ', '1e2', '-3.5', '0', '  7', '2.5e-1', '-0'];
/** Numbers to meet them: zero, negative, fractional. */
const NUMBERS = [3, -2, 0.5, 0, 7];

/**
 * Arithmetic on strings that read as numbers: one function applies every arithmetic operator
 * to its two operands (a numeric string and a number, or two strings), concatenates them and
 * compares them as strings and as numbers; called over the operands of an array walked with
 * `ipairs` and `pairs`, so the same operator sites see numbers and strings. The interpreter
 * converts the strings in its slow path, native code falls back to it.
 *
 * @example
 * ```ts
 * // local function co(a, b) return a + b, a // b, -a, a .. b, tostring(a) < tostring(b) end
 * // for i, a in ipairs({"10", 3}) do print(co(a, "1e2")) end
 * coerceShape(g, 0);
 * ```
 */
export const coerceShape: StatProduction = (g, d) => {
  void d;
  return localFunctionShape(g, { swarm: 'arithmetic', room: 10 }, ({ f: co, fresh, endFrame }) => {
    const c = g.choices;
    const [a, b] = freshLocals(fresh, 2);
    const ops = (['+', '-', '*', '/', '//', '%'] as const).filter(() => c.chance(60));
    const results: Expr[] = [
      ...ops.map((op) => kit.bin(op, kit.ref(a), kit.ref(b))),
      kit.bin('^', kit.ref(a), kit.num(2)),
      kit.neg(kit.ref(a)),
      kit.bin('..', kit.ref(a), kit.ref(b)),
      kit.bin('<', kit.text(kit.ref(a)), kit.text(kit.ref(b))),
      kit.bin('<=', kit.call('tonumber', [kit.ref(a)]), kit.call('tonumber', [kit.ref(b)])),
      kit.bin('==', kit.ref(a), kit.ref(b)),
    ];
    const fn = build.func([a, b], [build.ret(results)]);
    endFrame();
    const operand = (): Expr =>
      c.chance(60) ? kit.str(c.pick(NUMERIC)) : kit.num(c.pick(NUMBERS));
    const arr = fresh();
    const k = fresh();
    const v = fresh();
    const other = kit.str(c.pick(NUMERIC));
    const walk = c.chance(50) ? 'ipairs' : 'pairs';
    const stats: Stat[] = [
      build.localFunction(co, fn),
      // Always one numeric string in the array, so every operator sees a string.
      build.localStat(
        [arr],
        [build.array([kit.str(c.pick(NUMERIC)), ...Array.from({ length: 1 + c.int(3) }, operand)])],
      ),
      build.forIn(
        [k, v],
        [kit.call(walk, [kit.ref(arr)])],
        [
          ...fuelGuard(g, build.brk()),
          kit.print([kit.ref(k), build.call(build.local(co.name), [kit.ref(v), other])]),
        ],
      ),
      kit.print([build.call(build.local(co.name), [kit.num(c.pick(NUMBERS)), operand()])]),
    ];
    return [build.doBlock(stats)];
  });
};
