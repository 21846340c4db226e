import type { Expr, ExprFunction, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { fueledFor, kit } from '../kit.js';
import { shapeLocals } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';
import { reduceInt } from '../../values/reduce-int.js';

/** The keys every receiver answers: a vector's components, nil on a string or a bare table. */
const KEYS = ['x', 'y', 'z'];

/** `function(a, b) <body> end` in a frame of its own. */
function fn(g: Gen, fresh: () => Local, params: number, body: (ps: Expr[]) => Stat[]): Expr {
  g.scope.pushFrame(false);
  const ps = Array.from({ length: params }, () => fresh());
  const f = build.func(ps, body(ps.map((p) => kit.ref(p))));
  g.scope.popFrame();
  return build.funcExpr(f);
}

/** A table whose reads of missing keys fall back: to a function of the key or to a table. */
function readable(g: Gen, fresh: () => Local): Expr {
  const c = g.choices;
  const index = c.chance(50)
    ? fn(g, fresh, 2, ([, k]) => [build.ret([kit.bin('..', k!, kit.str('!'))])])
    : build.record([[c.pick(KEYS), g.num(g.options.maxDepth)]]);
  return kit.call('setmetatable', [
    c.chance(50) ? build.array([]) : build.record([[c.pick(KEYS), g.str(g.options.maxDepth)]]),
    build.record([['__index', index]]),
  ]);
}

/** A table whose writes of new keys go through `__newindex`: a function that doubles, or a table. */
function writable(g: Gen, fresh: () => Local): Expr {
  const c = g.choices;
  const store = c.chance(50)
    ? fn(g, fresh, 3, ([t, k, v]) => [
        build.callStat(kit.call('rawset', [t!, k!, kit.bin('*', v!, kit.num(2))])),
      ])
    : build.array([]);
  return kit.call('setmetatable', [build.array([]), build.record([['__newindex', store]])]);
}

/** `function(o, n)`: a string of what each of `n` iterations read from fields of `o`. */
function reader(g: Gen, fresh: () => Local): ExprFunction {
  const c = g.choices;
  const o = fresh();
  const n = fresh();
  const s = fresh();
  const i = fresh();
  const reads = Array.from({ length: 1 + c.int(2) }, () =>
    kit.text(kit.index(kit.ref(o), kit.str(c.pick(KEYS)))),
  );
  const joined = reads.reduce((a, b) => kit.bin('..', a, kit.bin('..', kit.str('/'), b)));
  return build.func(
    [o, n],
    [
      build.localStat([s], [kit.str('')]),
      fueledFor(g, i, kit.num(1), kit.ref(n), undefined, [
        build.assign(
          [kit.ref(s)],
          [kit.bin('..', kit.ref(s), kit.bin('..', joined, kit.str(',')))],
        ),
      ]),
      build.ret([kit.ref(s)]),
    ],
  );
}

/** `function(o, v)`: two keys of `o` set twice, read back raw. */
function writer(g: Gen, fresh: () => Local): ExprFunction {
  const c = g.choices;
  const o = fresh();
  const v = fresh();
  const i = fresh();
  const [k1, k2] = [c.pick(KEYS), c.pick(KEYS)];
  return build.func(
    [o, v],
    [
      fueledFor(g, i, kit.num(1), kit.num(2), undefined, [
        build.assign([kit.index(kit.ref(o), kit.str(k1!))], [kit.bin('+', kit.ref(v), kit.ref(i))]),
        build.assign([kit.index(kit.ref(o), kit.str(k2!))], [kit.ref(i)]),
      ]),
      build.ret([
        kit.call('rawget', [kit.ref(o), kit.str(k1!)]),
        kit.call('rawget', [kit.ref(o), kit.str(k2!)]),
      ]),
    ],
  );
}

/** `function(o)`: the sum of two calls `o:len()`. */
function lengthCaller(g: Gen, fresh: () => Local): ExprFunction {
  const o = fresh();
  const r = fresh();
  const i = fresh();
  return build.func(
    [o],
    [
      build.localStat([r], [kit.num(0)]),
      fueledFor(g, i, kit.num(1), kit.num(2), undefined, [
        build.assign(
          [kit.ref(r)],
          [kit.bin('+', kit.ref(r), build.call(kit.field(kit.ref(o), 'len'), [], true))],
        ),
      ]),
      build.ret([kit.ref(r)]),
    ],
  );
}

/** `rd` called on each kind of receiver: tables, a table with `__index`, a string, a vector. */
function readCalls(g: Gen, d: number, fresh: () => Local, rd: Local): Stat {
  const c = g.choices;
  const trips = () => kit.num(c.pick([1, 2, 3]));
  const receivers: Expr[] = [
    build.array([]),
    build.record([[c.pick(KEYS), reduceInt(g, g.int(d + 1))]]),
    g.str(d + 1),
    readable(g, fresh),
  ];
  if (g.swarm.vectors && g.has('vector.create'))
    receivers.push(kit.lib('vector', 'create', [kit.num(1), g.num(d + 1), kit.num(-0.5)]));
  return kit.print(receivers.map((o) => build.call(build.local(rd.name), [o, trips()])));
}

/** `wr` called on a plain table and on two tables with `__newindex`. */
function writeCalls(g: Gen, d: number, fresh: () => Local, wr: Local): Stat {
  const c = g.choices;
  const value = () => (c.chance(50) ? reduceInt(g, g.int(d + 1)) : kit.num(c.pick([0.5, -1, 7])));
  return kit.print([
    build.call(build.local(wr.name), [build.array([]), value()]),
    build.call(build.local(wr.name), [writable(g, fresh), value()]),
    build.call(build.local(wr.name), [writable(g, fresh), value()]),
  ]);
}

/** `nc` called on a string and on tables that have or inherit `len`. */
function lengthCalls(g: Gen, d: number, fresh: () => Local, nc: Local): Stat {
  const k = g.choices.pick([3, -1]);
  const method = () => fn(g, fresh, 1, () => [build.ret([kit.num(k)])]);
  return kit.print([
    build.call(build.local(nc.name), [g.str(d + 1)]),
    build.call(build.local(nc.name), [build.record([['len', method()]])]),
    build.call(build.local(nc.name), [
      kit.call('setmetatable', [
        build.array([]),
        build.record([['__index', build.record([['len', method()]])]]),
      ]),
    ]),
  ]);
}

/**
 * Field sites whose receivers change: one function reads `o["x"]`, `o["z"]` in a loop of plain
 * tables, tables whose misses fall back to a function or a table, strings and vectors; one
 * writes fields of plain tables and of tables with `__newindex`; one calls `o:len()` on strings
 * and tables. Native code's table fast paths hold for some receivers and fall back to the
 * generic lookups and metamethod calls for the others. Everything read is printed.
 *
 * @example
 * ```ts
 * // local function rd(o, n) local s = "" for i = 1, n do s = s .. tostring(o["x"]) .. "," end return s end
 * // print(rd({}, 2), rd("ab", 1), rd(vector.create(1, 2, 3), 2), rd(setmetatable({}, {__index = f}), 2))
 * fieldSiteShape(g, 0);
 * ```
 */
export const fieldSiteShape: StatProduction = (g, d) => {
  return shapeLocals(g, { swarm: 'metatables', room: 12 }, (fresh) => {
    const rd = fresh();
    const wr = fresh();
    const nc = fresh();
    // `local function name` with the function `make` builds in a frame of its own.
    const local = (name: Local, make: () => ExprFunction) =>
      build.localFunction(name, g.scope.inFunction(false, make));
    const stats: Stat[] = [
      // Reads: a string of what each iteration saw, bounded by the trip count.
      local(rd, () => reader(g, fresh)),
      // Writes: the keys set twice, read back raw.
      local(wr, () => writer(g, fresh)),
      // Method calls: `o:len()` on strings and on tables that have or inherit `len`.
      local(nc, () => lengthCaller(g, fresh)),
      readCalls(g, d, fresh, rd),
      writeCalls(g, d, fresh, wr),
      lengthCalls(g, d, fresh, nc),
    ];
    return [build.doBlock(stats)];
  });
};
