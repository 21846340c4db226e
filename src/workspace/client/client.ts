import { randomUUID } from 'node:crypto';
import {
  AuthenticationError,
  classifyServerError,
  ConfigurationError,
  GatewayError,
  HttpError,
  NetworkError,
  ProjectStartingError,
  RequestTimeoutError,
  RequestTooLargeError,
  WorkspaceError,
} from './errors.js';
import type {
  AccountRecord,
  EditorSettings,
  ExecRequest,
  ExecResponse,
  ProjectRecord,
  ProjectUpgrades,
  ProjectUser,
  PongResponse,
  QueryOption,
  QueryResponse,
} from './types.js';

/** A retry the client is about to make, reported to {@link WorkspaceClientOptions.onRetry}. */
export interface RetryEvent {
  operation: string;
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  /** The failure that is retried (its message never holds the key). */
  error: WorkspaceError;
}

/** Options of {@link WorkspaceClient}. */
export interface WorkspaceClientOptions {
  /** Base URL of the service (`https://host` or `https://host/api/v1`). Default: `WORKSPACE_URL`. */
  baseUrl?: string;
  /** API key. Default: `WORKSPACE_API_KEY`. */
  apiKey?: string;
  /** The fetch implementation. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Time allowed for an answer, in ms; `exec` adds its command's `timeout`. Default 30 000. */
  timeoutMs?: number;
  /** Retries of gateway errors (HTTP 502/503/504). Default 4. */
  retries?: number;
  /** Retries of a `project_exec` answered with "project is starting". Default 8. */
  startRetries?: number;
  /** First backoff delay in ms (doubled each retry, with jitter). Default 500. */
  retryBaseDelayMs?: number;
  /** Largest backoff delay in ms. Default 8000. */
  retryMaxDelayMs?: number;
  /** Largest request body in bytes; larger requests fail without being sent. Default 500 000. */
  bodyLimit?: number;
  /** Called before each retry (for logging). Default: none. */
  onRetry?: (event: RetryEvent) => void;
  /** Environment to read defaults from. Default `process.env`. */
  env?: Record<string, string | undefined>;
}

/** Options of {@link WorkspaceClient.query}. */
export interface QueryCallOptions {
  id?: string;
  options?: QueryOption[];
  /** Sent as is; `true` is refused by the service. */
  multi_response?: boolean;
}

const GATEWAY = new Set([502, 503, 504]);
const EXCERPT = 500;

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * A typed client of the workspace API v1 (`ping`, `query`, `project_exec`), for the hosted
 * platform and for the embedded server alike. Failures are typed errors (see `errors.ts`);
 * gateway errors and project-start timeouts are retried with exponential backoff and
 * jitter, a bounded number of times; nothing else is retried.
 *
 * @example
 * ```ts
 * const client = new WorkspaceClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: key });
 * const { stdout } = await client.exec({ project_id, command: 'echo', args: ['hi'] });
 * ```
 */
export class WorkspaceClient {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #auth: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #startRetries: number;
  readonly #baseDelay: number;
  readonly #maxDelay: number;
  readonly #bodyLimit: number;
  readonly #onRetry: ((e: RetryEvent) => void) | undefined;

  constructor(options: WorkspaceClientOptions = {}) {
    const env = options.env ?? process.env;
    const baseUrl = options.baseUrl ?? env.WORKSPACE_URL;
    const apiKey = options.apiKey ?? env.WORKSPACE_API_KEY;
    if (baseUrl === undefined || baseUrl === '') {
      throw new ConfigurationError('no workspace URL: pass baseUrl or set WORKSPACE_URL');
    }
    if (apiKey === undefined || apiKey === '') {
      throw new ConfigurationError('no API key: pass apiKey or set WORKSPACE_API_KEY');
    }
    this.baseUrl = baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    this.#apiKey = apiKey;
    this.#auth = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#retries = options.retries ?? 4;
    this.#startRetries = options.startRetries ?? 8;
    this.#baseDelay = options.retryBaseDelayMs ?? 500;
    this.#maxDelay = options.retryMaxDelayMs ?? 8000;
    this.#bodyLimit = options.bodyLimit ?? 500_000;
    this.#onRetry = options.onRetry;
  }

