import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findLlvmTools, type LlvmTools } from '../../src/coverage/index.js';
import { sharedDir } from './shared.js';

/** Luau 0.715 built for source-based coverage, beside the checkout. */
export const coverageBuildDir: string = join(sharedDir, 'tools', 'luau-715-coverage');

/** Luau's conformance files, beside the checkout. */
export const conformanceDir: string = join(sharedDir, 'reference', 'luau-conformance-715');

function llvmOrUndefined(): LlvmTools | undefined {
  try {
    return findLlvmTools();
  } catch {
    return undefined;
  }
}

const llvm = llvmOrUndefined();

/**
 * Whether the coverage build and the LLVM tools that read its profiles are there: tests that
 * need them are skipped when not, except under `CI`, which has both, where their absence
 * fails loudly rather than skipping a whole area unseen.
 *
 * @example
 * ```ts
 * describe.skipIf(!haveCoverageBuild)('measureEngineCoverage', () => { … });
 * ```
 */
export const haveCoverageBuild: boolean =
  existsSync(join(coverageBuildDir, 'luau')) && llvm !== undefined;

const ci = process.env['CI'];
if (!haveCoverageBuild && ci !== undefined && ci !== '' && ci !== 'false') {
  throw new Error(
    `under CI the coverage build (${coverageBuildDir}) and llvm-profdata/llvm-cov must be there`,
  );
}

/**
 * The LLVM tools; call only when {@link haveCoverageBuild}.
 *
 * @example
 * ```ts
 * const { profdata } = llvmTools();
 * ```
 */
export function llvmTools(): LlvmTools {
  if (llvm === undefined) throw new Error('no llvm-profdata and llvm-cov on the PATH');
  return llvm;
}
