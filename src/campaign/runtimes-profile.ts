import type { ProfileName } from '../arbitrary/index.js';
import { parseRuntime } from '../runtime/index.js';

/**
 * The feature profile of programs that run on every one of `specs`: `luau-web` when one of
 * them is the bundled luau-web VM (or none is given: it is the default runtime), since
 * luau-web takes no integer literals and a program it cannot parse would be a false finding;
 * otherwise `luau`, the whole language, which real Luau (`luau-cli`) and a command take.
 *
 * @example
 * ```ts
 * profileOfRuntimes(['luau-cli:-O0', 'luau-cli:-O2']); // 'luau'
 * profileOfRuntimes(['luau-web', 'luau-cli:-O2']); // 'luau-web'
 * ```
 */
export function profileOfRuntimes(specs: readonly string[]): ProfileName {
  if (specs.length === 0) return 'luau-web';
  return specs.some((spec) => parseRuntime(spec).kind === 'luau-web') ? 'luau-web' : 'luau';
}
