const encoder = new TextEncoder();
const plain = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const plainInterp = /^[\x20-\x5b\x5d-\x5f\x61-\x7a\x7c-\x7e]*$/;
const named: Record<number, string> = {
  0x07: '\\a',
  0x08: '\\b',
  0x09: '\\t',
  0x0a: '\\n',
  0x0b: '\\v',
  0x0c: '\\f',
  0x0d: '\\r',
  0x5c: '\\\\',
};

function hex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += '\\x' + (b < 16 ? '0' : '') + b.toString(16);
  return s;
}

/**
 * Whether a code point prints as itself: printable, not a line or paragraph separator, not a
 * bidirectional control or byte-order mark, not half of a surrogate pair.
 */
function showable(cp: number): boolean {
  if (cp < 0xa0) return false;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  if (cp === 0x2028 || cp === 0x2029 || cp === 0xfeff) return false;
  if ((cp >= 0x200e && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e)) return false;
  if (cp >= 0x2066 && cp <= 0x2069) return false;
  return true;
}

function escapeBody(s: string, interp: boolean): string {
  let out = '';
  const chars = [...s];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x20 && cp < 0x7f) {
      if (interp) {
        // Interpolated strings: `{` opens an expression and `` ` `` ends the string.
        if (cp === 0x7b) out += '\\{';
        else if (cp === 0x60) out += '\\`';
        else if (cp === 0x5c) out += '\\\\';
        else out += ch;
      } else if (cp === 0x22) out += '\\"';
      else if (cp === 0x5c) out += '\\\\';
      else out += ch;
    } else if (named[cp] !== undefined) {
      out += named[cp];
    } else if (showable(cp)) {
      out += ch;
    } else if (cp < 0x80 && !/[0-9]/.test(chars[i + 1] ?? '')) {
      // A control byte as a decimal escape `\ddd` where no digit follows to extend it.
      out += '\\' + String(cp);
    } else if (cp >= 0x80 && (cp < 0xd800 || cp > 0xdfff)) {
      out += '\\u{' + cp.toString(16) + '}';
    } else {
      // Every other byte as `\xHH` of its UTF-8 encoding (a lone surrogate is stored as U+FFFD).
      out += hex(encoder.encode(ch));
    }
  }
  return out;
}

/**
 * Whether a long bracket `[[...]]` holds `s` as it is: printable, tabs and line breaks, no `\r`,
 * and no space or tab before a line break (a printed line never ends in whitespace).
 */
function longSafe(s: string): boolean {
  if (/[ \t]\n/.test(s)) return false;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (!((cp >= 0x20 && cp < 0x7f) || cp === 0x09 || cp === 0x0a || showable(cp))) return false;
  }
  return true;
}

/**
 * `s` in a long bracket, `[[...]]` or `[=[...]=]` with as many `=` as needed so that no `]`
 * in `s` (or at its end) closes it early; a leading line break is doubled, since the first
 * one after the opening bracket is dropped.
 */
function longBracket(s: string): string {
  let eq = '';
  while ((s + ']').includes(']' + eq + ']')) eq += '=';
  return '[' + eq + '[' + (s.startsWith('\n') ? '\n' : '') + s + ']' + eq + ']';
}

/**
 * A Luau string literal holding exactly the string's UTF-8 bytes. Text with line breaks and
 * otherwise only printable characters and tabs is a long bracket (`[[a\nb]]`); any other text
 * is double-quoted: printable text as is, `\n` `\t` and friends, other control bytes as
 * decimal escapes (`\27`, or `\x1b` before a digit), other code points as `\u{85}`, lone
 * surrogates as the `\xHH` bytes of U+FFFD.
 *
 * @example
 * ```ts
 * quoteString('a"b\n\x1b'); // '"a\\"b\\n\\27"'
 * quoteString('a\nb'); // '[[a\nb]]'
 * ```
 */
export function quoteString(s: string): string {
  if (plain.test(s)) return '"' + s + '"';
  if (s.includes('\n') && longSafe(s)) return longBracket(s);
  return '"' + escapeBody(s, false) + '"';
}

/**
 * The text of an interpolated-string segment: as {@link quoteString} without quotes, and
 * with `{` and `` ` `` escaped, so no `{{` or early end can appear.
 *
 * @example
 * ```ts
 * interpText('{x}`'); // '\\{x}\\`'
 * ```
 */
export function interpText(s: string): string {
  return plainInterp.test(s) ? s : escapeBody(s, true);
}
