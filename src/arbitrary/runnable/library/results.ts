import { ExprBinary_Op, type Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';

/**
 * `(e or dflt)`: a library result that may be nil, made total.
 *
 * @example
 * ```ts
 * orElse(g.lib('string', 'find', args), build.number(0)); // (string.find(...) or 0)
 * ```
 */
export function orElse(e: Expr, dflt: Expr): Expr {
  return build.group(build.binary(ExprBinary_Op.Or, e, dflt));
}

/**
 * `e ~= nil`: whether a search found something.
 *
 * @example
 * ```ts
 * found(g.lib('string', 'match', args)); // string.match(...) ~= nil
 * ```
 */
export function found(e: Expr): Expr {
  return build.binary(ExprBinary_Op.CompareNe, e, build.nil());
}
