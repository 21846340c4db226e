import { Slots } from '../../runner/slots.mjs';
import { exitSignal, spawnCommand } from '../../runner/spawn-command.mjs';

/**
 * How one program did in {@link runToolBatches}: `ok`; `error`: the tool reported an error in
 * one of its files (a syntax, compile or type error); `crash`: the tool died of a signal or
 * ended abnormally with the program alone in it; `timeout`: it ran past the limit alone.
 */
export type ToolStatus = 'ok' | 'error' | 'crash' | 'timeout';

/** Options of {@link runToolBatches}. */
export interface ToolBatchOptions {
  /** Folder the file paths are relative to. */
  readonly cwd: string;
  /** Variables added to the environment. Default: none. */
  readonly env?: Readonly<Record<string, string>>;
  /** Wall-clock limit per program, in ms (a process of n programs has n times it). */
  readonly timeoutMs: number;
  /** Programs per process. Default 25. */
  readonly batchSize?: number;
  /** Processes at a time. Default 2. */
  readonly concurrency?: number;
}

// `file(line,col): KindError: message`, as luau-compile (standard error) and luau-analyze
// (standard output) report errors; lint warnings have kinds that do not end in `Error`.
const report = /^(.+?)\(\d+,\d+\): \w*Error: /gm;

function normalise(path: string): string {
  return path.replace(/^\.\//, '');
}

/** The start of a diagnostic: `file(line,col): `. */
const head = /^(.+?)\(\d+,\d+\): /;

/**
 * A tool's output as diagnostics, each its `file(line,col): Kind: message` line with the
 * lines that go on with its message (luau-analyze 0.735 prints a type on a line of its own,
 * and an explanation after it); lines before the first diagnostic are left out.
 *
 * @example
 * ```ts
 * toolDiagnostics("a.luau(1,7): TypeError: Expected this to be\n\t'string'\nbut got\n\t'number'");
 * // ["a.luau(1,7): TypeError: Expected this to be\n\t'string'\nbut got\n\t'number'"]
 * ```
 */
export function toolDiagnostics(output: string): string[] {
  const diagnostics: string[] = [];
  let open = false;
  for (const line of output.split('\n')) {
    if (head.test(line)) {
      diagnostics.push(line);
      open = true;
    } else if (line.trim() === '') open = false;
    else if (open) diagnostics[diagnostics.length - 1] += `\n${line}`;
  }
  return diagnostics;
}

/**
 * How one program did in {@link runToolReports}: its status, and what the tool said of it:
 * the diagnostics of its output naming one of its files ({@link toolDiagnostics}), or, for a crash, the start of what the
 * process alone with it printed (with its exit status or signal).
 *
 * @example
 * ```ts
 * const report: ToolReport = { status: 'error', lines: ['d0/program.luau(3,7): TypeError: …'] };
 * ```
 */
export interface ToolReport {
  readonly status: ToolStatus;
  readonly lines: readonly string[];
}

/** Characters kept of a crashed process's output. */
const CRASH_OUTPUT_CHARS = 4000;

/**
 * Runs a file-taking Luau tool (`luau-compile --text`, `luau-analyze`) over programs, many
 * per process: `programs[i]` lists the files of program i (its module first), relative to
 * `cwd`. A process that dies of a signal, ends with a status other than 0 or 1, fails
 * without naming a file, reports an `InternalCompilerError`, or runs past its limit is split
 * in halves until the program at fault runs alone, so that every other program is run by a
 * process that ends normally (and writes its coverage profile). Resolves to each program's
 * status, in order.
 *
 * @example
 * ```ts
 * const statuses = await runToolBatches(['luau-compile', '--text', '-O2'], [['a.luau'], ['b.luau']], {
 *   cwd: dir, timeoutMs: 10_000,
 * });
 * ```
 */
export async function runToolBatches(
  command: readonly string[],
  programs: readonly (readonly string[])[],
  options: ToolBatchOptions,
): Promise<ToolStatus[]> {
  return (await runToolReports(command, programs, options)).map((r) => r.status);
}

/**
 * {@link runToolBatches}, keeping what the tool said of each program ({@link ToolReport}):
 * a type checker's diagnostics, or the output of its crash.
 *
 * @example
 * ```ts
 * const [report] = await runToolReports(['luau-analyze', '--mode=strict'], [['d0/program.luau']], {
 *   cwd: dir, timeoutMs: 10_000,
 * });
 * ```
 */
export async function runToolReports(
  command: readonly string[],
  programs: readonly (readonly string[])[],
  options: ToolBatchOptions,
): Promise<ToolReport[]> {
  const env = options.env === undefined ? undefined : { ...process.env, ...options.env };
  const reports = new Array<ToolReport>(programs.length);
  const runRange = async (from: number, to: number): Promise<void> => {
    const argv = [...command, ...programs.slice(from, to).flat()];
    const r = await spawnCommand(argv, options.cwd, {
      marks: 0,
      timeoutMs: options.timeoutMs * (to - from),
      env,
    });
    if (r.spawnError !== undefined)
      throw new Error(`cannot start ${command[0]}: ${r.spawnError.message}`);
    const stdout = r.parts.map((p) => p.head.toString('utf8')).join('');
    const said = `${stdout}\n${r.stderr}`;
    const failed = new Set([...said.matchAll(report)].map((m) => normalise(m[1]!)));
    if (endedAbnormally(r, said, failed)) {
      if (to - from === 1) {
        reports[from] = crashReport(r, said, options.timeoutMs);
        return;
      }
      const mid = from + Math.ceil((to - from) / 2);
      await runRange(from, mid);
      await runRange(mid, to);
      return;
    }
    // Each stream apart: a message goes on only in the stream it started in.
    const diagnostics = [...toolDiagnostics(stdout), ...toolDiagnostics(r.stderr)];
    for (let i = from; i < to; i++) reports[i] = programReport(programs[i]!, diagnostics, failed);
  };
  const batchSize = options.batchSize ?? 25;
  const slots = new Slots(options.concurrency ?? 2);
  const ranges: Promise<void>[] = [];
  for (let from = 0; from < programs.length; from += batchSize) {
    const to = Math.min(programs.length, from + batchSize);
    ranges.push(slots.use(() => runRange(from, to)));
  }
  await Promise.all(ranges);
  return reports;
}

type ProcessResult = Awaited<ReturnType<typeof spawnCommand>>;

/**
 * Whether a process ended otherwise than by a verdict on its files: timed out, killed, an
 * exit status other than 0 or 1, 1 without an error naming a file, an internal error.
 */
function endedAbnormally(r: ProcessResult, said: string, failed: ReadonlySet<string>): boolean {
  return (
    r.timedOut ||
    exitSignal(r.code, r.signal) !== undefined ||
    (r.code !== 0 && r.code !== 1) ||
    (r.code === 1 && failed.size === 0) ||
    said.includes('InternalCompilerError')
  );
}

/** The report of a program alone in a process that ended abnormally: how, and what it said. */
function crashReport(r: ProcessResult, said: string, timeoutMs: number): ToolReport {
  const signal = exitSignal(r.code, r.signal);
  const end = r.timedOut
    ? `timed out after ${timeoutMs} ms`
    : signal !== undefined
      ? `killed by ${signal}`
      : `exit status ${String(r.code)}`;
  return {
    status: r.timedOut ? 'timeout' : 'crash',
    lines: [end, ...said.trim().slice(0, CRASH_OUTPUT_CHARS).split('\n')],
  };
}

/** A program's report from a process that ended normally: the diagnostics naming its files. */
function programReport(
  files: readonly string[],
  diagnostics: readonly string[],
  failed: ReadonlySet<string>,
): ToolReport {
  const mine = new Set(files.map(normalise));
  const named = diagnostics.filter((l) => {
    const m = head.exec(l);
    return m !== null && mine.has(normalise(m[1]!));
  });
  return { status: files.some((f) => failed.has(normalise(f))) ? 'error' : 'ok', lines: named };
}
