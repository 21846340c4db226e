/**
 * Buffer element types, by the suffix of `buffer.read…`/`buffer.write…`, and their width in
 * bytes.
 *
 * @example
 * ```ts
 * BUFFER_WIDTHS.u16; // 2: buffer.readu16 reads two bytes
 * ```
 */
export const BUFFER_WIDTHS = {
  i8: 1,
  u8: 1,
  i16: 2,
  u16: 2,
  i32: 4,
  u32: 4,
  f32: 4,
  f64: 8,
} as const;

/**
 * A buffer element type: `i8`, `u8`, `i16`, `u16`, `i32`, `u32`, `f32` or `f64`.
 *
 * @example
 * ```ts
 * const t: BufferType = 'f32';
 * ```
 */
export type BufferType = keyof typeof BUFFER_WIDTHS;

/**
 * The types given, each with its width, in the order given (the order a draw picks from).
 *
 * @example
 * ```ts
 * widthsOf(['f32', 'f64']); // [['f32', 4], ['f64', 8]]
 * ```
 */
export function widthsOf(types: readonly BufferType[]): [BufferType, number][] {
  return types.map((t) => [t, BUFFER_WIDTHS[t]]);
}

/**
 * Rows of a table keyed by buffer type, each with the type's width put second.
 *
 * @example
 * ```ts
 * withWidth([['i16', [32767]]]); // [['i16', 2, [32767]]]
 * ```
 */
export function withWidth<T extends unknown[]>(
  rows: [BufferType, ...T][],
): [BufferType, number, ...T][] {
  return rows.map(([t, ...rest]) => [t, BUFFER_WIDTHS[t], ...rest]);
}
