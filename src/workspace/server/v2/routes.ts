import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkValue, FormatError } from '../../../format/index.js';
import { DEFAULT_EXEC_TIMEOUTS, ExecV2Request, v2Errors } from '../../wire/index.js';
import { ApiError } from '../api-error.js';
import type { ExecParams } from '../exec-outcome.js';
import type { ProjectManager } from '../project-manager.js';
import { hasNull, runQuery } from '../query/index.js';
import type { WorkspaceStore } from '../store.js';
import { AsyncJobs } from './async-jobs.js';

/** Options of {@link registerV2}. */
export interface V2Options {
  store: WorkspaceStore;
  projects: ProjectManager;
  /** The account of a request's `Authorization` header (the v1 routes' rules), if any. */
  accountOf: (req: FastifyRequest) => string | undefined;
  /** Largest request body in bytes (the platform: 1 MB). */
  bodyLimit: number;
  /** The hub's limit on one call to a project, in ms (the platform: 60 000). */
  hubTimeoutMs: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Body = Record<string, unknown>;

/** Resolves to `value`, or to `'hub-timeout'` after `ms` (the work itself goes on). */
async function withinHubLimit<T>(work: Promise<T>, ms: number): Promise<T | 'hub-timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'hub-timeout'>((r) => {
    timer = setTimeout(() => r('hub-timeout'), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The first field of an exec body of the wrong type, as an error text; undefined when fine.
 * A null field is left out, as the platform's defaults apply to it.
 */
function badExecField(b: Body): string | undefined {
  const given = Object.fromEntries(Object.entries(b).filter(([, v]) => v !== null));
  try {
    checkValue(ExecV2Request, given, 'exec');
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return v2Errors.execField.text(e.field, e.problem);
  }
  if (typeof given.command !== 'string') return v2Errors.execField.text('command', 'is missing');
  return undefined;
}

/**
 * The API v2 routes of the embedded server, under the prefix it is registered with
 * (`/api/v2`): `exec` (blocking, or async jobs polled with `async_get`/`async_await`),
 * `user-query`, `projects/start` and `projects/stop`. As on the platform, every answer is
 * HTTP 200 and a failure is `{"error": text}`; a request without a valid key is never a
 * 401 (`must be signed in`, or an anonymous query); only an oversized body gets HTTP 413.
 * Commands and queries go through the same code as v1 (`ProjectManager.exec`, `runQuery`).
 *
 * @example
 * ```ts
 * await app.register((v2) => registerV2(v2, options), { prefix: '/api/v2' });
 * ```
 */
export async function registerV2(app: FastifyInstance, o: V2Options): Promise<void> {
  const jobs = new Map<string, AsyncJobs>();
  const jobsOf = (projectId: string): AsyncJobs => {
    let j = jobs.get(projectId);
    if (j === undefined) {
      j = new AsyncJobs({ maxJobs: 100, ttlMs: 3_600_000 });
      jobs.set(projectId, j);
    }
    return j;
  };
  addV2ErrorHandlers(app, o);
  addExecRoute(app, o, jobsOf);
  addUserQueryRoute(app, o);
  addProjectRoutes(app, o, jobs);
}

function isCollaborator(o: V2Options, projectId: string, accountId: string): boolean {
  const group = o.store.getProject(projectId)?.users[accountId]?.group;
  return group === 'owner' || group === 'collaborator';
}

function bodyOf(req: FastifyRequest): Body {
  const b = req.body;
  return typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Body) : {};
}

/** Every failure as `{"error": text}` with HTTP 200, but for an oversized body (413). */
function addV2ErrorHandlers(app: FastifyInstance, o: V2Options): void {
  app.setErrorHandler((error, req, reply) => {
    const e = error as { statusCode?: number; code?: string; message: string };
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).type('text/plain').send(v2Errors.bodyTooLarge.text(o.bodyLimit));
    }
    if (error instanceof ApiError) return reply.code(error.status).send({ error: error.message });
    if ((e.statusCode ?? 500) >= 500) {
      req.log.error(error);
      return reply.code(500).send({ error: 'internal server error' });
    }
    return reply.code(e.statusCode ?? 400).send({ error: e.message });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ error: `no API v2 endpoint ${req.method} ${req.url.split('?')[0]}` }),
  );
}

