import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import type { Gen } from '../../generator.js';

/**
 * The operands an operation draws from: `bits` are numbers whose conversion to 32 bits C
 * defines (finite, within ±2^31, never -0), `wide` adds -0, infinities, NaN and 2^53, `any`
 * adds the string, boolean and nil locals.
 */
export interface Operands {
  bits: () => Expr;
  wide: () => Expr;
  any: () => Expr;
  /** An unsigned 32-bit value (an earlier `bit32` result, where the profile allows). */
  uint: () => Expr;
  /** A local known to hold a non-zero number (a loop's step). */
  step: () => Expr;
  /** The local holding a string. */
  text: () => Expr;
  /** The shape's buffer (16 bytes), when the program has buffers. */
  buffer: (() => Expr) | undefined;
  /** A fresh local for a loop variable. */
  fresh: () => Local;
  /** A parameter of the shape's function: a number native code does not know. */
  param: () => Expr;
}

/**
 * What one operation adds to the body: statements that set `result`, or a value for it; and
 * whether the result is always a number (later operations then take it as an operand).
 */
export interface OpResult {
  stats?: (result: Expr) => Stat[];
  value?: Expr;
  numeric?: boolean;
  /** The result is a `bit32` result (an unsigned 32-bit integer). */
  uint?: boolean;
}

/** One operation. */
export type Op = (g: Gen, o: Operands) => OpResult;
