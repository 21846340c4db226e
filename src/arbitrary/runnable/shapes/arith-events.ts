import type { BinaryOp } from './kit.js';

/**
 * The arithmetic operators (and `..`) an operand answers through its metatable, with their
 * event names: the four of `+ - * /` first.
 *
 * @example
 * ```ts
 * const [op, event] = arithEvents[0]!; // '+', '__add'
 * ```
 */
export const arithEvents: readonly (readonly [BinaryOp, string])[] = [
  ['+', '__add'],
  ['-', '__sub'],
  ['*', '__mul'],
  ['/', '__div'],
  ['%', '__mod'],
  ['^', '__pow'],
  ['//', '__idiv'],
  ['..', '__concat'],
];
