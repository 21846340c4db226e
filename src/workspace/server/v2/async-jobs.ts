import { randomUUID } from 'node:crypto';
import { v1Errors, type AsyncJob } from '../../wire/index.js';
import type { ExecOutcome, ExecParams } from '../exec-outcome.js';

/** What `async_call` and `async_get` answer about a job (API v2): the client's type of it. */
export type AsyncJobView = Omit<AsyncJob, 'pid'>;

interface Job {
  view: AsyncJobView;
  projectId: string;
  done: Promise<void>;
  expires: number;
}

/** Limits of the job cache: the platform's defaults (100 jobs, one hour, TTL refreshed on reads). */
export interface AsyncJobLimits {
  maxJobs: number;
  ttlMs: number;
}

/**
 * The async jobs of v2 `exec`, per server: an LRU of at most `maxJobs` jobs kept `ttlMs`
 * after their last read. A job runs through the same exec path as a blocking call, with
 * `err_on_exit: false`, and ends as the platform's do: `completed` with the real exit
 * code, or `error` with `exit_code` 1, no stdout and the reason in stderr (the command's
 * stderr or `No result` for a nonzero exit under `err_on_exit`, `killed command '…'` for a
 * timeout, the project's message otherwise).
 *
 * @example
 * ```ts
 * const jobs = new AsyncJobs({ maxJobs: 100, ttlMs: 3_600_000 });
 * const view = jobs.start(projectId, params, (p) => projects.exec(p, accountId));
 * ```
 */
export class AsyncJobs {
  readonly #jobs = new Map<string, Job>();

  constructor(readonly limits: AsyncJobLimits) {}

  /** Starts a job and answers at once with its `running` view. */
  start(
    projectId: string,
    params: ExecParams,
    run: (p: ExecParams) => Promise<ExecOutcome>,
  ): AsyncJobView {
    this.#expire();
    const view: AsyncJobView = {
      type: 'async',
      job_id: randomUUID(),
      status: 'running',
      start: Date.now(),
      stdout: '',
      stderr: '',
      exit_code: 0,
    };
    const done = run({ ...params, err_on_exit: false }).then(
      (outcome) => this.#finish(view, params, outcome),
      (e: unknown) => this.#finish(view, params, { ok: false, error: String(e), status: 500 }),
    );
    this.#jobs.set(view.job_id, { view, projectId, done, expires: Date.now() + this.limits.ttlMs });
    while (this.#jobs.size > this.limits.maxJobs) {
      const oldest = this.#jobs.keys().next().value as string;
      this.#jobs.delete(oldest);
    }
    return { ...view };
  }

  #finish(view: AsyncJobView, p: ExecParams, outcome: ExecOutcome): void {
    view.elapsed_s = (Date.now() - view.start) / 1000;
    if (!outcome.ok) {
      const killed = outcome.error === v1Errors.execKilled.text(p.command, p.args);
      view.status = 'error';
      view.exit_code = 1;
      view.stderr = killed ? `killed command '${p.command} ${p.args.join(' ')}'` : outcome.error;
      return;
    }
    if (outcome.exit_code !== 0 && p.err_on_exit) {
      view.status = 'error';
      view.exit_code = 1;
      view.stderr = outcome.stderr === '' ? 'No result' : outcome.stderr;
      return;
    }
    view.status = 'completed';
    view.stdout = outcome.stdout;
    view.stderr = outcome.stderr;
    view.exit_code = outcome.exit_code;
  }

  /**
   * A job of a project (refreshing its TTL and its place in the LRU), waiting up to
   * `awaitMs` for it to leave `running` when asked; `undefined` when unknown.
   */
  async get(
    projectId: string,
    jobId: string,
    awaitMs: number | undefined,
  ): Promise<{ view: AsyncJobView; timedOut: boolean } | undefined> {
    this.#expire();
    const job = this.#jobs.get(jobId);
    if (job === undefined || job.projectId !== projectId) return undefined;
    this.#jobs.delete(jobId);
    job.expires = Date.now() + this.limits.ttlMs;
    this.#jobs.set(jobId, job);
    let timedOut = false;
    if (awaitMs !== undefined && job.view.status === 'running') {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<'limit'>((r) => {
        timer = setTimeout(() => r('limit'), awaitMs);
      });
      timedOut = (await Promise.race([job.done, limit])) === 'limit';
      clearTimeout(timer);
    }
    return { view: { ...job.view }, timedOut };
  }

  #expire(): void {
    const now = Date.now();
    for (const [id, job] of this.#jobs) if (job.expires <= now) this.#jobs.delete(id);
  }

  /** Forgets every job (the project process went away). */
  clear(): void {
    this.#jobs.clear();
  }
}