  /** Removes the key (and its encodings) from text that may come back from a server. */
  #redact(text: string): string {
    let out = text;
    for (const secret of [
      this.#apiKey,
      this.#auth.slice('Basic '.length),
      Buffer.from(this.#apiKey).toString('base64'),
    ]) {
      if (secret.length >= 4) out = out.split(secret).join('[redacted]');
    }
    return out;
  }

  #delay(attempt: number, retryAfter: string | null): number {
    const exp = Math.min(this.#maxDelay, this.#baseDelay * 2 ** (attempt - 1));
    // "Equal jitter": half fixed, half random, so retries spread but never collapse to 0.
    let d = exp / 2 + Math.random() * (exp / 2);
    const ra = retryAfter === null ? NaN : Number(retryAfter);
    if (Number.isFinite(ra) && ra >= 0) d = Math.max(d, Math.min(ra * 1000, this.#maxDelay));
    return Math.round(d);
  }

  /**
   * Sends one operation and returns its JSON answer; throws typed errors.
   *
   * @example
   * ```ts
   * const pong = await client.request('ping', {});
   * ```
   */
  async request<T>(
    operation: string,
    body: Record<string, unknown>,
    timeoutMs = this.#timeoutMs,
  ): Promise<T> {
    const id = typeof body.id === 'string' ? body.id : randomUUID();
    const payload = JSON.stringify({ ...body, id });
    const size = Buffer.byteLength(payload);
    if (size > this.#bodyLimit)
      throw new RequestTooLargeError(size, this.#bodyLimit, { requestId: id });
    let gatewayTries = 0;
    let startTries = 0;
    for (;;) {
      try {
        return await this.#once<T>(operation, payload, id, timeoutMs);
      } catch (e) {
        let attempt: number | undefined;
        if (e instanceof GatewayError && gatewayTries < this.#retries) attempt = ++gatewayTries;
        else if (e instanceof ProjectStartingError && startTries < this.#startRetries)
          attempt = ++startTries;
        if (attempt === undefined) throw e;
        const delayMs = this.#delay(attempt, e instanceof GatewayError ? e.retryAfter : null);
        this.#onRetry?.({ operation, attempt, delayMs, error: e as WorkspaceError });
        await sleep(delayMs);
      }
    }
  }

  async #once<T>(operation: string, payload: string, id: string, timeoutMs: number): Promise<T> {
    const url = `${this.baseUrl}/api/v1/${operation}`;
    let res: Response;
    let text: string;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      res = await this.#fetch(url, {
        method: 'POST',
        headers: {
          authorization: this.#auth,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: payload,
        signal,
      });
      text = await res.text();
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError' || signal.aborted) {
        throw new RequestTimeoutError(`no answer from ${operation} within ${timeoutMs} ms`, {
          requestId: id,
        });
      }
      const reason =
        e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
      throw new NetworkError(
        `${operation}: cannot reach ${this.baseUrl}: ${this.#redact(reason)}`,
        {
          requestId: id,
        },
      );
    }
    const excerpt = this.#redact(text.slice(0, EXCERPT));
    if (GATEWAY.has(res.status)) {
      const err = new GatewayError(
        `HTTP ${res.status} ${res.statusText} from ${operation}: ${excerpt.replace(/\s+/g, ' ').trim()}`,
        excerpt,
        { requestId: id, status: res.status },
        res.headers.get('retry-after'),
      );
      throw err;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpError(
        `HTTP ${res.status} ${res.statusText} from ${operation}: the answer is not JSON: ${excerpt.replace(/\s+/g, ' ').trim()}`,
        excerpt,
        { requestId: id, status: res.status },
      );
    }
    const obj = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
      string,
      unknown
    >;
    const requestId = typeof obj.id === 'string' ? obj.id : id;
    // Two error shapes: the platform's HTTP 400 {"error": …} and ours {"event":"error", …}.
    if (obj.event === 'error' || (typeof obj.error === 'string' && !res.ok)) {
      const message = this.#redact(typeof obj.error === 'string' ? obj.error : 'unknown error');
      const details = { requestId, status: res.status };
      if (res.status === 401)
        throw new AuthenticationError(message, { ...details, serverMessage: message });
      throw classifyServerError(message, res.ok ? { requestId, status: res.status } : details);
    }
    if (!res.ok) {
      throw new HttpError(
        `HTTP ${res.status} ${res.statusText} from ${operation}: ${excerpt}`,
        excerpt,
        {
          requestId,
          status: res.status,
        },
      );
    }
    return obj as T;
  }

  /**
   * Tests the connection and the key; resolves to the server's answer (`now` is its time).
   *
   * @example
   * ```ts
   * const { now } = await client.ping();
   * ```
   */
  ping(opts: { id?: string } = {}): Promise<PongResponse> {
    return this.request<PongResponse>('ping', opts.id === undefined ? {} : { id: opts.id });
  }

  /**
   * Runs a `query` (seed §4.1): a get when any value is null, else a set.
   *
   * @example
   * ```ts
   * const r = await client.query({ projects_all: [{ project_id: null, title: null }] });
   * ```
   */
  query<Q = Record<string, unknown>>(
    q: Record<string, unknown>,
    opts: QueryCallOptions = {},
  ): Promise<QueryResponse<Q>> {
    const body: Record<string, unknown> = { query: q };
    if (opts.id !== undefined) body.id = opts.id;
    if (opts.options !== undefined) body.options = opts.options;
    if (opts.multi_response !== undefined) body.multi_response = opts.multi_response;
    return this.request<QueryResponse<Q>>('query', body);
  }

  /**
   * Runs a command in a project (seed §4.2). Throws {@link ExecTimeoutError} when it is
   * killed at `timeout`, {@link NonZeroExitError} for a nonzero exit with `err_on_exit`.
   * A gateway error can come after the command ran, and is retried: commands should be
   * safe to repeat (write to a fresh file, or check before acting).
   *
   * @example
   * ```ts
   * const r = await client.exec({ project_id, command: 'ls -la', timeout: 30 });
   * ```
   */
  exec(opts: ExecRequest): Promise<ExecResponse> {
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(opts)) if (v !== undefined) body[k] = v;
    const seconds = typeof opts.timeout === 'number' && opts.timeout > 0 ? opts.timeout : 10;
    return this.request<ExecResponse>('project_exec', body, this.#timeoutMs + seconds * 1000);
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
    const r = await this.query<{ projects: ProjectRecord | null }>({
      projects: { project_id: projectId, title: null, description: null, users: null },
    });
    if (r.query.projects === null || r.query.projects === undefined) {
      throw new WorkspaceError(`no project '${projectId}'`, { requestId: r.id });
    }
    return r.query.projects;
  }

  /**
   * Lists the account's projects: those active in about the last three weeks (`projects`),
   * or all of them with `all` (`projects_all`).
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
    const r = await this.query<Record<string, ProjectRecord[]>>(
      { [table]: [{ project_id: null, title: null, description: null, users: null }] },
      opts.options === undefined ? {} : { options: opts.options },
    );
    return r.query[table] ?? [];
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

  /** Starts a project (returns at once). @example `await client.startProject(id)` */
  async startProject(projectId: string): Promise<void> {
    await this.query({ projects: { project_id: projectId, action_request: { action: 'start' } } });
  }

  /** Stops a project, killing its processes. @example `await client.stopProject(id)` */
  async stopProject(projectId: string): Promise<void> {
    await this.query({ projects: { project_id: projectId, action_request: { action: 'stop' } } });
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
    const r = await this.query<{ accounts: AccountRecord }>({
      accounts: { account_id: null, editor_settings: null },
    });
    return r.query.accounts;
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
