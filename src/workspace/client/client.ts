import {
  AccountRecord,
  type ApiVersion,
  type ProjectRecord,
  type AsyncJob,
  type EditorSettings,
  type ExecRequest,
  type ExecResponse,
  type ProjectUpgrades,
  type ProjectUser,
  type PongResponse,
  type QueryOption,
  type QueryResponse,
} from '../wire/index.js';
import { detectVersion } from './detect-version.js';
import { clientSettings, type WorkspaceClientOptions } from './options.js';
import { Transport, type Body } from './transport.js';
import { V1Api } from './v1-api.js';
import { V2Api } from './v2-api.js';
import { PROJECT_FIELDS, ProjectRows, queryPlace } from './versioned-api.js';
import type { QueryCallOptions } from './versioned-api.js';
import type { VersionedApi } from './versioned-api.js';
import { checkAnswer } from './answer.js';

/** Room in a request body for the JSON around a payload (field names, command, options). */
const ENVELOPE = 4096;

/**
 * A typed client of the workspace API, v1 (`ping`, `query`, `project_exec`: the seed's
 * contract, and installations of that era) and v2 (`exec` with async jobs, `user-query`,
 * `projects/start|stop`: the live hosted service), behind one interface. The version is
 * chosen or detected once; answers of both are turned into the same shapes and the same
 * typed errors (see `errors.ts`). Gateway errors and project-start timeouts are retried
 * with exponential backoff and jitter, a bounded number of times; nothing else is retried.
 *
 * @example
 * ```ts
 * const client = new WorkspaceClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: key });
 * const { stdout } = await client.exec({ project_id, command: 'echo', args: ['hi'] });
 * await client.apiVersion(); // 'v1' or 'v2'
 * ```
 */
export class WorkspaceClient {
  readonly baseUrl: string;
  readonly #transport: Transport;
  readonly #v1: V1Api;
  readonly #v2: V2Api;
  #version: Promise<ApiVersion> | undefined;

  constructor(options: WorkspaceClientOptions = {}) {
    const settings = clientSettings(options);
    this.#transport = new Transport(settings.transport);
    this.baseUrl = this.#transport.baseUrl;
    this.#v1 = new V1Api(this.#transport);
    this.#v2 = new V2Api(this.#transport, settings.v2);
    this.#version = settings.version === undefined ? undefined : Promise.resolve(settings.version);
  }

