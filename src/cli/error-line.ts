/**
 * The one style of every error the CLI prints: `luau-fuzz: ` and the message, on one line per
 * message line. Commander's own usage errors (`error: option …`) are rewritten to it too.
 *
 * @example
 * ```ts
 * process.stderr.write(errorLine(new Error('--out corpus: not a directory')));
 * // luau-fuzz: --out corpus: not a directory
 * ```
 */
export function errorLine(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return `luau-fuzz: ${message.replace(/^error: /, '').trimEnd()}\n`;
}
