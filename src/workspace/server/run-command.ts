import { spawn } from 'node:child_process';
import { killSession } from './processes.js';
import { OutputBuffer } from './output-buffer.js';

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
 * code 1, like the platform.
 *
 * @example
 * ```ts
 * const r = await runCommand({ file: 'ls', args: [], cwd: home, env, timeoutMs: 10_000, maxOutput: 1e6 }).result;
 * ```
 */
export function runCommand(spec: RunSpec): RunningCommand {
  const stdout = new OutputBuffer(spec.maxOutput);
  const stderr = new OutputBuffer(spec.maxOutput);
  let killReason: string | undefined;
  let sid: number | undefined;
  let settle: ((r: RunResult) => void) | undefined;
  let done = false;
  const result = new Promise<RunResult>((resolve) => (settle = resolve));
  const finish = (exitCode: number, timedOut: boolean) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (sid !== undefined) spec.onEnd?.(sid);
    let err = stderr.result();
    if (killReason !== undefined)
      err += `${err === '' || err.endsWith('\n') ? '' : '\n'}${killReason}\n`;
    settle?.({ stdout: stdout.result(), stderr: err, exitCode, timedOut });
  };

  const child = spawn(spec.file, [...spec.args], {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (b: Buffer) => stdout.push(b));
  child.stderr.on('data', (b: Buffer) => stderr.push(b));
  child.on('error', (e) => {
    if (child.pid === undefined) {
      stderr.push(Buffer.from(e.message));
      finish(1, false);
    }
  });
  child.on('close', (code, signal) => {
    if (signal === 'SIGXCPU') killReason ??= 'killed: the CPU time limit was exceeded (SIGXCPU)';
    if (signal === 'SIGXFSZ')
      killReason ??= 'killed: the file size limit (disk quota) was exceeded (SIGXFSZ)';
    finish(code ?? (signal !== null ? 1 : 0), false);
  });
  if (child.pid !== undefined) {
    sid = child.pid;
    spec.onStart?.(sid);
  }
  const timer = setTimeout(() => {
    if (sid !== undefined) killSession(sid);
    child.stdout.destroy();
    child.stderr.destroy();
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
