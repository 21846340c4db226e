import { ExprBinary_Op, ExprUnary_Op, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { checksumStats, insertBeforeExit } from '../values/checksum.js';
import { fuelGuard } from './fuel.js';
import { type Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import { annotation, type VarInfo } from '../values/types.js';
import { kit } from '../shapes/kit.js';

/**
 * Whether a loop of the current function encloses the point being generated.
 *
 * @example
 * ```ts
 * if (!inLoop(g)) return []; // no `break` here
 * ```
 */
export function inLoop(g: Gen): boolean {
  return g.scope.frame.loops > 0;
}

/** The fuel guard of the loop being built (with its own count, when it has one). */
function loopGuard(g: Gen): Stat[] {
  const cap = g.cap;
  // Loops nested in the body have counts of their own.
  g.cap = undefined;
  return fuelGuard(g, build.brk(), cap);
}

/** Iteration counts a loop may have of its own. */
const loopCaps = [1, 2, 3, 4, 5, 8, 12, 20];

/**
 * A loop production whose loop also counts its own iterations, at most a few drawn per loop
 * (`do local c = 5  while ... end end`), so that one loop cannot take all of the chunk's fuel
 * and leave every later loop without a turn: a loop that ran out of fuel prints nothing.
 */
export function capped(loop: StatProduction): StatProduction {
  return (g, d) => {
    if (!g.roomFor(1)) return [];
    const k = g.choices.pick(loopCaps);
    const [cap, stats] = g.scope.inBlock(() => {
      const info: VarInfo = { ty: 'fn', mutable: false };
      const cap = g.declare(info);
      // The `do` block, the local and its count.
      g.nodes += 4;
      const outer = g.cap;
      g.cap = cap.name;
      try {
        return [cap, loop(g, d)] as const;
      } finally {
        g.cap = outer;
      }
    });
    if (stats.length === 0) return [];
    const types = g.typed ? [annotation({ ty: 'num', mutable: true })] : [];
    return [build.doBlock([build.localStat([cap], [build.number(k)], types), ...stats])];
  };
}

/**
 * A loop body of fixed statements after the fuel guard, in a loop and block of its own where
 * `declare` declares the loop variables (which it returns, with the body).
 *
 * @example
 * ```ts
 * const [vars, body] = loopBodyWith(g, () => [g.declare(info)], [increment(g, counter)]);
 * ```
 */
export function loopBodyWith<T>(g: Gen, declare: () => T, stats: Stat[]): [T, Stat[]] {
  return g.scope.inLoop(() =>
    g.scope.inBlock(() => {
      const vars = declare();
      return [vars, [...loopGuard(g), ...stats]];
    }),
  );
}

/**
 * A loop body: the fuel guard, then statements (with `break`/`continue` allowed), in a loop
 * and block of its own where `declare` declares the loop variables (which it returns, with
 * the body).
 *
 * @example
 * ```ts
 * const [v, body] = loopBody(g, d, () => g.declare({ ty: 'int', mutable: false }));
 * ```
 */
export function loopBody<T>(g: Gen, d: number, declare: () => T): [T, Stat[]] {
  return g.scope.inLoop(() =>
    g.scope.inBlock(() => {
      const mark = g.scope.mark();
      const vars = declare();
      const body = [...loopGuard(g), ...g.block(d + 1, true)];
      // The loop variables are printed each iteration with the body's locals.
      const loopVars = g.scope.visible.slice(mark);
      if (g.pure === 0 && loopVars.length > 0) insertBeforeExit(body, checksumStats(loopVars));
      return [vars, body];
    }),
  );
}

const noVars = (): undefined => undefined;

/** `while c do ... end` (its condition sometimes `true`: the fuel guard ends it). */
export const whileStat: StatProduction = (g, d) => {
  const cond = g.choices.chance(30) ? build.bool(true) : g.bool(d + 1);
  return [build.whileStat(cond, loopBody(g, d, noVars)[1])];
};

/** `repeat ... until c`. */
export const repeatStat: StatProduction = (g, d) => {
  const [, body] = loopBody(g, d, noVars);
  return [build.repeatStat(body, g.bool(d + 1))];
};

/** `for v = a, b, step do ... end` over ints or numbers. */
export const forStat: StatProduction = (g, d) => {
  if (!g.roomFor(1)) return [];
  const intLoop = g.choices.chance(60);
  const from = intLoop ? g.int(d + 1) : g.num(d + 1);
  const to = intLoop ? g.int(d + 1) : g.num(d + 1);
  const steps = intLoop ? [undefined, 1, 2, -1, -3, 5] : [undefined, 0.5, -0.25, 1.5, -1, 0.1];
  const s = g.choices.pick(steps);
  const step =
    s === undefined
      ? undefined
      : Number.isInteger(s)
        ? s < 0
          ? build.unary(ExprUnary_Op.Minus, build.number(-s))
          : build.number(s)
        : build.group(
            build.binary(ExprBinary_Op.Div, build.number(Math.round(s * 20)), build.number(20)),
          );
  const [v, body] = loopBody(g, d, () =>
    g.declare({ ty: intLoop ? 'int' : 'num', mutable: false }),
  );
  return [build.forStat(v, from, to, step, body)];
};

/** `for i, v in ipairs(t) do ... end` over an array. */
export const forInStat: StatProduction = (g, d) => {
  if (!g.roomFor(2) || !g.swarm.tables) return [];
  const ty = g.choices.pick(['iarr', 'sarr'] as const);
  const src = g.expr(ty, d + 1);
  const [vars, body] = loopBody(g, d, () => [
    g.declare({ ty: 'int', mutable: false }),
    g.declare({ ty: ty === 'iarr' ? 'int' : 'str', mutable: false }),
  ]);
  return [build.forIn(vars, [build.call(build.global('ipairs'), [src])], body)];
};

/** `if c then break end` or `continue`, inside a loop. */
export const exitStat: StatProduction = (g, d) => {
  if (!inLoop(g)) return [];
  const exit = g.choices.chance(50) || !g.options.features.continue ? build.brk() : build.cont();
  // Alone in its branch the exit is a conditional jump; after another statement, a jump of its own.
  const before = g.pure === 0 && g.choices.chance(30) ? [kit.print([g.int(d + 1)])] : [];
  return [build.ifStat(g.bool(d + 1), [...before, exit])];
};
