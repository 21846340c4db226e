import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { kit } from '../kit.js';
import { arithEvents } from '../arith-events.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/** The arithmetic operators the objects answer through their metatable: `+ - * /`. */
const ARITH = arithEvents.slice(0, 4);

/**
 * A function of `self` and one more parameter (`function(a, b) <body a b> end`), built in its
 * own frame.
 */
function method(g: Gen, fresh: () => Local, body: (a: Expr, b: Expr) => Expr): Expr {
  g.scope.pushFrame(false);
  const a = fresh();
  const b = fresh();
  const fn = build.func([a, b], [build.ret([body(kit.ref(a), kit.ref(b))])]);
  g.scope.popFrame();
  return build.funcExpr(fn);
}

/** One use of the host-typed parameter `x` (and the string-typed key `k`), kept as a value. */
function use(g: Gen, x: Expr, k: Expr, results: Local[], fresh: () => Local): Stat {
  const c = g.choices;
  const keep = (e: Expr): Stat => {
    const r = fresh();
    results.push(r);
    return build.localStat([r], [e]);
  };
  switch (c.int(8)) {
    case 0:
      return keep(build.field(x, c.pick([1, 2])));
    case 1:
      // A field store: the next read sees it.
      return build.assign(
        [build.field(x, 2)],
        [kit.bin('+', build.field(x, 1), kit.num(c.int(5)))],
      );
    case 2:
      return keep(build.call(build.field(x, 0), [kit.num(c.pick([3, -1, 0.5]))], true));
    case 3:
      return keep(kit.neg(x));
    case 4: {
      const [op] = c.pick(ARITH);
      return keep(kit.bin(op, x, kit.num(c.pick([2, -3, 0.5]))));
    }
    case 5:
      return keep(kit.len(x));
    case 6:
      return keep(kit.index(x, k));
    default:
      return build.assign([kit.index(x, k)], [kit.bin('*', kit.index(x, k), kit.num(2))]);
  }
}

/**
 * `local C = {} C.__index = C`, a method `C.n0`, and the metamethods of `-x`, `#x` and
 * arithmetic, each reading the object's fields.
 */
function hostClass(g: Gen, fresh: () => Local, cls: Local): Stat[] {
  const meta = (name: string, value: Expr): Stat =>
    build.assign([kit.index(kit.ref(cls), kit.str(name))], [value]);
  return [
    build.localStat([cls], [build.array([])]),
    meta('__index', kit.ref(cls)),
    build.assign(
      [build.field(kit.ref(cls), 0)],
      [method(g, fresh, (a, b) => kit.bin('+', build.field(a, 1), b))],
    ),
    meta(
      '__unm',
      method(g, fresh, (a) => kit.neg(build.field(a, 1))),
    ),
    meta(
      '__len',
      method(g, fresh, (a) => build.field(a, 2)),
    ),
    ...ARITH.map(([op, name]) =>
      meta(
        name,
        method(g, fresh, (a, b) => kit.bin(op, build.field(a, 1), b)),
      ),
    ),
  ];
}

/**
 * A function whose parameters are annotated with a host type (`Instance`, `Part`, `Vector3`)
 * and `string`: the compiler records a type it does not know as userdata, and the native code
 * generator checks the argument tags on entry and takes the host's path for every operation on
 * such a value: field reads and stores, method calls, `-x`, arithmetic, `#x`, and an index by a
 * string key. The arguments are tables with a metatable that answers all of these, so the entry
 * check fails and the interpreter runs the body; the results are printed, so a native path that
 * ran where it must not shows.
 *
 * @example
 * ```ts
 * // local C = {} C.__index = C C.n0 = function(a, b) return a.n1 + b end C.__unm = ...
 * // local function f(x: Instance, k: string) local r1 = -x x.n2 = x.n1 + 1 ... return r1, ... end
 * // print(f(setmetatable({n1 = 3, n2 = 1}, C), "n1"))
 * hostTypeShape(g, 0);
 * ```
 */
export const hostTypeShape: StatProduction = (g, d) => {
  const needs = {
    swarm: 'metatables',
    when: g.options.features.typeAnnotations,
    room: 12,
  } as const;
  return shapeLocals(g, needs, (fresh) => {
    const c = g.choices;
    const cls = fresh();
    const f = fresh();
    const stats = hostClass(g, fresh, cls);
    g.scope.pushFrame(false);
    const x = fresh();
    const k = fresh();
    const results: Local[] = [];
    const body: Stat[] = Array.from({ length: 3 + c.int(6) }, () =>
      use(g, kit.ref(x), kit.ref(k), results, fresh),
    );
    body.push(build.ret([...results.map((r) => kit.ref(r)), build.field(kit.ref(x), 2)]));
    const fn = build.func([x, k], body, false, [
      build.externType(c.int(3)),
      build.primitiveType('string'),
    ]);
    g.scope.popFrame();
    const object = (): Expr =>
      kit.call('setmetatable', [
        build.record([
          [1, g.num(d + 1)],
          [2, kit.num(c.pick([0, 1, -2.5]))],
        ]),
        kit.ref(cls),
      ]);
    const call = (): Stat =>
      kit.print([build.call(build.local(f.name), [object(), kit.str(c.pick(['n1', 'n2']))])]);
    stats.push(build.localFunction(f, fn), call(), call());
    return [build.doBlock(stats)];
  });
};
