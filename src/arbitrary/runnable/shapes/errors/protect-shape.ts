import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { fueledFor, kit } from '../kit.js';
import type { Gen } from '../../generator.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/** `function(params) body end` in a frame of its own. */
function lambda(g: Gen, fresh: () => Local, n: number, body: (p: Local[]) => Stat[]): Expr {
  return g.scope.inFunction(false, () => {
    const params = Array.from({ length: n }, () => fresh());
    return build.funcExpr(build.func(params, body(params)));
  });
}

const yieldOf = (args: Expr[]) => kit.lib('coroutine', 'yield', args);
const errorTable = (e: Expr) => kit.call('error', [build.record([[0, e]])]);

/**
 * One step of the coroutine's body: a protected call that yields inside, fails, or whose
 * handler fails; each yields what it got, as values the language defines (error values the
 * step raised itself, the type of a message the runtime wrote).
 */
const steps: ((g: Gen, fresh: () => Local) => Stat[])[] = [
  // A yield across `pcall`, then a result computed from what the resume passed in.
  (g, fresh) => {
    const [ok, v] = [fresh(), fresh()];
    const f = lambda(g, fresh, 1, ([x]) => {
      const y = fresh();
      return [
        build.localStat([y], [yieldOf([kit.ref(x!)])]),
        build.ret([kit.bin('..', kit.text(kit.ref(y)), kit.str('!'))]),
      ];
    });
    return [
      build.localStat([ok, v], [kit.call('pcall', [f, kit.num(g.choices.pick([1, -2, 0.5]))])]),
      build.callStat(yieldOf([kit.ref(ok), kit.ref(v)])),
    ];
  },
  // A yield across `xpcall`, then an error its handler turns into a value.
  (g, fresh) => {
    const [ok, v] = [fresh(), fresh()];
    const f = lambda(g, fresh, 0, () => {
      const y = fresh();
      return [
        build.localStat([y], [yieldOf([kit.str('x')])]),
        build.callStat(errorTable(kit.ref(y))),
      ];
    });
    const h = lambda(g, fresh, 1, ([e]) => [
      build.ret([kit.type(kit.ref(e!)), kit.index(kit.ref(e!), kit.str('n0'))]),
    ]);
    return [
      build.localStat([ok, v], [kit.call('xpcall', [f, h])]),
      build.callStat(yieldOf([kit.ref(ok), kit.ref(v)])),
    ];
  },
  // A handler that fails itself: the runtime's own message, of which only the type.
  (g, fresh) => {
    const [ok, v] = [fresh(), fresh()];
    const f = lambda(g, fresh, 0, () => [build.callStat(errorTable(kit.num(1)))]);
    const h = lambda(g, fresh, 1, ([e]) => [
      build.callStat(
        g.choices.chance(50)
          ? errorTable(kit.ref(e!))
          : kit.call('error', [kit.str('h'), kit.num(0)]),
      ),
    ]);
    return [
      build.localStat([ok, v], [kit.call('xpcall', [f, h])]),
      build.callStat(yieldOf([kit.ref(ok), kit.type(kit.ref(v))])),
    ];
  },
  // `pcall` of `pcall` of `error`: the inner one catches, the outer succeeds.
  (g, fresh) => {
    const [a, b, c] = [fresh(), fresh(), fresh()];
    return [
      build.localStat(
        [a, b, c],
        [
          kit.call('pcall', [
            build.global('pcall'),
            build.global('error'),
            build.record([[0, kit.num(g.choices.int(9))]]),
          ]),
        ],
      ),
      build.callStat(yieldOf([kit.ref(a), kit.ref(b), kit.index(kit.ref(c), kit.str('n0'))])),
    ];
  },
  // A wrapped coroutine that yields once, then fails: the error passes through the wrapper.
  (g, fresh) => {
    const [w, ok, e] = [fresh(), fresh(), fresh()];
    const body = lambda(g, fresh, 0, () => [
      build.callStat(yieldOf([kit.num(1)])),
      build.callStat(errorTable(kit.num(g.choices.int(9)))),
    ]);
    return [
      build.localStat([w], [kit.lib('coroutine', 'wrap', [body])]),
      build.localStat([ok, e], [kit.call('pcall', [kit.ref(w)])]),
      build.assign([kit.ref(ok), kit.ref(e)], [kit.call('pcall', [kit.ref(w)])]),
      build.callStat(yieldOf([kit.ref(ok), kit.index(kit.ref(e), kit.str('n0'))])),
      // Resumed once more, dead: refused.
      build.callStat(yieldOf([build.group(kit.call('pcall', [kit.ref(w)]))])),
    ];
  },
  // Resuming the running coroutine is refused; closing a suspended one ends it.
  (g, fresh) => {
    const k = fresh();
    const body = lambda(g, fresh, 0, () => [build.callStat(yieldOf([kit.num(2)]))]);
    return [
      build.localStat([k], [kit.lib('coroutine', 'create', [body])]),
      build.callStat(kit.lib('coroutine', 'resume', [kit.ref(k)])),
      build.callStat(
        yieldOf([
          build.group(kit.lib('coroutine', 'resume', [kit.lib('coroutine', 'running', [])])),
          kit.lib('coroutine', 'close', [kit.ref(k)]),
          kit.lib('coroutine', 'status', [kit.ref(k)]),
          build.group(kit.lib('coroutine', 'resume', [kit.ref(k)])),
        ]),
      ),
    ];
  },
];

/**
 * Protected calls inside a coroutine, through each way in and out: yields across `pcall` and
 * `xpcall` (resumed with values from outside), errors that a handler turns into values,
 * handlers that fail themselves, `pcall` of `pcall`, a wrapped coroutine whose error passes
 * through its wrapper, resuming the running or a dead coroutine, closing a suspended one. The
 * caller resumes until the coroutine is dead, printing what each resume gives.
 *
 * @example
 * ```ts
 * // local co = coroutine.create(function() local ok, v = pcall(function(x) ... coroutine.yield(x) ... end, 1) ... end)
 * // for i = 1, 8 do if coroutine.status(co) == "dead" then break end print(coroutine.resume(co, i)) end
 * protectShape(g, 0);
 * ```
 */
export const protectShape: StatProduction = (g, d) => {
  void d;
  return shapeLocals(g, { swarm: 'coroutines', when: g.recursive === 0, room: 4 }, (fresh) => {
    const c = g.choices;
    const [co, i] = [fresh(), fresh()];
    const body = lambda(g, fresh, 0, () => [
      ...Array.from({ length: 1 + c.int(3) }, () => c.pick(steps)(g, fresh)).flat(),
      build.ret([kit.str('done')]),
    ]);
    return [
      build.doBlock([
        build.localStat([co], [kit.lib('coroutine', 'create', [body])]),
        fueledFor(g, i, kit.num(1), kit.num(12), undefined, [
          build.ifStat(
            kit.bin('==', kit.lib('coroutine', 'status', [kit.ref(co)]), kit.str('dead')),
            [build.brk()],
          ),
          kit.print([kit.lib('coroutine', 'resume', [kit.ref(co), kit.ref(i)])]),
        ]),
        kit.print([build.group(kit.lib('coroutine', 'resume', [kit.ref(co)]))]),
      ]),
    ];
  });
};
