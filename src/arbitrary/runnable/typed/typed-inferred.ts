import { ExprBinary_Op, ExprUnary_Op, type Expr, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import { opaque, print, value } from './typed-parts.js';

/**
 * A local function whose parameter has no annotation and is used only through string
 * methods: the checker infers a table shape for it (`{upper: ...}`), and at each call with a
 * string unifies the string with that shape through the string metatable's `__index`.
 * Strict mode accepts both; the program prints what the methods return.
 *
 * @example
 * ```ts
 * inferredShapeStat(g, 1); // local function l5(l6) return l6:upper(), l6:len() end print(l5("ab"))
 * ```
 */
export const inferredShapeStat: StatProduction = (g: Gen, d: number): Stat[] => {
  const [f, p] = opaque(g, 2);
  const method = (name: string, args: Expr[]) =>
    build.call(build.indexName(build.local(p.name), build.name(name)), args, true);
  const pool = [
    () => method('upper', []),
    () => method('lower', []),
    () => method('len', []),
    () => method('reverse', []),
    () => method('rep', [build.number(1 + g.choices.int(2))]),
    () => method('sub', [build.number(1), build.number(1 + g.choices.int(4))]),
  ];
  const picked = pool.filter(() => g.choices.chance(40));
  const results = (picked.length > 0 ? picked : [pool[0]!]).map((m) => m());
  const call = () => build.call(build.local(f.name), [value(g, 'str', d + 1)]);
  return [
    build.localFunction(f, build.func([p], [build.ret(results)])),
    print([call()]),
    print([call()]),
  ];
};

/**
 * A local function of two parameters with no annotations that relate them: compared with
 * `==` and either returned, put in one table, and combined by `and` and `or`. The checker
 * unifies the two free types with each other (and gives `and` of a free type the falsy
 * types); each call with two values of one type prints what it returns.
 *
 * @example
 * ```ts
 * inferredPairStat(g, 1); // local function l5(l6, l7) if l6 == l7 then return l6 end return l7 end print(l5(1, 2))
 * ```
 */
export const inferredPairStat: StatProduction = (g: Gen, d: number): Stat[] => {
  const [f, x, y] = opaque(g, 3);
  const [xs, ys] = [build.local(x.name), build.local(y.name)];
  const s = g.choices.pick(['num', 'str'] as const);
  let body: Stat[];
  switch (g.choices.int(3)) {
    case 0:
      body = [
        build.ifStat(build.binary(ExprBinary_Op.CompareEq, xs, ys), [build.ret([xs])]),
        build.ret([ys]),
      ];
      break;
    case 1:
      body = [build.ret([build.unary(ExprUnary_Op.Len, build.array([xs, ys]))])];
      break;
    default:
      body = [
        build.ret([
          build.binary(ExprBinary_Op.And, xs, ys),
          build.binary(ExprBinary_Op.Or, xs, ys),
        ]),
      ];
  }
  return [
    build.localFunction(f, build.func([x, y], body)),
    print([build.call(build.local(f.name), [value(g, s, d + 1), value(g, s, d + 1)])]),
  ];
};
