import { ExprBinary_Op } from '../../../../gen/luau_pb.js';
import type { Expr, Local, Stat, Type } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import {
  callable,
  drawFn,
  drawTable,
  drawType,
  freshPrim,
  incompatible,
  nilable,
  plain,
  prim,
  required,
  toType,
  type PlantedType,
  type TypeDraw,
  type TableType,
} from './planted-types.js';
import { freshAlias, genericFunc, opaque } from '../typed/typed-parts.js';
import { undeclaredGlobal } from '../typed/typed-globals.js';
import { ty } from '../typed/typed-types.js';
import { formatArgument } from '../library/format-conversions.js';

/**
 * What a planted error is built with: the types drawn so far, the statements that declare
 * its operands before the marker (all strict-clean), and the `any` local whose value, `nil`,
 * guards the planted statements (they never run).
 *
 * @example
 * ```ts
 * const p: Plant = { g, draw: { g, aliases: [] }, setup: [], any: a, depth: 2 };
 * ```
 */
export interface Plant {
  readonly g: Gen;
  readonly draw: TypeDraw;
  readonly setup: Stat[];
  /** `local a: any = nil`. */
  readonly any: Local;
  /** Depth of the drawn types. */
  readonly depth: number;
}

/**
 * A local of type `t` in the setup (`local x: T = a`), as an expression.
 *
 * @example
 * ```ts
 * operand(p, prim('number')); // l7, after `local l7: number = l3` in p.setup
 * ```
 */
export function operand(p: Plant, t: PlantedType): Expr {
  const [x] = opaque(p.g, 1);
  p.setup.push(build.localStat([x], [build.local(p.any.name)], [toType(t)]));
  return build.local(x.name);
}

/**
 * `local y: T = e` (no annotation when `t` is undefined).
 *
 * @example
 * ```ts
 * bind(p, build.local(l7.name), prim('string')); // local l8: string = l7
 * ```
 */
export function bind(p: Plant, e: Expr, t?: PlantedType): Stat {
  const [y] = opaque(p.g, 1);
  return build.localStat([y], [e], t === undefined ? [] : [toType(t)]);
}

/** A type and one it does not convert to. */
function mismatch(p: Plant, draw = drawType): [PlantedType, PlantedType] | undefined {
  const t = draw(p.draw, p.depth);
  const u = incompatible(p.draw, t);
  return u === undefined ? undefined : [t, u];
}

/** A function type whose parameters and results are drawn. */
function fnType(p: Plant): PlantedType & { k: 'fn' } {
  return drawFn(p.draw, p.depth - 1) as PlantedType & { k: 'fn' };
}

/** Arguments of the parameter types of `f`, each a fresh local of its type. */
function args(p: Plant, f: PlantedType & { k: 'fn' }): Expr[] {
  return f.args.map((t) => operand(p, t));
}

/** `local function h(x: arg): rets return x end`. */
function identityFunction(h: Local, x: Local, arg: Type, rets: Type[]): Stat {
  const fn = build.func([x], [build.ret([build.local(x.name)])], false, [arg], rets);
  return build.localFunction(h, fn);
}

/**
 * A planted error: the statements (never run) of which one line must be reported.
 *
 * @example
 * ```ts
 * const none: PlantedKind = () => undefined;
 * ```
 */
export type PlantedKind = (p: Plant) => Stat[] | undefined;

/**
 * The kinds of planted error, each drawing its types from the typed level's vocabulary so
 * that the checker's message prints them: a value of one type where an incompatible one is
 * expected (a local, an argument, a field, a return), the wrong number of arguments or
 * results, a missing field read, written or left out of a literal, a call of a value that is
 * not a function, an optional value used unrefined, an alias instantiated with a wrong
 * argument or number of them, arithmetic, comparison and concatenation of the wrong types,
 * an unknown global or type, a method called on a field that takes no `self`, a singleton
 * not in its union, a key missing from one part of a union, a codepath without a return,
 * an overloaded function that no overload fits, a duplicate generic parameter and
 * `string.format` arguments that do not fit their format.
 *
 * @example
 * ```ts
 * plantedKinds.convert(p); // [local l8: string = l7], l7 a number
 * ```
 */
