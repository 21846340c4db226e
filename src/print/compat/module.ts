import type { ModuleSet, StatBlock } from '../../../gen/luau_pb.js';
import { CompatContext } from './context.js';
import { printBlock } from './stat.js';

/** Options of {@link printCompat}. */
export interface CompatOptions {
  /**
   * Print annotations of locals, parameters and return types. Type aliases, type functions
   * and `typeof` print their types either way. Default `true`.
   */
  types?: boolean;
}

function printSource(block: StatBlock | undefined, types: boolean): string {
  const ctx = new CompatContext(types);
  printBlock(ctx, block);
  return ctx.w.text();
}

/**
 * Prints a tree exactly as the reference printer of Luau's protobuf fuzzer does, quirks
 * included: one source per module (the `module` first when present, even empty, then the
 * `program`). Never throws for a tree that decodes (any unset oneof, value or string).
 *
 * @example
 * ```ts
 * const [program] = printCompat(tree, { types: false });
 * ```
 */
export function printCompat(moduleSet: ModuleSet, options: CompatOptions = {}): string[] {
  const types = options.types ?? true;
  const out: string[] = [];
  if (moduleSet.module !== undefined) out.push(printSource(moduleSet.module, types));
  out.push(printSource(moduleSet.program, types));
  return out;
}
