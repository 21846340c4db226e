import type { Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { PLANTED_PREFIX } from '../../planted-error.js';
import type { Gen } from '../generator.js';
import { plantedKinds, type Plant, type PlantedKind } from './planted-kinds.js';
import { plantedClasses } from './planted-classes.js';
import { plantedMetatables } from './planted-metatables.js';
import { plantedNames } from './planted-names.js';
import { plantedNewSolver } from './planted-new-solver.js';
import { plantedShapes } from './planted-shapes.js';
import { plantedTypeFunctions } from './planted-type-functions.js';
import { plantedUserTypeFunctions } from './planted-user-type-functions.js';
import { drawType, toType, type PlantedAlias } from './planted-types.js';
import { aliasStat, freshAlias, nested, opaque } from '../typed/typed-parts.js';
import { typedClasses } from '../typed/typed-classes.js';
import { ty } from '../typed/typed-types.js';

const makers: Record<string, PlantedKind> = {
  ...plantedKinds,
  ...plantedShapes,
  ...plantedMetatables,
  ...plantedNames,
};
const kinds = Object.keys(makers);
/**
 * The kinds for the new solver: its type functions and the forms drawn for it (read-only
 * properties, …), and not `free-field` (it infers an unannotated parameter's type from all
 * its uses, so a field read as two types is no error).
 */
const newSolverKinds = [
  ...kinds.filter((k) => k !== 'free-field'),
  ...Object.keys(plantedTypeFunctions),
  ...Object.keys(plantedNewSolver),
  ...Object.keys(plantedUserTypeFunctions),
];
const newSolverMakers: Record<string, PlantedKind> = {
  ...makers,
  ...plantedTypeFunctions,
  ...plantedClasses,
  ...plantedNewSolver,
  ...plantedUserTypeFunctions,
};
const classKinds = Object.keys(plantedClasses);
/** Programs of grammar 735 with typed classes whose planted error is about them, in percent. */
const CLASS_KINDS_PERCENT = 35;

/**
 * A block with exactly one type error, of a known kind, at a known place: the operands'
 * declarations (strict-clean), the marker alias `type t<k> = "planted <kind>"`, and the
 * erroneous statements in `if a then ... end`, where `a` is a local of type `any` holding
 * `nil`: the checker checks them, the program never runs them, so the program still runs
 * and prints the same at every level of optimisation. Undefined when the function has no
 * room for the block's locals or the program no alias name left.
 *
 * @example
 * ```ts
 * const s = plantedErrorBlock(g); // do local l9: any = nil ... type t4 = "planted convert" if l9 then ... end end
 * ```
 */
export function plantedErrorBlock(g: Gen): Stat | undefined {
  const { typeAliases, typeAnnotations } = g.options.features;
  if (!typeAliases || !typeAnnotations || !g.roomFor(24)) return undefined;
  const mark = g.scope.mark();
  try {
    const [a] = opaque(g, 1);
    const setup: Stat[] = [build.localStat([a], [build.nil()], [ty.prim('any')])];
    const aliases: PlantedAlias[] = [];
    const draw = { g, aliases };
    const k = g.options.features.generics && g.choices.chance(50) ? freshAlias(g) : undefined;
    if (k !== undefined) {
      const other = drawType(draw, 1);
      const body = ty.table([
        [0, ty.generic(0)],
        [1, ty.fn([ty.generic(0)], [toType(other)])],
      ]);
      setup.push(aliasStat(k, body, [0]));
      aliases.push({ index: k, other });
    }
    const p: Plant = { g, draw, setup, any: a, depth: 1 + g.choices.int(3) };
    for (let attempt = 0; attempt < 4; attempt++) {
      // Grammar 735 alone reads the extra choice: the seed's programs stay as they were.
      const aboutClasses =
        g.options.grammar === '735' &&
        typedClasses(g).length > 0 &&
        g.choices.chance(CLASS_KINDS_PERCENT);
      const kind = g.choices.pick(
        aboutClasses ? classKinds : g.options.checker === 'new' ? newSolverKinds : kinds,
      );
      const planted = newSolverMakers[kind]!(p);
      if (planted === undefined) continue;
      const m = freshAlias(g);
      if (m === undefined) return undefined;
      const tail = [
        aliasStat(m, ty.str(PLANTED_PREFIX + kind)),
        build.ifStat(build.local(a.name), planted),
      ];
      return build.doBlock(nested(g, [...setup, ...tail]));
    }
    return undefined;
  } finally {
    g.scope.release(mark);
  }
}
