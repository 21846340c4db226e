import type { Expr, Stat } from '../../../../gen/luau_pb.js';
import type { Gen } from '../generator.js';
import type { Ty } from '../values/types.js';

/**
 * Builds an expression of one type, `d` levels deep.
 *
 * @example
 * ```ts
 * const abs: Production = (g, d) => g.lib('math', 'abs', [g.num(d + 1)]);
 * ```
 */
export type Production = (g: Gen, d: number) => Expr;

/**
 * Builds statements (none when what they need is not in scope).
 *
 * @example
 * ```ts
 * const noop: StatProduction = () => [];
 * ```
 */
export type StatProduction = (g: Gen, d: number) => Stat[];

/**
 * One library (or language feature) as the generator sees it: when it is on, the expressions
 * it gives per result type and the statements it adds.
 *
 * @example
 * ```ts
 * const model: LibraryModel = { name: 'math', on: () => true, exprs: { num: [abs] } };
 * ```
 */
export interface LibraryModel {
  name: string;
  /** Whether the program's feature subset uses it. */
  on(g: Gen): boolean;
  exprs: Partial<Record<Ty, Production[]>>;
  stats?: StatProduction[];
}
