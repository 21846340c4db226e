import { randomUUID } from 'node:crypto';
import { parseApiChoice, splitBaseUrl } from './api-version.js';
import {
  AuthenticationError,
  classifyServerError,
  ConfigurationError,
  ExecTimeoutError,
  GatewayError,
  HttpError,
  HubTimeoutError,
  InvalidRequestError,
  NetworkError,
  NonZeroExitError,
  ProjectStartingError,
  RequestTimeoutError,
  RequestTooLargeError,
  WorkspaceError,
} from './errors.js';
import { BODY_LIMITS } from '../wire/index.js';
import type {
  AccountRecord,
  AsyncJob,
  ApiVersion,
  EditorSettings,
  ExecRequest,
  ExecResponse,
  ExecV2Response,
  ProjectRecord,
  ProjectUpgrades,
  ProjectUser,
  PongResponse,
  QueryOption,
  QueryResponse,
} from '../wire/index.js';

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
  /**
   * Base URL of the service (`https://host`, or with `/api/v1` or `/api/v2`, which also
   * chooses the version). Default: `WORKSPACE_URL`.
   */
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
  /**
   * Largest request body in bytes; larger requests fail without being sent. Default: the
   * version's limit ({@link BODY_LIMITS}: v1 100 kB, v2 1 MB), lowered to below the size of
   * any body a server answered with HTTP 413.
   */
  bodyLimit?: number;
  /**
   * API version: `v1`, `v2`, or `auto` (a probe on first use, cached: v1's `ping` first,
   * then v2's `user-query`). Default: `WORKSPACE_API`, else the version the base URL
   * names, else `auto`.
   */
  api?: ApiVersion | 'auto';
  /**
   * v2: commands whose `timeout` is above this many seconds run as async jobs that are
   * polled, since a blocking call cannot outlive the hub's 60 s limit. Default 55.
   */
  blockingLimitSeconds?: number;
  /** v2: pause between polls of an async job that is still running, in ms. Default 250. */
  pollIntervalMs?: number;
  /** Called before each retry (for logging). Default: none. */
  onRetry?: (event: RetryEvent) => void;
  /** Environment to read defaults from. Default `process.env`. */
  env?: Record<string, string | undefined>;
}

/** Options of {@link WorkspaceClient.query}. */
export interface QueryCallOptions {
  id?: string;
  /** v1 only: v2's `user-query` does not read options, so the client refuses them there. */
  options?: QueryOption[];
  /** Sent as is; `true` is refused by the service. */
  multi_response?: boolean;
}

