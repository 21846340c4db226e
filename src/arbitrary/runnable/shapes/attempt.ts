import type { Expr, ExprFunction, Local, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import { kit } from './kit.js';
import { shapeLocals } from './local-function-shape.js';

/**
 * `local function attempt(f) local ok, r = pcall(f) if ok then return r end return "!" end`:
 * what a call may refuse runs through it, and a refusal prints as `!` (the message's wording
 * and its chunk name differ between runners and releases).
 *
 * @example
 * ```ts
 * const a = fresh();
 * stats.push(attemptFunction(g, fresh, a));
 * kit.print([attempt(a, kit.lib('bit32', 'extract', [x, f, w]))]);
 * ```
 */
export function attemptFunction(g: Gen, fresh: () => Local, name: Local): Stat {
  const fn: ExprFunction = g.scope.inFunction(false, () => {
    const [f, ok, r] = [fresh(), fresh(), fresh()];
    return build.func(
      [f],
      [
        build.localStat([ok, r], [kit.call('pcall', [kit.ref(f)])]),
        build.ifStat(kit.ref(ok), [build.ret([kit.ref(r)])]),
        build.ret([kit.str('!')]),
      ],
    );
  });
  return build.localFunction(name, fn);
}

/**
 * `attempt(function() return e end)`: the first value of `e`, or `"!"` if it raised an error.
 *
 * @example
 * ```ts
 * attempt(a, kit.bin('+', kit.ref(p), kit.num(1)));
 * ```
 */
export function attempt(name: Local, e: Expr): Expr {
  return build.call(kit.ref(name), [build.funcExpr(build.func([], [build.ret([e])]))]);
}

/**
 * `attempt(function() <stats> end)`: nil, or `"!"` if a statement raised an error.
 *
 * @example
 * ```ts
 * attemptStats(a, [build.assign([kit.index(kit.ref(p), kit.num(1))], [kit.num(2)])]);
 * ```
 */
export function attemptStats(name: Local, stats: Stat[]): Expr {
  return build.call(kit.ref(name), [build.funcExpr(build.func([], stats))]);
}

/**
 * A shape of 3 to 7 string-library calls from `call`, each through `attempt` (a refusal prints
 * `!`), printed three to a line.
 *
 * @example
 * ```ts
 * const formatShape: StatProduction = (g) => attemptedCalls(g, () => quoted(g));
 * ```
 */
export function attemptedCalls(g: Gen, call: (fresh: () => Local) => Expr): Stat[] {
  return shapeLocals(g, { swarm: 'strings', room: 4 }, (fresh) => {
    const att = fresh();
    const exprs = Array.from({ length: 3 + g.choices.int(5) }, () => attempt(att, call(fresh)));
    const stats: Stat[] = [attemptFunction(g, fresh, att)];
    for (let i = 0; i < exprs.length; i += 3) stats.push(kit.print(exprs.slice(i, i + 3)));
    return [build.doBlock(stats)];
  });
}
