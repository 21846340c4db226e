import type { AnyGrammar } from '../tree/grammar.js';
import type { FunctionFrames } from './frames.js';
import type { Writer } from './writer.js';

/**
 * What the parts both printers share need of a printing: the output, the `types` switch, the
 * spelling of separators (compat writes them bare, pretty with a space), the function frames,
 * and the nesting count and locals in scope (kept by the pretty printer only; compat's are
 * no-ops).
 *
 * @example
 * ```ts
 * function printPair(ctx: PrintContext, a: string, b: string): void {
 *   ctx.w.write(a + ctx.sep + b); // `a,b` in compat mode, `a, b` in pretty mode
 * }
 * ```
 */
export interface PrintContext extends FunctionFrames {
  readonly w: Writer;
  /** The grammar of the tree being printed. */
  readonly grammar: AnyGrammar;
  readonly types: boolean;
  /** Between the items of a list: `,` or `, `. */
  readonly sep: string;
  /** Before a type annotation: `:` or `: `. */
  readonly colon: string;
  /** One level deeper (see the pretty printer's `NESTING_LIMIT`). */
  deeper(by: number): void;
  /** Back up from {@link deeper}. */
  shallower(by: number): void;
  /** The text of a reference to the variable `name` (see the pretty printer's `ref`). */
  ref(name: string): string;
  /** Declares a local from here to the end of the current scope. */
  declare(name: string): void;
  /** The current scope, to give back to {@link closeScope}. */
  openScope(): number;
  closeScope(mark: number): void;
}
