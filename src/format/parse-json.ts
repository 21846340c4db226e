import type { Static, TSchema } from 'typebox';
import { checkValue } from './check.js';
import { FormatError, type FormatErrorDetails } from './format-error.js';

/** Where a JSON text stops being JSON: `cut short`, or the line and column of the fault. */
function syntaxProblem(text: string, e: SyntaxError): string {
  if (text.trim() === '') return 'is empty';
  const at = /position (\d+)/.exec(e.message);
  if (at === null) {
    // Node's words for a text that ends inside a value.
    return /end of (JSON|data)|Unterminated/i.test(e.message)
      ? 'is cut short (the JSON ends inside a value)'
      : `is not JSON (${e.message})`;
  }
  const pos = Number(at[1]);
  if (pos >= text.trimEnd().length) return 'is cut short (the JSON ends inside a value)';
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - before.lastIndexOf('\n');
  return `is not JSON: unexpected ${JSON.stringify(text.slice(pos, pos + 12))} at line ${line}, column ${column}`;
}

/**
 * Parses a JSON text and checks it against a schema; a text that is not JSON, is cut short
 * or holds another shape is a {@link FormatError} naming `source`, the field and the fault.
 *
 * @example
 * ```ts
 * const state = parseJson(text, GuidedState, 'out/corpus/state.json');
 * ```
 */
export function parseJson<T extends TSchema>(
  text: string,
  schema: T,
  source: string,
  details: Omit<FormatErrorDetails, 'field'> = {},
): Static<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new FormatError(source, syntaxProblem(text, e as SyntaxError), { ...details, cause: e });
  }
  return checkValue(schema, value, source, details);
}
