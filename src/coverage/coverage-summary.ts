import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Type from 'typebox';
import { parseJson } from '../format/index.js';
import type { LlvmTools } from './llvm-tools.js';

const run = promisify(execFile);

/** Covered and instrumented lines and branches (each branch counts its two directions). */
export interface CoverageCounts {
  lines: { covered: number; count: number };
  branches: { covered: number; count: number };
}

/**
 * Per-component counts of one executable under one profile: the component is the source
 * folder (`Ast`, `Compiler`, `VM`, `CodeGen`, `Analysis`, `Common`, …).
 */
export type ComponentCounts = Record<string, CoverageCounts>;

/**
 * The component of a source path in Luau's layout: the folder that holds its `src/` or
 * `include/` (`…/luau/Ast/include/Luau/Ast.h` → `Ast`), the last such in the path, so that a
 * checkout under a folder named `src` is not mistaken for one.
 *
 * @example
 * ```ts
 * componentOf('/home/me/src/luau/VM/src/lvmexecute.cpp'); // 'VM'
 * ```
 */
export function componentOf(path: string): string {
  const parts = path.split(/[\\/]/);
  for (let i = parts.length - 2; i > 0; i--)
    if (parts[i] === 'src' || parts[i] === 'include') return parts[i - 1]!;
  return 'other';
}

async function tool(executable: string, args: readonly string[]): Promise<string> {
  try {
    const { stdout } = await run(executable, [...args], {
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
    });
    return stdout;
  } catch (e) {
    const err = e as Error & { stderr?: string };
    const said = (err.stderr ?? '').trim() || err.message;
    throw new Error(`${executable} ${args.join(' ')} failed: ${said}`, { cause: e });
  }
}

/**
 * Merges raw profiles (`.profraw`) or indexed ones (`.profdata`) into one indexed profile with
 * `llvm-profdata merge -sparse`: counters add, so a line covered in any input is covered in
 * the result.
 *
 * @example
 * ```ts
 * await mergeProfiles(llvm, ['a.profraw', 'b.profraw'], 'all.profdata');
 * ```
 */
export async function mergeProfiles(
  llvm: LlvmTools,
  inputs: readonly string[],
  output: string,
): Promise<void> {
  await tool(llvm.profdata, ['merge', '-sparse', '-o', output, ...inputs]);
}

const counts = Type.Object({ count: Type.Number(), covered: Type.Number() });

/** What is read of `llvm-cov export -summary-only`: each file's line and branch totals. */
const SummaryExport = Type.Object({
  data: Type.Array(
    Type.Object({
      files: Type.Array(
        Type.Object({
          filename: Type.String(),
          summary: Type.Object({ lines: counts, branches: counts }),
        }),
      ),
    }),
  ),
});

/**
 * The line and branch counts per component of `executable` under an indexed profile, read
 * from `llvm-cov export -summary-only` (llvm-cov's own totals per file, which need no source
 * files).
 *
 * @example
 * ```ts
 * const byComponent = await coverageSummary(llvm, 'build/luau', 'all.profdata');
 * byComponent.VM?.lines.covered;
 * ```
 */
export async function coverageSummary(
  llvm: LlvmTools,
  executable: string,
  profile: string,
): Promise<ComponentCounts> {
  const text = await tool(llvm.cov, [
    'export',
    '-summary-only',
    '-instr-profile',
    profile,
    executable,
  ]);
  const parsed = parseJson(text, SummaryExport, `llvm-cov export of ${executable}`);
  const out: ComponentCounts = {};
  for (const file of parsed.data[0]?.files ?? []) {
    const c = (out[componentOf(file.filename)] ??= {
      lines: { covered: 0, count: 0 },
      branches: { covered: 0, count: 0 },
    });
    c.lines.covered += file.summary.lines.covered;
    c.lines.count += file.summary.lines.count;
    c.branches.covered += file.summary.branches.covered;
    c.branches.count += file.summary.branches.count;
  }
  return out;
}
