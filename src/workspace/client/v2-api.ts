import { randomUUID } from 'node:crypto';
import * as wire from '../wire/index.js';
import { checkAnswer } from './answer.js';
import { runAsJob } from './async-exec.js';
import { InvalidRequestError, WorkspaceError } from './errors.js';
import type { Transport } from './transport.js';
import {
  execSeconds,
  PROJECT_FIELDS,
  ProjectRows,
  queryPlace,
  type QueryCallOptions,
  type VersionedApi,
} from './versioned-api.js';

/** The query of the own account, which any key may run: v2's stand-in for a ping. */
export const OWN_ACCOUNT = { query: { accounts: { account_id: null } } } as const;

/** A request's fields but its id: v2 has no request ids (the client keeps its own). */
function withoutId({ id: _id, ...fields }: wire.ExecRequest): Record<string, unknown> {
  return fields;
}

/** Settings of {@link V2Api}. */
export interface V2Settings {
  /** Commands whose `timeout` is above this many seconds run as async jobs. */
  blockingLimitSeconds: number;
  /** Pause between polls of an async job that is still running, in ms. */
  pollIntervalMs: number;
}

/**
 * API v2 (`exec` with async jobs, `user-query`, `projects/start|stop`): the live hosted
 * service, its answers turned into v1's shapes.
 *
 * @example
 * ```ts
 * const api = new V2Api(transport, { blockingLimitSeconds: 55, pollIntervalMs: 250 });
 * const job = await api.startJob({ project_id, command: 'sleep', args: ['100'], timeout: 200 });
 * ```
 */
export class V2Api implements VersionedApi {
  readonly version = 'v2';

  constructor(
    readonly transport: Transport,
    readonly settings: V2Settings,
  ) {}

  async ping(id: string | undefined): Promise<wire.PongResponse> {
    const a = await this.transport.call('v2', 'user-query', OWN_ACCOUNT);
    checkAnswer(wire.UserQueryResponse, a);
    // v2 has no ping: `now` comes from the answer's `Date` header (whole seconds).
    const date = a.date === null ? Date.now() : Date.parse(a.date);
    return {
      event: 'pong',
      id: id ?? randomUUID(),
      now: new Date(Number.isNaN(date) ? Date.now() : date).toISOString(),
    };
  }

  async query<Q>(
    q: Record<string, unknown>,
    opts: QueryCallOptions,
  ): Promise<wire.QueryResponse<Q>> {
    if (opts.options !== undefined || opts.multi_response !== undefined) {
      throw new InvalidRequestError(
        'API v2 user-query does not read options or multi_response; leave them out (use projects_all instead of a limit)',
      );
    }
    const a = await this.transport.call('v2', 'user-query', { query: q });
    const r = checkAnswer(wire.UserQueryResponse, a);
    // The result's shape is the query's: the caller reads the fields it asked for.
    return {
      event: 'query',
      id: opts.id ?? randomUUID(),
      query: r.query as Q,
      multi_response: false,
    };
  }

  async exec(opts: wire.ExecRequest): Promise<wire.ExecResponse> {
    const id = opts.id ?? randomUUID();
    const seconds = execSeconds(opts, 'v2');
    if (seconds > this.settings.blockingLimitSeconds) {
      return runAsJob(this.transport, {
        request: opts,
        seconds,
        id,
        pollIntervalMs: this.settings.pollIntervalMs,
        start: () => this.startJob(opts),
      });
    }
    const timeoutMs = this.transport.timeoutMs + seconds * 1000;
    const a = await this.transport.call('v2', 'exec', withoutId(opts), timeoutMs);
    const r = checkAnswer(wire.BlockingExec, a);
    return {
      event: 'project_exec_output',
      id,
      stdout: r.stdout,
      stderr: r.stderr,
      exit_code: r.exit_code,
    };
  }

  async startJob(opts: wire.ExecRequest): Promise<wire.AsyncJob> {
    const body = { ...withoutId(opts), async_call: true, err_on_exit: false };
    return checkAnswer(wire.AsyncJob, await this.transport.call('v2', 'exec', body));
  }

  /** The state of an async job, without waiting for it. */
  async getJob(projectId: string, jobId: string): Promise<wire.AsyncJob> {
    const body = { project_id: projectId, async_get: jobId };
    return checkAnswer(
      wire.AsyncJob,
      await this.transport.call('v2', 'exec', body, undefined, false),
    );
  }

  async getProject(projectId: string): Promise<wire.ProjectRecord> {
    // v2's `projects` hides projects not edited for 6 weeks; `projects_all` has no cutoff.
    const r = await this.query<{ projects_all?: unknown }>(
      { projects_all: [{ project_id: projectId, ...PROJECT_FIELDS }] },
      {},
    );
    const rows = checkAnswer(
      ProjectRows,
      r.query.projects_all ?? [],
      queryPlace('v2', r.id),
      'query.projects_all',
    );
    const found = rows.find((p) => p.project_id === projectId);
    if (found === undefined) throw new WorkspaceError(`no project '${projectId}'`);
    return found;
  }

  async projectAction(projectId: string, action: 'start' | 'stop'): Promise<void> {
    // A start may wait for the project (up to 120 s on the platform).
    const timeoutMs = this.transport.timeoutMs + 120_000;
    const a = await this.transport.call(
      'v2',
      `projects/${action}`,
      { project_id: projectId },
      timeoutMs,
    );
    checkAnswer(wire.ProjectActionResponse, a);
  }
}
