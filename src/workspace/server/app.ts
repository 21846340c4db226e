import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import type { ExecOutcome } from './exec-outcome.js';
import type { ProjectManager } from './project-manager.js';
import { runQuery } from './query/index.js';
import { FIELD_KINDS } from './schemas.js';
import type { WorkspaceStore } from './store.js';
import {
  v1Errors,
  BODY_LIMITS,
  DEFAULT_EXEC_TIMEOUTS,
  ExecRequest,
  HUB_LIMIT_MS,
  PingRequest,
  QueryRequest,
  type ErrorResponse,
  type ExecResponse,
  type PongResponse,
  type QueryResponse,
} from '../wire/index.js';
import { registerV2 } from './v2/routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId?: string;
  }
}

const OPERATIONS = new Set(['ping', 'query', 'project_exec']);
const FORM = 'application/x-www-form-urlencoded';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns the first schema error into the notes' wording, naming the field. */
function validationMessage(errors: readonly AjvError[]): string {
  const e = errors[0];
  if (e === undefined) return 'invalid request';
  if (e.keyword === 'additionalProperties') {
    return v1Errors.unexpectedArgument.text(String(e.params.additionalProperty));
  }
  if (e.keyword === 'required')
    return v1Errors.mustBeSpecified.text(String(e.params.missingProperty));
  const field = e.instancePath.slice(1).replace(/\//g, '.');
  if (field === '') return 'the request body must be an object';
  return v1Errors.badProperty.text(field, e.message ?? 'is invalid');
}

function requestId(req: FastifyRequest): string {
  const body = req.body as Record<string, unknown> | undefined;
  const id = typeof body === 'object' && body !== null ? body.id : undefined;
  return typeof id === 'string' && id !== '' && id.length <= 256 ? id : randomUUID();
}

const MAX_DEPTH = 64;

/** Whether a parsed body nests objects or arrays deeper than `max` (checked without recursion). */
function tooDeep(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (typeof v !== 'object' || v === null) continue;
    if (d >= max) return true;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}

/** `Basic base64(key:)` (the key is the text before the first `:`) or `Bearer key`. */
export function keyFromHeader(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const m = /^\s*(basic|bearer)\s+(\S+)\s*$/i.exec(header);
  if (m === null) return undefined;
  if ((m[1] as string).toLowerCase() === 'bearer') return m[2];
  const decoded = Buffer.from(m[2] as string, 'base64').toString('utf8');
  const key = decoded.split(':')[0] ?? '';
  return key === '' ? undefined : key;
}

/** Options of {@link buildApp}. */
export interface AppOptions {
  store: WorkspaceStore;
  projects: ProjectManager;
  bodyLimit: number;
  logger: boolean;
  /** Which API versions to serve. Default `both`. */
  api?: 'v1' | 'v2' | 'both';
  /** Largest v2 request body in bytes. Default 1 048 576 (the platform's 1 MB). */
  v2BodyLimit?: number;
  /** v2: the hub's limit on one call to a project, in ms. Default 60 000. */
  hubTimeoutMs?: number;
  /** Time to receive a whole request, and its headers, in ms (slow senders get HTTP 408). */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
}

/**
 * The JSON body and HTTP status of an exec outcome: output as `project_exec_output`, the
 * platform's errors with 200, what the server refuses with the outcome's status (400, 429).
 * Shared by every route that runs commands.
 *
 * @example
 * ```ts
 * const [status, body] = execAnswer(await projects.exec(params, accountId), id);
 * return reply.code(status).send(body);
 * ```
 */
export function execAnswer(
  outcome: ExecOutcome,
  id: string,
): [number, ExecResponse | ErrorResponse] {
  if (!outcome.ok) return [outcome.status, { event: 'error', id, error: outcome.error }];
  return [
    200,
    {
      event: 'project_exec_output',
      id,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      exit_code: outcome.exit_code,
    },
  ];
}

/**
 * The Fastify application of the workspace API: `POST /api/v1/{ping,query,project_exec}`
 * with JSON or form bodies, Basic/Bearer key authentication and JSON errors everywhere.
 *
 * @example
 * ```ts
 * const app = buildApp({ store, projects, bodyLimit: 500_000, logger: false });
 * await app.listen({ host: '127.0.0.1', port: 0 });
 * ```
 */
export function buildApp(opts: AppOptions): FastifyInstance {
  const api = opts.api ?? 'both';
  // v2 routes do their own authentication and parsing (HTTP 200 errors, no 401).
  const isV2 = (req: FastifyRequest): boolean => api !== 'v1' && req.url.startsWith('/api/v2/');
  const app = Fastify({
    bodyLimit: opts.bodyLimit,
    logger: opts.logger,
    // A body or headers sent a byte at a time cannot hold a socket for ever: Node answers
    // 408 (through clientErrorHandler) once the request is not complete in time.
    requestTimeout: opts.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(opts.headersTimeoutMs, opts.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(50, Math.min(1000, opts.requestTimeoutMs / 4)),
    },
    ajv: {
      customOptions: {
        allowUnionTypes: true,
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: false,
        allErrors: false,
      },
    },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    // Requests the HTTP parser cannot read still get a JSON error of the API's shape.
    clientErrorHandler: answerClientError,
  });
  // Bodies are JSON or form-encoded, nothing else.
  app.removeContentTypeParser('text/plain');
  void app.register(formbody, { bodyLimit: opts.bodyLimit });

  addV1Authentication(app, opts, isV2);
  addBodyNormalization(app, isV2);
  addErrorHandlers(app, opts);

  if (api !== 'v1') {
    void app.register(
      (v2) =>
        registerV2(v2, {
          store: opts.store,
          projects: opts.projects,
          accountOf: (req) => {
            const key = keyFromHeader(req.headers.authorization);
            return key === undefined ? undefined : opts.store.authenticate(key);
          },
          bodyLimit: opts.v2BodyLimit ?? BODY_LIMITS.v2,
          hubTimeoutMs: opts.hubTimeoutMs ?? HUB_LIMIT_MS,
        }),
      { prefix: '/api/v2' },
    );
  }
  // `--api v2`: no v1 routes; a v1 URL is a 404, as on the live service.
  if (api === 'v2') return app;

  addV1Routes(app, opts);
  return app;
}

/** A JSON error of the API's shape, written to the socket of a request the HTTP parser cannot read. */
function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'the request was not received in time']
        : [400, 'Bad Request', `malformed HTTP request (${err.code ?? 'parse error'})`];
  const body = JSON.stringify({ event: 'error', id: randomUUID(), error: message });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** v1 requests carry a key (Basic or Bearer): without a valid one, 401 and no handler runs. */
