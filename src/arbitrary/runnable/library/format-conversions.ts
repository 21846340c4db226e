/**
 * `string.format`'s conversions, by letter, and the kind of value each takes: integers (`%d`,
 * `%x`, `%c`, …), numbers (`%f`, `%e`, `%g`) and strings (`%s`, which converts any value and
 * strict mode types as taking a string, and `%q`). The order is the order a draw picks from.
 *
 * @example
 * ```ts
 * FORMAT_CONVERSIONS.x; // 'int'
 * ```
 */
export const FORMAT_CONVERSIONS = {
  d: 'int',
  i: 'int',
  x: 'int',
  X: 'int',
  o: 'int',
  c: 'int',
  u: 'int',
  e: 'num',
  E: 'num',
  f: 'num',
  g: 'num',
  G: 'num',
  s: 'str',
  q: 'str',
} as const;

/**
 * A conversion letter of `string.format`.
 *
 * @example
 * ```ts
 * const conversion: FormatConversion = 'q';
 * ```
 */
export type FormatConversion = keyof typeof FORMAT_CONVERSIONS;

/**
 * The kind of value a conversion takes.
 *
 * @example
 * ```ts
 * const kind: FormatArgument = FORMAT_CONVERSIONS.f; // 'num'
 * ```
 */
export type FormatArgument = (typeof FORMAT_CONVERSIONS)[FormatConversion];

/** `%`, flags, width and precision, then the conversion letter. */
const SPECIFIER = /%[-+ #0]*\d*(?:\.\d*)?([A-Za-z])/;

/**
 * The kind of value a specifier (`'%-4d'`, `'%.3s'`) takes, by its conversion; an error for a
 * specifier with no conversion that takes a value (`'%%'`).
 *
 * @example
 * ```ts
 * formatArgument('%8.3f'); // 'num'
 * ```
 */
export function formatArgument(spec: string): FormatArgument {
  const letter = SPECIFIER.exec(spec)?.[1];
  if (letter === undefined || !(letter in FORMAT_CONVERSIONS)) {
    throw new RangeError(`format specifier '${spec}' has no conversion that takes a value`);
  }
  return FORMAT_CONVERSIONS[letter as FormatConversion];
}

/**
 * The specifiers given, each with the kind of value it takes, in the order given.
 *
 * @example
 * ```ts
 * withFormatArguments(['%d', '%s']); // [['%d', 'int'], ['%s', 'str']]
 * ```
 */
export function withFormatArguments(specs: readonly string[]): [string, FormatArgument][] {
  return specs.map((s) => [s, formatArgument(s)]);
}
