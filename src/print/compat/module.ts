import { grammar715, type AnyGrammar } from '../../tree/grammar.js';
import type { ModuleSet, StatBlock } from '../../tree/nodes.js';
import { PrintError } from '../errors.js';
import { CompatContext } from './context.js';
import { printBlock } from './stat.js';

/**
 * Options of {@link printCompat}.
 *
 * @example
 * ```ts
 * const options: CompatOptions = { types: false }; // as the reference fuzzer's "notypes" run
 * ```
 */
export interface CompatOptions {
  /**
   * Print annotations of locals, parameters and return types. Type aliases, type functions
   * and `typeof` print their types either way. Default `true`.
   */
  types?: boolean;
  /** The grammar of the tree, which says what the reference printer is. Default 715. */
  grammar?: AnyGrammar;
}

function printSource(block: StatBlock | undefined, grammar: AnyGrammar, types: boolean): string {
  const ctx = new CompatContext(grammar, types);
  // Declared first, so that an instantiation or `extends` of no class names one.
  if (grammar.classes) ctx.w.write('open class _ end\n');
  try {
    printBlock(ctx, block);
  } catch (e) {
    // Only a tree built in memory, far deeper than any that decodes, gets here.
    if (e instanceof RangeError) {
      throw new PrintError('the tree nests too deep for the JavaScript stack', { cause: e });
    }
    throw e;
  }
  return ctx.w.text();
}

/**
 * Prints a tree exactly as the reference printer of Luau's protobuf fuzzer does, quirks
 * included: one source per module (the `module` first when present, even empty, then the
 * `program`). The reference printer is that of the tree's grammar (`fuzz/protoprint.cpp` at
 * Luau 715 or 0.735). Never throws for a tree that decodes (any unset oneof, value or string, nesting
 * up to `MAX_TREE_DEPTH` and well beyond); a tree built in memory that nests past the
 * JavaScript stack (over ten thousand levels) is a {@link PrintError}.
 *
 * @example
 * ```ts
 * const [program] = printCompat(tree, { types: false });
 * ```
 */
export function printCompat(moduleSet: ModuleSet, options: CompatOptions = {}): string[] {
  const types = options.types ?? true;
  const grammar = options.grammar ?? grammar715;
  const out: string[] = [];
  if (moduleSet.module !== undefined) out.push(printSource(moduleSet.module, grammar, types));
  out.push(printSource(moduleSet.program, grammar, types));
  return out;
}
