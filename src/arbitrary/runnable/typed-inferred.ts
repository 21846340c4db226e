import type { Expr, Stat } from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import type { Gen } from './generator.js';
import type { StatProduction } from './library/model.js';
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
    () => method('rep', [build.number(1 + g.c.int(2))]),
    () => method('sub', [build.number(1), build.number(1 + g.c.int(4))]),
  ];
  const picked = pool.filter(() => g.c.chance(40));
  const results = (picked.length > 0 ? picked : [pool[0]!]).map((m) => m());
  const call = () => build.call(build.local(f.name), [value(g, 'str', d + 1)]);
  return [
    build.localFunction(f, build.func([p], [build.ret(results)])),
    print([call()]),
    print([call()]),
  ];
};
