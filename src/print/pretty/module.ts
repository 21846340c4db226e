import { grammar715, type AnyGrammar } from '../../tree/grammar.js';
import type { ModuleSet, StatBlock } from '../../tree/nodes.js';
import { PrettyContext } from './context.js';
import { returnsInFrame } from './exports.js';
import { printStatements } from './stat.js';

/**
 * Options of {@link printPretty}.
 *
 * @example
 * ```ts
 * const options: PrettyOptions = { indent: '\t', types: false };
 * ```
 */
export interface PrettyOptions {
  /**
   * One level of indentation: a number of spaces, or a string of spaces and tabs.
   * Default `4` (four spaces).
   */
  indent?: number | string;
  /**
   * Print annotations of locals, parameters and return types. Type aliases, type functions
   * and `typeof` print their types either way. Default `true`.
   */
  types?: boolean;
  /** The grammar of the tree. Default 715. */
  grammar?: AnyGrammar;
}

function indentUnit(indent: number | string | undefined): string {
  if (indent === undefined) return '    ';
  if (typeof indent === 'number') {
    if (!Number.isInteger(indent) || indent < 0 || indent > 16) {
      throw new RangeError(`indent must be a whole number of spaces from 0 to 16, not ${indent}`);
    }
    return ' '.repeat(indent);
  }
  if (!/^[ \t]*$/.test(indent)) {
    throw new RangeError(`indent must be made of spaces and tabs, not ${JSON.stringify(indent)}`);
  }
  return indent;
}

function printSource(
  block: StatBlock | undefined,
  grammar: AnyGrammar,
  indent: string,
  types: boolean,
): string {
  const ctx = new PrettyContext(grammar, indent, types);
  // A source that returns may export nothing ("export/return conflict").
  ctx.exportable = !(block?.body.some(returnsInFrame) ?? false);
  printStatements(ctx, block, false);
  const text = ctx.w.text();
  return text === '' ? '' : text + '\n';
}

/**
 * Prints a tree as readable Luau that parses: one statement per line, indented blocks,
 * spaces around binary operators, parentheses from Luau's precedence and associativity (so
 * the source parses back into the same shape), strings with every byte, no trailing
 * whitespace, a final newline. One source per module (the `module` first when present, then
 * the `program`).
 *
 * What Luau would reject is repaired, and documented where it is done: `break`/`continue`
 * outside a loop and `...` outside a vararg function print as compat mode prints them
 * (`do end`, `_`); statements after a block's `return`/`break`/`continue` are dropped; a
 * statement starting with `(` gets a `;` before it; only valid attributes print; reserved
 * words used as names are renamed (`nil_`) or indexed (`t["nil"]`); function statements
 * whose target is not a function name print as assignments; a missing `else` of an
 * if-expression is `else nil`; a type function's references to enclosing locals are renamed
 * `outer_<name>`; a `repeat` whose `continue` skips a local is wrapped in `do … end`. In grammar
 * 735: a class declared anywhere but in the source's own block is dropped (as compat does);
 * classes are named `C0`, `C1`, … in order, their props and methods renamed where a name is
 * not one (`nil_`, `p__index`, `m__index`) and kept once each; `const` is written only where
 * every name has its value and nothing assigns it afterwards, `export` only in the source's
 * own block, once per name, and when the source does not `return`.
 *
 * @throws {PrintError} when the tree nests deeper than Luau's parser accepts.
 * @example
 * ```ts
 * const [program] = printPretty(tree, { indent: 2 });
 * ```
 */
export function printPretty(moduleSet: ModuleSet, options: PrettyOptions = {}): string[] {
  const indent = indentUnit(options.indent);
  const types = options.types ?? true;
  const grammar = options.grammar ?? grammar715;
  const out: string[] = [];
  if (moduleSet.module !== undefined)
    out.push(printSource(moduleSet.module, grammar, indent, types));
  out.push(printSource(moduleSet.program, grammar, indent, types));
  return out;
}
