import { buildApp } from './app.js';
import { ProjectManager } from './project-manager.js';
import { DEFAULT_QUOTAS, type ProjectQuotas } from './quotas.js';
import { probeSandbox, type SandboxCapabilities } from './sandbox.js';
import { openStore, type WorkspaceStore } from './store.js';
import { lockDataDir } from './data-lock.js';

/** Options of {@link startWorkspaceServer}. */
export interface WorkspaceServerOptions {
  /** Data directory: database, project homes, key file. Required. */
  dataDir: string;
  /** Address to listen on. Default `127.0.0.1`; anything else only when given explicitly. */
  host?: string;
  /** Port; default 0 (an ephemeral port). */
  port?: number;
  /** Largest request body in bytes. Default 500 000. */
  bodyLimit?: number;
  /** Base quotas of projects without upgrades. Default: the platform's (memory 1000 MB, …). */
  quotas?: Partial<ProjectQuotas>;
  /** Largest `timeout` of `project_exec` in seconds (also what `timeout: 0` means). Default 3600. */
  maxTimeout?: number;
  /** Characters kept of each output stream without `max_output`. Default 16 000 000. */
  outputCap?: number;
  /** Simulated project start time in ms (for testing clients' retries). Default 0. */
  startDelayMs?: number;
  /** How long an exec waits for a starting project before a timeout error. Default 5000. */
  startWaitMs?: number;
  /**
   * Network isolation of projects without the `network` upgrade: `auto` uses a network
   * namespace where the machine allows one and runs commands with the host's network
   * otherwise; `require` refuses to start without one; `off` never uses one. Default `auto`.
   */
  networkIsolation?: 'auto' | 'require' | 'off';
  /** Interval of memory polling in ms. Default 250. */
  memoryPollMs?: number;
  /** API versions served: `v1` (the seed's), `v2` (the live service's) or `both`. Default `both`. */
  api?: 'v1' | 'v2' | 'both';
  /** Largest v2 request body in bytes. Default 1 048 576 (the platform's 1 MB). */
  v2BodyLimit?: number;
  /** v2: how long a blocking exec or an `async_await` poll may take, in ms (the platform's hub: 60 000). */
  hubTimeoutMs?: number;
  /** Log requests (Fastify's logger) to stdout. Default false. */
  logger?: boolean;
}

/** A running workspace server. */
export interface WorkspaceServer {
  /** `http://host:port` (without `/api/v1`). */
  baseUrl: string;
  /** What the sandbox can do on this machine. */
  sandbox: SandboxCapabilities;
  /** Stops the server: kills every project's processes, closes the database. */
  close(): Promise<void>;
}

/**
 * Starts the embedded workspace server on a data directory.
 *
 * @example
 * ```ts
 * const server = await startWorkspaceServer({ dataDir: '/tmp/ws' });
 * console.log(server.baseUrl); // http://127.0.0.1:40123
 * await server.close();
 * ```
 */
export async function startWorkspaceServer(opts: WorkspaceServerOptions): Promise<WorkspaceServer> {
  const probed = probeSandbox();
  const isolation = opts.networkIsolation ?? 'auto';
  if (isolation === 'require' && probed.netnsPrefix === null) {
    throw new Error(
      'network isolation is required, but no network namespace can be created on this machine (unshare -n and unshare -rn both fail)',
    );
  }
  const sandbox: SandboxCapabilities =
    isolation === 'off' ? { ...probed, netnsPrefix: null } : probed;
  const releaseLock = lockDataDir(opts.dataDir);
  let store: WorkspaceStore;
  try {
    store = openStore(opts.dataDir);
  } catch (e) {
    releaseLock();
    throw e;
  }
  store.resetStates();
  const projects = new ProjectManager(store, {
    dataDir: opts.dataDir,
    sandbox,
    quotas: { ...DEFAULT_QUOTAS, ...opts.quotas },
    maxTimeout: opts.maxTimeout ?? 3600,
    outputCap: opts.outputCap ?? 16_000_000,
    startDelayMs: opts.startDelayMs ?? 0,
    startWaitMs: opts.startWaitMs ?? 5000,
    memoryPollMs: opts.memoryPollMs ?? 250,
  });
  const app = buildApp({
    store,
    projects,
    bodyLimit: opts.bodyLimit ?? 500_000,
    logger: opts.logger ?? false,
    ...(opts.api === undefined ? {} : { api: opts.api }),
    ...(opts.v2BodyLimit === undefined ? {} : { v2BodyLimit: opts.v2BodyLimit }),
    ...(opts.hubTimeoutMs === undefined ? {} : { hubTimeoutMs: opts.hubTimeoutMs }),
  });
  const host = opts.host ?? '127.0.0.1';
  try {
    await app.listen({ host, port: opts.port ?? 0 });
  } catch (e) {
    projects.close();
    store.close();
    releaseLock();
    throw e;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : opts.port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost}:${port}`,
    sandbox,
    close() {
      closing ??= (async () => {
        projects.close();
        await app.close();
        store.resetStates();
        store.close();
        releaseLock();
      })();
      return closing;
    },
  };
}
