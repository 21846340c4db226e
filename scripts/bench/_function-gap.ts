// What one profile of a coverage build reaches that another does not, function by function:
// `llvm-cov export` (without -summary-only) lists each function's code regions with their
// counts, in the same order under any profile of the same executable.
// (A leading `_`: not a benchmark of its own.)
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { componentOf, type LlvmTools } from '../../src/coverage/index.js';

const run = promisify(execFile);

/** One function of `llvm-cov export`: its code regions under one profile. */
export interface FunctionExport {
  name: string;
  count: number;
  filenames: string[];
  // [lineStart, colStart, lineEnd, colEnd, count, fileId, expandedFileId, kind]
  regions: number[][];
}

/** One function's gap: the regions (and the lines they start on) only `theirs` reaches. */
export interface FunctionGap {
  readonly component: string;
  /** Demangled name. */
  readonly name: string;
  /** Its source file and first line. */
  readonly where: string;
  /** Code regions `theirs` reaches and `ours` does not. */
  readonly regions: number;
  /** Distinct source lines those regions start on. */
  readonly lines: number;
  /** Whether `ours` entered the function at all. */
  readonly entered: boolean;
}

/**
 * The functions of `executable` with their regions' counts under `profile`.
 *
 * @example
 * ```ts
 * const functions = await functionsOf(llvm, build.luau, 'ours.profdata');
 * ```
 */
export async function functionsOf(
  llvm: LlvmTools,
  executable: string,
  profile: string,
): Promise<FunctionExport[]> {
  const { stdout } = await run(
    llvm.cov,
    ['export', '-skip-expansions', '-instr-profile', profile, executable],
    { maxBuffer: 1024 * 1024 * 1024, encoding: 'utf8' },
  );
  return (JSON.parse(stdout) as { data: { functions: FunctionExport[] }[] }).data[0]!.functions;
}

/**
 * Names demangled with llvm-cxxfilt beside llvm-cov when there is one; else as they are.
 *
 * @example
 * ```ts
 * demangle(llvm, ['_ZN4Luau6Parser10parseClassEv']); // ['Luau::Parser::parseClass()']
 * ```
 */
export function demangle(llvm: LlvmTools, names: readonly string[]): string[] {
  const filt = llvm.cov.replace(/llvm-cov(-\d+)?$/, 'llvm-cxxfilt$1');
  try {
    const out = execFileSync(filt, [], { input: names.join('\n'), encoding: 'utf8' });
    const lines = out.split('\n');
    return names.map((n, i) => lines[i] ?? n);
  } catch {
    return [...names];
  }
}

/** The kind of a region of code (not an expansion, a skipped or a branch region). */
export const codeRegion = 0;

/**
 * The functions of `components` where profile `theirs` reaches code regions that profile
 * `ours` does not, most regions first.
 *
 * @example
 * ```ts
 * const gaps = await functionGaps(llvm, build.luau, 'luau-fuzzer.profdata', 'ours.profdata',
 *   ['Ast', 'Compiler', 'VM', 'CodeGen']);
 * ```
 */
export async function functionGaps(
  llvm: LlvmTools,
  executable: string,
  theirs: string,
  ours: string,
  components: readonly string[],
): Promise<FunctionGap[]> {
  const [a, b] = await Promise.all([
    functionsOf(llvm, executable, theirs),
    functionsOf(llvm, executable, ours),
  ]);
  const found: Omit<FunctionGap, 'name'>[] = [];
  const mangled: string[] = [];
  a.forEach((f, i) => {
    const g = b[i];
    if (f.count === 0 || g === undefined || g.name !== f.name) return;
    const component = componentOf(f.filenames[0] ?? '');
    if (!components.includes(component)) return;
    let regions = 0;
    const lines = new Set<number>();
    f.regions.forEach((r, j) => {
      if (r[7] !== codeRegion || r[4] === 0 || (g.regions[j]?.[4] ?? 0) > 0) return;
      regions++;
      lines.add(r[0]!);
    });
    if (regions === 0) return;
    const file = (f.filenames[0] ?? '').split(/[\\/]/);
    const at = file.findIndex((p) => p === component);
    found.push({
      component,
      where: `${file.slice(at).join('/')}:${f.regions[0]?.[0] ?? 0}`,
      regions,
      lines: lines.size,
      entered: g.count > 0,
    });
    mangled.push(f.name);
  });
  const names = demangle(llvm, mangled);
  return found
    .map((f, i) => ({ ...f, name: names[i]! }))
    .sort((x, y) => y.lines - x.lines || y.regions - x.regions || x.name.localeCompare(y.name));
}
