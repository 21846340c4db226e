import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { attempt, attemptFunction } from '../attempt.js';
import type { Gen } from '../../generator.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/** `function(k, v) if k == stop then return v end end`: a callback that ends the walk at `stop`. */
function stopAt(g: Gen, fresh: () => Local, stop: number): Expr {
  const fn = g.scope.inFunction(false, () => {
    const [k, v] = [fresh(), fresh()];
    return build.func(
      [k, v],
      [build.ifStat(kit.bin('==', kit.ref(k), kit.num(stop)), [build.ret([kit.ref(v)])])],
    );
  });
  return build.funcExpr(fn);
}

/** A function of no argument running `body`. */
function thunk(g: Gen, body: Stat[]): Expr {
  return build.funcExpr(g.scope.inFunction(false, () => build.func([], body)));
}

/**
 * `coroutine.close` of a coroutine that raised (only its first result prints: the message
 * names the chunk), with its status before and after, and of the running one.
 */
function closedCoroutines(g: Gen, att: Local, co: Local): Stat[] {
  return [
    build.localStat(
      [co],
      [
        kit.lib('coroutine', 'create', [
          thunk(g, [build.callStat(kit.call('error', [kit.str('stop')]))]),
        ]),
      ],
    ),
    build.callStat(kit.lib('coroutine', 'resume', [kit.ref(co)])),
    kit.print([
      kit.lib('coroutine', 'status', [kit.ref(co)]),
      kit.first(kit.lib('coroutine', 'close', [kit.ref(co)])),
      kit.lib('coroutine', 'status', [kit.ref(co)]),
      build.call(
        kit.lib('coroutine', 'wrap', [
          thunk(g, [
            build.ret([
              attempt(att, kit.lib('coroutine', 'close', [kit.lib('coroutine', 'running', [])])),
            ]),
          ]),
        ]),
        [],
      ),
    ]),
  ];
}

/**
 * Library functions that call back into Luau or report on a state, on the paths the common
 * uses miss: `table.foreach` and `table.foreachi` with a callback that ends the walk early or
 * never, and with no callback; `table.isfrozen` before and after `table.freeze`;
 * `coroutine.close` of a coroutine that raised (only its first result prints: the message
 * names the chunk) and of the running one; `typeof` of a proxy whose metatable names its type
 * (not in `luau-web`, which has no `newproxy`). A refusal prints `!`.
 *
 * @example
 * ```ts
 * // print(attempt(function() return table.foreachi({5, 6, 7}, function(k, v) if k == 2 then return v end end) end))
 * callbackLibraryShape(g, 0);
 * ```
 */
export const callbackLibraryShape: StatProduction = (g, d) => {
  return shapeLocals(g, { room: 6 }, (fresh) => {
    const c = g.choices;
    const [att, t, co] = [fresh(), fresh(), fresh()];
    const items = Array.from({ length: 1 + c.int(4) }, () => g.expr('num', d + 1));
    const walk = (fn: string): Expr =>
      attempt(
        att,
        kit.lib('table', fn, [
          kit.ref(t),
          c.chance(15) ? kit.num(1) : stopAt(g, fresh, 1 + c.int(items.length + 1)),
        ]),
      );
    const stats: Stat[] = [
      attemptFunction(g, fresh, att),
      build.localStat([t], [build.array(items)]),
      kit.print([walk('foreach'), walk('foreachi')]),
      kit.print([
        kit.lib('table', 'isfrozen', [kit.ref(t)]),
        kit.lib('table', 'isfrozen', [kit.lib('table', 'freeze', [kit.ref(t)])]),
        attempt(att, kit.lib('table', 'isfrozen', [kit.num(1)])),
      ]),
      ...closedCoroutines(g, att, co),
    ];
    if (g.options.profile === 'luau') {
      const p = fresh();
      stats.push(
        build.localStat([p], [kit.call('newproxy', [build.bool(true)])]),
        build.assign(
          [kit.index(kit.call('getmetatable', [kit.ref(p)]), kit.str('__type'))],
          [kit.str(c.pick(['Point', '']))],
        ),
        kit.print([kit.call('typeof', [kit.ref(p)]), kit.type(kit.ref(p))]),
      );
    }
    return [build.doBlock(stats)];
  });
};
