/** Requests and answers of the workspace API v2 that differ from v1's, one schema each. */
import Type, { type Static } from 'typebox';
import { ExecOutput, ExecRequest } from './v1.js';

const { id: _id, ...execFields } = ExecRequest.properties;

/**
 * A v2 `exec` request: v1's fields but the id (v2 has none), and the async job fields. The
 * platform ignores fields it does not know, so other fields pass.
 *
 * @example
 * ```ts
 * const poll: ExecV2Request = { project_id, async_get: jobId, async_await: true };
 * ```
 */
export const ExecV2Request = Type.Object({
  ...execFields,
  // Left out of a poll (`async_get`); v2 bodies of 1 MB may carry a longer command line.
  command: Type.Optional(Type.String({ minLength: 1 })),
  async_call: Type.Optional(Type.Boolean()),
  async_get: Type.Optional(Type.String()),
  async_await: Type.Optional(Type.Boolean()),
});
export type ExecV2Request = Static<typeof ExecV2Request>;

/**
 * A v2 blocking `exec` answer.
 *
 * @example
 * ```ts
 * const r = checkValue(BlockingExec, body, 'the answer of POST /api/v2/exec');
 * ```
 */
export const BlockingExec = Type.Object({
  type: Type.Literal('blocking'),
  ...ExecOutput.properties,
});

/**
 * A v2 async job's state, as `async_call` and `async_get` answer it.
 *
 * @example
 * ```ts
 * const job: AsyncJob = await client.startJob({ project_id, command: 'sleep', args: ['5'], timeout: 10 });
 * ```
 */
export const AsyncJob = Type.Object({
  type: Type.Literal('async'),
  job_id: Type.String(),
  status: Type.Union([Type.Literal('running'), Type.Literal('completed'), Type.Literal('error')]),
  start: Type.Number({ description: 'Start time in ms since the epoch.' }),
  ...ExecOutput.properties,
  pid: Type.Optional(Type.Number()),
  elapsed_s: Type.Optional(Type.Number({ description: 'Seconds the job ran, once it finished.' })),
});
export type AsyncJob = Static<typeof AsyncJob>;

/**
 * A v2 `exec` answer: blocking, or an async job's state (`async_call`, `async_get`).
 *
 * @example
 * ```ts
 * const r = checkValue(ExecV2Response, body, 'the answer of POST /api/v2/exec');
 * ```
 */
export const ExecV2Response = Type.Union([BlockingExec, AsyncJob]);
export type ExecV2Response = Static<typeof ExecV2Response>;

/**
 * A v2 `user-query` answer: `{query: R}` (a failure is `{error}`, read before this).
 *
 * @example
 * ```ts
 * const r = checkValue(UserQueryResponse, body, 'the answer of POST /api/v2/user-query');
 * ```
 */
export const UserQueryResponse = Type.Object({ query: Type.Unknown() });

/**
 * A v2 `projects/start` or `projects/stop` answer: `{status: 'ok'}`, or `{}` for a start
 * past the hub's limit.
 *
 * @example
 * ```ts
 * checkValue(ProjectActionResponse, body, 'the answer of POST /api/v2/projects/start');
 * ```
 */
export const ProjectActionResponse = Type.Object({ status: Type.Optional(Type.Literal('ok')) });

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
