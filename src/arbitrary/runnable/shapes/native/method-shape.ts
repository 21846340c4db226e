import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { fuelGuard } from '../../statements/fuel.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import type { Gen } from '../../generator.js';
import { hostTypeShape } from './host-type-shape.js';
import { type Fresh, shapeLocals } from '../local-function-shape.js';
import { reduceInt } from '../../values/reduce-int.js';

/** A method of the class: a function whose first parameter is `self`, in a frame of its own. */
function method(
  g: Gen,
  fresh: Fresh,
  params: number,
  body: (self: Expr, args: Expr[]) => Stat[],
): Expr {
  g.scope.pushFrame(false);
  const self = fresh();
  const args = Array.from({ length: params }, () => fresh());
  const fn = build.func(
    [self, ...args],
    body(
      kit.ref(self),
      args.map((a) => kit.ref(a)),
    ),
  );
  g.scope.popFrame();
  return build.funcExpr(fn);
}

/** `__eq` of the class: two objects are equal by their field 1. */
function eqMethod(g: Gen, fresh: Fresh): Expr {
  g.scope.pushFrame(false);
  const a = fresh();
  const b = fresh();
  const fn = build.func(
    [a, b],
    [build.ret([kit.bin('==', build.field(kit.ref(a), 1), build.field(kit.ref(b), 1))])],
  );
  g.scope.popFrame();
  return build.funcExpr(fn);
}

/** The class `cls` (its own `__index`, with `__eq` and `__iter`) and its subclass `sub`. */
function classStats(g: Gen, fresh: Fresh, cls: Local, sub: Local): Stat[] {
  const c = g.choices;
  const field = (t: Expr, k: number) => build.field(t, k);
  const stats: Stat[] = [
    build.localStat([cls], [build.array([])]),
    build.assign([kit.index(kit.ref(cls), kit.str('__index'))], [kit.ref(cls)]),
    build.assign(
      [field(kit.ref(cls), 0)],
      [
        method(g, fresh, 1, (self, [x]) => [
          build.assign(
            [field(self, 1)],
            [kit.bin('+', kit.bin('*', field(self, 1), kit.num(c.pick([2, -1, 0.5]))), x!)],
          ),
          build.ret([field(self, 1)]),
        ]),
      ],
    ),
    build.assign(
      [field(kit.ref(cls), 2)],
      [method(g, fresh, 0, (self) => [build.ret([kit.len(field(self, 3))])])],
    ),
    // Objects of one class are equal by a field: `==` between two of them asks `__eq`.
    build.assign([kit.index(kit.ref(cls), kit.str('__eq'))], [eqMethod(g, fresh)]),
    build.assign(
      [kit.index(kit.ref(cls), kit.str('__iter'))],
      [method(g, fresh, 0, (self) => [build.ret([build.global('next'), field(self, 3)])])],
    ),
    build.localStat(
      [sub],
      [kit.call('setmetatable', [build.array([]), build.record([['__index', kit.ref(cls)]])])],
    ),
    build.assign([kit.index(kit.ref(sub), kit.str('__index'))], [kit.ref(sub)]),
    build.assign(
      [kit.index(kit.ref(sub), kit.str('__iter'))],
      [kit.index(kit.ref(cls), kit.str('__iter'))],
    ),
  ];
  if (c.chance(50)) {
    // An override in the subclass.
    stats.push(
      build.assign(
        [field(kit.ref(sub), 2)],
        [method(g, fresh, 0, (self) => [build.ret([kit.neg(field(self, 1))])])],
      ),
    );
  }
  return stats;
}

/** An object of class `k`: field 1 a number, field 3 an array of a few integers. */
function objectStat(g: Gen, d: number, o: Local, k: Local): Stat {
  const values = Array.from({ length: 1 + g.choices.int(4) }, () =>
    reduceInt(g, g.int(g.options.maxDepth)),
  );
  return build.localStat(
    [o],
    [
      kit.call('setmetatable', [
        build.record([
          [1, g.num(d + 1)],
          [3, build.array(values)],
        ]),
        kit.ref(k),
      ]),
    ],
  );
}

