import type { Type } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';

/**
 * The types the runnable generator builds values for:
 * - `num`: any number (fractions, ±0, ±inf, NaN);
 * - `int`: a finite integer of magnitude below 2^34, safe as a library argument;
 * - `str`, `bool`;
 * - `iarr` / `sarr`: a dense array of ints / strings (`#` and `ipairs` are defined);
 * - `rec`: a table with number fields `n0`, `n1` and string field `n2`;
 * - `obj`: a table `{n0 = num}` with the program's shared metatable;
 * - `buf`: a buffer of {@link BUFFER_SIZE} bytes;
 * - `fn`: a function of scalar parameters returning one scalar.
 *
 * @example
 * ```ts
 * const t: Ty = 'int';
 * ```
 */
export type Ty = 'num' | 'int' | 'str' | 'bool' | 'iarr' | 'sarr' | 'rec' | 'obj' | 'buf' | 'fn';

/**
 * The scalar types a function takes and returns.
 *
 * @example
 * ```ts
 * const p: Scalar = 'str';
 * ```
 */
export type Scalar = 'num' | 'int' | 'str' | 'bool';

/**
 * A global variable the program assigned (`n<name>`, a custom name, never a library's): its
 * value type.
 *
 * @example
 * ```ts
 * const v: GlobalVar = { name: 12, ty: 'str' }; // n12 = "..."
 * ```
 */
export interface GlobalVar {
  name: number;
  ty: Scalar;
}

/**
 * Bytes in every generated buffer.
 *
 * @example
 * ```ts
 * // local b = buffer.create(BUFFER_SIZE)
 * ```
 */
export const BUFFER_SIZE = 16;

/**
 * What the generator knows of a local.
 *
 * @example
 * ```ts
 * const v: VarInfo = { ty: 'fn', params: ['num'], ret: 'str', mutable: false };
 * ```
 */
export interface VarInfo {
  ty: Ty;
  /** May be assigned (loop variables and functions are not). */
  mutable: boolean;
  /** A function's parameters. */
  params?: Scalar[];
  /** A function's result. */
  ret?: Scalar;
  /** A function that calls the chunk's print: not called inside `__` metamethods or sort. */
  effects?: boolean;
}

/**
 * A primitive type by its name in the printer's table (`number`, `string`, `nil`, `any`, ...).
 *
 * @example
 * ```ts
 * primitive('number'); // number
 * ```
 */
export function primitive(name: string): Type {
  return build.primitiveType(name);
}

function arrayOf(elem: Type): Type {
  return build.tableType([], [primitive('number'), elem]);
}

/**
 * The annotation of a value type at the typed level (`any` for what strict mode cannot follow:
 * tables with metatables).
 *
 * @example
 * ```ts
 * annotation({ ty: 'iarr', mutable: true }); // {[number]: number}
 * ```
 */
export function annotation(v: VarInfo): Type {
  switch (v.ty) {
    case 'num':
    case 'int':
      return primitive('number');
    case 'str':
      return primitive('string');
    case 'bool':
      return primitive('boolean');
    case 'iarr':
      return arrayOf(primitive('number'));
    case 'sarr':
      return arrayOf(primitive('string'));
    case 'rec':
      return build.tableType([
        [0, primitive('number')],
        [1, primitive('number')],
        [2, primitive('string')],
      ]);
    case 'buf':
      return primitive('buffer');
    case 'obj':
      return primitive('any');
    case 'fn':
      return build.functionType(
        (v.params ?? []).map((p) => annotation({ ty: p, mutable: true })),
        [annotation({ ty: v.ret ?? 'num', mutable: true })],
      );
  }
}
