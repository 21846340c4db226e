import { ExprBinary_Op, ExprUnary_Op } from '../../../../gen/luau_pb.js';
import type { Expr, Local, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import type { Locals } from '../shapes/kit.js';
import { opaque, print, value } from './typed-parts.js';
import { ty } from './typed-types.js';
import type { Scalar } from '../values/types.js';

const printable: Scalar[] = ['num', 'int', 'str', 'bool'];

/** Values of random scalar types, `n` of them, built where `...` is the chunk's. */
function args(g: Gen, d: number, n: number): Expr[] {
  return Array.from({ length: n }, () => value(g, g.choices.pick(printable), d + 1));
}

/**
 * Variadic functions, which the checker types through type packs: `...` unpacked into
 * locals, into a table and through `table.pack`, counted with `select("#", ...)` and returned
 * whole; a typed parameter before `...`; calls with fewer and more arguments, a call's
 * results forwarded as the last argument, and a pack's results assigned to several names.
 *
 * @example
 * ```ts
 * varargStat(g, 1); // local function l5(...) local l6, l7 = ... ... return select("#", ...), ... end
 * ```
 */
export const varargStat: StatProduction = (g, d) => {
  const [f, a, b, t, p, h, x, r1, r2] = opaque(g, 9);
  const va = build.varargs();
  const count = build.call(build.global('select'), [build.string('#'), va]);
  const body: Stat[] = [
    build.localStat([a, b], [va]),
    build.localStat([t], [build.array([va])]),
    build.localStat([p], [build.libCall('table', 'pack', [va])]),
    print([
      count,
      build.unary(ExprUnary_Op.Len, build.local(t.name)),
      build.indexExpr(build.local(p.name), build.string('n')),
      build.local(a.name),
      build.local(b.name),
    ]),
    build.ret([count, va]),
  ];
  const fRef = build.local(f.name);
  const hRef = build.local(h.name);
  const out: Stat[] = [
    build.localFunction(f, build.func([], body, true)),
    print([build.call(fRef, args(g, d, g.choices.int(4)))]),
    build.localStat([r1, r2], [build.call(fRef, args(g, d, 1 + g.choices.int(2)))]),
    print([build.local(r1.name), build.local(r2.name)]),
    build.localFunction(
      h,
      build.func(
        [x],
        [
          build.ret([
            build.binary(
              ExprBinary_Op.Add,
              build.local(x.name),
              build.call(build.global('select'), [build.string('#'), va]),
            ),
          ]),
        ],
        true,
        [ty.prim('number')],
        [ty.prim('number')],
      ),
    ),
    print([
      build.call(hRef, [g.num(d + 1)]),
      build.call(hRef, [g.num(d + 1), ...args(g, d, 1 + g.choices.int(3))]),
      // The pack of `f` forwarded whole as the last argument.
      build.call(fRef, [build.string('x'), build.call(fRef, args(g, d, g.choices.int(3)))]),
    ]),
  ];
  return out;
};

/**
 * Calls and names the checker resolves in other ways than a plain call: optional parameters
 * left out or passed `nil`, several results assigned to several names (with a value before
 * the call), functions defined by a dotted name two levels deep and as a method there, and a
 * table literal that grows fields after it is built (an unsealed table).
 *
 * @example
 * ```ts
 * callFormsStat(g, 1); // local function l5(l6: number, l7: number?, l8: string?): number ...
 * ```
 */
export const callFormsStat: StatProduction = (g, d) => {
  const [o, a, b, c, two, q1, q2, ns, x, ts] = opaque(g, 10);
  return [
    ...optionalParameters(g, d, o, [a, b, c]),
    ...severalResults(g, d, two, [q1, q2]),
    ...dottedFunctions(g, d, ns, x),
    ...unsealedTable(g, d, ts),
  ];
};

const ref = (l: Local): Expr => build.local(l.name);

/** `o(a: number, b: number?, c: string?)` called with the optional parameters left out or `nil`. */
function optionalParameters(g: Gen, d: number, o: Local, [a, b, c]: Locals<3>): Stat[] {
  const or = (e: Expr, k: Expr) => build.group(build.binary(ExprBinary_Op.Or, e, k));
  return [
    build.localFunction(
      o,
      build.func(
        [a, b, c],
        [
          build.ret([
            build.binary(
              ExprBinary_Op.Add,
              build.binary(ExprBinary_Op.Add, ref(a), or(ref(b), build.number(0))),
              build.unary(ExprUnary_Op.Len, or(ref(c), build.string(''))),
            ),
          ]),
        ],
        false,
        [ty.prim('number'), ty.optional(ty.prim('number')), ty.optional(ty.prim('string'))],
        [ty.prim('number')],
      ),
    ),
    print([
      // In parentheses: a last argument of several results (`utf8.codepoint`) would fill the
      // string parameter with numbers.
      build.call(ref(o), [build.group(g.num(d + 1))]),
      build.call(ref(o), [g.num(d + 1), build.group(g.num(d + 1))]),
      build.call(ref(o), [g.num(d + 1), build.nil(), value(g, 'str', d + 1)]),
    ]),
  ];
}

/** `two(): (number, string)` assigned to two names, alone or after a value. */
function severalResults(g: Gen, d: number, two: Local, [q1, q2]: Locals<2>): Stat[] {
  return [
    build.localFunction(
      two,
      build.func(
        [],
        [build.ret([build.number(g.choices.int(9)), build.string(g.choices.pick(['a', 'b', '']))])],
        false,
        [],
        [ty.prim('number'), ty.prim('string')],
      ),
    ),
    build.localStat(
      [q1, q2],
      [g.num(d + 1), value(g, 'str', d + 1)],
      [ty.prim('number'), ty.prim('string')],
    ),
    g.choices.chance(50)
      ? build.assign([ref(q1), ref(q2)], [build.call(ref(two), [])])
      : build.assign([ref(q2), ref(q1)], [value(g, 'str', d + 1), build.call(ref(two), [])]),
    print([ref(q1), ref(q2)]),
  ];
}

/** ns.n0.n1 and ns.n0:n2, defined on tables that grow, and called. */
function dottedFunctions(g: Gen, d: number, ns: Local, x: Local): Stat[] {
  const n0 = () => build.field(ref(ns), 0);
  return [
    build.localStat([ns], [build.array([])]),
    build.assign([n0()], [build.array([])]),
    build.functionStat(
      build.field(n0(), 1),
      build.func([x], [build.ret([ref(x)])], false, [ty.prim('number')], [ty.prim('number')]),
    ),
    build.functionStat(
      build.field(n0(), 2),
      build.func(
        [x],
        [build.ret([build.binary(ExprBinary_Op.Mul, ref(x), build.number(2))])],
        false,
        [ty.prim('number')],
        [ty.prim('number')],
      ),
      true,
    ),
    print([
      build.call(build.field(n0(), 1), [g.num(d + 1)]),
      build.call(build.indexName(n0(), build.customName(2)), [g.num(d + 1)], true),
    ]),
  ];
}

/** A table literal `{n0 = ...}` given fields `n1` and `["n2"]` after it is built. */
function unsealedTable(g: Gen, d: number, ts: Local): Stat[] {
  return [
    build.localStat([ts], [build.record([[0, g.num(d + 1)]])]),
    build.assign([build.field(ref(ts), 1)], [value(g, 'str', d + 1)]),
    build.assign([build.indexExpr(ref(ts), build.string('n2'))], [g.bool(d + 1)]),
    print([build.field(ref(ts), 0), build.field(ref(ts), 1), build.field(ref(ts), 2)]),
  ];
}
