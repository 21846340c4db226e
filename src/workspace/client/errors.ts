/**
 * Typed failures of the workspace client. Every error carries the request id and, where
 * the server answered, its message; no error text ever contains the API key.
 */

import { readError } from '../wire/index.js';

/** Fields common to every workspace error. */
export interface WorkspaceErrorDetails {
  /** Id of the request that failed (the one sent, or the one the server answered). */
  requestId?: string | undefined;
  /** HTTP status of the answer, when there was one. */
  status?: number | undefined;
  /** The server's message, verbatim (redacted of the key). */
  serverMessage?: string | undefined;
  cause?: unknown;
}

/**
 * Base class of every failure of {@link WorkspaceClient}.
 *
 * @example
 * ```ts
 * try { await client.ping(); } catch (e) { if (e instanceof WorkspaceError) console.error(e.requestId, e.message); }
 * ```
 */
export class WorkspaceError extends Error {
  /** The name of the error's class (`'AccessDeniedError'`…), as ky names its errors. */
  override readonly name: string;
  readonly requestId: string | undefined;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;

  constructor(message: string, details: WorkspaceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.requestId = details.requestId;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
  }
}

/**
 * The key is missing or unknown (platform: HTTP 400 `{"error":…}`; embedded server: 401).
 *
 * @example
 * ```ts
 * if (e instanceof AuthenticationError) console.error('check WORKSPACE_API_KEY');
 * ```
 */
export class AuthenticationError extends WorkspaceError {}

/**
 * The client's configuration is incomplete (no base URL or no key).
 *
 * @example
 * ```ts
 * new WorkspaceClient({}); // throws ConfigurationError when WORKSPACE_URL is unset
 * ```
 */
export class ConfigurationError extends WorkspaceError {}

/**
 * An HTTP answer that is not a workspace response: unexpected status, or a body that is
 * not JSON (such as a gateway's HTML page). `bodyExcerpt` holds its first characters.
 *
 * @example
 * ```ts
 * if (e instanceof HttpError) console.error(e.status, e.bodyExcerpt);
 * ```
 */
export class HttpError extends WorkspaceError {
  constructor(
    message: string,
    readonly bodyExcerpt: string,
    details: WorkspaceErrorDetails,
  ) {
    super(message, details);
  }
}

/**
 * The server answered JSON of another shape than the route's answer: the message names the
 * route, the request id and the field, as the answer's schema found them.
 *
 * @example
 * ```ts
 * if (e instanceof MalformedAnswerError) console.error(e.route, e.requestId, e.field);
 * ```
 */
export class MalformedAnswerError extends WorkspaceError {
  constructor(
    message: string,
    /** `POST /api/v1/project_exec`… */
    readonly route: string,
    /** The faulty field's path (`''`: the body itself). */
    readonly field: string,
    details: WorkspaceErrorDetails,
  ) {
    super(message, details);
  }
}

/**
 * A gateway answered 502, 503 or 504 (retried before it is thrown).
 *
 * @example
 * ```ts
 * if (e instanceof GatewayError) console.error('service unavailable', e.status);
 * ```
 */
export class GatewayError extends HttpError {
  constructor(
    message: string,
    bodyExcerpt: string,
    details: WorkspaceErrorDetails,
    /** The `Retry-After` header of the answer, if any. */
    readonly retryAfter: string | null = null,
  ) {
    super(message, bodyExcerpt, details);
  }
}

/**
 * The request is malformed or names something unsupported (unknown field, missing
 * property, bad option, body too large…).
 *
 * @example
 * ```ts
 * if (e instanceof InvalidRequestError) console.error(e.message); // names the field
 * ```
 */
export class InvalidRequestError extends WorkspaceError {}

/**
 * The request body is larger than the configured cap; nothing was sent.
 *
 * @example
 * ```ts
 * if (e instanceof RequestTooLargeError) splitBatch();
 * ```
 */
export class RequestTooLargeError extends InvalidRequestError {
  constructor(
    readonly size: number,
    readonly limit: number,
    details: WorkspaceErrorDetails = {},
    message = `request body is ${size} bytes, over the limit of ${limit} bytes`,
  ) {
    super(message, details);
  }
}

/**
 * The account may not read or change that project (or it does not exist).
 *
 * @example
 * ```ts
 * if (e instanceof AccessDeniedError) console.error('not a collaborator');
 * ```
 */
