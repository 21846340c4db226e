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
