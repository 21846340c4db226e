import { ExprBinary_Op, ExprUnary_Op, type Expr, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { operand, type Plant, type PlantedKind } from './planted-kinds.js';
import {
  drawFn,
  drawTable,
  drawType,
  freshPrim,
  incompatible,
  plain,
  prim,
  required,
  toType,
  type PlantedType,
  type TableType,
} from './planted-types.js';
import { genericFunc, opaque } from '../typed/typed-parts.js';
import { undeclaredGlobal } from '../typed/typed-globals.js';
import { ty } from '../typed/typed-types.js';

/** A type and one it does not convert to, nor it to the first. */
function incompatibleTypes(p: Plant): [PlantedType, PlantedType] | undefined {
  const t = drawType(p.draw, p.depth);
  const u = incompatible(p.draw, t);
  return u === undefined ? undefined : [t, u];
}

/** `local y: T = e` (no annotation when `t` is undefined). */
function bind(p: Plant, e: Expr, t?: PlantedType): Stat {
  const [y] = opaque(p.g, 1);
  return build.localStat([y], [e], t === undefined ? [] : [toType(t)]);
}

/** `setmetatable({n0 = x, ...}, {__index = {n4 = y}})` of operands of the fields' types. */
function withMetatable(p: Plant, t: TableType, index: TableType): Expr {
  const own = build.record(t.fields.map(([k, f]) => [k, operand(p, f)]));
  const inherited = build.record(index.fields.map(([k, f]) => [k, operand(p, f)]));
  const mt = build.record([['__index', inherited]]);
  return build.call(build.global('setmetatable'), [own, mt]);
}

/**
 * The planted errors of shapes rather than of single types: a table type that lacks fields
 * of another or has an incompatible indexer, a scalar where a table is expected, a table
 * with a metatable read at a key neither has or converted to a table type it does not fit,
 * a generic function's type parameter bound to two incompatible types, unary operators on
 * the wrong types, comparisons of types that do not compare, a field written through an
 * optional or a union, an overloaded function where one signature is expected, a value
 * assigned where another type is declared, a function stored into a sealed table, a scalar
 * iterated, a global written, a method called with `.`, values ordered that have no
 * metatable and a table whose field holds a generic function (with a generic pack)
 * converted to one whose field is a primitive.
 *
 * @example
 * ```ts
 * plantedShapes['dot-call'](p); // [local l9 = l5.n1(l8)], n1 defined with `:`
 * ```
 */
export const plantedShapes: Record<string, PlantedKind> = {
  'table-shape'(p) {
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    if (p.g.choices.chance(50)) {
      // A table type with more fields than the value's.
      const more: PlantedType = {
        k: 'table',
        fields: [...t.fields, [7, required(drawType(p.draw, p.depth - 1))]],
      };
      return [bind(p, operand(p, t), p.g.choices.chance(50) ? more : { k: 'opt', t: more })];
    }
    // Maps of incompatible values.
    const v = drawType(p.draw, p.depth - 1);
    const w = incompatible(p.draw, v);
    if (w === undefined) return undefined;
    const map = (x: PlantedType) => ty.table([], [ty.prim('string'), toType(x)]);
    const [x, y] = opaque(p.g, 2);
    p.setup.push(build.localStat([x], [build.local(p.any.name)], [map(v)]));
    return [build.localStat([y], [build.local(x.name)], [map(w)])];
  },
  'scalar-shape'(p) {
    const s = p.g.choices.pick(['string', 'number', 'boolean'] as const);
    return [bind(p, operand(p, prim(s)), drawTable(p.draw, p.depth - 1))];
  },
  metatable(p) {
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    const index = drawTable(p.draw, p.depth - 1, 4) as TableType;
    const [o] = opaque(p.g, 1);
    p.setup.push(build.localStat([o], [withMetatable(p, t, index)]));
    const ref = build.local(o.name);
    if (p.g.choices.chance(50)) return [bind(p, build.field(ref, 8 + p.g.choices.int(4)))];
    const wrong = incompatible(p.draw, t);
    return wrong && [bind(p, ref, wrong)];
  },
  'generic-call'(p) {
    if (!p.g.options.features.generics) return undefined;
    const t = required(drawType(p.draw, p.depth));
    const u = incompatible(p.draw, t);
    if (u === undefined) return undefined;
    const [h, a, b] = opaque(p.g, 3);
    const body = [build.ret([build.local(a.name)])];
    const fn = genericFunc([a, b], [ty.generic(0), ty.generic(0)], [ty.generic(0)], body, [0]);
    p.setup.push(build.localFunction(h, fn));
    const call = build.call(build.local(h.name), [operand(p, t), operand(p, u)]);
    // The new solver instantiates `A` as the union of the two, which only the first's
    // type then refuses.
    return [bind(p, call, p.g.options.checker === 'new' ? t : undefined)];
  },
  unary(p) {
    const t = drawType(p.draw, p.depth);
    if (!plain(t)) return undefined;
    if (p.g.choices.chance(50)) {
      if (t.k === 'prim' && t.name === 'number') return undefined;
      if (t.k === 'prim' && t.name === 'vector') return undefined;
      return [bind(p, build.unary(ExprUnary_Op.Minus, operand(p, t)))];
    }
    if (t.k === 'array' || t.k === 'table' || t.k === 'lit' || t.k === 'alias') return undefined;
    if (t.k === 'inter' || (t.k === 'prim' && t.name === 'string')) return undefined;
    return [bind(p, build.unary(ExprUnary_Op.Len, operand(p, t)))];
  },
  compare(p) {
    // Two values of types with no primitive in common, one of them of one shape.
    const t = drawType(p.draw, p.depth);
    const other = freshPrim(p.draw, [t]);
    if (other === undefined || !plain(t) || t.k === 'inter') return undefined;
    if (p.g.choices.chance(50)) {
      const op = p.g.choices.pick([ExprBinary_Op.CompareEq, ExprBinary_Op.CompareNe]);
      return [bind(p, build.binary(op, operand(p, t), operand(p, other)))];
    }
    const op = p.g.choices.pick([ExprBinary_Op.CompareLe, ExprBinary_Op.CompareGt]);
    // Not an optional beside a string singleton: the old solver lets `x > s` pass for
    // `x: number?` and `s: "on"`, a known false negative.
    const optional = t.k !== 'lit' && p.g.choices.chance(50);
    const left = optional ? { k: 'opt' as const, t: other } : other;
    return [bind(p, build.binary(op, operand(p, left), operand(p, t)))];
  },
  'field-write'(p) {
    const a = drawTable(p.draw, p.depth - 1) as TableType;
    const [k, f] = a.fields[0]!;
    const target: PlantedType = p.g.choices.chance(50)
      ? { k: 'opt', t: a }
      : { k: 'union', a, b: drawTable(p.draw, p.depth - 1, 4) };
    return [build.assign([build.field(operand(p, target), k)], [operand(p, f)])];
  },
  assign(p) {
    // (More targets than values is no error in an assignment, unlike in a `local`.)
    const m = incompatibleTypes(p);
    return m && [build.assign([operand(p, m[0])], [operand(p, m[1])])];
  },
  'function-name'(p) {
    // A function stored into a sealed table, at a field it lacks or of another type.
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    const [x] = opaque(p.g, 1);
    const fn = build.func([x], [build.ret([build.local(x.name)])], false, [ty.prim('number')]);
    const own = t.fields.find(([, f]) => f.k !== 'fn');
    const key = own !== undefined && p.g.choices.chance(50) ? own[0] : 8 + p.g.choices.int(8);
    return [build.functionStat(build.field(operand(p, t), key), fn, p.g.choices.chance(50))];
  },
  'for-in'(p) {
    // Iterating a value that is neither a table nor a function.
    const t = prim(p.g.choices.pick(['number', 'boolean', 'thread'] as const));
    const [k, v] = opaque(p.g, 2);
    return [build.forIn([k, v], [operand(p, t)], [])];
  },
  'global-write'(p) {
    // Strict mode knows no global that the program did not declare, written or read.
    const x = operand(p, drawType(p.draw, p.depth));
    return [build.assign([build.customGlobal(undeclaredGlobal(p.g))], [x])];
  },
  'dot-call'(p) {
    // A method defined with `:` called with `.`, its `self` left out.
    const t = required(drawType(p.draw, p.depth - 1));
    const [o, x] = opaque(p.g, 2);
    p.setup.push(build.localStat([o], [build.record([[0, operand(p, t)]])]));
    const ret = [build.ret([build.local(x.name)])];
    const method = build.func([x], ret, false, [toType(t)], [toType(t)]);
    p.setup.push(build.functionStat(build.field(build.local(o.name), 1), method, true));
    return [bind(p, build.call(build.field(build.local(o.name), 1), [operand(p, t)]))];
  },
  'compare-same'(p) {
    // Values of one table or function type, ordered though it has no metatable.
    const t = drawType(p.draw, p.depth);
    if (t.k !== 'table' && t.k !== 'array' && t.k !== 'fn' && t.k !== 'alias') return undefined;
    const op = p.g.choices.pick([ExprBinary_Op.CompareLt, ExprBinary_Op.CompareGe]);
    return [bind(p, build.binary(op, operand(p, t), operand(p, t)))];
  },
  'overload-convert'(p) {
    // Overloads that differ in a parameter (two that differ in their results only are one
    // function returning the intersection of both, which converts to much), parameters of
    // no function type: the old solver converts overloads taking `(string) -> boolean` and
    // `(vector) -> boolean` to overloads taking `(string) -> boolean` and `(thread) ->
    // boolean`, a known false negative.
    const f0 = drawFn(p.draw, p.depth - 1) as PlantedType & { k: 'fn' };
    const f1 = { ...f0, args: f0.args.map(() => drawType(p.draw, 0)) };
    const first = incompatible(p.draw, f1.args[0]!);
    if (first === undefined) return undefined;
    const both: PlantedType = {
      k: 'inter',
      a: f1,
      b: { ...f1, args: [first, ...f1.args.slice(1)] },
    };
    const wrong = incompatible(p.draw, both);
    return wrong && [bind(p, operand(p, both), wrong)];
  },
  'generic-field'(p) {
    // A field holding a generic function, which stays generic (a local of one is
    // instantiated where it is used), so the message prints its generics and generic pack.
    if (!p.g.options.features.generics) return undefined;
    const k = p.g.choices.int(4);
    const a = ty.generic(0);
    const fn = ty.fn(p.g.choices.chance(50) ? [a] : [a, toType(drawType(p.draw, 0))], [a], [0]);
    if (fn.typeOneof.case === 'function' && p.g.choices.chance(50)) {
      fn.typeOneof.value.genericpacks = [ty.genericName(1)];
    }
    const [x] = opaque(p.g, 1);
    p.setup.push(build.localStat([x], [build.local(p.any.name)], [ty.table([[k, fn]])]));
    const other = prim(p.g.choices.pick(['number', 'string', 'boolean'] as const));
    return [bind(p, build.local(x.name), { k: 'table', fields: [[k, other]] })];
  },
};