export class AccessDeniedError extends WorkspaceError {}

/**
 * `project_exec`: the command outlived its `timeout` and was killed.
 *
 * @example
 * ```ts
 * if (e instanceof ExecTimeoutError) console.error('killed');
 * ```
 */
export class ExecTimeoutError extends WorkspaceError {}

/**
 * `project_exec` with `err_on_exit`: the command exited with a nonzero code.
 *
 * @example
 * ```ts
 * if (e instanceof NonZeroExitError) console.error(e.exitCode, e.stderr);
 * ```
 */
export class NonZeroExitError extends WorkspaceError {
  constructor(
    message: string,
    /** The exit code, parsed from the message. */
    readonly exitCode: number,
    /** The start of stderr quoted in the message (at most 1024 characters). */
    readonly stderr: string,
    details: WorkspaceErrorDetails,
  ) {
    super(message, details);
  }
}

/**
 * The project is over a quota (such as its disk quota); nothing was run.
 *
 * @example
 * ```ts
 * if (e instanceof QuotaExceededError) await cleanUp();
 * ```
 */
export class QuotaExceededError extends WorkspaceError {}

/**
 * The project is starting; the request should be repeated (retried before it is thrown).
 *
 * @example
 * ```ts
 * if (e instanceof ProjectStartingError) await later();
 * ```
 */
export class ProjectStartingError extends WorkspaceError {}

/**
 * API v2: the hub gave up waiting for the project after its fixed limit (60 s on the
 * platform) and answered `{"error":"undefined"}`. The command may still be running; a
 * blocking call is retried like a starting project, an async poll simply polls again.
 *
 * @example
 * ```ts
 * if (e instanceof HubTimeoutError) console.error('the project did not answer in time');
 * ```
 */
export class HubTimeoutError extends ProjectStartingError {}

/**
 * API v2: the async job is not (or no longer) known to the project — it restarted, or the
 * job left the project's cache. Its output is lost; run the command again.
 *
 * @example
 * ```ts
 * if (e instanceof AsyncJobLostError) requeue(batch);
 * ```
 */
export class AsyncJobLostError extends WorkspaceError {}

/**
 * No answer in time from the server (the client aborted the HTTP request). Not retried:
 * the request may have been carried out.
 *
 * @example
 * ```ts
 * if (e instanceof RequestTimeoutError) console.error('no answer within', e.message);
 * ```
 */
export class RequestTimeoutError extends WorkspaceError {}

/**
 * The connection failed (refused, reset, DNS…). Not retried.
 *
 * @example
 * ```ts
 * if (e instanceof NetworkError) console.error('is the server running?');
 * ```
 */
export class NetworkError extends WorkspaceError {}

/**
 * Turns an error message of an `event: "error"` (v1) or `{"error": …}` answer into the
 * matching typed error, reading it with the wire's error definitions (ours and the
 * platform's texts); a message none knows is a plain {@link WorkspaceError}, or an
 * {@link InvalidRequestError} when the server answered 4xx.
 *
 * @example
 * ```ts
 * classifyServerError("you do not have read access to this project", { requestId }); // AccessDeniedError
 * ```
 */
export function classifyServerError(
  message: string,
  details: WorkspaceErrorDetails,
): WorkspaceError {
  const d = { ...details, serverMessage: message };
  const read = readError(message);
  if (read === undefined) {
    const status = details.status;
    return status !== undefined && status >= 400 && status < 500
      ? new InvalidRequestError(message, d)
      : new WorkspaceError(message, d);
  }
  switch (read.kind) {
    case 'authentication':
      return new AuthenticationError(message, d);
    case 'hub-timeout':
      return new HubTimeoutError(message, d);
    case 'async-job-lost':
      return new AsyncJobLostError(message, d);
    case 'exec-timeout':
      return new ExecTimeoutError(message, d);
    case 'nonzero-exit':
      return new NonZeroExitError(message, Number(read.groups.code), read.groups.stderr ?? '', d);
    case 'project-starting':
      return new ProjectStartingError(message, d);
    case 'access-denied':
      return new AccessDeniedError(message, d);
    case 'quota-exceeded':
      return new QuotaExceededError(message, d);
    case 'invalid-request':
      return new InvalidRequestError(message, d);
  }
}