export const plantedKinds: Record<string, PlantedKind> = {
  convert(p) {
    const m = mismatch(p);
    return m && [bind(p, operand(p, m[0]), m[1])];
  },
  argument(p) {
    const f = fnType(p);
    const i = p.g.choices.int(f.args.length);
    const wrong = incompatible(p.draw, f.args[i]!);
    if (wrong === undefined) return undefined;
    const fn = operand(p, f);
    const xs = args(p, { ...f, args: f.args.map((t, j) => (j === i ? wrong : t)) });
    return [bind(p, build.call(fn, xs))];
  },
  'too-many-arguments'(p) {
    const f = fnType(p);
    const fn = operand(p, f);
    return [bind(p, build.call(fn, [...args(p, f), build.local(p.any.name)]))];
  },
  'too-few-arguments'(p) {
    const f = fnType(p);
    const fn = operand(p, f);
    return [bind(p, build.call(fn, args(p, f).slice(0, p.g.choices.int(f.args.length))))];
  },
  'too-many-results'(p) {
    const f = fnType(p);
    const fn = operand(p, f);
    const ys = opaque(p.g, f.rets.length + 1) as Local[];
    return [build.localStat(ys, [build.call(fn, args(p, f))])];
  },
  'return-type'(p) {
    const m = mismatch(p);
    if (m === undefined) return undefined;
    const [h, x] = opaque(p.g, 2);
    return [identityFunction(h, x, toType(m[0]), [toType(m[1])])];
  },
  'return-count'(p) {
    // Results that cannot be nil: the checker lets a function leave out optional results.
    const t = required(drawType(p.draw, p.depth));
    const [h, x] = opaque(p.g, 2);
    const n = 2 + p.g.choices.int(2);
    return [
      identityFunction(
        h,
        x,
        toType(t),
        Array.from({ length: n }, () => toType(t)),
      ),
    ];
  },
  'missing-field'(p) {
    const t = drawTable(p.draw, p.depth - 1);
    const x = operand(
      p,
      p.g.choices.chance(50) ? t : { k: 'inter', a: t, b: drawTable(p.draw, 0, 4) },
    );
    const key = 8 + p.g.choices.int(8);
    return p.g.choices.chance(50)
      ? [bind(p, build.field(x, key))]
      : [build.assign([build.field(x, key)], [build.local(p.any.name)])];
  },
  'field-type'(p) {
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    const i = p.g.choices.int(t.fields.length);
    const [k, f] = t.fields[i]!;
    const wrong = incompatible(p.draw, f);
    if (wrong === undefined) return undefined;
    return [build.assign([build.field(operand(p, t), k)], [operand(p, wrong)])];
  },
  'literal-fields'(p) {
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    // Every field but one that cannot be nil (the checker lets a literal leave out an
    // optional field, and add one the type does not have).
    const drop = p.g.choices.int(t.fields.length);
    if (nilable(t.fields[drop]![1])) return undefined;
    const fields: [number, Expr][] = t.fields
      .filter((_, i) => i !== drop)
      .map(([k, f]) => [k, operand(p, f)]);
    return [bind(p, build.record(fields), t)];
  },
  'call-value'(p) {
    const t = drawType(p.draw, p.depth);
    if (callable(t)) return undefined;
    return [bind(p, build.call(operand(p, t), [build.local(p.any.name)]))];
  },
  optional(p) {
    switch (p.g.choices.int(3)) {
      case 0: {
        const t = drawTable(p.draw, p.depth - 1) as TableType;
        return [bind(p, build.field(operand(p, { k: 'opt', t }), t.fields[0]![0]))];
      }
      case 1: {
        const f = fnType(p);
        return [bind(p, build.call(operand(p, { k: 'opt', t: f }), args(p, f)))];
      }
      default: {
        const n = operand(p, { k: 'opt', t: prim('number') });
        return [bind(p, build.binary(ExprBinary_Op.Add, n, build.number(1)))];
      }
    }
  },
  'alias-argument'(p) {
    const alias = p.draw.aliases[0];
    if (alias === undefined) return undefined;
    const arg = drawType(p.draw, p.depth - 1);
    const t: PlantedType = { k: 'alias', index: alias.index, arg };
    if (p.g.choices.chance(50)) {
      const wrong = incompatible(p.draw, t);
      return wrong && [bind(p, operand(p, t), wrong)];
    }
    const args = p.g.choices.chance(50) ? [] : [toType(arg), toType(drawType(p.draw, 0))];
    const extra = ty.alias(alias.index, args);
    const [y] = opaque(p.g, 1);
    return [build.localStat([y], [operand(p, t)], [extra])];
  },
  operator(p) {
    // One operand of a type of one shape that the operator does not take with the other.
    const t = drawType(p.draw, p.depth);
    if (!plain(t)) return undefined;
    const number = t.k === 'prim' && t.name === 'number';
    const text = number || t.k === 'lit' || (t.k === 'prim' && t.name === 'string');
    switch (p.g.choices.int(3)) {
      case 0: {
        if (number) return undefined;
        // A number scales a vector: `*` takes the two.
        const vector = t.k === 'prim' && t.name === 'vector';
        const op = p.g.choices.pick(
          vector
            ? [ExprBinary_Op.Add, ExprBinary_Op.Mod]
            : [ExprBinary_Op.Add, ExprBinary_Op.Mul, ExprBinary_Op.Mod],
        );
        return [bind(p, build.binary(op, operand(p, prim('number')), operand(p, t)))];
      }
      case 1: {
        const op = p.g.choices.pick([ExprBinary_Op.CompareLt, ExprBinary_Op.CompareGe]);
        const other = prim(number ? 'string' : 'number');
        return [bind(p, build.binary(op, operand(p, t), operand(p, other)))];
      }
      default: {
        if (text) return undefined;
        return [bind(p, build.binary(ExprBinary_Op.Concat, build.string('s'), operand(p, t)))];
      }
    }
  },
  unknown(p) {
    // An alias index drawn and never declared is a type no scope has.
    const k = freshAlias(p.g);
    if (p.g.choices.chance(50) || k === undefined)
      return [bind(p, build.customGlobal(undeclaredGlobal(p.g)))];
    const [y] = opaque(p.g, 1);
    return [build.localStat([y], [build.local(p.any.name)], [ty.alias(k)])];
  },
  method(p) {
    const f = fnType(p);
    const t: PlantedType = { k: 'table', fields: [[0, f]] };
    const call = build.call(build.indexName(operand(p, t), build.customName(0)), args(p, f), true);
    return [bind(p, call)];
  },
  singleton(p) {
    const t: PlantedType = { k: 'union', a: { k: 'lit', val: 'a' }, b: { k: 'lit', val: 'b' } };
    return [bind(p, build.string(p.g.choices.pick(['c', 'A', ''])), t)];
  },
  'union-key'(p) {
    const a = drawTable(p.draw, p.depth - 1) as TableType;
    const b = drawTable(p.draw, p.depth - 1, 4);
    const x = operand(p, { k: 'union', a, b });
    return [bind(p, build.field(x, a.fields[0]![0]))];
  },
  'no-return'(p) {
    const t = required(drawType(p.draw, p.depth));
    const [h, c] = opaque(p.g, 2);
    const body = [build.ifStat(build.local(c.name), [build.ret([operand(p, t)])])];
    const fn = build.func([c], body, false, [ty.prim('boolean')], [toType(t)]);
    return [build.localFunction(h, fn)];
  },
  overload(p) {
    // Two overloads that differ in their first parameter, called with a first argument of
    // a primitive neither names.
    const f1 = fnType(p);
    const first = incompatible(p.draw, f1.args[0]!);
    if (first === undefined) return undefined;
    const f2: PlantedType = { ...f1, args: [first, ...f1.args.slice(1)] };
    const wrong = freshPrim(p.draw, [f1.args[0]!, first]);
    if (wrong === undefined) return undefined;
    const fn = operand(p, { k: 'inter', a: f1, b: f2 });
    return [bind(p, build.call(fn, args(p, { ...f1, args: [wrong, ...f1.args.slice(1)] })))];
  },
  'duplicate-generic'(p) {
    if (!p.g.options.features.generics) return undefined;
    const [h, x] = opaque(p.g, 2);
    const fn = genericFunc(
      [x],
      [ty.generic(0)],
      [ty.generic(0)],
      [build.ret([build.local(x.name)])],
      [0, 0],
    );
    return [build.localFunction(h, fn)];
  },
  format(p) {
    const specs = Array.from({ length: 1 + p.g.choices.int(3) }, () =>
      p.g.choices.pick(['%d', '%s', '%x', '%f', '%q']),
    );
    const values = specs.map((s) =>
      operand(p, prim(formatArgument(s) === 'str' ? 'string' : 'number')),
    );
    const wrong = p.g.choices.int(specs.length + 1);
    if (wrong === specs.length) values.pop();
    else {
      const spec = specs[wrong]!;
      values[wrong] = operand(
        p,
        spec === '%s' ? prim('boolean') : spec === '%q' ? prim('number') : prim('string'),
      );
    }
    return [bind(p, build.libCall('string', 'format', [build.string(specs.join(' ')), ...values]))];
  },
};
