/**
 * Request and response bodies of the workspace API v1 (`query`, `project_exec`, `ping`),
 * following the tables of the seed contract: one schema per body, from which the server's
 * request validation, the client's checks of answers and the TypeScript types all derive.
 */
import Type, { type Static, type TProperties } from 'typebox';

const RequestId = Type.String({
  maxLength: 256,
  description: 'Request id; generated when omitted.',
});
const Json = Type.Record(Type.String(), Type.Unknown());

/** A response body: its event, the request's id, and the given fields. */
const response = <E extends string, T extends TProperties>(event: E, fields: T) =>
  Type.Object({ event: Type.Literal(event), id: Type.String(), ...fields });

/** A request body: an optional request id, the given fields, and nothing else. */
const request = <T extends TProperties>(fields: T) =>
  Type.Object({ id: Type.Optional(RequestId), ...fields }, { additionalProperties: false });

/** One element of `options` of a query: `{limit: N}`, `{order_by: 'field'}` or `{set: bool}`. */
export type QueryOption = { limit: number } | { order_by: string } | { set: boolean };

/**
 * The value of `aggregate` of `project_exec`: a number or string compared by order.
 *
 * @example
 * ```ts
 * Value.Check(AggregateValue, 3); // true
 * ```
 */
export const AggregateValue = Type.Union([Type.Number(), Type.String()]);
export type AggregateValue = Static<typeof AggregateValue>;

/**
 * A `ping` request (seed §4.3).
 *
 * @example
 * ```ts
 * const body: PingRequest = { id: randomUUID() };
 * ```
 */
export const PingRequest = request({});
export type PingRequest = Static<typeof PingRequest>;

/**
 * A `query` request (seed §4.1).
 *
 * @example
 * ```ts
 * const body: QueryRequest = { query: { projects_all: [{ project_id: null }] } };
 * ```
 */
export const QueryRequest = request({
  query: Json,
  changes: Type.Optional(Type.Unknown()),
  multi_response: Type.Optional(Type.Boolean()),
  options: Type.Optional(Type.Array(Json)),
});
export type QueryRequest = Static<typeof QueryRequest>;

/**
 * The fields of a `project_exec` request (seed §4.2), with the embedded server's limits.
 *
 * @example
 * ```ts
 * const r: ExecRequest = { project_id, command: 'echo', args: ['hi'], timeout: 5 };
 * ```
 */
export const ExecRequest = request({
  project_id: Type.String({ format: 'uuid', description: 'Project in which the command runs.' }),
  path: Type.Optional(
    Type.String({
      maxLength: 4096,
      description: "Working directory relative to the project's home. Default `''`.",
    }),
  ),
  command: Type.String({
    minLength: 1,
    maxLength: 262144,
    description: 'Executable or shell command.',
  }),
  args: Type.Optional(
    Type.Array(Type.String(), {
      maxItems: 100000,
      description: 'Command-line arguments. Default `[]`.',
    }),
  ),
  timeout: Type.Optional(
    Type.Number({ minimum: 0, description: 'Seconds the command may run. Default 10.' }),
  ),
  aggregate: Type.Optional(AggregateValue),
  max_output: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'Characters kept of stdout and of stderr. Default none.',
    }),
  ),
  bash: Type.Optional(
    Type.Boolean({ description: 'Run `command` as a bash command line. Default false.' }),
  ),
  err_on_exit: Type.Optional(
    Type.Boolean({ description: 'A nonzero exit code is an error. Default true.' }),
  ),
});
export type ExecRequest = Static<typeof ExecRequest>;

/**
 * What a command printed and how it ended, in every exec answer of both versions.
 *
 * @example
 * ```ts
 * const { stdout, exit_code }: ExecOutput = await client.exec({ project_id, command: 'true' });
 * ```
 */
export const ExecOutput = Type.Object({
  stdout: Type.String(),
  stderr: Type.String(),
  exit_code: Type.Integer(),
});
export type ExecOutput = Static<typeof ExecOutput>;

/**
 * A successful `project_exec` response.
 *
 * @example
 * ```ts
 * const r = checkValue(ExecResponse, body, 'the answer of POST /api/v1/project_exec');
 * ```
 */
export const ExecResponse = response('project_exec_output', ExecOutput.properties);
export type ExecResponse = Static<typeof ExecResponse>;

/**
 * A `query` response: the result under `query` (its shape follows the query asked).
 *
 * @example
 * ```ts
 * const r = checkValue(QueryAnswer, body, 'the answer of POST /api/v1/query');
 * ```
 */
export const QueryAnswer = response('query', {
  query: Json,
  multi_response: Type.Optional(Type.Boolean()),
});

/** A `query` response whose result has the shape `Q`. */
export interface QueryResponse<Q = Record<string, unknown>> {
  event: 'query';
  id: string;
  query: Q;
  multi_response: false;
}

/**
 * A `ping` response.
 *
 * @example
 * ```ts
 * const pong = checkValue(PongResponse, body, 'the answer of POST /api/v1/ping');
 * ```
 */
export const PongResponse = response('pong', {
  now: Type.String({ description: 'Server time, ISO 8601 UTC with milliseconds.' }),
});
export type PongResponse = Static<typeof PongResponse>;

/**
 * A failure response: ours `{"event":"error",…}`; the platform's v1 sent `{"error": …}` alone.
 *
 * @example
 * ```ts
 * const failure: ErrorResponse = { event: 'error', id, error: 'you do not have read access to this project' };
 * ```
 */
export const ErrorResponse = response('error', { error: Type.String() });
export type ErrorResponse = Static<typeof ErrorResponse>;
