import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgeStrict } from '../arbitrary/index.js';
import { runToolReports } from '../runtime/index.js';
import type { ToolReport } from '../runtime/index.js';
import { normalizeMessage } from './classify.js';
import type { CheckOutcome } from './classify.js';

/**
 * A type checker, from its spec `PATH[:flag…]`: `luau-analyze` with the flags added after
 * `--mode=strict` (a flag holding `:` cannot be given).
 *
 * @example
 * ```ts
 * parseChecker('/opt/luau/luau-analyze:--fflags=LuauSolverV2=true');
 * // { path: '/opt/luau/luau-analyze', flags: ['--fflags=LuauSolverV2=true'] }
 * ```
 */
export function parseChecker(spec: string): { path: string; flags: string[] } {
  const [path = '', ...flags] = spec.split(':');
  if (path === '') throw new Error(`analyze: '${spec}' names no checker (PATH[:flag…])`);
  const bad = flags.find((f) => !f.startsWith('-'));
  if (bad !== undefined)
    throw new Error(
      `analyze: '${bad}' in '${spec}' is not a flag (PATH[:flag…], flags start with -)`,
    );
  return { path, flags };
}

/**
 * Checks that a checker spec names an existing file.
 *
 * @example
 * ```ts
 * assertChecker('/opt/luau/luau-analyze'); // throws when absent
 * ```
 */
export function assertChecker(spec: string): void {
  const { path } = parseChecker(spec);
  if (!existsSync(path)) throw new Error(`analyze: no checker at '${path}'`);
}

/** A program to check: its source, and its module's when it has one. */
export interface CheckedProgram {
  readonly program: string;
  readonly module?: string | undefined;
}

/**
 * The line in the program of a checker diagnostic (0 for one in its module).
 *
 * @example
 * ```ts
 * diagnosticLine('d0/program.luau(3,7): TypeError: …'); // 3
 * ```
 */
export function diagnosticLine(diagnostic: string): number {
  return Number(/program\.luau\((\d+),/.exec(diagnostic)?.[1] ?? 0);
}

/**
 * Whether a checker diagnostic is an error (a lint warning's kind does not end in `Error`).
 *
 * @example
 * ```ts
 * isErrorDiagnostic('d0/program.luau(3,7): TypeError: …'); // true
 * ```
 */
export function isErrorDiagnostic(diagnostic: string): boolean {
  return /\(\d+,\d+\): \w*Error: /.test(diagnostic);
}

/**
 * A checker diagnostic's message, normalized (without its position, names and numbers): what
 * tells one error from another in a finding's signature.
 *
 * @example
 * ```ts
 * diagnosticMessage("d0/program.luau(3,7): TypeError: Type 'string' could not be converted into 'number'");
 * ```
 */
export function diagnosticMessage(diagnostic: string): string {
  return normalizeMessage(diagnostic.replace(/^.*?\(\d+,\d+\): /, ''));
}

/**
 * Judges what the checker said of a program ({@link judgeStrict}).
 *
 * @example
 * ```ts
 * judgeReport(source, { status: 'ok', lines: [] }); // { detail: '', output: '' } for a clean program
 * ```
 */
export function judgeReport(program: string, report: ToolReport): CheckOutcome {
  const output = report.lines.join('\n');
  switch (report.status) {
    case 'crash':
    case 'timeout':
      return {
        kind: 'checker-crash',
        detail:
          report.status === 'timeout'
            ? 'timeout'
            : output.includes('InternalCompilerError')
              ? 'InternalCompilerError'
              : normalizeMessage(report.lines[0] ?? ''),
        output,
      };
    case 'ok':
    case 'error': {
      const errors = report.lines.filter(isErrorDiagnostic);
      const v = judgeStrict(program, errors.map(diagnosticLine));
      switch (v.verdict) {
        case 'clean':
          return { detail: '', output };
        case 'missed':
          return { kind: 'checker-missed', detail: `planted ${v.planted!.kind}`, output };
        case 'extra': {
          const first = errors.find((l) => diagnosticLine(l) === v.extra[0]) ?? '';
          return {
            kind: 'checker-false-positive',
            detail: diagnosticMessage(first),
            output,
          };
        }
      }
    }
  }
}

/**
 * Runs a checker spec (`luau-analyze --mode=strict` and the spec's flags) over programs, many
 * per process ({@link runToolReports}): each program is `d<index>/program.luau`, its module
 * `module0.luau` beside it, named by constant locals prefixed to its first line (the checker
 * resolves `require` of a constant local), so lines keep their numbers. Resolves to what the
 * checker said of each program, in order.
 *
 * @example
 * ```ts
 * const [report] = await checkerReports('/opt/luau/luau-analyze', [{ program }], { timeoutMs: 10_000 });
 * ```
 */
export async function checkerReports(
  spec: string,
  programs: readonly CheckedProgram[],
  /** `concurrency`: checker processes at a time (default: the machine's cores). */
  options: { readonly timeoutMs: number; readonly concurrency?: number },
): Promise<ToolReport[]> {
  const { path, flags } = parseChecker(spec);
  const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-check-'));
  try {
    const files = programs.map((p, k) => {
      const sub = `d${k}`;
      mkdirSync(join(dir, sub));
      const prelude =
        p.module === undefined ? '' : 'local module0, module1 = "./module0", "./module0"; ';
      writeFileSync(join(dir, sub, 'program.luau'), prelude + p.program);
      if (p.module === undefined) return [`${sub}/program.luau`];
      writeFileSync(join(dir, sub, 'module0.luau'), p.module);
      return [`${sub}/module0.luau`, `${sub}/program.luau`];
    });
    // One thread per process (`-j1`): luau-analyze 0.715 checking several files on several
    // threads aborts now and then with a corrupt heap; processes give the parallelism.
    return await runToolReports([path, '--mode=strict', '-j1', ...flags], files, {
      cwd: dir,
      timeoutMs: options.timeoutMs,
      batchSize: 50,
      concurrency: options.concurrency ?? availableParallelism(),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Type-checks programs ({@link checkerReports}) and judges each ({@link judgeReport}).
 *
 * @example
 * ```ts
 * const [check] = await typeCheck('/opt/luau/luau-analyze', [{ program }], { timeoutMs: 10_000 });
 * ```
 */
export async function typeCheck(
  spec: string,
  programs: readonly CheckedProgram[],
  /** `concurrency`: checker processes at a time (default: the machine's cores). */
  options: { readonly timeoutMs: number; readonly concurrency?: number },
): Promise<CheckOutcome[]> {
  const reports = await checkerReports(spec, programs, options);
  return programs.map((p, k) => judgeReport(p.program, reports[k]!));
}
