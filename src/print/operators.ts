import { ExprBinary_Op, ExprUnary_Op } from '../../gen/luau_pb.js';

/**
 * The text of each binary operator, by `ExprBinary.Op`, with the spaces around it that both
 * printers write.
 *
 * @example
 * ```ts
 * binaryOpText[ExprBinary_Op.Concat]; // ' .. '
 * ```
 */
export const binaryOpText: readonly string[] = [
  ' + ',
  ' - ',
  ' * ',
  ' / ',
  ' // ',
  ' % ',
  ' ^ ',
  ' .. ',
  ' ~= ',
  ' == ',
  ' < ',
  ' <= ',
  ' > ',
  ' >= ',
  ' and ',
  ' or ',
];

/**
 * The text of each unary operator, by `ExprUnary.Op`: `tight` as the pretty printer writes
 * them (`-x`, `#t`), `spaced` as the reference printer does (`- x`, `# t`).
 *
 * @example
 * ```ts
 * unaryOpText.tight[ExprUnary_Op.Minus]; // '-'
 * ```
 */
export const unaryOpText: {
  readonly tight: readonly string[];
  readonly spaced: readonly string[];
} = {
  tight: ['not ', '-', '#'],
  spaced: ['not ', '- ', '# '],
};

/**
 * The operator of a binary node, `+` for a value outside the enum.
 *
 * @example
 * ```ts
 * binaryOp(99); // ExprBinary_Op.Add
 * ```
 */
export function binaryOp(op: number): ExprBinary_Op {
  return op >= ExprBinary_Op.Add && op <= ExprBinary_Op.Or ? op : ExprBinary_Op.Add;
}

/**
 * The operator of a unary node, `not` for a value outside the enum.
 *
 * @example
 * ```ts
 * unaryOp(-1); // ExprUnary_Op.Not
 * ```
 */
export function unaryOp(op: number): ExprUnary_Op {
  return op >= ExprUnary_Op.Not && op <= ExprUnary_Op.Len ? op : ExprUnary_Op.Not;
}