function addV1Authentication(
  app: FastifyInstance,
  opts: AppOptions,
  isV2: (req: FastifyRequest) => boolean,
): void {
  const api = opts.api ?? 'both';
  app.addHook('onRequest', async (req, reply) => {
    if (api === 'v2' || isV2(req)) return;
    const key = keyFromHeader(req.headers.authorization);
    const accountId = key === undefined ? undefined : opts.store.authenticate(key);
    if (accountId === undefined) {
      return reply
        .code(401)
        .header('www-authenticate', 'Basic realm="workspace", charset="UTF-8"')
        .send({
          event: 'error',
          id: randomUUID(),
          error: key === undefined ? v1Errors.noAuth.text : v1Errors.badKey.text,
        });
    }
    req.accountId = accountId;
  });
}

/** Normalizes request bodies before schema validation (see the comment inside). */
function addBodyNormalization(app: FastifyInstance, isV2: (req: FastifyRequest) => boolean): void {
  // Before schema validation: a JSON null takes the default; form values are strings, so
  // booleans (true/false/1/0) and decimal numbers are parsed, and JSON-only fields refused.
  app.addHook('preValidation', async (req) => {
    if (isV2(req)) {
      // v2 takes bodies as they come, but a nesting no query needs is refused all the same.
      if (tooDeep(req.body, MAX_DEPTH)) {
        throw new ApiError(v1Errors.bodyTooDeep.text(MAX_DEPTH), 400);
      }
      return;
    }
    if (req.body === undefined || req.body === null) req.body = {};
    const body = req.body;
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError(v1Errors.bodyNotObject.text, 400);
    }
    if (tooDeep(body, MAX_DEPTH)) {
      throw new ApiError(v1Errors.bodyTooDeep.text(MAX_DEPTH), 400);
    }
    const b = body as Record<string, unknown>;
    for (const k of Object.keys(b)) if (b[k] === null) delete b[k];
    const isForm = (req.headers['content-type'] ?? '').toLowerCase().startsWith(FORM);
    if (!isForm) return;
    for (const [k, v] of Object.entries(b)) {
      const kind = FIELD_KINDS[k];
      if (kind === undefined || typeof v !== 'string') continue;
      if (kind === 'json')
        throw new ApiError(v1Errors.badProperty.text(k, 'needs a JSON body'), 400);
      if (kind === 'boolean') {
        if (v === 'true' || v === '1') b[k] = true;
        else if (v === 'false' || v === '0') b[k] = false;
      } else if (/^-?\d+(\.\d+)?$/.test(v)) {
        b[k] = Number(v);
      }
    }
  });
}

