import { spawn, type ChildProcess } from 'node:child_process';
import { killSession } from './processes.js';
import { ApiError } from './api-error.js';
import { OutputBudget, OutputBuffer } from './output-buffer.js';

/** Signals a supervisor's exit code 128+N stands for (those that end a process). */
const SUPERVISED_SIGNALS: Readonly<Record<number, NodeJS.Signals>> = {
  4: 'SIGILL',
  6: 'SIGABRT',
  7: 'SIGBUS',
  8: 'SIGFPE',
  9: 'SIGKILL',
  11: 'SIGSEGV',
  15: 'SIGTERM',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
};

function supervisedSignal(code: number | null): NodeJS.Signals | null {
  return code !== null && code > 128 ? (SUPERVISED_SIGNALS[code - 128] ?? null) : null;
}

/** What to run and under which limits. */
export interface RunSpec {
  file: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  /** Wall-clock limit in milliseconds. */
  timeoutMs: number;
  /** Characters kept of each of stdout and stderr. */
  maxOutput: number;
  /** JSON characters kept of both streams together (the server's per-exec bound). */
  outputBudget: number;
  /**
   * The command runs under a supervisor (bubblewrap) that exits 128+N when its child died
   * of signal N: such codes for the signals that kill are read as that signal.
   */
  supervised?: boolean;
  /** Called with the session id (= process group id = pid) once the command runs. */
  onStart?: (sid: number) => void;
  /** Called when the command has ended (or was killed). */
  onEnd?: (sid: number) => void;
}

/** How a command ended. */
export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  timedOut: boolean;
}

/** A running command: its result, and a way to kill it with a reason shown in stderr. */
export interface RunningCommand {
  result: Promise<RunResult>;
  kill(reason: string): void;
}

/**
 * Runs a command detached in its own session and process group, keeps at most
 * `maxOutput` characters of each stream, and at `timeoutMs` kills the whole group (and
 * anything left in its session) with SIGKILL. A command killed by a signal reports exit
 * code 1, like the platform. A command that cannot be started (an argument the kernel refuses)
 * rejects with a 400 {@link ApiError}.
 *
 * @example
 * ```ts
 * const r = await runCommand({ file: 'ls', args: [], cwd: home, env, timeoutMs: 10_000, maxOutput: 1e6 }).result;
 * ```
 */
export function runCommand(spec: RunSpec): RunningCommand {
  const budget = new OutputBudget(spec.outputBudget);
  const stdout = new OutputBuffer(spec.maxOutput, budget);
  const stderr = new OutputBuffer(spec.maxOutput, budget);
  let killReason: string | undefined;
  let sid: number | undefined;
  let settle: ((r: RunResult) => void) | undefined;
  let fail: ((e: Error) => void) | undefined;
  let done = false;
  const result = new Promise<RunResult>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const finish = (exitCode: number, timedOut: boolean) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (sid !== undefined) spec.onEnd?.(sid);
    const err = withReason(stderr.result(), killReason);
    settle?.({ stdout: stdout.result(), stderr: err, exitCode, timedOut });
  };

  const child = spawnDetached(spec);
  if (child instanceof ApiError) return { result: Promise.reject(child), kill() {} };
  if (child.stdout === null || child.stderr === null) throw new Error('spawn gave no pipes');
  child.stdout.on('data', (b: Buffer) => stdout.push(b));
  child.stderr.on('data', (b: Buffer) => stderr.push(b));
  child.on('error', (e) => {
    if (child.pid === undefined && !done) {
      done = true;
      clearTimeout(timer);
      fail?.(new ApiError(`cannot run the command: ${e.message}`, 400));
    }
  });
  child.on('close', (code, rawSignal) => {
    const signal = rawSignal ?? (spec.supervised === true ? supervisedSignal(code) : null);
    killReason ??= limitReason(signal);
    finish(signal !== null ? 1 : (code ?? 0), false);
  });
  if (child.pid !== undefined) {
    sid = child.pid;
    spec.onStart?.(sid);
  }
  const timer = setTimeout(() => {
    if (sid !== undefined) killSession(sid);
    child.stdout?.destroy();
    child.stderr?.destroy();
    finish(1, true);
  }, spec.timeoutMs);

  return {
    result,
    kill(reason: string) {
      if (done) return;
      killReason ??= reason;
      if (sid !== undefined) killSession(sid);
    },
  };
}

/** Spawns the command in a session of its own; an {@link ApiError} when it cannot start. */
function spawnDetached(spec: RunSpec): ChildProcess | ApiError {
  try {
    return spawn(spec.file, [...spec.args], {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (e) {
    return new ApiError(`cannot run the command: ${(e as Error).message}`, 400);
  }
}

/** Why the kernel killed a command that went past one of its limits, by the signal. */
function limitReason(signal: NodeJS.Signals | null): string | undefined {
  if (signal === 'SIGXCPU') return 'killed: the CPU time limit was exceeded (SIGXCPU)';
  if (signal === 'SIGXFSZ')
    return 'killed: the file size limit (disk quota) was exceeded (SIGXFSZ)';
  return undefined;
}

/** Standard error with why the command was killed on a line of its own after it. */
function withReason(stderr: string, killReason: string | undefined): string {
  if (killReason === undefined) return stderr;
  return `${stderr}${stderr === '' || stderr.endsWith('\n') ? '' : '\n'}${killReason}\n`;
}