const GATEWAY = new Set([502, 503, 504]);
const EXCERPT = 500;
/** Room in a request body for the JSON around a payload (field names, command, options). */
const ENVELOPE = 4096;
/** v2: what an `exec` without `timeout` gets, in seconds (v1: 10). */
const V2_DEFAULT_TIMEOUT = 60;
/** v2: the hub's limit on one call to a project, in ms (an `async_await` poll waits that long). */
const HUB_LIMIT_MS = 60_000;

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** One HTTP answer, parsed. */
interface Answer {
  body: Record<string, unknown>;
  /** The `Date` header (the server's clock), when sent. */
  date: string | null;
}

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
  readonly #apiKey: string;
  readonly #auth: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #startRetries: number;
  readonly #baseDelay: number;
  readonly #maxDelay: number;
  readonly #bodyLimit: number | undefined;
  /** Below the smallest body a server refused with HTTP 413. */
  #refusedLimit = Infinity;
  readonly #blockingLimit: number;
  readonly #pollMs: number;
  readonly #onRetry: ((e: RetryEvent) => void) | undefined;
  #version: Promise<ApiVersion> | undefined;

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
    const { base, version: named } = splitBaseUrl(baseUrl);
    const choice = options.api ?? parseApiChoice(env.WORKSPACE_API, 'WORKSPACE_API') ?? 'auto';
    const fixed = choice === 'auto' ? named : choice;
    this.baseUrl = base;
    this.#version = fixed === undefined ? undefined : Promise.resolve(fixed);
    this.#apiKey = apiKey;
    this.#auth = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#retries = options.retries ?? 4;
    this.#startRetries = options.startRetries ?? 8;
    this.#baseDelay = options.retryBaseDelayMs ?? 500;
    this.#maxDelay = options.retryMaxDelayMs ?? 8000;
    this.#bodyLimit = options.bodyLimit;
    this.#blockingLimit = options.blockingLimitSeconds ?? 55;
    this.#pollMs = options.pollIntervalMs ?? 250;
    this.#onRetry = options.onRetry;
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
      const probing = this.#detect();
      this.#version = probing;
      // A failed probe (network down, bad key) is tried again on the next call.
      probing.catch(() => {
        if (this.#version === probing) this.#version = undefined;
      });
    }
    return this.#version;
  }

  async #detect(): Promise<ApiVersion> {
    let v1: string;
    try {
      await this.#call('v1', 'ping', {}, this.#timeoutMs);
      return 'v1';
    } catch (e) {
      // Only "no such endpoint" answers (404, HTML, an unknown endpoint) move on to v2.
      if (
        e instanceof GatewayError ||
        !(e instanceof HttpError || e instanceof InvalidRequestError)
      )
        throw e;
      v1 = e.message;
    }
    try {
      await this.#call(
        'v2',
        'user-query',
        { query: { accounts: { account_id: null } } },
        this.#timeoutMs,
      );
      return 'v2';
    } catch (e) {
      if (e instanceof GatewayError || e instanceof AuthenticationError) throw e;
      // An HTTP 200 {"error": …} is v2 speaking (a project-specific key cannot read accounts).
      if (e instanceof WorkspaceError && e.status === 200) return 'v2';
      if (e instanceof HttpError || e instanceof InvalidRequestError) {
        throw new ConfigurationError(
          `no workspace API at ${this.baseUrl}: /api/v1/ping answered ${v1}; /api/v2/user-query answered ${e.message}`,
        );
      }
      throw e;
    }
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
    const limit = this.#bodyLimit ?? BODY_LIMITS[await this.apiVersion()];
    return Math.min(limit, this.#refusedLimit);
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
   * Sends one API v1 operation (`POST /api/v1/<operation>`) and returns its JSON answer;
   * throws typed errors.
   *
   * @example
   * ```ts
   * const pong = await client.request('ping', {});
   * ```
   */
  request<T>(
    operation: string,
    body: Record<string, unknown>,
    timeoutMs = this.#timeoutMs,
  ): Promise<T> {
    return this.#call('v1', operation, body, timeoutMs).then((a) => a.body as T);
  }

  /**
   * Sends one API v2 request (`POST /api/v2/<endpoint>`) and returns its JSON answer; an
   * HTTP 200 `{"error": …}` is thrown as a typed error.
   *
   * @example
   * ```ts
   * const r = await client.requestV2<{ status: string }>('projects/touch', { project_id });
   * ```
   */
  requestV2<T>(
    endpoint: string,
    body: Record<string, unknown>,
    timeoutMs = this.#timeoutMs,
  ): Promise<T> {
    return this.#call('v2', endpoint, body, timeoutMs).then((a) => a.body as T);
  }

  async #call(
    version: ApiVersion,
    operation: string,
    body: Record<string, unknown>,
    timeoutMs: number,
    retryHubTimeouts = true,
  ): Promise<Answer> {
    // v1 echoes (and requires room for) a request id; v2 has none, so it stays client-side.
    const id = typeof body.id === 'string' ? body.id : randomUUID();
    const payload = JSON.stringify(version === 'v1' ? { ...body, id } : body);
    const size = Buffer.byteLength(payload);
    const limit = Math.min(this.#bodyLimit ?? BODY_LIMITS[version], this.#refusedLimit);
    if (size > limit) throw new RequestTooLargeError(size, limit, { requestId: id });
    let gatewayTries = 0;
    let startTries = 0;
    for (;;) {
      try {
        return await this.#once(version, operation, payload, id, timeoutMs);
      } catch (e) {
        let attempt: number | undefined;
        if (e instanceof GatewayError && gatewayTries < this.#retries) attempt = ++gatewayTries;
        else if (
          e instanceof ProjectStartingError &&
          (retryHubTimeouts || !(e instanceof HubTimeoutError)) &&
          startTries < this.#startRetries
        )
          attempt = ++startTries;
        if (attempt === undefined) throw e;
        const delayMs = this.#delay(attempt, e instanceof GatewayError ? e.retryAfter : null);
        this.#onRetry?.({ operation, attempt, delayMs, error: e as WorkspaceError });
        await sleep(delayMs);
      }
    }
  }

  async #once(
    version: ApiVersion,
    operation: string,
    payload: string,
    id: string,
    timeoutMs: number,
  ): Promise<Answer> {
    const url = `${this.baseUrl}/api/${version}/${operation}`;
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
    const flat = excerpt.replace(/\s+/g, ' ').trim();
    if (GATEWAY.has(res.status)) {
      const err = new GatewayError(
        `HTTP ${res.status} ${res.statusText} from ${operation}: ${flat}`,
        excerpt,
        { requestId: id, status: res.status },
        res.headers.get('retry-after'),
      );
      throw err;
    }
    if (res.status === 413) {
      // Whatever the body (the platform's v1 sent a non-JSON one): this size is too much.
      const size = Buffer.byteLength(payload);
      this.#refusedLimit = Math.min(this.#refusedLimit, size - 1);
      throw new RequestTooLargeError(
        size,
        this.#refusedLimit,
        { requestId: id, status: 413, serverMessage: flat },
        `the server refused a request body of ${size} bytes (HTTP 413) from ${operation}: ${flat}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpError(
        `HTTP ${res.status} ${res.statusText} from ${operation}: the answer is not JSON: ${flat}`,
        excerpt,
        { requestId: id, status: res.status },
      );
    }
    const obj = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
      string,
      unknown
    >;
    const requestId = typeof obj.id === 'string' ? obj.id : id;
    // Error shapes: ours {"event":"error",…} (v1), the platform's v1 HTTP 400 {"error": …},
    // and v2's HTTP 200 {"error": …}, which a client must test for before anything else.
    if (obj.event === 'error' || (typeof obj.error === 'string' && (!res.ok || version === 'v2'))) {
      const message = this.#redact(typeof obj.error === 'string' ? obj.error : 'unknown error');
      const details = { requestId, status: res.status };
      if (res.status === 401)
        throw new AuthenticationError(message, { ...details, serverMessage: message });
      throw classifyServerError(message, details);
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
    return { body: obj, date: res.headers.get('date') };
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
    if ((await this.apiVersion()) === 'v1') {
      return this.request<PongResponse>('ping', opts.id === undefined ? {} : { id: opts.id });
    }
    const a = await this.#call(
      'v2',
      'user-query',
      { query: { accounts: { account_id: null } } },
      this.#timeoutMs,
    );
    const date = a.date === null ? Date.now() : Date.parse(a.date);
    return {
      event: 'pong',
      id: opts.id ?? randomUUID(),
      now: new Date(Number.isNaN(date) ? Date.now() : date).toISOString(),
    };
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
    if ((await this.apiVersion()) === 'v2') {
      if (opts.options !== undefined || opts.multi_response !== undefined) {
        throw new InvalidRequestError(
          'API v2 user-query does not read options or multi_response; leave them out (use projects_all instead of a limit)',
        );
      }
      const a = await this.#call('v2', 'user-query', { query: q }, this.#timeoutMs);
      return {
        event: 'query',
        id: opts.id ?? randomUUID(),
        query: (a.body.query ?? {}) as Q,
        multi_response: false,
      };
    }
    const body: Record<string, unknown> = { query: q };
    if (opts.id !== undefined) body.id = opts.id;
    if (opts.options !== undefined) body.options = opts.options;
    if (opts.multi_response !== undefined) body.multi_response = opts.multi_response;
    return this.request<QueryResponse<Q>>('query', body);
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
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(opts)) if (v !== undefined) body[k] = v;
    const version = await this.apiVersion();
    const given = typeof opts.timeout === 'number' && opts.timeout > 0 ? opts.timeout : undefined;
    if (version === 'v1') {
      return this.request<ExecResponse>(
        'project_exec',
        body,
        this.#timeoutMs + (given ?? 10) * 1000,
      );
    }
    const id = opts.id ?? randomUUID();
    delete body.id;
    const seconds = given ?? V2_DEFAULT_TIMEOUT;
    if (seconds <= this.#blockingLimit) {
      const a = await this.#call('v2', 'exec', body, this.#timeoutMs + seconds * 1000);
      const r = a.body as ExecV2Response;
      return {
        event: 'project_exec_output',
        id,
        stdout: r.stdout,
        stderr: r.stderr,
        exit_code: r.exit_code,
      };
    }
    return this.#execAsync(opts, { ...body, timeout: seconds }, id);
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
    if ((await this.apiVersion()) !== 'v2')
      throw new WorkspaceError('async jobs need the v2 API (this server speaks v1)');
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(opts)) if (v !== undefined && k !== 'id') body[k] = v;
    const started = await this.#call(
      'v2',
      'exec',
      { ...body, async_call: true, err_on_exit: false },
      this.#timeoutMs,
    );
    return started.body as AsyncJob;
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
  async getJob(projectId: string, jobId: string): Promise<AsyncJob> {
    const a = await this.#call(
      'v2',
      'exec',
      { project_id: projectId, async_get: jobId },
      this.#timeoutMs,
      false,
    );
    return a.body as AsyncJob;
  }

  async #execAsync(
    opts: ExecRequest,
    body: Record<string, unknown>,
    id: string,
  ): Promise<ExecResponse> {
    const seconds = body.timeout as number;
    let job = await this.startJob(opts);
    // The job ends by its own timeout; past that (and the hub's limit) it is given up.
    const deadline = Date.now() + seconds * 1000 + HUB_LIMIT_MS + this.#timeoutMs;
    while (job.status === 'running') {
      if (Date.now() > deadline) {
        throw new RequestTimeoutError(
          `async job ${job.job_id} in project ${opts.project_id} was still running ${seconds} s after its timeout`,
          { requestId: id },
        );
      }
      const t0 = Date.now();
      try {
        const a = await this.#call(
          'v2',
          'exec',
          { project_id: opts.project_id, async_get: job.job_id, async_await: true },
          HUB_LIMIT_MS + this.#timeoutMs,
          false,
        );
        job = a.body as typeof job;
      } catch (e) {
        // An await that outlived the hub's limit (or ours): the job goes on, poll again.
        if (!(e instanceof HubTimeoutError || e instanceof RequestTimeoutError)) throw e;
      }
      if (job.status === 'running' && Date.now() - t0 < this.#pollMs) await sleep(this.#pollMs);
    }
    const details = { requestId: id, status: 200 };
    if (job.status === 'error') {
      // The project's own error text is in stderr; stdout is lost in this state.
      const message = this.#redact(job.stderr === '' ? 'No result' : job.stderr);
      const typed = classifyServerError(message, details);
      if (typed instanceof ExecTimeoutError || typed.constructor !== WorkspaceError) throw typed;
      throw new WorkspaceError(`async job ${job.job_id} failed: ${message}`, {
        ...details,
        serverMessage: message,
      });
    }
    if (job.exit_code !== 0 && opts.err_on_exit !== false) {
      const args = opts.args ?? [];
      throw new NonZeroExitError(
        `Error executing command '${opts.command}' with args '${args.join(',')}' -- command '${opts.command}' exited with nonzero code ${job.exit_code} -- stderr='${job.stderr.slice(0, 1024)}'`,
        job.exit_code,
        job.stderr.slice(0, 1024),
        details,
      );
    }
    return {
      event: 'project_exec_output',
      id,
      stdout: job.stdout,
      stderr: job.stderr,
      exit_code: job.exit_code,
    };
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
    const fields = { title: null, description: null, users: null };
    if ((await this.apiVersion()) === 'v2') {
      // v2's `projects` hides projects not edited for 6 weeks; `projects_all` has no cutoff.
      const r = await this.query<{ projects_all?: ProjectRecord[] }>({
        projects_all: [{ project_id: projectId, ...fields }],
      });
      const found = r.query.projects_all?.find((p) => p.project_id === projectId);
      if (found === undefined) throw new WorkspaceError(`no project '${projectId}'`);
      return found;
    }
    const r = await this.query<{ projects: ProjectRecord | null }>({
      projects: { project_id: projectId, ...fields },
    });
    if (r.query.projects === null || r.query.projects === undefined) {
      throw new WorkspaceError(`no project '${projectId}'`, { requestId: r.id });
    }
    return r.query.projects;
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
    return this.#action(projectId, 'start');
  }

  /** Stops a project, killing its processes (v1 `action_request`, v2 `projects/stop`). @example `await client.stopProject(id)` */
  stopProject(projectId: string): Promise<void> {
    return this.#action(projectId, 'stop');
  }

  async #action(projectId: string, action: 'start' | 'stop'): Promise<void> {
    if ((await this.apiVersion()) === 'v2') {
      // A start may wait for the project (up to 120 s on the platform).
      await this.#call(
        'v2',
        `projects/${action}`,
        { project_id: projectId },
        this.#timeoutMs + 120_000,
      );
      return;
    }
    await this.query({
      projects: {
        project_id: projectId,
        action_request: { action, time: new Date().toISOString() },
      },
    });
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