/** Every error and unknown route answered as JSON of the API's shape. */
function addErrorHandlers(app: FastifyInstance, opts: AppOptions): void {
  app.setErrorHandler((error, req, reply) => {
    const id = requestId(req);
    const e = error as {
      validation?: AjvError[];
      statusCode?: number;
      message: string;
      code?: string;
    };
    if (e.validation !== undefined) {
      return reply.code(400).send({ event: 'error', id, error: validationMessage(e.validation) });
    }
    if (error instanceof ApiError) {
      return reply.code(error.status).send({ event: 'error', id, error: error.message });
    }
    const status = e.statusCode ?? 500;
    if (status >= 500) {
      req.log.error(error);
      return reply.code(500).send({ event: 'error', id, error: 'internal server error' });
    }
    let message = e.message;
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      message = v1Errors.bodyTooLarge.text(opts.bodyLimit);
    } else if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      message = v1Errors.contentType.text(req.headers['content-type'] ?? '', FORM);
    }
    return reply.code(status).send({ event: 'error', id, error: message });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = (req.url.split('?')[0] ?? '').replace(/\/+$/, '');
    const op = path.slice(path.lastIndexOf('/') + 1);
    if (req.method !== 'POST' && OPERATIONS.has(op) && path === `/api/v1/${op}`) {
      return reply
        .code(405)
        .header('allow', 'POST')
        .send({ event: 'error', id: randomUUID(), error: v1Errors.usePost.text(op) });
    }
    return reply
      .code(404)
      .send({ event: 'error', id: randomUUID(), error: v1Errors.unknownEndpoint.text(op) });
  });
}

/** The v1 routes: `ping`, `query` and (through {@link addV1ExecRoute}) `project_exec`. */
function addV1Routes(app: FastifyInstance, opts: AppOptions): void {
  app.post(
    '/api/v1/ping',
    { schema: { body: PingRequest } },
    async (req): Promise<PongResponse> => ({
      event: 'pong',
      id: requestId(req),
      now: new Date().toISOString(),
    }),
  );

  // The bodies are validated with their schemas before a handler runs.
  app.post<{ Body: QueryRequest }>(
    '/api/v1/query',
    { schema: { body: QueryRequest } },
    async (req) => {
      const id = requestId(req);
      const b = req.body;
      try {
        if (b.multi_response === true) throw new ApiError(v1Errors.multiResponse.text);
        const query = await runQuery(
          { accountId: req.accountId as string, store: opts.store, projects: opts.projects },
          b.query,
          b.options,
        );
        return { event: 'query', id, query, multi_response: false } satisfies QueryResponse;
      } catch (e) {
        if (e instanceof ApiError && e.status === 200)
          return { event: 'error', id, error: e.message } satisfies ErrorResponse;
        throw e;
      }
    },
  );

  addV1ExecRoute(app, opts);
}

/** `project_exec`: a command run in a project the account may write to. */
function addV1ExecRoute(app: FastifyInstance, opts: AppOptions): void {
  app.post<{ Body: ExecRequest }>(
    '/api/v1/project_exec',
    { schema: { body: ExecRequest } },
    async (req, reply) => {
      const id = requestId(req);
      const b = req.body;
      const project = opts.store.getProject(b.project_id);
      const group = project?.users[req.accountId as string]?.group;
      if (group !== 'owner' && group !== 'collaborator') {
        return { event: 'error', id, error: v1Errors.noWriteAccess.text };
      }
      const outcome = await opts.projects.exec(
        {
          project_id: b.project_id,
          path: b.path ?? '',
          command: b.command,
          args: b.args ?? [],
          timeout: b.timeout ?? DEFAULT_EXEC_TIMEOUTS.v1,
          max_output: b.max_output,
          bash: b.bash ?? false,
          err_on_exit: b.err_on_exit ?? true,
          aggregate: b.aggregate,
        },
        req.accountId as string,
      );
      const [status, body] = execAnswer(outcome, id);
      if (status === 429) void reply.header('retry-after', '1');
      return reply.code(status).send(body);
    },
  );
}
