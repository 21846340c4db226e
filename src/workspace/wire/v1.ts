/**
 * Request and response bodies of the workspace API v1 (`query`, `project_exec`, `ping`),
 * following the tables of the seed contract.
 */

/** One element of `options` of a query: `{limit: N}`, `{order_by: 'field'}` or `{set: bool}`. */
export type QueryOption = { limit: number } | { order_by: string } | { set: boolean };

/** The value of `aggregate` of `project_exec`: a number or string compared by order. */
export type AggregateValue = number | string;

/** Fields of a `project_exec` request (seed §4.2). */
export interface ExecRequest {
  /** Request id; generated when omitted. */
  id?: string;
  /** Project in which the command runs. */
  project_id: string;
  /** Working directory relative to the project's home. Default `''` (the home). */
  path?: string;
  /** Executable or shell command. */
  command: string;
  /** Command-line arguments. Default `[]`. */
  args?: string[];
  /** Seconds the command may run. Default 10. */
  timeout?: number;
  /** Groups identical requests (seed §4.2 rule 5). Default none. */
  aggregate?: AggregateValue;
  /** Characters kept of stdout and of stderr. Default none. */
  max_output?: number;
  /** Run `command` as a bash command line. Default false. */
  bash?: boolean;
  /** A nonzero exit code is an error. Default true. */
  err_on_exit?: boolean;
}

/** A successful `project_exec` response. */
export interface ExecResponse {
  event: 'project_exec_output';
  id: string;
  stdout: string;
  stderr: string;
  exit_code: number;
}

/** A `query` response. */
export interface QueryResponse<Q = Record<string, unknown>> {
  event: 'query';
  id: string;
  query: Q;
  multi_response: false;
}

/** A `ping` response. */
export interface PongResponse {
  event: 'pong';
  id: string;
  /** Server time, ISO 8601 UTC with milliseconds. */
  now: string;
}

/** A failure response. */
export interface ErrorResponse {
  event: 'error';
  id: string;
  error: string;
}
