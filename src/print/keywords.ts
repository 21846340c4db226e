/**
 * Luau's reserved words: never usable as a name after `.`, as a global or as a table key.
 *
 * @example
 * ```ts
 * luauKeywords.has('nil'); // true: `a.nil` does not parse
 * ```
 */
export const luauKeywords: ReadonlySet<string> = new Set([
  'and',
  'break',
  'do',
  'else',
  'elseif',
  'end',
  'false',
  'for',
  'function',
  'if',
  'in',
  'local',
  'nil',
  'not',
  'or',
  'repeat',
  'return',
  'then',
  'true',
  'until',
  'while',
]);
