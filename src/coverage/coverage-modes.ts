import type { ValidityLevel } from '../arbitrary/index.js';
import type { LuauToolName } from './coverage-build.js';

/** How a coverage run runs each program: an executable of the build and its options. */
export interface CoverageMode {
  readonly tool: LuauToolName;
  readonly args: readonly string[];
}

/**
 * The ways {@link measureEngineCoverage} can run programs, by name: `luau` at an optimisation
 * level (with native code), `luau-compile` printing bytecode, `luau-analyze` type checking.
 *
 * @example
 * ```ts
 * coverageModes['run-O2-codegen']; // { tool: 'luau', args: ['-O2', '--codegen'] }
 * ```
 */
export const coverageModes = {
  'run-O0': { tool: 'luau', args: ['-O0'] },
  'run-O1': { tool: 'luau', args: ['-O1'] },
  'run-O2': { tool: 'luau', args: ['-O2'] },
  'run-O2-codegen': { tool: 'luau', args: ['-O2', '--codegen'] },
  'compile-O0': { tool: 'luau-compile', args: ['--text', '-O0'] },
  'compile-O2': { tool: 'luau-compile', args: ['--text', '-O2'] },
  // One thread (`-j1`): luau-analyze checking several files on several threads races.
  'analyze-strict': { tool: 'luau-analyze', args: ['--mode=strict', '-j1'] },
  analyze: { tool: 'luau-analyze', args: ['-j1'] },
  'analyze-strict-new-solver': {
    tool: 'luau-analyze',
    args: ['--mode=strict', '-j1', '--fflags=LuauSolverV2=true'],
  },
} as const satisfies Record<string, CoverageMode>;

/** The name of a {@link coverageModes} entry. */
export type CoverageModeName = keyof typeof coverageModes;

/** Every mode name, in table order. */
export const coverageModeNames = Object.keys(coverageModes) as CoverageModeName[];

/**
 * The modes a level's programs run in by default: runnable programs run (`-O0`, and `-O2`
 * with native code, which reaches CodeGen); typed programs also go through the type checker in
 * strict mode; schema, syntax and scoped programs need not run, so they are compiled to a
 * bytecode listing.
 *
 * @example
 * ```ts
 * defaultCoverageModes('typed'); // ['run-O0', 'run-O2-codegen', 'analyze-strict']
 * ```
 */
export function defaultCoverageModes(level: ValidityLevel): CoverageModeName[] {
  switch (level) {
    case 'runnable':
      return ['run-O0', 'run-O2-codegen'];
    case 'typed':
      return ['run-O0', 'run-O2-codegen', 'analyze-strict'];
    default:
      return ['compile-O2'];
  }
}

/**
 * Parses a comma-separated list of mode names.
 *
 * @throws RangeError naming the unknown mode and the known ones.
 * @example
 * ```ts
 * parseCoverageModes('run-O0,analyze-strict'); // ['run-O0', 'analyze-strict']
 * ```
 */
export function parseCoverageModes(text: string): CoverageModeName[] {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0) throw new RangeError('no mode given');
  for (const name of names)
    if (!(coverageModeNames as string[]).includes(name))
      throw new RangeError(`unknown mode '${name}' (known: ${coverageModeNames.join(', ')})`);
  return [...new Set(names)] as CoverageModeName[];
}
