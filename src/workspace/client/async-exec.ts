import { setTimeout as sleep } from 'node:timers/promises';
import {
  AsyncJob,
  HUB_LIMIT_MS,
  v1Errors,
  type ExecRequest,
  type ExecResponse,
} from '../wire/index.js';
import { checkAnswer } from './answer.js';
import {
  classifyServerError,
  ExecTimeoutError,
  HubTimeoutError,
  NonZeroExitError,
  RequestTimeoutError,
  WorkspaceError,
} from './errors.js';
import type { Transport } from './transport.js';

/** One exec run as an async job by {@link runAsJob}. */
export interface JobRun {
  request: ExecRequest;
  /** The command's timeout in seconds. */
  seconds: number;
  /** The request id the answer carries. */
  id: string;
  pollIntervalMs: number;
  /** Starts the job (`async_call`). */
  start: () => Promise<AsyncJob>;
}

/**
 * API v2: runs an exec as an async job, since a blocking call cannot outlive the hub's
 * limit. The job is started with `err_on_exit: false` so its output is kept, awaited with
 * `async_get` and `async_await` until it ends, and its end turned into what a blocking
 * `exec` answers: output, or the same typed errors (`err_on_exit` applied here).
 *
 * @example
 * ```ts
 * const r = await runAsJob(transport, { request, seconds: 600, id, pollIntervalMs: 250, start });
 * ```
 */
export async function runAsJob(transport: Transport, run: JobRun): Promise<ExecResponse> {
  const { request, seconds, id } = run;
  let job = await run.start();
  // The job ends by its own timeout; past that (and the hub's limit) it is given up.
  const deadline = Date.now() + seconds * 1000 + HUB_LIMIT_MS + transport.timeoutMs;
  while (job.status === 'running') {
    if (Date.now() > deadline) {
      throw new RequestTimeoutError(
        `async job ${job.job_id} in project ${request.project_id} was still running ${seconds} s after its timeout`,
        { requestId: id },
      );
    }
    const t0 = Date.now();
    try {
      const body = { project_id: request.project_id, async_get: job.job_id, async_await: true };
      const a = await transport.call('v2', 'exec', body, HUB_LIMIT_MS + transport.timeoutMs, false);
      job = checkAnswer(AsyncJob, a);
    } catch (e) {
      // An await that outlived the hub's limit (or ours): the job goes on, poll again.
      if (!(e instanceof HubTimeoutError || e instanceof RequestTimeoutError)) throw e;
    }
    if (job.status === 'running' && Date.now() - t0 < run.pollIntervalMs) {
      await sleep(run.pollIntervalMs);
    }
  }
  const details = { requestId: id, status: 200 };
  if (job.status === 'error') {
    // The project's own error text is in stderr; stdout is lost in this state.
    const message = transport.redact(job.stderr === '' ? 'No result' : job.stderr);
    const typed = classifyServerError(message, details);
    if (typed instanceof ExecTimeoutError || typed.constructor !== WorkspaceError) throw typed;
    throw new WorkspaceError(`async job ${job.job_id} failed: ${message}`, {
      ...details,
      serverMessage: message,
    });
  }
  if (job.exit_code !== 0 && request.err_on_exit !== false) {
    const { command, args = [] } = request;
    const message = v1Errors.execNonZero.text(command, args, job.exit_code, job.stderr);
    throw new NonZeroExitError(message, job.exit_code, job.stderr.slice(0, 1024), details);
  }
  return {
    event: 'project_exec_output',
    id,
    stdout: job.stdout,
    stderr: job.stderr,
    exit_code: job.exit_code,
  };
}
