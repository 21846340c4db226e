/** Answers of the workspace API v2 that differ from v1's. */

/** A v2 `exec` answer: blocking, or an async job's state (`async_call`, `async_get`). */
export type ExecV2Response =
  | { type: 'blocking'; stdout: string; stderr: string; exit_code: number }
  | {
      type: 'async';
      job_id: string;
      status: 'running' | 'completed' | 'error';
      /** Start time in ms since the epoch. */
      start: number;
      stdout: string;
      stderr: string;
      exit_code: number;
      pid?: number;
      /** Seconds the job ran, once it finished. */
      elapsed_s?: number;
    };

/**
 * A v2 async job's state, as `async_call` and `async_get` answer it.
 *
 * @example
 * ```ts
 * const job: AsyncJob = await client.startJob({ project_id, command: 'sleep', args: ['5'], timeout: 10 });
 * ```
 */
export type AsyncJob = Extract<ExecV2Response, { type: 'async' }>;

/**
 * The platform's limit on one call from its hub to a project, in ms: a blocking call or an
 * `async_await` poll that takes longer is answered `{"error":"undefined"}`.
 *
 * @example
 * ```ts
 * const pollTimeoutMs = HUB_LIMIT_MS + 30_000;
 * ```
 */
export const HUB_LIMIT_MS = 60_000;
