import { InvalidArgumentError, Option } from 'commander';
import { grammars, parseGrammar, type AnyGrammar } from '../tree/index.js';

/**
 * A `--grammar`-style option: `715` or `735` (also `0.735`), parsed to its grammar.
 *
 * @example
 * ```ts
 * command.addOption(grammarOption('--grammar <grammar>', 'grammar of the input trees'));
 * ```
 */
export function grammarOption(flags: string, description: string): Option {
  const names = grammars.map((g) => g.name);
  // After `choices`, whose list the help shows: this parser replaces its check.
  return new Option(flags, description).choices(names).argParser((value): AnyGrammar => {
    const grammar = parseGrammar(value);
    if (grammar === undefined)
      throw new InvalidArgumentError(`Allowed choices are ${names.join(', ')}.`);
    return grammar;
  });
}
