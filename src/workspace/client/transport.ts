import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { BODY_LIMITS, type ApiVersion } from '../wire/index.js';
import { readAnswer, EXCERPT, type Answer } from './answer.js';
import {
  GatewayError,
  HubTimeoutError,
  NetworkError,
  ProjectStartingError,
  RequestTimeoutError,
  RequestTooLargeError,
  type WorkspaceError,
} from './errors.js';
import { redactor } from './redact.js';

/** A retry the client is about to make, reported to {@link TransportOptions.onRetry}. */
export interface RetryEvent {
  operation: string;
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  /** The failure that is retried (its message never holds the key). */
  error: WorkspaceError;
}

/** Settings of a {@link Transport} (the client's options, defaults applied). */
export interface TransportOptions {
  /** The service's base URL, without `/api/…`. */
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  timeoutMs: number;
  retries: number;
  startRetries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  /** The largest body given by the caller; else the version's. */
  bodyLimit: number | undefined;
  onRetry: ((event: RetryEvent) => void) | undefined;
}

/** The JSON body of a request. */
export type Body = Record<string, unknown>;

const GATEWAY = new Set([502, 503, 504]);

/**
 * Sends requests of either API version: the key in the Basic credentials, body size limits
 * (learnt lower from HTTP 413 answers), a time limit per request, the key redacted from
 * every error, and retries of gateway errors and project starts with exponential backoff
 * and jitter, a bounded number of times; nothing else is retried.
 *
 * @example
 * ```ts
 * const transport = new Transport({ baseUrl, apiKey, fetch, timeoutMs: 30_000, … });
 * const { body } = await transport.call('v1', 'ping', {});
 * ```
 */
export class Transport {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** Removes the key (and its encodings) from text that may come back from a server. */
  readonly redact: (text: string) => string;
  readonly #o: TransportOptions;
  readonly #auth: string;
  /** Below the smallest body a server refused with HTTP 413. */
  #refusedLimit = Infinity;

  constructor(options: TransportOptions) {
    this.#o = options;
    this.baseUrl = options.baseUrl;
    this.timeoutMs = options.timeoutMs;
    this.redact = redactor(options.apiKey);
    this.#auth = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  }

  /**
   * The largest request body sent to `version`, in bytes: the caller's limit or the
   * version's, below any a server refused.
   *
   * @example
   * ```ts
   * transport.bodyLimit('v1'); // 102400 until a server refuses less
   * ```
   */
  bodyLimit(version: ApiVersion): number {
    return Math.min(this.#o.bodyLimit ?? BODY_LIMITS[version], this.#refusedLimit);
  }

  /**
   * Sends `POST /api/<version>/<operation>` and returns its parsed answer; throws typed
   * errors. v1 echoes (and requires room for) a request id; v2 has none, so it stays
   * client-side. `retryHubTimeouts: false` leaves a hub timeout to the caller (a poll).
   *
   * @example
   * ```ts
   * const { body, date } = await transport.call('v2', 'user-query', { query });
   * ```
   */
  async call(
    version: ApiVersion,
    operation: string,
    body: Body,
    timeoutMs = this.timeoutMs,
    retryHubTimeouts = true,
  ): Promise<Answer> {
    const id = typeof body.id === 'string' ? body.id : randomUUID();
    const payload = JSON.stringify(version === 'v1' ? { ...body, id } : body);
    const size = Buffer.byteLength(payload);
    const limit = this.bodyLimit(version);
    if (size > limit) throw new RequestTooLargeError(size, limit, { requestId: id });
    let gatewayTries = 0;
    let startTries = 0;
    for (;;) {
      try {
        return await this.#once(version, operation, payload, id, timeoutMs);
      } catch (e) {
        let attempt: number | undefined;
        if (e instanceof GatewayError && gatewayTries < this.#o.retries) attempt = ++gatewayTries;
        else if (
          e instanceof ProjectStartingError &&
          (retryHubTimeouts || !(e instanceof HubTimeoutError)) &&
          startTries < this.#o.startRetries
        )
          attempt = ++startTries;
        if (attempt === undefined) throw e;
        const delayMs = this.#delay(attempt, e instanceof GatewayError ? e.retryAfter : null);
        this.#o.onRetry?.({ operation, attempt, delayMs, error: e as WorkspaceError });
        await sleep(delayMs);
      }
    }
  }

  #delay(attempt: number, retryAfter: string | null): number {
    const max = this.#o.retryMaxDelayMs;
    const exp = Math.min(max, this.#o.retryBaseDelayMs * 2 ** (attempt - 1));
    // "Equal jitter": half fixed, half random, so retries spread but never collapse to 0.
    let d = exp / 2 + Math.random() * (exp / 2);
    const ra = retryAfter === null ? NaN : Number(retryAfter);
    if (Number.isFinite(ra) && ra >= 0) d = Math.max(d, Math.min(ra * 1000, max));
    return Math.round(d);
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
      res = await this.#o.fetch(url, {
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
      throw new NetworkError(`${operation}: cannot reach ${this.baseUrl}: ${this.redact(reason)}`, {
        requestId: id,
      });
    }
    if (GATEWAY.has(res.status) || res.status === 413) {
      const excerpt = this.redact(text.slice(0, EXCERPT));
      const flat = excerpt.replace(/\s+/g, ' ').trim();
      if (res.status !== 413) {
        throw new GatewayError(
          `HTTP ${res.status} ${res.statusText} from ${operation}: ${flat}`,
          excerpt,
          { requestId: id, status: res.status },
          res.headers.get('retry-after'),
        );
      }
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
    return readAnswer(res, text, { version, operation, id, redact: this.redact });
  }
}
