import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import type { Gen } from '../../generator.js';
import { build } from '../../../build.js';
import { attemptFunction, attemptStats } from '../attempt.js';
import { freshLocals, kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';

/** What a protected metatable's `__metatable` field holds: `getmetatable` gives it instead. */
const PROTECTIONS: (() => Expr)[] = [
  () => kit.str('locked'),
  () => kit.num(0),
  () => build.bool(false),
  () => kit.num(2.5),
];

/**
 * What the probe reports of `x`, each check kept or not: `setmetatable` and `getmetatable` by
 * the fast calls, `rawset` and a store through `attempt`, and `table.isfrozen`.
 */
function probeChecks(g: Gen, x: Local, attempt: Local): Expr[] {
  const c = g.choices;
  const ok = (body: Stat): Expr => attemptStats(attempt, [body]);
  return [
    kit.first(kit.call('pcall', [build.global('setmetatable'), kit.ref(x), build.array([])])),
    kit.type(kit.first(kit.call('getmetatable', [kit.ref(x)]))),
    ok(build.callStat(kit.call('rawset', [kit.ref(x), kit.num(c.pick([1, 3])), kit.num(5)]))),
    ok(build.assign([kit.index(kit.ref(x), kit.num(1))], [kit.num(7)])),
    ok(
      build.callStat(
        kit.call('rawset', [kit.ref(x), c.chance(50) ? build.nil() : kit.num(NaN), kit.num(1)]),
      ),
    ),
    kit.call('rawequal', [kit.first(kit.call('getmetatable', [kit.ref(x)])), build.nil()]),
    kit.lib('table', 'isfrozen', [kit.ref(x)]),
  ].filter(() => c.chance(60));
}

/**
 * The tables probed: one with a protected metatable, one whose metatable is replaced, and a
 * frozen one; with a print of what reads of them give.
 */
function guardedTables(g: Gen, fresh: () => Local): { stats: Stat[]; values: Local[] } {
  const c = g.choices;
  const [mt, protectedT, replaced, frozen] = freshLocals(fresh, 4);
  const index = build.record([[1, kit.str('from __index')]]);
  const stats: Stat[] = [
    build.localStat(
      [mt],
      [
        build.record([
          ['__metatable', c.pick(PROTECTIONS)()],
          ['__index', index],
        ]),
      ],
    ),
    build.localStat([protectedT], [kit.call('setmetatable', [build.array([]), kit.ref(mt)])]),
    build.localStat(
      [replaced],
      [
        kit.call('setmetatable', [
          build.array([kit.num(1)]),
          build.record([['__index', build.array([])]]),
        ]),
      ],
    ),
    // A second metatable over the first (the fast call leaves a table that has one), then none.
    build.callStat(
      kit.call('setmetatable', [
        kit.ref(replaced),
        build.record([['__index', build.record([['n0', kit.num(4)]])]]),
      ]),
    ),
    build.localStat(
      [frozen],
      [kit.lib('table', 'freeze', [build.array([kit.num(1), kit.num(2)])])],
    ),
    kit.print([
      build.field(kit.ref(protectedT), c.int(3)),
      kit.index(kit.ref(replaced), kit.str('n0')),
      kit.type(kit.call('getmetatable', [kit.str('text')])),
    ]),
  ];
  return { stats, values: [protectedT, replaced, frozen] };
}

/**
 * Tables that refuse a change, and tables whose metatable changes: a metatable protected by
 * `__metatable` (what `getmetatable` returns in its place; `setmetatable` refused), a metatable
 * replaced and removed, a frozen table written through `rawset` and assignment, `rawset` with a
 * nil or NaN key. One function probes each value with `getmetatable` (for one result, and with
 * every result wanted as `select`'s last argument: the fast call's two cases) and with
 * `setmetatable` and `rawset` under `pcall`; the program prints only whether each refusal
 * happened (`false` or `!`: the messages are the runtime's words), so the fast calls' fallbacks
 * and the library functions' checks must agree.
 *
 * @example
 * ```ts
 * // local function probe(x) return (pcall(setmetatable, x, {})), select("#", getmetatable(x)) end
 * // local p = setmetatable({}, {["__metatable"] = "locked", ["__index"] = {n1 = "from __index"}})
 * // print(probe(p)) print(probe(table.freeze({1})))
 * guardedTableShape(g, 0);
 * ```
 */
export const guardedTableShape: StatProduction = (g) => {
  return localFunctionShape(
    g,
    { swarm: 'metatables', room: 8 },
    ({ f: probe, fresh, endFrame }) => {
      const c = g.choices;
      const [x, attempt] = freshLocals(fresh, 2);
      const checks = probeChecks(g, x, attempt);
      // Last in `select`'s list: `getmetatable` with every result wanted, which the fast call
      // leaves to the library function (counted, not printed: a metatable prints as an address).
      const count = kit.call('select', [kit.str('#'), kit.call('getmetatable', [kit.ref(x)])]);
      const fn = build.func(
        [x],
        [attemptFunction(g, fresh, attempt), build.ret([...checks, count])],
      );
      endFrame();
      const { stats, values } = guardedTables(g, fresh);
      const replaced = values[1]!;
      for (const v of values.filter(() => c.chance(80)))
        stats.push(kit.print([build.call(kit.ref(probe), [kit.ref(v)])]));
      if (c.chance(50)) {
        stats.push(build.callStat(kit.call('setmetatable', [kit.ref(replaced), build.nil()])));
        stats.push(
          kit.print([
            kit.call('rawequal', [kit.call('getmetatable', [kit.ref(replaced)]), build.nil()]),
          ]),
        );
      }
      return [build.doBlock([build.localFunction(probe, fn), ...stats])];
    },
  );
};
