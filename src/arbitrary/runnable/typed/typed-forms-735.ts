import { create } from '@bufbuild/protobuf';
import type { Expr, Local, Stat, Type } from '../../../../gen/luau_pb.js';
import * as g735 from '../../../../gen/luau-735_pb.js';
import { build } from '../../build.js';
import { build735 } from '../grammar-735/build-735.js';
import { builtins, lengthPlusFirst } from '../grammar-735/forms-735-shape.js';
import { kit, withLocals } from '../shapes/kit.js';
import type { StatProduction } from '../library/model.js';
import { primitive } from '../values/types.js';

/** Constants the compiler folds: whole, fractional, signed, zero of either sign. */
const constants = [0, 1, 3, -2, 0.5, -0, 7.25, 1e9];

/**
 * What grammar 735 adds besides classes, written for 0.735's checker, in a `do` block:
 * `const` locals annotated `number` and a `const` function with typed parameter and result
 * that reads them, builtin references stored (unannotated: the checker infers the builtin's
 * type) and called directly, and calls without parentheses of a string and of a table (a
 * local function taking `{number}`). The smallest draw is one `const` and its print.
 *
 * @example
 * ```ts
 * // do const l3: number = 3  const l4: number = l3 * 0.5  const function l5(l6: number): number
 * //   return l6 * l3 + l4 end  print(l3, l4, l5(l3), math.abs(l4), string.upper "ab") end
 * typedForms735Shape(g, 0);
 * ```
 */
export const typedForms735Shape: StatProduction = (g, d) => {
  if (!g.roomFor(8) || g.pure > 0) return [];
  return withLocals(g, (fresh) => {
    const c = g.choices;
    const num = primitive('number');
    const stats: Stat[] = [];
    const shown: Expr[] = [];
    // Values through locals of their type, as the rest of the typed level draws them: an
    // argument has no annotation the checker would infer it against.
    const bound = (e: Expr, t: Type = num): Expr => {
      const v = fresh();
      stats.push(build.localStat([v], [e], [t]));
      return kit.ref(v);
    };
    // The string library's first argument is a string, every other a number.
    const boundArgs = (lib: string, args: Expr[]) =>
      args.map((e, i) => bound(e, lib === 'string' && i === 0 ? primitive('string') : num));
    const a = fresh();
    stats.push(const735(a, kit.num(c.pick(constants)), num));
    shown.push(kit.ref(a));
    if (c.chance(70)) {
      const b = fresh();
      const op = c.pick(['+', '*', '-', '/', '//'] as const);
      stats.push(const735(b, kit.bin(op, kit.ref(a), kit.num(c.pick(constants))), num));
      shown.push(kit.ref(b));
      if (c.chance(70)) {
        const f = fresh();
        g.scope.pushFrame(false);
        const x = fresh();
        const body = [build.ret([kit.bin('+', kit.bin('*', kit.ref(x), kit.ref(a)), kit.ref(b))])];
        g.scope.popFrame();
        stats.push(build735.constFunction(f, build.func([x], body, false, [num], [num])));
        shown.push(
          build.call(kit.ref(f), [kit.ref(a)]),
          build.call(kit.ref(f), [bound(g.num(d + 1))]),
        );
      }
    }
    // Arguments are bound as numbers and strings: not the vector library's.
    const available = builtins.filter(([lib, fn]) => lib !== 'vector' && g.has(`${lib}.${fn}`));
    for (let k = c.int(3); k > 0 && available.length > 0; k--) {
      const [lib, fn, args] = c.pick(available);
      if (c.chance(50)) {
        const r = fresh();
        stats.push(build.localStat([r], [build735.builtinRef(lib, fn)]));
        shown.push(build.call(kit.ref(r), boundArgs(lib, args(g, d + 1))));
      } else {
        shown.push(build735.builtinCall(lib, fn, boundArgs(lib, args(g, d + 1))));
      }
    }
    if (c.chance(60)) {
      shown.push(
        build735.parenless(
          build.indexName(build.global('string'), build.name('upper')),
          kit.str(c.pick(['ab', 'Luau', '', 'x y'])),
        ),
        build735.parenless(build.global('type'), build.array([])),
      );
      const t = fresh();
      stats.push(lengthPlusFirst(g, t, fresh, true));
      shown.push(
        build735.parenless(kit.ref(t), build.array([bound(g.num(d + 1)), bound(g.num(d + 1))])),
      );
    }
    stats.push(kit.print(shown));
    return [build.doBlock(stats)];
  });
};

/** `const v: T = value`. */
function const735(v: Local, e: Expr, t: Type): Stat {
  const local = create(g735.StatLocalSchema, {
    vars: [v] as unknown as g735.Local[],
    values: [e] as unknown as g735.Expr[],
    types: [t] as unknown as g735.Type[],
    isConst: true,
  });
  return create(g735.StatSchema, { statOneof: { case: 'local', value: local } }) as unknown as Stat;
}
