import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgeStrict } from '../arbitrary/index.js';
import { runToolReports, toolDiagnostics } from '../runtime/index.js';
import type { ToolReport } from '../runtime/index.js';
import { normalizeMessage } from './classify.js';
import type { CheckerFindingKind, CheckOutcome } from './classify.js';

/**
 * The named modes a checker runs in, and the flags that select each: `old` and `new` the two
 * solvers, `all` every flag whose name starts with `Luau` (as Luau's own fuzzer sets them).
 *
 * @example
 * ```ts
 * checkerModeFlags.new; // ['--fflags=LuauSolverV2=true']
 * ```
 */
export const checkerModeFlags: Readonly<Record<string, readonly string[]>> = {
  old: ['--fflags=LuauSolverV2=false'],
  new: ['--fflags=LuauSolverV2=true'],
  all: ['--fflags=true'],
};

/** One way to run a checker: its mode's name (`default`: none given) and its flags. */
export interface CheckerMode {
  readonly name: string;
  readonly flags: readonly string[];
}

/** A checker spec, read: the executable, the flags of every mode, and the modes. */
export interface CheckerSpec {
  readonly path: string;
  readonly flags: readonly string[];
  readonly modes: readonly CheckerMode[];
}

/**
 * A type checker, from its spec `PATH[:part…]`: `luau-analyze` run with `--mode=strict` and
 * the spec's flags (parts starting with `-`; a flag holding `:` cannot be given), in each of
 * the named modes (parts of {@link checkerModeFlags} names, comma-separated: `PATH:old,new`),
 * or once (`default`) when none is named.
 *
 * @example
 * ```ts
 * parseChecker('/opt/luau/luau-analyze:old,new');
 * // { path: '/opt/luau/luau-analyze', flags: [], modes: [{ name: 'old', flags: [...] }, { name: 'new', flags: [...] }] }
 * ```
 */
export function parseChecker(spec: string): CheckerSpec {
  const [path = '', ...parts] = spec.split(':');
  if (path === '') throw new Error(`analyze: '${spec}' names no checker (PATH[:flag…][:mode,…])`);
  const flags: string[] = [];
  const modes: CheckerMode[] = [];
  for (const part of parts) {
    if (part.startsWith('-')) {
      flags.push(part);
      continue;
    }
    for (const name of part.split(',')) {
      const modeFlags = Object.hasOwn(checkerModeFlags, name) ? checkerModeFlags[name] : undefined;
      if (modeFlags === undefined)
        throw new Error(
          `analyze: '${name}' in '${spec}' is neither a flag (starting with -) nor a mode (${Object.keys(checkerModeFlags).join(', ')})`,
        );
      if (modes.some((m) => m.name === name))
        throw new Error(`analyze: mode '${name}' twice in '${spec}'`);
      modes.push({ name, flags: modeFlags });
    }
  }
  return { path, flags, modes: modes.length > 0 ? modes : [{ name: 'default', flags: [] }] };
}

/**
 * The command line of a checker in one of its modes, without the files.
 *
 * @example
 * ```ts
 * checkerCommand(parseChecker('/x/luau-analyze:new'), 'new');
 * // ['/x/luau-analyze', '--mode=strict', '-j1', '--fflags=LuauSolverV2=true']
 * ```
 */
