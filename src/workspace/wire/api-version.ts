/** The two versions of the workspace API: the seed's v1 and the live service's v2. */
export type ApiVersion = 'v1' | 'v2';

/**
 * The request body limits of each version, in bytes: v1 parsed JSON with the framework
 * default of 100 kB, v2 (Next.js API routes) accepts 1 MB. Larger bodies get HTTP 413.
 *
 * @example
 * ```ts
 * BODY_LIMITS.v2; // 1048576
 * ```
 */
export const BODY_LIMITS: Readonly<Record<ApiVersion, number>> = { v1: 102_400, v2: 1_048_576 };

/**
 * The `timeout` of a command run without one, in seconds, by each version: v1's seed
 * contract says 10, the platform's v2 applies 60 to blocking and async calls alike.
 *
 * @example
 * ```ts
 * const seconds = request.timeout ?? DEFAULT_EXEC_TIMEOUTS.v2; // 60
 * ```
 */
export const DEFAULT_EXEC_TIMEOUTS: Readonly<Record<ApiVersion, number>> = { v1: 10, v2: 60 };