/** The parameters of an exec body whose fields {@link badExecField} found fine. */
function execParamsOf(projectId: string, b: Body, isAsync: boolean): ExecParams {
  return {
    project_id: projectId,
    path: typeof b.path === 'string' ? b.path : '',
    command: b.command as string,
    args: (b.args as string[] | undefined) ?? [],
    // The platform applies 60 s in both modes (the schema's 10 minutes for async is not used).
    timeout: typeof b.timeout === 'number' ? b.timeout : DEFAULT_EXEC_TIMEOUTS.v2,
    max_output: typeof b.max_output === 'number' ? b.max_output : isAsync ? 1_048_576 : undefined,
    bash: b.bash === true,
    err_on_exit: b.err_on_exit !== false,
    aggregate:
      typeof b.aggregate === 'number' || typeof b.aggregate === 'string' ? b.aggregate : undefined,
  };
}

/** `exec`: blocking, or an async job started, or polled with `async_get`/`async_await`. */
function addExecRoute(
  app: FastifyInstance,
  o: V2Options,
  jobsOf: (projectId: string) => AsyncJobs,
): void {
  app.post('/exec', { bodyLimit: o.bodyLimit }, async (req) => {
    const b = bodyOf(req);
    const projectId = b.project_id;
    if (typeof projectId !== 'string' || !UUID.test(projectId)) {
      return { error: v2Errors.badUuid.text };
    }
    const accountId = o.accountOf(req);
    if (accountId === undefined) return { error: v2Errors.signIn.text };
    if (!isCollaborator(o, projectId, accountId)) return { error: v2Errors.notCollaborator.text };

    if (typeof b.async_get === 'string') {
      const awaitMs = b.async_await === true ? o.hubTimeoutMs : undefined;
      const found = await jobsOf(projectId).get(projectId, b.async_get, awaitMs);
      if (found === undefined) return { error: v2Errors.noJob.text(b.async_get) };
      if (found.timedOut) return { error: v2Errors.hubTimeout.text };
      return found.view;
    }
    const bad = badExecField(b);
    if (bad !== undefined) return { error: bad };
    if (b.command === 'smc-jupyter') return { error: v2Errors.jupyter.text };
    const isAsync = b.async_call === true;
    const params = execParamsOf(projectId, b, isAsync);
    if (isAsync) {
      return jobsOf(projectId).start(projectId, params, (p) => o.projects.exec(p, accountId));
    }
    const outcome = await withinHubLimit(o.projects.exec(params, accountId), o.hubTimeoutMs);
    if (outcome === 'hub-timeout') return { error: v2Errors.hubTimeout.text };
    if (!outcome.ok) return { error: outcome.error };
    return {
      type: 'blocking',
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      exit_code: outcome.exit_code,
    };
  });
}

/** `user-query`: one query or a list, each run as v1 runs it. */
function addUserQueryRoute(app: FastifyInstance, o: V2Options): void {
  app.post('/user-query', { bodyLimit: o.bodyLimit }, async (req) => {
    const query = bodyOf(req).query;
    const accountId = o.accountOf(req);
    const queries = Array.isArray(query) ? (query as unknown[]) : [query];
    const results: unknown[] = [];
    try {
      for (const q of queries) {
        if (accountId === undefined) {
          // No key, or an unknown one: the platform runs the query anonymously.
          const table = typeof q === 'object' && q !== null ? (Object.keys(q)[0] ?? '') : '';
          return {
            error: hasNull(q as never)
              ? v2Errors.anonymousGet.text(table)
              : v2Errors.anonymousSet.text,
          };
        }
        // `options` is not read by v2.
        results.push(
          await runQuery({ accountId, store: o.store, projects: o.projects }, q, undefined),
        );
      }
    } catch (e) {
      if (e instanceof ApiError) return { error: `FATAL: ${e.message}` };
      throw e;
    }
    return { query: Array.isArray(query) ? results : results[0] };
  });
}

/** `projects/start` and `projects/stop`. */
function addProjectRoutes(app: FastifyInstance, o: V2Options, jobs: Map<string, AsyncJobs>): void {
  for (const action of ['start', 'stop'] as const) {
    app.post(`/projects/${action}`, { bodyLimit: o.bodyLimit }, async (req) => {
      const projectId = bodyOf(req).project_id;
      if (typeof projectId !== 'string' || !UUID.test(projectId)) {
        return { error: v2Errors.projectUuid.text };
      }
      const accountId = o.accountOf(req);
      if (accountId === undefined) return { error: v2Errors.signIn.text };
      if (!isCollaborator(o, projectId, accountId)) {
        return { error: v2Errors.collaboratorTo.text(action) };
      }
      if (action === 'start') {
        // Answers once the project runs; a start past the hub's limit answers `{}`.
        const started = await withinHubLimit(o.projects.start(projectId), o.hubTimeoutMs);
        if (started === 'hub-timeout') return {};
      } else {
        o.projects.stop(projectId);
        // The project's process, and with it the async job cache, is gone.
        jobs.delete(projectId);
      }
      return { status: 'ok' };
    });
  }
}