export function checkerCommand(spec: CheckerSpec, mode: string): string[] {
  const m = spec.modes.find((x) => x.name === mode);
  if (m === undefined) throw new Error(`analyze: no mode '${mode}' in the checker ${spec.path}`);
  // One thread per process (`-j1`): luau-analyze 0.715 checking several files on several
  // threads aborts now and then with a corrupt heap; processes give the parallelism.
  return [spec.path, '--mode=strict', '-j1', ...m.flags, ...spec.flags];
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
 * The error diagnostics of a checker's output, each whole ({@link toolDiagnostics}).
 *
 * @example
 * ```ts
 * checkerErrors(check.output).map(diagnosticLine); // the lines the checker reports errors at
 * ```
 */
export function checkerErrors(output: string): string[] {
  return toolDiagnostics(output).filter(isErrorDiagnostic);
}

/**
 * A checker diagnostic's message, normalized (without its position, names and numbers): what
 * tells one error from another in a finding's signature. The whole message on one line, so
 * that 0.735's `Expected this to be` (its types on lines of their own) keeps its explanation;
 * the types, quoted or in backticks, as `'…'` and `` `…` ``.
 *
 * @example
 * ```ts
 * diagnosticMessage("d0/program.luau(3,7): TypeError: Expected this to be\n\t'{ n0: string }'\nbut got\n\t'{ n0: number }'; \nExpected property `n0` to be exactly `string`, but got `number`");
 * // "TypeError: Expected this to be '…' but got '…'; Expected property `…` to be exactly `…`, but got `…`"
 * ```
 */
export function diagnosticMessage(diagnostic: string): string {
  const message = diagnostic.replace(/^.*?\(\d+,\d+\): /, '').replace(/\s*\n\s*/g, ' ');
  return normalizeMessage(message.replace(/`[^`]*`/g, '`…`'));
}

/** A failed `LUAU_ASSERT` of an assert build: `File.cpp(123): ASSERTION FAILED: expr`. */
const assertion = /([\w.]+)\(\d+\): ASSERTION FAILED: (.*)$/m;

/**
 * Judges what the checker said of a program ({@link judgeStrict}): a crash (its detail the
 * failed assertion of an assert build, with its source file, or how the process ended), a
 * time-out or runaway memory (`std::bad_alloc` under the address-space limit), a missed
 * planted error, or an error on a clean line.
 *
 * @example
 * ```ts
 * judgeReport(source, { status: 'ok', lines: [] }); // { detail: '', output: '' } for a clean program
 * ```
 */
export function judgeReport(program: string, report: ToolReport): CheckOutcome {
  const output = report.lines.join('\n');
  switch (report.status) {
    case 'timeout':
      return { kind: 'checker-timeout', detail: 'timeout', output };
    case 'crash': {
      if (output.includes('std::bad_alloc'))
        return { kind: 'checker-timeout', detail: 'out of memory', output };
      const failed = assertion.exec(output);
      return {
        kind: 'checker-crash',
        detail:
          failed !== null
            ? `ASSERTION FAILED: ${failed[2]!.trim()} (${failed[1]!})`
            : output.includes('InternalCompilerError')
              ? 'InternalCompilerError'
              : normalizeMessage(report.lines[0] ?? ''),
        output,
      };
    }
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

/** Bytes of address space a checker process may take: past it, runaway memory ends it. */
const CHECKER_ADDRESS_SPACE = 4 * 1024 ** 3;

/** `prlimit`, which bounds a process's memory, where the system has it. */
const prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p));

/** Options of {@link checkerReports} and {@link typeCheck}. */
export interface TypeCheckOptions {
  /** Wall-clock limit of one program's check, in ms. */
  readonly timeoutMs: number;
  /** Checker processes at a time (default: the machine's cores). */
  readonly concurrency?: number;
  /** The modes to run, by name (default: every mode of the spec). */
  readonly modes?: readonly string[];
  /**
   * Check every program a second time in the first mode, in other batches and in reverse
   * order, and call a difference nondeterminism (default: false).
   */
  readonly twice?: boolean;
}

/**
 * Runs a checker in one of its modes (`luau-analyze --mode=strict`, the mode's and the spec's
 * flags; under `prlimit` where there is one, so that runaway memory ends the process) over
 * programs, many per process ({@link runToolReports}): each program is `d<index>/program.luau`,
 * its module `module0.luau` beside it, named by constant locals prefixed to its first line
 * (the checker resolves `require` of a constant local), so lines keep their numbers. Resolves
 * to what the checker said of each program, in order.
 *
 * @example
 * ```ts
 * const [report] = await checkerReports('/opt/luau/luau-analyze', [{ program }], { timeoutMs: 10_000 });
 * ```
 */
export async function checkerReports(
  spec: string,
  programs: readonly CheckedProgram[],
  options: TypeCheckOptions & { readonly mode?: string },
): Promise<ToolReport[]> {
  const checker = parseChecker(spec);
  const command = checkerCommand(checker, options.mode ?? checker.modes[0]!.name);
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
    const bounded =
      prlimit === undefined
        ? command
        : [prlimit, `--as=${CHECKER_ADDRESS_SPACE}`, '--', ...command];
    return await runToolReports(bounded, files, {
      cwd: dir,
      timeoutMs: options.timeoutMs,
      batchSize: 50,
      concurrency: options.concurrency ?? availableParallelism(),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The kinds of a checker's finding, the first one a program has being the one it is. */
const precedence: readonly CheckerFindingKind[] = [
  'checker-crash',
  'checker-timeout',
  'checker-nondeterminism',
  'checker-missed',
  'checker-false-positive',
  'checker-disagreement',
];

/** A report's lines without the folder of the batch the program was in, sorted. */
function comparable(report: ToolReport): string[] {
  return report.lines.map((l) => l.replace(/(?:\.\/)?\bd\d+\//g, '')).sort();
}

/** The first error of a report at each line it reports errors at. */
function errorLines(report: ToolReport): Map<number, string> {
  const lines = new Map<number, string>();
  for (const l of report.lines.filter(isErrorDiagnostic))
    if (!lines.has(diagnosticLine(l))) lines.set(diagnosticLine(l), l);
  return lines;
}

/**
 * What two modes that judged a program alike (no finding in either) still disagree on: the
 * first line one reports an error at and the other does not (the two solvers word the same
 * error differently: lines are compared, not messages), as `a≠b: b only: message`, the
 * message normalized; undefined when they report errors at the same lines.
 *
 * @example
 * ```ts
 * disagreement('old', oldReport, 'new', newReport); // 'old≠new: new only: TypeError: …'
 * ```
 */
export function disagreement(
  a: string,
  reportA: ToolReport,
  b: string,
  reportB: ToolReport,
): string | undefined {
  const linesA = errorLines(reportA);
  const linesB = errorLines(reportB);
  const only = (from: Map<number, string>, other: Map<number, string>): number =>
    Math.min(...[...from.keys()].filter((l) => !other.has(l)));
  const onlyA = only(linesA, linesB);
  const onlyB = only(linesB, linesA);
  if (onlyA === Infinity && onlyB === Infinity) return undefined;
  const [side, error] = onlyA <= onlyB ? [a, linesA.get(onlyA)!] : [b, linesB.get(onlyB)!];
  return `${a}≠${b}: ${side} only: ${diagnosticMessage(error)}`;
}

/**
 * Type-checks programs in every mode of the checker ({@link checkerReports}), twice in the
 * first with `twice`, and judges each program ({@link judgeReport}): its finding is the first
 * in the order crash, time-out, nondeterminism (two checks in one mode differ), missed
 * planted error, false positive, disagreement (two modes without a finding report different
 * errors), each mode tried in the spec's order; `mode` names the mode it is of (both, for a
 * disagreement) unless the spec names none.
 *
 * @example
 * ```ts
 * const [check] = await typeCheck('/opt/luau/luau-analyze:old,new', [{ program }], { timeoutMs: 10_000 });
 * ```
 */
export async function typeCheck(
  spec: string,
  programs: readonly CheckedProgram[],
  options: TypeCheckOptions,
): Promise<CheckOutcome[]> {
  const checker = parseChecker(spec);
  const modes = options.modes ?? checker.modes.map((m) => m.name);
  const named = checker.modes[0]!.name !== 'default';
  const reports = await Promise.all(
    modes.map((mode) => checkerReports(spec, programs, { ...options, mode })),
  );
  const again =
    options.twice === true
      ? (
          await checkerReports(spec, [...programs].reverse(), { ...options, mode: modes[0]! })
        ).reverse()
      : undefined;
  return programs.map((p, k) => {
    const judged = modes.map((mode, m) => ({
      mode,
      check: judgeReport(p.program, reports[m]![k]!),
    }));
    if (again !== undefined) {
      const first = reports[0]![k]!;
      const second = again[k]!;
      const check = judgeReport(p.program, second);
      const differs = comparable(first).join('\n') !== comparable(second).join('\n');
      judged.push({
        mode: modes[0]!,
        check:
          check.kind === 'checker-crash' || check.kind === 'checker-timeout' || !differs
            ? check
            : {
                kind: 'checker-nondeterminism',
                detail: disagreement('first', first, 'second', second) ?? 'diagnostics differ',
                output: `-- first check --\n${first.lines.join('\n')}\n-- second check --\n${second.lines.join('\n')}`,
              },
      });
    }
    for (const kind of precedence.slice(0, -1)) {
      const found = judged.find((j) => j.check.kind === kind);
      if (found !== undefined) return named ? { ...found.check, mode: found.mode } : found.check;
    }
    for (let m = 1; m < modes.length; m++) {
      const detail = disagreement(modes[0]!, reports[0]![k]!, modes[m]!, reports[m]![k]!);
      if (detail !== undefined)
        return {
          kind: 'checker-disagreement',
          detail,
          mode: `${modes[0]!},${modes[m]!}`,
          output: [0, m]
            .map((x) => `-- ${modes[x]!} --\n${reports[x]![k]!.lines.join('\n')}`)
            .join('\n'),
        };
    }
    return judged[0]!.check;
  });
}
