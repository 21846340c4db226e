import type { Expr, Local, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { operand, type PlantedKind } from './planted-kinds.js';
import { drawTable, incompatible, prim, toType } from './planted-types.js';
import type { PlantedType, TableType } from './planted-types.js';
import { aliasStat, freshAlias, opaque } from '../typed/typed-parts.js';
import { ty } from '../typed/typed-types.js';

/** `local y: T = e`. */
function bindTo(y: Local, e: Expr, t: PlantedType): Stat {
  return build.localStat([y], [e], [toType(t)]);
}

/**
 * The planted errors whose messages must tell types apart by more than their names: a type
 * alias shadowed in an inner block by another of the same name (the message names both and
 * where they were defined), a field named on a table whose indexer takes numbers, host
 * scalars (`buffer`, `integer`) where a number or a string is expected, and `setmetatable` of
 * a scalar (its statement form, on a local table, in the setup).
 *
 * @example
 * ```ts
 * plantedNames['shadowed-alias'](p); // [type t5 = {n0: string}, local l9: t5 = l8], l8 of the outer t5
 * ```
 */
export const plantedNames: Record<string, PlantedKind> = {
  'shadowed-alias'(p) {
    const k = freshAlias(p.g);
    if (k === undefined) return undefined;
    const outer = drawTable(p.draw, p.depth - 1) as TableType;
    const inner = incompatible(p.draw, outer);
    if (inner === undefined) return undefined;
    p.setup.push(aliasStat(k, toType(outer)));
    const [x, y] = opaque(p.g, 2);
    p.setup.push(build.localStat([x], [build.local(p.any.name)], [ty.alias(k)]));
    return [
      aliasStat(k, toType(inner)),
      build.localStat([y], [build.local(x.name)], [ty.alias(k)]),
    ];
  },
  'indexer-name'(p) {
    // `{[number]: T}` has no field names; `{[string]: T}` would take it.
    const value = prim(p.g.choices.pick(['number', 'string', 'boolean'] as const));
    const [m] = opaque(p.g, 1);
    p.setup.push(
      build.localStat(
        [m],
        [build.local(p.any.name)],
        [ty.table([], [ty.prim('number'), toType(value)])],
      ),
    );
    const field = build.field(build.local(m.name), p.g.choices.int(8));
    if (p.g.choices.chance(50)) return [build.assign([field], [operand(p, value)])];
    const [y] = opaque(p.g, 1);
    return [bindTo(y, field, value)];
  },
  'host-scalar'(p) {
    const host = p.g.choices.pick(['buffer', 'integer'] as const);
    const [h, y] = opaque(p.g, 2);
    p.setup.push(build.localStat([h], [build.local(p.any.name)], [ty.prim(host)]));
    const target = ty.prim(p.g.choices.pick(['number', 'string', 'boolean']));
    return [build.localStat([y], [build.local(h.name)], [target])];
  },
  'setmetatable-target'(p) {
    // The statement form on a local table (which binds the local to the new type), then a
    // scalar given where a table is expected.
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    const [o] = opaque(p.g, 1);
    const own = build.record(t.fields.map(([k, f]) => [k, operand(p, f)]));
    p.setup.push(
      build.localStat([o], [own]),
      build.callStat(
        build.call(build.global('setmetatable'), [
          build.local(o.name),
          build.record([['__index', build.record([])]]),
        ]),
      ),
    );
    const scalar = operand(p, prim(p.g.choices.pick(['number', 'string', 'boolean'] as const)));
    return [build.callStat(build.call(build.global('setmetatable'), [scalar, build.record([])]))];
  },
};
