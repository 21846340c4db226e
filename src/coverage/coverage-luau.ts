import { parseRuntime } from '../runtime/index.js';
import { CoverageBuildError, isCoverageInstrumented } from './coverage-build.js';

/**
 * The `luau` of a coverage runtime spec, checked: a `luau-cli` spec whose executable is
 * instrumented for coverage.
 *
 * @throws {@link CoverageBuildError} saying what is wrong (the caller names its flag).
 * @example
 * ```ts
 * coverageLuau('luau-cli:-O2:--codegen:path=../shared/tools/luau-715-coverage/luau');
 * ```
 */
export function coverageLuau(spec: string): { luau: string; args: string[] } {
  const runtime = parseRuntime(spec);
  if (runtime.kind !== 'luau-cli')
    throw new CoverageBuildError(
      `'${spec}' is not a luau-cli runtime (luau-cli:-O2:path=BUILD/luau)`,
    );
  let instrumented: boolean;
  try {
    instrumented = isCoverageInstrumented(runtime.executable);
  } catch {
    throw new CoverageBuildError(`${runtime.executable} does not exist (give path=BUILD/luau)`);
  }
  if (!instrumented)
    throw new CoverageBuildError(
      `${runtime.executable} is not a coverage build (no __llvm_prf_cnts section): build Luau ` +
        'with `make config=coverage CXX=clang++` and give path= its luau',
    );
  return { luau: runtime.executable, args: [...runtime.options] };
}
