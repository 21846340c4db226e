import type { Stat } from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import { operand, type PlantedKind } from './planted-kinds.js';
import { drawTable, incompatible, toType, type PlantedType } from './planted-types.js';
import { opaque } from './typed-parts.js';
import { ty } from './typed-types.js';

type TableType = PlantedType & { k: 'table' };

/**
 * The planted errors of the new solver's builtin type functions, after a clean use of each:
 * a key that `keyof<T>` does not have, and a value of the wrong type for `index<T, "n<k>">`.
 * Only for the new solver (`--checker new`): the old one has no type functions.
 *
 * @example
 * ```ts
 * plantedTypeFunctions.keyof(p); // [local l9: keyof<{n0: number}> = "n5"]
 * ```
 */
export const plantedTypeFunctions: Record<string, PlantedKind> = {
  keyof(p) {
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    const keyof = () => ty.builtin('keyof', [toType(t)]);
    const [ok, y] = opaque(p.g, 2);
    const [k] = t.fields[p.g.c.int(t.fields.length)]!;
    p.setup.push(build.localStat([ok], [build.string(`n${k}`)], [keyof()]));
    const absent = 8 + p.g.c.int(8);
    return [build.localStat([y], [build.string(`n${absent}`)], [keyof()])];
  },
  index(p) {
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    const [k, f] = t.fields[p.g.c.int(t.fields.length)]!;
    const wrong = incompatible(p.draw, f);
    if (wrong === undefined) return undefined;
    const index = () => ty.builtin('index', [toType(t), ty.str(`n${k}`)]);
    const [ok, y] = opaque(p.g, 2);
    p.setup.push(build.localStat([ok], [operand(p, f)], [index()]));
    const planted: Stat = build.localStat([y], [operand(p, wrong)], [index()]);
    return [planted];
  },
};
