import type { ExprBinary_Op } from '../../../gen/luau_pb.js';
import type { Expr } from '../../tree/nodes.js';
import { binaryOp } from '../operators.js';

/**
 * Luau's binary operator priorities, (left, right) per `ExprBinary.Op`, from its parser:
 * `or` < `and` < comparisons < `..` (right associative) < `+ -` < `* / // %` < unary < `^`
 * (right associative). An operator continues an expression parsed at limit `p` when its
 * left priority is greater than `p`; its right operand is parsed at its right priority.
 */
export const leftPriority: readonly number[] = [6, 6, 7, 7, 7, 7, 10, 5, 3, 3, 3, 3, 3, 3, 2, 1];
export const rightPriority: readonly number[] = [6, 6, 7, 7, 7, 7, 9, 4, 3, 3, 3, 3, 3, 3, 2, 1];

/** The limit unary operators parse their operand at. */
export const UNARY_PRIORITY = 8;

/** How an expression behaves as an operand. */
export enum Shape {
  /** Binds tighter than any operator: names, calls, literals, tables, functions, groups. */
  Atom,
  /** A unary operator, or a negative number (printed as unary minus applied to it). */
  Unary,
  /** A binary operator (see `binaryOp`). */
  Binary,
  /** `if … then … else …`: its `else` branch takes everything after it. */
  IfElse,
}

export function shapeOf(e: Expr | undefined): Shape {
  const o = e?.exprOneof;
  switch (o?.case) {
    case 'unary':
      return Shape.Unary;
    case 'binary':
      return Shape.Binary;
    case 'ifelse':
      return Shape.IfElse;
    case 'number':
      return o.value.val < 0 ? Shape.Unary : Shape.Atom;
    case 'integer':
      // The smallest int64 prints parenthesised (its magnitude has no literal).
      return o.value.val < 0n && o.value.val !== -(2n ** 63n) ? Shape.Unary : Shape.Atom;
    case 'group':
    case 'nil':
    case 'bool':
    case 'string':
    case 'local':
    case 'global':
    case 'varargs':
    case 'call':
    case 'indexName':
    case 'indexExpr':
    case 'function':
    case 'table':
    case 'interpstring':
    case 'builtinRef':
    case 'classinst':
    case undefined:
      return Shape.Atom;
  }
}

/** Whether the left operand of `op` needs parentheses to parse back as that operand. */
export function leftNeedsParens(op: ExprBinary_Op, left: Expr | undefined): boolean {
  switch (shapeOf(left)) {
    case Shape.Atom:
      return false;
    case Shape.Unary:
      // `-a ^ b` is `-(a ^ b)`.
      return leftPriority[op]! > UNARY_PRIORITY;
    case Shape.Binary: {
      const inner = binaryOp((left!.exprOneof.value as { op: number }).op);
      // `a op2 b op c`: op binds to b when its left priority beats op2's right priority.
      return leftPriority[op]! > rightPriority[inner]!;
    }
    case Shape.IfElse:
      return true;
  }
}

/**
 * Whether an operand parsed at `priority` (the right priority of the operator before it, or a
 * unary operator's) needs parentheses: a binary operator in it must continue past that priority.
 */
function parsedAtNeedsParens(operand: Expr | undefined, priority: number): boolean {
  switch (shapeOf(operand)) {
    case Shape.Atom:
    case Shape.Unary:
      return false;
    case Shape.Binary:
      return leftPriority[binaryOp((operand!.exprOneof.value as { op: number }).op)]! <= priority;
    case Shape.IfElse:
      return true;
  }
}

/** Whether the right operand of `op` needs parentheses to parse back as that operand. */
export function rightNeedsParens(op: ExprBinary_Op, right: Expr | undefined): boolean {
  return parsedAtNeedsParens(right, rightPriority[op]!);
}

/**
 * Whether the operand of a unary operator needs parentheses: `-a ^ b` is `-(a ^ b)`; every other
 * operator binds looser than unary.
 */
export function operandNeedsParens(operand: Expr | undefined): boolean {
  return parsedAtNeedsParens(operand, UNARY_PRIORITY);
}
