import type { Expr, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { StatProduction } from '../../library/model.js';
import { kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';

/**
 * Loops native code lowers apart, in a function (native code is made for functions, not for
 * the chunk's own body) called twice: a generic `for` over `pairs` or `next` of an array with
 * more variables than the iteration gives (the extra ones are `nil` in every round), a numeric
 * loop whose body is only `continue` (its loop jump is not to the body's first instruction)
 * and one with an empty body counting down. The array is filled in order, so `pairs` visits it
 * in order; the function returns the sum of keys times values and the rounds counted.
 *
 * @example
 * ```ts
 * // local function l3(l4, l5) local l6 = 0 for l7, l8, l9 in pairs(l4) do
 * //   l6 = l6 + l7 * l8 if l9 == nil then l6 = l6 + 1 end end
 * //   for l10 = 1, l5 do continue end for l11 = l5, 1, -1 do end return l6 end
 * // print(l3({x, y}, 3), l3({z}, 1))
 * loopFormsShape(g, 0);
 * ```
 */
export const loopFormsShape: StatProduction = (g, d) =>
  localFunctionShape(g, { room: 10 }, ({ f, fresh, endFrame }) => {
    const c = g.choices;
    const [t, n, sum, k, v, x, y, i, j] = Array.from({ length: 9 }, () => fresh());
    const vars = c.chance(50) ? [k!, v!, x!] : [k!, v!, x!, y!];
    const extra = vars.slice(2).map((e) => kit.bin('==', kit.ref(e), build.nil()));
    const iterate = c.chance(50)
      ? [kit.call('pairs', [kit.ref(t!)])]
      : [build.global('next'), kit.ref(t!)];
    const add = (e: Expr): Stat => build.assign([kit.ref(sum!)], [kit.bin('+', kit.ref(sum!), e)]);
    const body: Stat[] = [
      build.localStat([sum!], [kit.num(0)]),
      build.forIn(vars, iterate, [
        add(kit.bin('*', kit.ref(k!), kit.ref(v!))),
        build.ifStat(
          extra.reduce((a, b) => kit.bin('and', a, b)),
          [add(kit.num(1))],
        ),
      ]),
      // At most four rounds of nothing each: no fuel needed.
      build.forStat(i!, kit.num(1), kit.ref(n!), undefined, [
        ...(g.options.features.continue ? [build.cont()] : []),
      ]),
      build.forStat(j!, kit.ref(n!), kit.num(1), kit.num(-1), []),
      build.ret([kit.ref(sum!)]),
    ];
    const fn = build.func([t!, n!], body);
    endFrame();
    const array = (): Expr => build.array(Array.from({ length: 1 + c.int(4) }, () => g.num(d + 1)));
    return [
      build.localFunction(f, fn),
      kit.print([
        build.call(kit.ref(f), [array(), kit.num(1 + c.int(4))]),
        build.call(kit.ref(f), [array(), kit.num(c.int(2))]),
      ]),
    ];
  });
