import {
  ExecTimeoutError,
  GatewayError,
  NetworkError,
  ProjectStartingError,
  RequestTimeoutError,
} from '../workspace/client/index.js';

/** How long a campaign waits for a batch to finish, through slow or lost answers, before it stops. */
export const STALL_MS = 5 * 60_000;

/**
 * Whether a batch's failure says the workspace was slow or out of reach rather than broken: a
 * request or exec that ran out of time, a gateway's error, a network error, a project still
 * starting. On a loaded machine (or a busy service) these pass; anything else is not waited out.
 *
 * @example
 * ```ts
 * isTransient(new RequestTimeoutError('no answer from exec within 30000 ms', {})); // true
 * isTransient(new Error('luau: not found')); // false
 * ```
 */
export function isTransient(e: unknown): boolean {
  return (
    e instanceof RequestTimeoutError ||
    e instanceof ExecTimeoutError ||
    e instanceof GatewayError ||
    e instanceof NetworkError ||
    e instanceof ProjectStartingError
  );
}

/** What {@link batchFailureStops} weighs. */
export interface BatchFailures {
  /** Batches that failed since the last one that finished. */
  readonly inARow: number;
  /** The most failures in a row a campaign takes. */
  readonly max: number;
  /** Whether the last failure was {@link isTransient}. */
  readonly transient: boolean;
  /** Milliseconds since the last batch finished (or the campaign started). */
  readonly sinceProgressMs: number;
}

/**
 * Whether the campaign stops: after `max` failures in a row, unless every one of them was
 * the workspace being slow and a batch finished less than {@link STALL_MS} ago. Under a load
 * average of 20 on two cores, six batches in a row have outlived the client's wait; the
 * campaign then waits the load out, with smaller batches, rather than end.
 *
 * @example
 * ```ts
 * batchFailureStops({ inARow: 6, max: 6, transient: true, sinceProgressMs: 60_000 }); // false
 * batchFailureStops({ inARow: 6, max: 6, transient: false, sinceProgressMs: 60_000 }); // true
 * ```
 */
export function batchFailureStops(f: BatchFailures): boolean {
  if (f.inARow < f.max) return false;
  return !f.transient || f.sinceProgressMs >= STALL_MS;
}

/**
 * A failed batch, ready to run again: a batch that ran out of time comes back as its two
 * halves, so that a slow workspace gets requests it can answer in time; any other failure
 * brings it back whole.
 *
 * @example
 * ```ts
 * requeued([1, 2, 3], true); // [[1, 2], [3]]
 * requeued([1, 2, 3], false); // [[1, 2, 3]]
 * ```
 */
export function requeued<T>(batch: readonly T[], timedOut: boolean): T[][] {
  if (!timedOut || batch.length < 2) return [[...batch]];
  const half = Math.ceil(batch.length / 2);
  return [batch.slice(0, half), batch.slice(half)];
}

/**
 * Whether a failure is a batch that ran out of time (the client's wait or the exec's own limit).
 *
 * @example
 * ```ts
 * timedOut(new ExecTimeoutError('Command timed out after 60 seconds', {})); // true
 * ```
 */
export function timedOut(e: unknown): boolean {
  return e instanceof RequestTimeoutError || e instanceof ExecTimeoutError;
}