/** A twin of `first` of class `cls`, compared with it by `==`, `~=` and `rawequal`. */
function twinStats(g: Gen, fresh: Fresh, cls: Local, first: Local): Stat[] {
  const c = g.choices;
  const twin = fresh();
  return [
    build.localStat(
      [twin],
      [
        kit.call('setmetatable', [
          build.record([
            // Half the time equal to the first object by its field: then `==` is true only
            // through `__eq`.
            [1, c.chance(50) ? build.field(kit.ref(first), 1) : kit.num(c.pick([0, 1, -0.5]))],
            [3, build.array([])],
          ]),
          kit.ref(cls),
        ]),
      ],
    ),
    kit.print([
      kit.bin('==', kit.ref(first), kit.ref(twin)),
      kit.bin('~=', kit.ref(twin), kit.ref(first)),
      kit.call('rawequal', [kit.ref(twin), kit.ref(first)]),
    ]),
  ];
}

/** A method call `o:k(args)`. */
function call(o: Expr, k: number, args: Expr[]): Expr {
  return build.call(build.field(o, k), args, true);
}

/**
 * A generalized `for` over one of the objects (through `__iter`), then a call of a method
 * neither class has, under `pcall`.
 */
function iterationStats(g: Gen, fresh: Fresh, objects: Local[]): Stat[] {
  const c = g.choices;
  const s = fresh();
  const k = fresh();
  const v = fresh();
  return [
    build.localStat([s], [kit.num(0)]),
    build.forIn(
      [k, v],
      [kit.ref(c.pick(objects))],
      [
        ...fuelGuard(g, build.brk()),
        build.assign(
          [kit.ref(s)],
          [kit.bin('+', kit.ref(s), kit.bin('*', kit.ref(k), kit.ref(v)))],
        ),
      ],
    ),
    kit.print([
      kit.ref(s),
      kit.first(
        kit.call('pcall', [
          build.funcExpr(build.func([], [build.ret([call(kit.ref(objects[0]!), 5, [])])])),
        ]),
      ),
    ]),
  ];
}

/**
 * A class: methods in a table that is its own `__index`, one of them mutating `self`, a subclass
 * whose lookups go one level further, `__iter` for generalized iteration over an array field,
 * and method calls (`o:m(x)`) on objects of both, and of a method neither has (under `pcall`):
 * the method-call fast paths and their fallbacks; now and then followed by
 * {@link hostTypeShape}, objects of another class through parameters of a host type.
 *
 * @example
 * ```ts
 * // local C = {} C.__index = C  C.n0 = function(self, x) self.n1 = self.n1 * 2 + x return self.n1 end
 * // local o = setmetatable({n1 = 1, n3 = {4, 5}}, C)  print(o:n0(3), o:n2())  for k, v in o do ... end
 * methodShape(g, 0);
 * ```
 */
export const methodShape: StatProduction = (g, d) => {
  const out = shapeLocals(g, { swarm: 'metatables', room: 12 }, (fresh) => {
    const c = g.choices;
    const cls = fresh();
    const sub = fresh();
    const stats = classStats(g, fresh, cls, sub);
    const objects = [cls, sub].map((k) => {
      const o = fresh();
      stats.push(objectStat(g, d, o, k));
      return o;
    });
    stats.push(...twinStats(g, fresh, cls, objects[0]!));
    for (const o of objects) {
      stats.push(
        kit.print([
          call(kit.ref(o), 0, [g.num(d + 1)]),
          call(kit.ref(o), 0, [kit.num(c.pick([1, -0.5, 3]))]),
          call(kit.ref(o), 2, []),
        ]),
      );
    }
    stats.push(...iterationStats(g, fresh, objects));
    return [build.doBlock(stats)];
  });
  // Now and then objects of another class also go through parameters of a host type.
  return out.length > 0 && g.choices.chance(75) ? [...out, ...hostTypeShape(g, d)] : out;
};
