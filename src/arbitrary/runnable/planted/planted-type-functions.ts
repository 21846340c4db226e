import type { Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { operand, type PlantedKind } from './planted-kinds.js';
import { drawTable, incompatible, prim, toType, type TableType } from './planted-types.js';
import { opaque } from '../typed/typed-parts.js';
import { ty } from '../typed/typed-types.js';

/**
 * The planted errors of the new solver's builtin type functions, after a clean use of each:
 * a key that `keyof<T>` (`rawkeyof<T>`) does not have, a value of the wrong type for
 * `index<T, "n<k>">` (`rawget`), and an operator's (`add<number, boolean>`).
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
    const name = p.g.choices.pick(['keyof', 'rawkeyof']);
    const keyof = () => ty.builtin(name, [toType(t)]);
    const [ok, y] = opaque(p.g, 2);
    const [k] = t.fields[p.g.choices.int(t.fields.length)]!;
    p.setup.push(build.localStat([ok], [build.string(`n${k}`)], [keyof()]));
    const absent = 8 + p.g.choices.int(8);
    return [build.localStat([y], [build.string(`n${absent}`)], [keyof()])];
  },
  index(p) {
    const t = drawTable(p.draw, p.depth - 1) as TableType;
    const [k, f] = t.fields[p.g.choices.int(t.fields.length)]!;
    const wrong = incompatible(p.draw, f);
    if (wrong === undefined) return undefined;
    const name = p.g.choices.pick(['index', 'rawget']);
    const index = () => ty.builtin(name, [toType(t), ty.str(`n${k}`)]);
    const [ok, y] = opaque(p.g, 2);
    p.setup.push(build.localStat([ok], [operand(p, f)], [index()]));
    const planted: Stat = build.localStat([y], [operand(p, wrong)], [index()]);
    return [planted];
  },
  'operator-type'(p) {
    // An operator's type function of operands it takes, then of one it does not.
    const concat = p.g.choices.chance(20);
    const name = concat
      ? 'concat'
      : p.g.choices.pick(['add', 'sub', 'mul', 'div', 'idiv', 'pow', 'mod']);
    const scalar = prim(concat ? 'string' : 'number');
    const [ok, y] = opaque(p.g, 2);
    const fits = ty.builtin(name, [toType(scalar), toType(scalar)]);
    p.setup.push(build.localStat([ok], [operand(p, scalar)], [fits]));
    const wrong = prim(concat ? 'boolean' : p.g.choices.pick(['string', 'boolean'] as const));
    const operands = p.g.choices.chance(50) ? [scalar, wrong] : [wrong, scalar];
    const unfit = ty.builtin(name, operands.map(toType));
    return [build.localStat([y], [build.local(p.any.name)], [unfit])];
  },
};
