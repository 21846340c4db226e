import type { Expr, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { StatProduction } from '../../library/model.js';
import { kit } from '../kit.js';
import { fuelGuard } from '../../statements/fuel.js';
import { localFunctionShape } from '../local-function-shape.js';

/**
 * Loops native code lowers apart, in a function (native code is made for functions, not for
 * the chunk's own body) called twice: a generic `for` over `pairs` or `next` of an array with
 * more variables than the iteration gives (the extra ones are `nil` in every round), and a
 * numeric loop of 100 rounds (more than `-O2` unrolls) whose body is only `continue`, so its
 * loop jump is not to the body's first instruction. The array is filled in order, so `pairs`
 * visits it in order; the function returns the sum of keys times values and the `nil`s seen.
 *
 * @example
 * ```ts
 * // local function l3(l4) local l5 = 0 for l6, l7, l8 in pairs(l4) do <fuel guard>
 * //   l5 = l5 + l6 * l7 if l8 == nil then l5 = l5 + 1 end end
 * //   for l9 = 1, 100 do continue end return l5 end
 * // print(l3({x, y}), l3({z}))
 * loopFormsShape(g, 0);
 * ```
 */
export const loopFormsShape: StatProduction = (g, d) =>
  localFunctionShape(g, { room: 8 }, ({ f, fresh, endFrame }) => {
    const c = g.choices;
    const [t, sum, k, v, x, y, i] = Array.from({ length: 7 }, () => fresh());
    const vars = c.chance(50) ? [k!, v!, x!] : [k!, v!, x!, y!];
    const extra = vars.slice(2).map((e) => kit.bin('==', kit.ref(e), build.nil()));
    const iterate = c.chance(50)
      ? [kit.call('pairs', [kit.ref(t!)])]
      : [build.global('next'), kit.ref(t!)];
    const add = (e: Expr): Stat => build.assign([kit.ref(sum!)], [kit.bin('+', kit.ref(sum!), e)]);
    const body: Stat[] = [
      build.localStat([sum!], [kit.num(0)]),
      build.forIn(vars, iterate, [
        ...fuelGuard(g, build.brk()),
        add(kit.bin('*', kit.ref(k!), kit.ref(v!))),
        build.ifStat(
          extra.reduce((a, b) => kit.bin('and', a, b)),
          [add(kit.num(1))],
        ),
      ]),
      // Bounded as written (two constants, no step): no fuel needed.
      build.forStat(i!, kit.num(1), kit.num(100), undefined, [
        ...(g.options.features.continue ? [build.cont()] : []),
      ]),
      build.ret([kit.ref(sum!)]),
    ];
    const fn = build.func([t!], body);
    endFrame();
    const array = (): Expr => build.array(Array.from({ length: 1 + c.int(4) }, () => g.num(d + 1)));
    return [
      build.localFunction(f, fn),
      kit.print([build.call(kit.ref(f), [array()]), build.call(kit.ref(f), [array()])]),
    ];
  });
