import { v1Errors, type AggregateValue } from '../wire/index.js';
import type { RunResult } from './run-command.js';

/** A validated `project_exec` request with defaults applied. */
export interface ExecParams {
  project_id: string;
  path: string;
  command: string;
  args: string[];
  timeout: number;
  max_output: number | undefined;
  bash: boolean;
  err_on_exit: boolean;
  aggregate: AggregateValue | undefined;
}

/** The answer of an exec: output, or an error message (shared by aggregated requests). */
export type ExecOutcome =
  | { ok: true; stdout: string; stderr: string; exit_code: number }
  | { ok: false; error: string; status: number };

/**
 * The outcome of a command that ran: the platform's error texts for a timeout and, with
 * `err_on_exit`, a nonzero exit (answered with HTTP 200), else its output.
 *
 * @example
 * ```ts
 * const outcome = outcomeOf(params, await running.result);
 * ```
 */
export function outcomeOf(p: ExecParams, result: RunResult): ExecOutcome {
  if (result.timedOut) {
    return { ok: false, status: 200, error: v1Errors.execKilled.text(p.command, p.args) };
  }
  if (result.exitCode !== 0 && p.err_on_exit) {
    return {
      ok: false,
      status: 200,
      error: v1Errors.execNonZero.text(p.command, p.args, result.exitCode, result.stderr),
    };
  }
  return { ok: true, stdout: result.stdout, stderr: result.stderr, exit_code: result.exitCode };
}
