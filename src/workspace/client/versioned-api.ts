import Type from 'typebox';
import {
  DEFAULT_EXEC_TIMEOUTS,
  ProjectRecord,
  type ApiVersion,
  type AsyncJob,
  type ExecRequest,
  type ExecResponse,
  type PongResponse,
  type QueryOption,
  type QueryResponse,
} from '../wire/index.js';
import type { AnswerPlace } from './answer.js';

/** Options of {@link WorkspaceClient.query}. */
export interface QueryCallOptions {
  id?: string;
  /** v1 only: v2's `user-query` does not read options, so the client refuses them there. */
  options?: QueryOption[];
  /** Sent as is; `true` is refused by the service. */
  multi_response?: boolean;
}

/**
 * What differs between the two API versions, each answering in the same shapes and with
 * the same typed errors; everything else the client builds on `query`.
 *
 * @example
 * ```ts
 * const api: VersionedApi = version === 'v1' ? new V1Api(transport) : new V2Api(transport, o);
 * const { stdout } = await api.exec({ project_id, command: 'echo', args: ['hi'] });
 * ```
 */
export interface VersionedApi {
  readonly version: ApiVersion;
  /** Tests the connection and the key; `now` is the server's time. */
  ping(id: string | undefined): Promise<PongResponse>;
  query<Q>(q: Record<string, unknown>, opts: QueryCallOptions): Promise<QueryResponse<Q>>;
  exec(opts: ExecRequest): Promise<ExecResponse>;
  /** Starts a command as an async job (v2 only). */
  startJob(opts: ExecRequest): Promise<AsyncJob>;
  /** Reads one project, whenever it was last edited. */
  getProject(projectId: string): Promise<ProjectRecord>;
  /** Starts or stops a project. */
  projectAction(projectId: string, action: 'start' | 'stop'): Promise<void>;
}

/**
 * The seconds an exec may run: its `timeout` when it gives one (a positive number), else
 * what the version applies.
 */
export function execSeconds(request: ExecRequest, version: ApiVersion): number {
  const given = request.timeout;
  return typeof given === 'number' && given > 0 ? given : DEFAULT_EXEC_TIMEOUTS[version];
}

/**
 * The route and request a query's result answers, for naming them in a
 * {@link MalformedAnswerError}.
 *
 * @example
 * ```ts
 * const p = checkAnswer(ProjectRecord, r.query.projects, queryPlace('v1', r.id), 'query.projects');
 * ```
 */
export function queryPlace(version: ApiVersion, requestId: string): AnswerPlace {
  return { route: version === 'v1' ? 'POST /api/v1/query' : 'POST /api/v2/user-query', requestId };
}

/** The fields of a project that `getProject` and `listProjects` read. */
export const PROJECT_FIELDS = { title: null, description: null, users: null } as const;

/** The rows of an array get of `projects` or `projects_all` with {@link PROJECT_FIELDS}. */
export const ProjectRows = Type.Array(ProjectRecord);
