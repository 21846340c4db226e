import type { Choices } from '../choices.js';

/**
 * A number literal in one of the spellings Luau's lexer reads: decimal integers and fractions
 * (`5.`, `.5`), exponents with and without a sign, hexadecimal and binary integers in either
 * case, digit separators (`1_000`, `0x_ff`), and integers past 2^53 and 2^64, which the parser
 * reads as doubles.
 *
 * @example
 * ```ts
 * numberText(c); // '0x1F', '1_000', '.5', '2e-3', '0b101', ...
 * ```
 */
export function numberText(c: Choices): string {
  const small = c.int(300);
  switch (c.int(12)) {
    case 0:
      return String(small);
    case 1:
      return `${small}.${c.pick(['', '5', '25', '0625', '1'])}`;
    case 2:
      return `.${c.pick(['5', '125', '0', '999'])}`;
    case 3:
      return `${c.pick(['1', '2.5', '7', '.5'])}${c.pick(['e', 'E'])}${c.pick(['', '+', '-'])}${c.int(12)}`;
    case 4:
      return `${c.pick(['0x', '0X'])}${small.toString(16)[c.chance(50) ? 'toUpperCase' : 'toLowerCase']()}`;
    case 5:
      return `${c.pick(['0b', '0B'])}${small.toString(2)}`;
    case 6:
      return c.pick(['1_000', '0x_ff', '0b_1010', '1_0.5', '0xFF_FF', '1__2', '100_']);
    case 7:
      return c.pick([
        '9007199254740993',
        '18446744073709551616',
        '0xffffffffffffffff',
        '0x7fffffffffffffff',
        '0x8000000000000000',
        '99999999999999999999',
      ]);
    case 8:
      return c.pick(['1e308', '1e309', '2e-324', '4.9e-324', '0.1', '1e-7', '123456789012']);
    case 9:
      return c.pick(['0', '00', '007', '0.0', '0e0', '0x0', '0b0']);
    default:
      return String(small % 16);
  }
}

/** Escapes whose value is one byte, as the lexer spells them. */
const simpleEscapes = [
  '\\n',
  '\\t',
  '\\\\',
  '\\a',
  '\\b',
  '\\f',
  '\\v',
  '\\r',
  '\\0',
  "\\'",
  '\\"',
];

/** One escape sequence or plain character of a quoted string. */
function stringPart(c: Choices): string {
  switch (c.int(10)) {
    case 0:
      return c.pick(simpleEscapes);
    case 1:
      return `\\x${c.pick(['41', '7a', '7E', '00', 'ff', '0A'])}`;
    case 2:
      return `\\u{${c.pick(['48', '0', 'e9', '20AC', '1F600', '10FFFF', '7FF', '800', 'FFFF', '000041'])}}`;
    case 3:
      // Up to three decimal digits; a fourth digit is a character of its own.
      return `\\${c.pick(['65', '9', '255', '0', '1234', '07'])}`;
    case 4:
      // `\z` skips the white space (line breaks included) that follows it.
      return `\\z${c.pick(['', ' ', '  \n  ', '\t'])}`;
    case 5:
      // A backslash before a line break keeps the line break.
      return '\\\n';
    case 6:
      return c.pick(['é', '€', '😀', '日本']);
    default:
      return c.pick(['a', 'b', 'x y', 'Z', '%', '-', '{', '}', '[[', ']]', '--']);
  }
}

/**
 * A quoted string literal (`'...'` or `"..."`) of plain characters and escapes of every kind
 * the lexer decodes: named ones, `\xHH`, `\u{...}` from one byte to four in UTF-8, decimal
 * `\ddd`, `\z` with the white space it skips, a backslash before a line break.
 *
 * @example
 * ```ts
 * quotedText(c); // '"a\\x41\\u{20AC}\\z  \\n  b"'
 * ```
 */
export function quotedText(c: Choices): string {
  const q = c.pick(['"', "'"]);
  let body = '';
  for (let n = c.int(5); n > 0; n--) body += stringPart(c);
  // The other quote mark stands for itself.
  if (c.chance(20)) body += q === '"' ? "'" : '"';
  return q + body + q;
}

/**
 * A long string `[==[...]==]` of level 0 to 3, sometimes with a line break after the opening
 * bracket (which the lexer drops) and with closing brackets of other levels inside.
 *
 * @example
 * ```ts
 * longText(c); // '[=[\na]]b]=]'
 * ```
 */
export function longText(c: Choices): string {
  const level = c.int(4);
  const eq = '='.repeat(level);
  const inner = level > 0 ? c.pick([']]', ']' + '='.repeat(level - 1) + ']', '[[', 'x']) : 'x';
  const body = c.pick(['', '\n']) + c.pick(['a', 'line\nnext', '\\n stays', '']) + inner;
  return `[${eq}[${body}]${eq}]`;
}

/**
 * A comment: a line comment (ending at the line break the caller puts after it), a long
 * comment of level 0 to 2 on one line or several, or `--[` that is not a long bracket.
 *
 * @example
 * ```ts
 * commentText(c, true); // '--[==[ a\n ]] ]==]'
 * ```
 */
export function commentText(c: Choices, multiline: boolean): string {
  const level = c.int(3);
  const eq = '='.repeat(level);
  switch (c.int(multiline ? 4 : 2)) {
    case 0:
      return `--[${eq}[ c ]${eq}]`;
    case 1:
      return `--[${eq}[]${eq}]`;
    case 2:
      return `--[${eq}[ a\n ${level > 0 ? ']]' : '] ]'} b\n]${eq}]`;
    default:
      return c.pick(['-- line', '--[ not long', '--', '---[[ line', '--!nonstrict']);
  }
}

/**
 * Words that are names, not keywords, though some statements give them a meaning.
 *
 * @example
 * ```ts
 * contextualNames.includes('continue'); // true: `local continue = 1` is a local
 * ```
 */
export const contextualNames = ['type', 'export', 'continue', 'typeof', 'read', 'write'] as const;
