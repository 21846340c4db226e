/**
 * A capture of a Luau string pattern: `s`, the matched text (a string), or `p`, a position
 * capture `()` (a number).
 *
 * @example
 * ```ts
 * const kinds: PatternCapture[] = patternCaptures('(%d+)()'); // ['s', 'p']
 * ```
 */
export type PatternCapture = 's' | 'p';

/**
 * The captures of a Luau string pattern, in order: what `string.match` and each step of
 * `string.gmatch` return besides the whole match (which they return when there is none).
 * Parentheses escaped (`%(`), balanced by `%b()` or inside a set (`[(]`) capture nothing.
 *
 * @example
 * ```ts
 * patternCaptures('(%a)(%a?)'); // ['s', 's']
 * patternCaptures('%b()'); // []
 * ```
 */
export function patternCaptures(pattern: string): PatternCapture[] {
  const captures: PatternCapture[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '%') i += pattern[i + 1] === 'b' ? 3 : 1;
    else if (ch === '[') i = setEnd(pattern, i);
    else if (ch === '(') captures.push(pattern[i + 1] === ')' ? 'p' : 's');
  }
  return captures;
}

/** The index of the `]` closing the set that opens at `start` (a `]` first in it is literal). */
function setEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  for (; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '%') i++;
  return i;
}
