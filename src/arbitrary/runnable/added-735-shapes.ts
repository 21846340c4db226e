import type { Stat } from '../../../gen/luau_pb.js';
import type { Gen } from './generator.js';
import type { StatProduction } from './library/model.js';
import { classShape } from './class-shape.js';

/**
 * Programs of grammar 735 that open with classes, in percent: the node budget is often spent
 * before a later draw would reach them.
 */
const CLASSES_FIRST_PERCENT = 70;

/**
 * The statements only grammar 735 has, with their weights among a block's statements: classes
 * (in the chunk's own block), `const` locals and functions, calls without parentheses, builtin
 * references.
 *
 * @example
 * ```ts
 * if (g.o.grammar === '735') productions.push(...productions735(g, d));
 * ```
 */
export function productions735(g: Gen, d: number): [number, StatProduction][] {
  void g;
  return [[d === 0 ? 12 : 0, classShape]];
}

/**
 * What a chunk of grammar 735 opens with: most often classes (none once the record is used
 * up, so the smallest programs have none).
 *
 * @example
 * ```ts
 * if (g.o.grammar === '735') out.push(...opening735(g));
 * ```
 */
export function opening735(g: Gen): Stat[] {
  return g.c.span(
    'stat',
    () => (g.c.chance(CLASSES_FIRST_PERCENT) ? classShape(g, 0) : []),
    (stats) => stats.length > 0,
  );
}
