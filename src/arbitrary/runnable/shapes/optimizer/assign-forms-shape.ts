import type { Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { fuelGuard } from '../../statements/fuel.js';
import type { Gen } from '../../generator.js';
import { freshLocals, kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/**
 * Multiple assignments whose targets the values read, as the Lua manual defines them (every
 * value and every target's table and key are evaluated before any is assigned):
 * `i, t[i] = i + 1, v` (the key is the old `i`), `a, b = b, a`, more values than targets (the
 * rest evaluated for their effects), `t, t.n0 = o, v` (the field of the old table); a table
 * filled by constant indices in order, and a constructor that names a field twice.
 */
function assignments(g: Gen, d: number, fresh: () => Local): Stat[] {
  const c = g.choices;
  const [i, t, a, b, u, o, r] = freshLocals(fresh, 7);
  const n = () => g.num(d + 1);
  return [
    build.localStat([i, t, a, b], [kit.num(c.pick([1, 2])), build.array([]), n(), n()]),
    build.assign([kit.index(kit.ref(t), kit.num(1))], [kit.ref(a)]),
    build.assign([kit.index(kit.ref(t), kit.num(2))], [kit.ref(b)]),
    build.assign(
      [kit.ref(i), kit.index(kit.ref(t), kit.ref(i))],
      [kit.bin('+', kit.ref(i), kit.num(1)), n()],
    ),
    build.assign([kit.ref(a), kit.ref(b)], [kit.ref(b), kit.ref(a)]),
    // The third value appends to t (its effect), after the two values that read a and b.
    build.assign(
      [kit.ref(a), kit.ref(b)],
      [
        kit.bin('-', kit.ref(b), kit.num(1)),
        kit.ref(a),
        kit.lib('table', 'insert', [kit.ref(t), kit.ref(a)]),
      ],
    ),
    // A local statement with a value more than its names.
    build.localStat([u, o], [kit.ref(t), build.record([[1, n()]]), kit.text(kit.ref(a))]),
    build.assign([kit.ref(t), build.field(kit.ref(t), 0)], [kit.ref(o), n()]),
    // A field named twice: the later value wins, whether it is a constant or not.
    build.localStat(
      [r],
      [
        build.record([
          [0, kit.ref(a)],
          [0, kit.num(c.pick([1, -2, 0.5]))],
          [1, kit.num(3)],
          [1, kit.ref(b)],
        ]),
      ],
    ),
    kit.print([
      kit.ref(i),
      kit.ref(a),
      kit.ref(b),
      kit.index(kit.ref(u), kit.num(1)),
      kit.index(kit.ref(u), kit.num(2)),
      kit.index(kit.ref(u), kit.num(3)),
      kit.len(kit.ref(u)),
      build.field(kit.ref(u), 0),
      build.field(kit.ref(t), 0),
      build.field(kit.ref(t), 1),
      build.field(kit.ref(r), 0),
      build.field(kit.ref(r), 1),
    ]),
  ];
}

/**
 * `function o:n0(x)`, a method statement, called through `o:n0(...)`; a vararg function that
 * picks its arguments with `select(k, ...)` by a parameter and by an expression and spreads
 * `...` over more locals than its callers pass (the rest are nil); and a small
 * function that assigns a parameter its callers leave out (`-O2` inlines it).
 */
function functions(g: Gen, d: number, fresh: () => Local): Stat[] {
  const c = g.choices;
  const [o, v, f] = freshLocals(fresh, 3);
  const n = () => g.num(d + 1);
  g.scope.pushFrame(false);
  const [x, k, s, w, a, b] = freshLocals(fresh, 6);
  const spread = freshLocals(fresh, 4);
  const method = build.func([x], [build.ret([kit.bin('*', kit.ref(x), kit.num(2))])]);
  const picker = build.func(
    [k],
    [
      build.localStat([s], [kit.call('select', [kit.ref(k), build.varargs()])]),
      build.localStat(
        [w],
        [kit.call('select', [kit.bin('*', kit.ref(k), kit.num(2)), build.varargs()])],
      ),
      build.localStat(spread, [build.varargs()]),
      build.ret([
        kit.ref(s),
        kit.ref(w),
        kit.call('select', [kit.str('#'), build.varargs()]),
        ...spread.map((l) => kit.ref(l)),
      ]),
    ],
    true,
  );
  const mutates = build.func(
    [a, b],
    [
      build.assign([kit.ref(b)], [kit.bin('*', kit.orElse(kit.ref(b), kit.num(1)), kit.ref(a))]),
      build.ret([kit.ref(b)]),
    ],
  );
  g.scope.popFrame();
  return [
    build.localStat([o], [build.record([[1, n()]])]),
    build.functionStat(build.field(kit.ref(o), 0), method, true),
    kit.print([build.call(build.field(kit.ref(o), 0), [n()], true)]),
    build.localFunction(v, picker),
    kit.print([
      build.call(kit.ref(v), [kit.num(c.pick([1, 2, -1])), n(), n()]),
      build.call(kit.ref(v), [kit.num(c.pick([1, 3])), n(), n(), n()]),
    ]),
    build.localFunction(f, mutates),
    kit.print([build.call(kit.ref(f), [n()]), build.call(kit.ref(f), [n(), n()])]),
  ];
}

/**
 * `repeat … continue … until cond`: locals and a local function declared after the `continue`
 * (which the condition must not read), and a condition that calls a closure over a local
 * declared before it.
 */
function repeatContinue(g: Gen, fresh: () => Local): Stat[] {
  const c = g.choices;
  const [m, acc, w, z, h] = freshLocals(fresh, 5);
  return [
    build.localStat([m, acc], [kit.num(0), kit.num(c.pick([0, 1]))]),
    build.repeatStat(
      [
        ...fuelGuard(g, build.brk()),
        build.localStat([w], [kit.bin('*', kit.ref(m), kit.num(c.pick([2, 3])))]),
        build.assign([kit.ref(m)], [kit.bin('+', kit.ref(m), kit.num(1))]),
        build.ifStat(kit.bin('==', kit.bin('%', kit.ref(m), kit.num(2)), kit.num(0)), [
          build.cont(),
        ]),
        build.localStat([z], [kit.bin('+', kit.ref(w), kit.num(1))]),
        build.localFunction(h, build.func([], [build.ret([kit.ref(z)])])),
        build.assign([kit.ref(acc)], [kit.bin('+', kit.ref(acc), build.call(kit.ref(h), []))]),
        // A break past locals a closure captured: the loop closes their upvalues first.
        build.ifStat(kit.bin('>', kit.ref(acc), kit.num(c.pick([4, 12]))), [build.brk()]),
      ],
      kit.bin(
        'or',
        kit.bin(
          '>=',
          build.call(build.group(build.funcExpr(build.func([], [build.ret([kit.ref(w)])]))), []),
          kit.num(c.pick([6, 9])),
        ),
        kit.bin('>', kit.ref(m), kit.num(7)),
      ),
    ),
    kit.print([kit.ref(m), kit.ref(acc)]),
  ];
}

/**
 * Statement forms the compiler resolves on paths of their own: multiple assignments whose
 * values read their targets (conflicts the compiler resolves through temporaries), field names
 * given twice in a constructor, method statements, `select(k, ...)` by a parameter, an inlined
 * function assigning a parameter its caller left out, and `repeat … continue … until` with
 * locals after the `continue` and a closure in the condition.
 *
 * @example
 * ```ts
 * // i, t[i] = i + 1, x  a, b = b, a  t, t.n0 = o, 5  function o:n0(x) return x * 2 end
 * // local function v(k, ...) local s = select(k, ...) ... end  repeat ... continue ... until (function() return w end)() >= 6
 * assignFormsShape(g, 0);
 * ```
 */
export const assignFormsShape: StatProduction = (g, d) => {
  return shapeLocals(g, { room: 14 }, (fresh) => {
    const stats: Stat[] = [...assignments(g, d, fresh)];
    if (g.swarm.closures) stats.push(...functions(g, d, fresh));
    if (g.options.features.continue && g.swarm.loops) stats.push(...repeatContinue(g, fresh));
    return [build.doBlock(stats)];
  });
};
