import type { Expr, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import { annotation, type Scalar } from '../values/types.js';
import type { LibraryModel } from './model.js';
import { kit } from '../shapes/kit.js';

/**
 * A function expression whose body the generator builds in a new frame; `tail` gives its last
 * statements (made while the body's locals are in scope).
 */
function closure(g: Gen, d: number, params: Scalar[], tail: (g: Gen) => Stat[]): Expr {
  g.scope.pushFrame(false);
  const args = params.map((ty) => g.declare({ ty, mutable: true }));
  const body = g.block(d + 1);
  body.push(...tail(g));
  g.scope.popFrame();
  return build.funcExpr(
    build.func(args, body, false, g.types(params.map((ty) => ({ ty, mutable: true })))),
  );
}

/** Declares `local ok, v = <call>` and prints both (v is an error value or a result of type `ty`). */
function caught(g: Gen, call: Expr): Stat[] {
  if (!g.roomFor(2)) return [];
  const ok = g.declare({ ty: 'bool', mutable: false });
  const v = g.declare({ ty: 'str', mutable: false });
  g.scope.visible.pop();
  g.scope.visible.pop();
  return [
    build.doBlock([
      build.localStat([ok, v], [call]),
      kit.print([build.local(ok.name), build.local(v.name)]),
    ]),
  ];
}

/**
 * What a protected function raises: a number or a string, at level 0 (at level 1 the message
 * would start with the chunk's name, which differs between runners), or a boolean.
 */
function raise(g: Gen, d: number, ty: Scalar): Stat {
  if (g.choices.chance(20))
    return build.callStat(build.call(build.global('error'), [g.bool(d + 1)]));
  return build.callStat(build.call(build.global('error'), [g.expr(ty, d + 1), build.number(0)]));
}

/**
 * `pcall`/`error` with non-string error values and strings at level 0, `xpcall` with a
 * handler, `error` called through `pcall` directly; and `coroutine` create, resume, yield,
 * status, wrap, isyieldable. Results and caught values are printed at once.
 *
 * @example
 * ```ts
 * controlModel.stats?.[0]?.(g, 0); // local ok, e = pcall(function() ... end) print(ok, e)
 * ```
 */
export const controlModel: LibraryModel = {
  name: 'control',
  on: (g) => g.swarm.errors || g.swarm.coroutines,
  // `coroutine.isyieldable()` only inside coroutines: luau-web runs the main chunk in one.
  exprs: {},
  stats: [
    (g, d) => {
      if (!g.swarm.errors || g.pure > 0 || g.recursive > 0) return [];
      const ty = g.choices.pick(['num', 'int', 'str'] as const);
      const f = closure(g, d, [ty], (gg) => [
        build.ifStat(gg.bool(d + 1), [raise(gg, d, ty)]),
        build.ret([gg.expr(ty, d + 1)]),
      ]);
      switch (g.choices.int(3)) {
        case 0:
          return caught(g, build.call(build.global('pcall'), [f, g.expr(ty, d + 1)]));
        case 1: {
          const h = build.funcExpr(
            build.func(
              [build.localVar(250)],
              [build.ret([build.local(250)])],
              false,
              g.typed ? [annotation({ ty: 'obj', mutable: false })] : [],
            ),
          );
          return caught(g, build.call(build.global('xpcall'), [f, h, g.expr(ty, d + 1)]));
        }
        default:
          return caught(
            g,
            build.call(build.global('pcall'), [
              build.global('error'),
              g.num(d + 1),
              build.number(0),
            ]),
          );
      }
    },
    (g, d) => {
      if (!g.swarm.coroutines || g.pure > 0 || g.recursive > 0 || !g.roomFor(3)) return [];
      const yields = 1 + g.choices.int(3);
      const f = closure(g, d, ['num'], (gg) => {
        const out: Stat[] = [];
        for (let i = 0; i < yields; i++) {
          out.push(
            build.callStat(
              gg.lib('coroutine', 'yield', [gg.num(d + 1), gg.lib('coroutine', 'isyieldable', [])]),
            ),
          );
        }
        out.push(build.ret([gg.num(d + 1)]));
        return out;
      });
      const out: Stat[] = [];
      if (g.choices.chance(50)) {
        const co = g.declare({ ty: 'fn', mutable: false });
        g.scope.visible.pop();
        out.push(build.localStat([co], [g.lib('coroutine', 'create', [f])]));
        for (let i = 0; i <= yields; i++) {
          const args = [build.local(co.name), g.num(d + 1)];
          out.push(kit.print([g.lib('coroutine', 'resume', args)]));
          out.push(kit.print([g.lib('coroutine', 'status', [build.local(co.name)])]));
        }
        return [build.doBlock(out)];
      }
      const w = g.declare({ ty: 'fn', mutable: false });
      g.scope.visible.pop();
      out.push(build.localStat([w], [g.lib('coroutine', 'wrap', [f])]));
      for (let i = 0; i <= yields; i++) {
        out.push(kit.print([build.call(build.local(w.name), [g.num(d + 1)])]));
      }
      return [build.doBlock(out)];
    },
  ],
};
