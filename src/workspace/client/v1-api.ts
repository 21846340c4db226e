import type { TSchema, Static } from 'typebox';
import * as wire from '../wire/index.js';
import { checkAnswer } from './answer.js';
import { WorkspaceError } from './errors.js';
import type { Transport } from './transport.js';
import {
  execSeconds,
  PROJECT_FIELDS,
  queryPlace,
  type QueryCallOptions,
  type VersionedApi,
} from './versioned-api.js';

/**
 * API v1 (`ping`, `query`, `project_exec`): the seed's contract, and installations of that
 * era. Answers are already in the client's shapes.
 *
 * @example
 * ```ts
 * const pong = await new V1Api(transport).ping(undefined);
 * ```
 */
export class V1Api implements VersionedApi {
  readonly version = 'v1';

  constructor(readonly transport: Transport) {}

  async #send<T extends TSchema>(
    operation: string,
    body: Record<string, unknown>,
    answer: T,
    timeoutMs?: number,
  ): Promise<Static<T>> {
    return checkAnswer(answer, await this.transport.call('v1', operation, body, timeoutMs));
  }

  ping(id: string | undefined): Promise<wire.PongResponse> {
    return this.#send('ping', id === undefined ? {} : { id }, wire.PongResponse);
  }

  async query<Q>(
    q: Record<string, unknown>,
    opts: QueryCallOptions,
  ): Promise<wire.QueryResponse<Q>> {
    const r = await this.#send('query', { query: q, ...opts }, wire.QueryAnswer);
    // The result's shape is the query's: the caller reads the fields it asked for.
    return { event: 'query', id: r.id, query: r.query as Q, multi_response: false };
  }

  exec(opts: wire.ExecRequest): Promise<wire.ExecResponse> {
    const timeoutMs = this.transport.timeoutMs + execSeconds(opts, 'v1') * 1000;
    return this.#send('project_exec', { ...opts }, wire.ExecResponse, timeoutMs);
  }

  startJob(): Promise<wire.AsyncJob> {
    return Promise.reject(new WorkspaceError('async jobs need the v2 API (this server speaks v1)'));
  }

  async getProject(projectId: string): Promise<wire.ProjectRecord> {
    const r = await this.query<{ projects?: unknown }>(
      { projects: { project_id: projectId, ...PROJECT_FIELDS } },
      {},
    );
    if (r.query.projects === null || r.query.projects === undefined) {
      throw new WorkspaceError(`no project '${projectId}'`, { requestId: r.id });
    }
    return checkAnswer(
      wire.ProjectRecord,
      r.query.projects,
      queryPlace('v1', r.id),
      'query.projects',
    );
  }

  async projectAction(projectId: string, action: 'start' | 'stop'): Promise<void> {
    // The platform acts only on a request with a new `time`.
    await this.query(
      {
        projects: {
          project_id: projectId,
          action_request: { action, time: new Date().toISOString() },
        },
      },
      {},
    );
  }
}
