/**
 * A failure answered as `{"event":"error","id":...,"error":message}`. `status` is 200 for
 * failures inside a valid request (the platform's behaviour), 4xx for requests that are
 * malformed or not authenticated.
 *
 * @example
 * ```ts
 * throw new ApiError(v1Errors.noReadAccess.text);
 * ```
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number = 200,
  ) {
    super(message);
  }
}
