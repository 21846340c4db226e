import { withDefaults } from '../../format/index.js';
import type { ApiVersion } from '../wire/index.js';
import { parseApiChoice, splitBaseUrl } from './api-version.js';
import { ConfigurationError } from './errors.js';
import type { RetryEvent, TransportOptions } from './transport.js';
import type { V2Settings } from './v2-api.js';

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

/** The defaults of the transport's options in {@link WorkspaceClientOptions}. */
const TRANSPORT_DEFAULTS = {
  timeoutMs: 30_000,
  retries: 4,
  startRetries: 8,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8000,
};

/** The defaults of v2's options in {@link WorkspaceClientOptions}. */
const V2_DEFAULTS: V2Settings = { blockingLimitSeconds: 55, pollIntervalMs: 250 };

/** {@link WorkspaceClientOptions} with the environment read and defaults applied. */
export interface ClientSettings {
  transport: TransportOptions;
  /** The version chosen, or undefined for a probe. */
  version: ApiVersion | undefined;
  v2: V2Settings;
}

/**
 * Reads the client's options and environment; a missing URL or key, or an unknown version,
 * is a {@link ConfigurationError} naming the option and the variable.
 *
 * @example
 * ```ts
 * clientSettings({ baseUrl: 'http://127.0.0.1:8080/api/v2', apiKey }).version; // 'v2'
 * ```
 */
export function clientSettings(options: WorkspaceClientOptions): ClientSettings {
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
  return {
    transport: {
      ...withDefaults(options, TRANSPORT_DEFAULTS),
      baseUrl: base,
      apiKey,
      fetch: options.fetch ?? globalThis.fetch,
      bodyLimit: options.bodyLimit,
      onRetry: options.onRetry,
    },
    version: choice === 'auto' ? named : choice,
    v2: withDefaults(options, V2_DEFAULTS),
  };
}
