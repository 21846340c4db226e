import type { Expr } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { fueledFor, kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/**
 * Weak tables (`__mode` of `k`, `v` or `kv`) whose keys and values (tables, functions, strings,
 * fractions, 64-bit integers) an array keeps alive: a full collection walks them, clears
 * nothing, and every entry reads back. What a collection would remove is never observed (which
 * objects are unreachable, and when, is the collector's).
 *
 * @example
 * ```ts
 * // local keep = {{n0 = 1}, "s", 3}  local w = setmetatable({}, {__mode = "k"})
 * // for i = 1, #keep do w[keep[i]] = i  w[i] = keep[i] end  collectgarbage("collect")
 * // for i = 1, #keep do print(w[keep[i]], rawequal(w[i], keep[i])) end
 * weakShape(g, 0);
 * ```
 */
export const weakShape: StatProduction = (g, d) => {
  // luau-web has no `collectgarbage`.
  return shapeLocals(
    g,
    { swarm: 'metatables', when: g.options.profile === 'luau', room: 4 },
    (fresh) => {
      const c = g.choices;
      const [keep, w, i, j] = [fresh(), fresh(), fresh(), fresh()];
      const items: Expr[] = Array.from({ length: 2 + c.int(4) }, (_, k) =>
        c.pick([
          () => build.record([[0, kit.num(k)]]),
          () => build.array([]),
          () => kit.str(`s${k}`),
          () => kit.num(k + 0.5),
          () => g.str(d + 1),
          () => build.funcExpr(build.func([], [build.ret([kit.num(k)])])),
          // An `integer` key hashes as 64 bits (the shape is the `luau` profile's, which has them).
          () => kit.lib('integer', 'create', [kit.num(c.pick([-k, 2 ** 40 + k]))]),
        ])(),
      );
      const at = (l: typeof i) => kit.index(kit.ref(keep), kit.ref(l));
      const mode = c.pick(['k', 'v', 'kv']);
      return [
        build.doBlock([
          build.localStat([keep], [build.array(items)]),
          build.localStat(
            [w],
            [
              kit.call('setmetatable', [
                build.array([]),
                build.record([['__mode', kit.str(mode)]]),
              ]),
            ],
          ),
          fueledFor(g, i, kit.num(1), kit.len(kit.ref(keep)), undefined, [
            // A string may come twice: its last index is the one both reads see.
            build.assign([kit.index(kit.ref(w), at(i))], [kit.ref(i)]),
            build.assign([kit.index(kit.ref(w), kit.ref(i))], [at(i)]),
          ]),
          build.callStat(kit.call('collectgarbage', [kit.str('collect')])),
          fueledFor(g, j, kit.num(1), kit.len(kit.ref(keep)), undefined, [
            kit.print([
              kit.type(kit.index(kit.ref(w), at(j))),
              kit.call('rawequal', [kit.index(kit.ref(w), kit.ref(j)), at(j)]),
            ]),
          ]),
        ]),
      ];
    },
  );
};
