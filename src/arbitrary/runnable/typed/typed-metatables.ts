import { ExprBinary_Op, ExprUnary_Op } from '../../../../gen/luau_pb.js';
import type { Expr, Local, Stat, Type } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import type { Locals } from '../shapes/kit.js';
import { addTo, opaque, print, value } from './typed-parts.js';
import { ty } from './typed-types.js';

/** A fresh `number` type (built on use: a shared message would be one node in many trees). */
const num = (): Type => ty.prim('number');
const ref = (l: Local) => build.local(l.name);

/**
 * What the checker reads from metatables and the raw functions: `__index` as a function
 * (any missing field is a number) and as a table (a proxy), `__call` (the table called),
 * `getmetatable` compared with the metatable set, and `rawget`, `rawset`, `rawequal` and
 * `rawlen` on annotated tables.
 *
 * @example
 * ```ts
 * metatableStat(g, 1); // local l5 = {__index = function(l6: {}, l7: string): number ...
 * ```
 */
export const metatableStat: StatProduction = (g: Gen, d: number): Stat[] => {
  const [mt, t, k, obj, cl, self, a, r, prox] = opaque(g, 9);
  return [
    ...indexFunction(g, [mt, t, k, obj]),
    ...callMetamethod(g, d, [cl, self, a]),
    ...rawFunctions(g, d, r),
    ...indexProxy(g, d, prox, r),
  ];
};

const setmt = (tbl: Expr, meta: Expr) => build.call(build.global('setmetatable'), [tbl, meta]);

/** `__index` as a function (any missing field is a number), and `getmetatable` compared. */
function indexFunction(g: Gen, [mt, t, k, obj]: Locals<4>): Stat[] {
  const index = build.funcExpr(
    build.func(
      [t, k],
      [build.ret([build.unary(ExprUnary_Op.Len, ref(k))])],
      false,
      [ty.table([]), ty.prim('string')],
      [num()],
    ),
  );
  return [
    build.localStat([mt], [build.record([['__index', index]])]),
    build.localStat([obj], [setmt(build.array([]), ref(mt))]),
    print([
      build.binary(
        ExprBinary_Op.CompareEq,
        build.call(build.global('getmetatable'), [ref(obj)]),
        ref(mt),
      ),
      build.field(ref(obj), g.choices.int(12)),
    ]),
  ];
}

/** A table with `__call`, called. */
function callMetamethod(g: Gen, d: number, [cl, self, a]: Locals<3>): Stat[] {
  const call = build.funcExpr(
    build.func(
      [self, a],
      [build.ret([build.binary(ExprBinary_Op.Add, ref(a), build.number(1))])],
      false,
      [ty.prim('any'), num()],
      [num()],
    ),
  );
  return [
    build.localStat(
      [cl],
      [setmt(build.record([[0, g.num(d + 1)]]), build.record([['__call', call]]))],
    ),
    print([build.call(ref(cl), [g.num(d + 1)]), build.field(ref(cl), 0)]),
  ];
}

/** `rawget`, `rawequal`, `rawlen` and `rawset` on an annotated table `r`. */
function rawFunctions(g: Gen, d: number, r: Local): Stat[] {
  return [
    // The new solver types rawget and rawset as <K, V>(t: {[K]: V}, k: K, …): the table
    // they take has an indexer, no properties only.
    build.localStat(
      [r],
      [build.record([[0, g.num(d + 1)]])],
      [
        g.options.checker === 'new'
          ? ty.table([], [ty.prim('string'), num()])
          : ty.table([[0, num()]]),
      ],
    ),
    print([
      build.call(build.global('rawget'), [ref(r), build.string('n0')]),
      build.call(build.global('rawequal'), [ref(r), ref(r)]),
      build.call(build.global('rawlen'), [build.array([g.num(d + 1), g.num(d + 1)])]),
    ]),
    build.callStat(build.call(build.global('rawset'), [ref(r), build.string('n0'), g.num(d + 1)])),
  ];
}

/** `__index` as a table: a proxy reading field `n0`. */
function indexProxy(g: Gen, d: number, prox: Local, r: Local): Stat[] {
  return [
    // Both solvers look a field up through `__index` in a table's properties, not its
    // indexer: the proxy of the new solver's indexer table reads a record of its own.
    build.localStat(
      [prox],
      [
        setmt(
          build.array([]),
          build.record([
            ['__index', g.options.checker === 'new' ? build.record([[0, g.num(d + 1)]]) : ref(r)],
          ]),
        ),
      ],
    ),
    print([build.field(ref(r), 0), build.field(ref(prox), 0)]),
  ];
}

/**
 * The ways a `for ... in` loop iterates, each typed by the checker on its own: `pairs`,
 * `next` with its table, a table iterated directly, `ipairs`, and a closure iterator of type
 * `() -> number?` returned by a typed function; each loop sums what it reads (hash order
 * does not show).
 *
 * @example
 * ```ts
 * iterationStat(g, 1); // local l5: {[string]: number} = {n0 = ..., n1 = ...} for l6, l7 in pairs(l5) do ...
 * ```
 */
export const iterationStat: StatProduction = (g: Gen, d: number): Stat[] => {
  const [dict, arr, s, k, v, it, tp, i] = opaque(g, 8);
  const sum = (e: Expr) => addTo(g, ref(s), e);
  const loops: Stat[] = [
    build.forIn([k, v], [build.call(build.global('pairs'), [ref(dict)])], [sum(ref(v))]),
    build.forIn([k, v], [build.global('next'), ref(dict)], [sum(ref(v))]),
    build.forIn([k, v], [ref(dict)], [sum(ref(v))]),
    build.forIn([k, v], [build.call(build.global('ipairs'), [ref(arr)])], [sum(ref(k))]),
  ];
  // local function it(t: {number}): () -> number? local i = 0 return function() ... end end
  const next = build.funcExpr(
    build.func(
      [],
      [addTo(g, ref(i), build.number(1)), build.ret([build.indexExpr(ref(tp), ref(i))])],
      false,
      [],
      [ty.optional(num())],
    ),
  );
  const iter = build.func(
    [tp],
    [build.localStat([i], [build.number(0)], [num()]), build.ret([next])],
    false,
    [ty.array(num())],
    [ty.fn([], [ty.optional(num())])],
  );
  return [
    build.localStat(
      [dict],
      [
        // Integers: the sums do not depend on the order of the hash part.
        build.record([
          [0, g.int(d + 1)],
          [1, g.int(d + 1)],
        ]),
      ],
      [ty.table([], [ty.prim('string'), num()])],
    ),
    build.localStat(
      [arr],
      [build.array([g.num(d + 1), g.num(d + 1), g.num(d + 1)])],
      [ty.array(num())],
    ),
    build.localStat([s], [build.number(0)], [num()]),
    ...loops.filter(() => g.choices.chance(60)),
    build.localFunction(it, iter),
    build.forIn([v], [build.call(ref(it), [ref(arr)])], [sum(ref(v))]),
    print([ref(s), value(g, 'int', d + 1)]),
  ];
};
