import * as pb from '../../../../gen/luau_pb.js';
import { ExprBinary_Op } from '../../../../gen/luau_pb.js';
import type { Type } from '../../../../gen/luau_pb.js';
import { made } from '../../blank-message.js';
import { build } from '../../build.js';
import { bind, operand, type PlantedKind } from './planted-kinds.js';
import {
  drawFn,
  drawTable,
  drawType,
  nilable,
  required,
  toType,
  type PlantedType,
  type TableType,
} from './planted-types.js';
import { opaque } from '../typed/typed-parts.js';
import { ty } from '../typed/typed-types.js';

/** A table type whose field `n<k>` is only read (`read n<k>: T`) or only written. */
function accessTable(t: TableType, k: number, access: pb.TableFieldAccess): Type {
  const items = t.fields.map(([key, f]) =>
    made(pb.TypeTableItemSchema, {
      ...(key === k ? { access } : {}),
      key: build.customName(key),
      type: toType(f),
    }),
  );
  return made(pb.TypeSchema, {
    typeOneof: { case: 'table', value: made(pb.TypeTableSchema, { items }) },
  });
}

/**
 * Planted errors drawn for the new solver (`--checker new`), of forms of the type language
 * and checks the other kinds leave out: a property declared `read` written, or declared
 * `write` read (the new solver's read-only and write-only properties); an array-like item in
 * a literal of a table type without an indexer; a key that differs from a field's name only
 * in case (`t["N0"]` of a `{n0: …}`, "Did you mean"); a function literal whose results do not
 * fit the function type it is given, in number (a type pack of another length); a generic
 * `for` with more variables than `next` returns; and parameters with no annotation joined by
 * `and`/`or` and given to an operator, or ordered (the solver's guesses and negations).
 *
 * @example
 * ```ts
 * plantedNewSolver['read-only'](p); // [l9.n0 = l8], l9: {read n0: number}
 * ```
 */
export const plantedNewSolver: Record<string, PlantedKind> = {
  'read-only'(p) {
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    const [k, f] = t.fields[p.g.choices.int(t.fields.length)]!;
    const [x] = opaque(p.g, 1);
    const write = p.g.choices.chance(50);
    const access = write ? pb.TableFieldAccess.Read : pb.TableFieldAccess.Write;
    p.setup.push(build.localStat([x], [build.local(p.any.name)], [accessTable(t, k, access)]));
    const field = build.field(build.local(x.name), k);
    return write ? [build.assign([field], [operand(p, f)])] : [bind(p, field)];
  },
  'array-item'(p) {
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    const item = operand(p, drawType(p.draw, 0));
    return [bind(p, build.array([item]), t)];
  },
  'like-key'(p) {
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    const [k] = t.fields[p.g.choices.int(t.fields.length)]!;
    return [bind(p, build.indexExpr(operand(p, t), build.string(`N${k}`)))];
  },
  'function-pack'(p) {
    // Results that cannot be nil: a function may leave out optional results.
    const f = drawFn(p.draw, p.depth - 1) as PlantedType & { k: 'fn' };
    const rets = f.rets.map(required);
    const fewer = rets.length > 1 && p.g.choices.chance(50);
    const given = fewer ? rets.slice(0, -1) : [...rets, required(drawType(p.draw, 0))];
    const params = opaque(p.g, f.args.length);
    const body = [build.ret(given.map(() => build.local(p.any.name)))];
    const fn = build.func(params, body, false, f.args.map(toType), given.map(toType));
    return [bind(p, build.funcExpr(fn), { ...f, rets })];
  },
  'for-in-values'(p) {
    // `next` of a table with an indexer returns a key and a value, never a third.
    const value = drawType(p.draw, p.depth - 1);
    if (nilable(value)) return undefined;
    const [x] = opaque(p.g, 1);
    p.setup.push(
      build.localStat(
        [x],
        [build.local(p.any.name)],
        [build.tableType([], [ty.prim('string'), toType(value)])],
      ),
    );
    const vars = opaque(p.g, 3);
    return [build.forIn(vars, [build.global('next'), build.local(x.name)], [])];
  },
  'free-logic'(p) {
    // Parameters with no annotation joined by `and`/`or` (a union with a negation), then an
    // operator on the result, or two of them ordered: nothing says what they are.
    const [h, a, b, c] = opaque(p.g, 4);
    const [ra, rb] = [build.local(a.name), build.local(b.name)];
    if (p.g.choices.chance(25)) {
      const op = p.g.choices.pick([ExprBinary_Op.CompareLt, ExprBinary_Op.CompareGe]);
      return [build.localFunction(h, build.func([a, b], [build.ret([build.binary(op, ra, rb)])]))];
    }
    const join = p.g.choices.pick([ExprBinary_Op.And, ExprBinary_Op.Or]);
    const op = p.g.choices.pick([ExprBinary_Op.Add, ExprBinary_Op.Mul, ExprBinary_Op.Concat]);
    const k = op === ExprBinary_Op.Concat ? build.string('s') : build.number(1);
    const body = [
      build.localStat([c], [build.binary(join, ra, rb)]),
      build.ret([build.binary(op, build.local(c.name), k)]),
    ];
    return [build.localFunction(h, build.func([a, b], body))];
  },
};
