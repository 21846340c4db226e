import { grammar715, parseGrammar, type AnyGrammar } from '../tree/grammar.js';
import type { ResolvedOptions } from './options.js';

/**
 * The grammar the options name (its schema, its capabilities).
 *
 * @example
 * ```ts
 * grammarOf(resolveOptions({ grammar: '735' })).has('StatClass'); // true
 * ```
 */
export function grammarOf(options: Pick<ResolvedOptions, 'grammar'>): AnyGrammar {
  return parseGrammar(options.grammar) ?? grammar715;
}
