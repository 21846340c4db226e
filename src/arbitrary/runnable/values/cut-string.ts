import type { Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { MAX_STRING, type Gen } from '../generator.js';

/**
 * `string.sub(e, 1, MAX_STRING)`: a string cut where it is kept beyond the expression that
 * computed it (a function's parameter or result, an array element, a record field), so that
 * no loop or recursion can feed a string back into the operations that lengthen it.
 *
 * @example
 * ```ts
 * cutString(g, g.str(d + 1)); // string.sub(string.rep(l3, 2), 1, 40)
 * ```
 */
export function cutString(g: Gen, e: Expr): Expr {
  return g.lib('string', 'sub', [e, build.number(1), build.number(MAX_STRING)]);
}