  /**
   * The API version in use: the one chosen, or the one a probe found (once, then cached).
   * The probe asks v1's `ping` first (the seed's contract, with query options), then v2's
   * `user-query` on the own account; a key either refuses is an {@link AuthenticationError},
   * a service that answers neither a {@link ConfigurationError}.
   *
   * @example
   * ```ts
   * if ((await client.apiVersion()) === 'v2') console.log('hosted service');
   * ```
   */
  apiVersion(): Promise<ApiVersion> {
    if (this.#version === undefined) {
      const probing = detectVersion(this.#transport);
      this.#version = probing;
      // A failed probe (network down, bad key) is tried again on the next call.
      probing.catch(() => {
        if (this.#version === probing) this.#version = undefined;
      });
    }
    return this.#version;
  }

  async #api(): Promise<VersionedApi> {
    return (await this.apiVersion()) === 'v1' ? this.#v1 : this.#v2;
  }

  /**
   * The largest request body the client sends, in bytes (see
   * {@link WorkspaceClientOptions.bodyLimit}).
   *
   * @example
   * ```ts
   * await client.bodyLimit(); // 102400 against v1, 1048576 against v2
   * ```
   */
  async bodyLimit(): Promise<number> {
    return this.#transport.bodyLimit(await this.apiVersion());
  }

  /**
   * Characters of payload (file parts, encoded batches) that fit in one `exec` with room
   * for the rest of its body: {@link bodyLimit} less 4 kB, at least 1 kB.
   *
   * @example
   * ```ts
   * const parts = chunkText(data, await client.payloadLimit());
   * ```
   */
  async payloadLimit(): Promise<number> {
    return Math.max(1024, (await this.bodyLimit()) - ENVELOPE);
  }

  /**
   * Sends one API v1 operation (`POST /api/v1/<operation>`) and returns its JSON object
   * unchecked (check it with the operation's wire schema); throws typed errors.
   *
   * @example
   * ```ts
   * const pong = checkValue(PongResponse, await client.request('ping', {}), 'ping');
   * ```
   */
  async request(operation: string, body: Body, timeoutMs?: number): Promise<Body> {
    return (await this.#transport.call('v1', operation, body, timeoutMs)).body;
  }

  /**
   * Sends one API v2 request (`POST /api/v2/<endpoint>`) and returns its JSON answer; an
   * HTTP 200 `{"error": …}` is thrown as a typed error.
   *
   * @example
   * ```ts
   * const r = await client.requestV2('projects/touch', { project_id }); // unchecked: {}
   * ```
   */
  async requestV2(endpoint: string, body: Body, timeoutMs?: number): Promise<Body> {
    return (await this.#transport.call('v2', endpoint, body, timeoutMs)).body;
  }

  /**
   * Tests the connection and the key; resolves to a pong whose `now` is the server's time.
   * v2 has no ping: the client reads the own account (`user-query`) and takes `now` from
   * the answer's `Date` header (whole seconds).
   *
   * @example
   * ```ts
   * const { now } = await client.ping();
   * ```
   */
  async ping(opts: { id?: string } = {}): Promise<PongResponse> {
    return (await this.#api()).ping(opts.id);
  }

  /**
   * Runs a `query` (seed §4.1; v2 `user-query`): a get when any value is null, else a set.
   * v2 ignores `options` and `multi_response`, so the client refuses them there.
   *
   * @example
   * ```ts
   * const r = await client.query({ projects_all: [{ project_id: null, title: null }] });
   * ```
   */
  async query<Q = Record<string, unknown>>(
    q: Record<string, unknown>,
    opts: QueryCallOptions = {},
  ): Promise<QueryResponse<Q>> {
    return (await this.#api()).query<Q>(q, opts);
  }

  /**
   * Runs a command in a project (seed §4.2; v2 `exec`). Throws {@link ExecTimeoutError}
   * when it is killed at `timeout`, {@link NonZeroExitError} for a nonzero exit with
   * `err_on_exit`. On v2 a command whose `timeout` is above `blockingLimitSeconds` runs as
   * an async job (`async_call`, then `async_get` with `async_await` until it ends, with
   * `err_on_exit: false` so its output is kept; the client applies `err_on_exit` itself).
   * A gateway error can come after the command ran, and is retried: commands should be
   * safe to repeat (write to a fresh file, or check before acting).
   *
   * @example
   * ```ts
   * const r = await client.exec({ project_id, command: 'ls -la', timeout: 30 });
   * ```
   */
  async exec(opts: ExecRequest): Promise<ExecResponse> {
    return (await this.#api()).exec(opts);
  }

  /**
   * v2 only: starts a command as an async job (`async_call`, with `err_on_exit: false` so its
   * output is kept) and answers at once with the job's state; the command runs until it ends
   * or its `timeout` (give one: the platform's default is 60 s). Poll it with {@link getJob}.
   *
   * @throws {@link WorkspaceError} against a v1 server, which has no async jobs.
   *
   * @example
   * ```ts
   * const job = await client.startJob({ project_id, command: 'node', args: ['serve.mjs'], timeout: 3600 });
   * console.log(job.job_id, job.status); // '…', 'running'
   * ```
   */
  async startJob(opts: ExecRequest): Promise<AsyncJob> {
    return (await this.#api()).startJob(opts);
  }

  /**
   * v2 only: the state of an async job started by {@link startJob} (or by `exec` with a long
   * `timeout`), without waiting for it.
   *
   * @throws {@link AsyncJobLostError} when the project no longer knows the job (it restarted,
   * or the job left its cache).
   *
   * @example
   * ```ts
   * const { status, exit_code } = await client.getJob(project_id, job.job_id);
   * ```
   */
  getJob(projectId: string, jobId: string): Promise<AsyncJob> {
    return this.#v2.getJob(projectId, jobId);
  }

  /**
   * Reads one project.
   *
   * @example
   * ```ts
   * const p = await client.getProject(projectId);
   * console.log(p.title, Object.keys(p.users));
   * ```
   */
  async getProject(projectId: string): Promise<ProjectRecord> {
    return (await this.#api()).getProject(projectId);
  }

  /**
   * Lists the account's projects: those active recently (`projects`: 3 weeks on v1,
   * 6 weeks on v2), or all of them with `all` (`projects_all`). `options` is v1 only.
   *
   * @example
   * ```ts
   * const all = await client.listProjects({ all: true });
   * ```
   */
  async listProjects(
    opts: { all?: boolean; options?: QueryOption[] } = {},
  ): Promise<ProjectRecord[]> {
    const table = opts.all === true ? 'projects_all' : 'projects';
    const r = await this.query<Record<string, unknown>>(
      { [table]: [{ project_id: null, ...PROJECT_FIELDS }] },
      opts.options === undefined ? {} : { options: opts.options },
    );
    // A get that finds nothing may leave the table out.
    const rows = r.query[table] ?? [];
    const place = queryPlace(await this.apiVersion(), r.id);
    return checkAnswer(ProjectRows, rows, place, `query.${table}`);
  }

  /**
   * Changes fields of a project (title, description, users — merged recursively).
   *
   * @example
   * ```ts
   * await client.setProject(projectId, { title: 'fuzzing', description: 'nightly' });
   * ```
   */
  async setProject(
    projectId: string,
    patch: { title?: string; description?: string; users?: Record<string, ProjectUser> },
  ): Promise<void> {
    await this.query({ projects: { project_id: projectId, ...patch } });
  }

  /** Sets a project's title. @example `await client.setProjectTitle(id, 'fuzz')` */
  setProjectTitle(projectId: string, title: string): Promise<void> {
    return this.setProject(projectId, { title });
  }

  /** Sets a project's description. @example `await client.setProjectDescription(id, 'nightly')` */
  setProjectDescription(projectId: string, description: string): Promise<void> {
    return this.setProject(projectId, { description });
  }

  /**
   * Merges entries into a project's `users` (add a collaborator, change a group…).
   *
   * @example
   * ```ts
   * await client.setProjectUsers(projectId, { [bobId]: { group: 'collaborator' } });
   * ```
   */
  setProjectUsers(projectId: string, users: Record<string, ProjectUser>): Promise<void> {
    return this.setProject(projectId, { users });
  }

  /**
   * Merges upgrades of one user of a project (only the given fields change).
   *
   * @example
   * ```ts
   * await client.setProjectUpgrades(projectId, accountId, { network: 1, memory: 2000 });
   * ```
   */
  setProjectUpgrades(
    projectId: string,
    accountId: string,
    upgrades: ProjectUpgrades,
  ): Promise<void> {
    return this.setProject(projectId, { users: { [accountId]: { upgrades } } });
  }

  /**
   * Starts a project. v1: an `action_request` with a fresh `time` (the platform acts only
   * on a new one); v2: `projects/start`, which answers once the project runs.
   *
   * @example
   * ```ts
   * await client.startProject(id);
   * ```
   */
  startProject(projectId: string): Promise<void> {
    return this.#api().then((api) => api.projectAction(projectId, 'start'));
  }

  /** Stops a project, killing its processes (v1 `action_request`, v2 `projects/stop`). @example `await client.stopProject(id)` */
  stopProject(projectId: string): Promise<void> {
    return this.#api().then((api) => api.projectAction(projectId, 'stop'));
  }

  /**
   * Publishes a path of a project.
   *
   * @example
   * ```ts
   * await client.publishPath(projectId, 'reports/index.html', 'latest report');
   * ```
   */
  async publishPath(projectId: string, path: string, description = ''): Promise<void> {
    await this.query({ public_paths: { project_id: projectId, path, description } });
  }

  /**
   * The account's id and editor settings.
   *
   * @example
   * ```ts
   * const { account_id } = await client.getAccount();
   * ```
   */
  async getAccount(): Promise<AccountRecord> {
    const r = await this.query<{ accounts?: unknown }>({
      accounts: { account_id: null, editor_settings: null },
    });
    const place = queryPlace(await this.apiVersion(), r.id);
    return checkAnswer(AccountRecord, r.query.accounts, place, 'query.accounts');
  }

  /**
   * The account's editor settings (defaults filled in).
   *
   * @example
   * ```ts
   * const { tab_size } = await client.getEditorSettings();
   * ```
   */
  async getEditorSettings(): Promise<EditorSettings> {
    return (await this.getAccount()).editor_settings;
  }

  /**
   * Merges editor settings (only the given ones change).
   *
   * @example
   * ```ts
   * await client.setEditorSettings({ jupyter_classic: true });
   * ```
   */
  async setEditorSettings(settings: Partial<EditorSettings>): Promise<void> {
    await this.query({ accounts: { editor_settings: settings } });
  }

  /** Never shows the key when the client is logged or inspected. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `WorkspaceClient { baseUrl: '${this.baseUrl}' }`;
  }
}
