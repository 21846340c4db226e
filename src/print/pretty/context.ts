import type { AnyGrammar } from '../../tree/grammar.js';
import type { Stat } from '../../tree/nodes.js';
import { PrintError } from '../errors.js';
import { FunctionFrames } from '../frames.js';
import type { PrintContext } from '../context.js';
import { Writer } from '../writer.js';

/**
 * Luau's parser stops at 1000 nested blocks, expressions, types and calls ("Exceeded
 * allowed recursion depth"). The printer counts nesting at least as fast as the parser does
 * (an expression 1, a type 2, a block with its statements 2), so what it prints stays
 * under the limit and deeper trees get a {@link PrintError} instead of unparsable text.
 *
 * @example
 * ```ts
 * if (treeStats(ModuleSetSchema, tree).depth > NESTING_LIMIT) console.warn('may be refused');
 * ```
 */
export const NESTING_LIMIT = 1000;

/**
 * The state of one pretty-mode printing: the output with its indentation, the `types`
 * switch, the function frames ({@link FunctionFrames}, as in compat mode), the nesting count, and
 * the locals in scope (needed to repair type functions that reference outer locals).
 */
export class PrettyContext extends FunctionFrames implements PrintContext {
  readonly w: Writer;
  readonly grammar: AnyGrammar;
  readonly types: boolean;
  readonly sep = ', ';
  readonly colon = ': ';
  /** Current nesting as the parser would count it (see {@link NESTING_LIMIT}). */
  nest = 0;
  /** Names of the locals in scope, innermost last. */
  private readonly scope: string[] = [];
  /** Where the innermost type function's locals start in `scope`, -1 outside type functions. */
  private typeFunctionBase = -1;
  /** Whether the statement being printed is one of the source's own block. */
  topLevel = false;
  /** The block of the statement being printed, and where in it that statement is. */
  block: readonly Stat[] = [];
  at = 0;
  /** Whether `export` may be written: the source's frame has no `return` (grammar 735). */
  exportable = false;
  /** The names exported so far (each at most once). */
  readonly exported = new Set<string>();
  /** The classes declared so far: their names and props, as printed. */
  readonly classes: {
    readonly name: string;
    readonly props: readonly string[];
    /** Instantiated through `(Ck :: any)` (see `printClass`). */
    readonly cast?: boolean;
  }[] = [];
  /** The names of the checked classes declared or being declared, which extern types name. */
  readonly classTypes: string[] = [];

  constructor(grammar: AnyGrammar, indent: string, types: boolean) {
    super();
    this.grammar = grammar;
    this.w = new Writer(indent);
    this.types = types;
  }

  /** One level deeper; refuses to go past the parser's limit. */
  deeper(by: number): void {
    this.nest += by;
    if (this.nest > NESTING_LIMIT) {
      throw new PrintError(
        `the tree nests deeper than Luau's parser accepts (${NESTING_LIMIT} nested blocks, expressions and types): its source could not parse`,
      );
    }
  }

  shallower(by: number): void {
    this.nest -= by;
  }

  /** Declares a local from here to the end of the current scope. */
  declare(name: string): void {
    this.scope.push(name);
  }

  /** The current scope, to give back to {@link closeScope}. */
  openScope(): number {
    return this.scope.length;
  }

  closeScope(mark: number): void {
    this.scope.length = mark;
  }

  /** Starts a type function body; returns what {@link leaveTypeFunction} restores. */
  enterTypeFunction(): number {
    const saved = this.typeFunctionBase;
    this.typeFunctionBase = this.scope.length;
    return saved;
  }

  leaveTypeFunction(saved: number): void {
    this.typeFunctionBase = saved;
  }

  /**
   * The text of a reference to the variable `name`. A type function cannot reference a local
   * of an enclosing scope (a parse error: "Type function cannot reference outer local"), so
   * inside one such a reference is renamed `outer_<name>`, a global that no local can hide.
   */
  ref(name: string): string {
    const base = this.typeFunctionBase;
    if (base < 0) return name;
    const scope = this.scope;
    for (let i = scope.length - 1; i >= base; i--) if (scope[i] === name) return name;
    for (let i = base - 1; i >= 0; i--) if (scope[i] === name) return 'outer_' + name;
    return name;
  }
}
