import { build } from '../../build.js';
import type { StatProduction } from '../library/model.js';
import { annotation } from '../values/types.js';
import { inLoop } from './loops.js';
import { scalarTypes } from './assignments.js';
import { kit } from '../shapes/kit.js';

/** `if c then ... [else ...] end`. */
export const ifStat: StatProduction = (g, d) => {
  const cond = g.bool(d + 1);
  const then = g.block(d + 1, inLoop(g));
  if (g.choices.chance(40)) return [build.ifStat(cond, then, g.block(d + 1, inLoop(g)))];
  return [build.ifStat(cond, then)];
};

/** `print(...)` of a few scalars. */
export const printStat: StatProduction = (g, d) => {
  if (g.pure > 0) return [];
  const n = 1 + g.choices.int(3);
  return [kit.print(Array.from({ length: n }, () => g.expr(g.choices.pick(scalarTypes), d + 1)))];
};

/** `do ... end`. */
export const doStat: StatProduction = (g, d) => [build.doBlock(g.block(d + 1, inLoop(g)))];

/** A type alias, or a type function returning `types.number`: no effect at run time. */
export const typeAliasStat: StatProduction = (g) => {
  if (g.typed || g.scope.frames.length > 1 || g.scope.frame.loops > 0) return [];
  if (!g.options.features.typeAliases && !g.options.features.typeFunctions) return [];
  const name = build.regularTypeName(g.choices.int(8));
  if (
    g.options.features.typeFunctions &&
    (!g.options.features.typeAliases || g.choices.chance(30))
  ) {
    const body = [build.ret([build.indexName(build.global('types'), build.name('number'))])];
    return [build.typeFunction(name, build.func([], body))];
  }
  const type = annotation({
    ty: g.choices.pick(['num', 'str', 'iarr', 'rec'] as const),
    mutable: true,
  });
  return [build.typeAlias(name, type)];
};
