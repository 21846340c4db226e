import { readFileSync } from 'node:fs';
import { luauTools, type LuauTools } from '../runtime/index.js';

/**
 * A folder of Luau executables that is not a coverage build: missing, or not instrumented.
 *
 * @example
 * ```ts
 * try { coverageBuild(dir, ['luau']); } catch (e) { if (e instanceof CoverageBuildError) usage(e.message); }
 * ```
 */
export class CoverageBuildError extends Error {
  override readonly name = 'CoverageBuildError';
}

/** A Luau executable of a build: `luau`, `luau-compile` or `luau-analyze`. */
export type LuauToolName = 'luau' | 'luau-compile' | 'luau-analyze';

/** The path of one of a tools folder's executables. */
export function toolPath(tools: LuauTools, tool: LuauToolName): string {
  return tool === 'luau'
    ? tools.luau
    : tool === 'luau-compile'
      ? tools.luauCompile
      : tools.luauAnalyze;
}

// The section of the counters that `-fprofile-instr-generate` adds (ELF and Mach-O alike); its
// name is in every instrumented executable and in no other.
const countersSection = Buffer.from('__llvm_prf_cnts');

/**
 * Whether an executable was built with LLVM's profile instrumentation (`make config=coverage`):
 * it holds the `__llvm_prf_cnts` section.
 *
 * @example
 * ```ts
 * isCoverageInstrumented('../shared/tools/luau-715-coverage/luau'); // true
 * ```
 */
export function isCoverageInstrumented(executable: string): boolean {
  return readFileSync(executable).includes(countersSection);
}

/**
 * The executables of a Luau coverage build, checked: the folder holds `luau` and each of
 * `needed`, and each of `needed` is instrumented for coverage.
 *
 * @throws {@link CoverageBuildError} naming the folder and what is wrong.
 * @example
 * ```ts
 * const build = coverageBuild('../shared/tools/luau-715-coverage', ['luau', 'luau-analyze']);
 * ```
 */
export function coverageBuild(dir: string, needed: readonly LuauToolName[]): LuauTools {
  let tools: LuauTools;
  try {
    tools = luauTools(dir);
  } catch (e) {
    throw new CoverageBuildError((e as Error).message, { cause: e });
  }
  for (const tool of needed) {
    const path = toolPath(tools, tool);
    let instrumented: boolean;
    try {
      instrumented = isCoverageInstrumented(path);
    } catch {
      throw new CoverageBuildError(`no ${tool} in ${tools.dir}: ${path} is missing`);
    }
    if (!instrumented)
      throw new CoverageBuildError(
        `${path} is not a coverage build (it has no __llvm_prf_cnts section): build Luau with ` +
          '`make config=coverage CXX=clang++` and name that folder',
      );
  }
  return tools;
}
