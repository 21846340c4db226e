import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { withDefaults } from '../../format/index.js';
import { buildApp } from './app.js';
import { ProjectCgroups } from './cgroups.js';
import { ProjectManager } from './project-manager.js';
import { DEFAULT_QUOTAS, type ProjectQuotas } from './quotas.js';
import { canIsolateNetwork, probeSandbox, type SandboxCapabilities } from './sandbox.js';
import { openStore, type WorkspaceStore } from './store.js';
import { lockDataDir } from './data-lock.js';

/**
 * Whether an address only reaches this machine (`localhost`, 127.0.0.0/8, `::1`).
 *
 * @example
 * ```ts
 * isLoopback('0.0.0.0'); // false
 * ```
 */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (h.startsWith('::ffff:')) return h.slice(7).startsWith('127.');
  return false;
}

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
  /**
   * Project isolation: `auto` runs every command in a bubblewrap sandbox where `bwrap`
   * works; `none` never does (every command then sees what the server's user sees).
   */
  sandbox?: 'auto' | 'none';
  /** Serve several accounts without bubblewrap (they can read each other's data). Default false. */
  insecureSharedUser?: boolean;
  /** Per-project memory and process limits through cgroups where one can be made. Default `auto`. */
  cgroups?: 'auto' | 'none';
  /** Processes one project may have at once (with cgroups). Default 1024. */
  maxProcesses?: number;
  /** Listen on a non-loopback address (plain HTTP!). Default false: such a host is refused. */
  allowRemote?: boolean;
  /** JSON characters of output kept per exec, both streams together. Default 4 000 000. */
  execOutputBudget?: number;
  /** Execs running at once per project (default 8) and per account (default 16); more get HTTP 429. */
  maxExecsPerProject?: number;
  maxExecsPerAccount?: number;
  /** Bytes of answers the aggregate cache keeps. Default 32 000 000. */
  aggregateCacheBytes?: number;
  /** Interval of disk usage sampling while commands run, in ms. Default 1000. */
  diskPollMs?: number;
  /** Time to receive a whole request (headers and body), in ms. Default 30 000. */
  requestTimeoutMs?: number;
  /** Time to receive a request's headers, in ms. Default 10 000. */
  headersTimeoutMs?: number;
  /**
   * Host paths every sandboxed command sees read-only at their own place, though the sandbox
   * gives commands a private `/tmp`: the runtimes a campaign names (`luau-cli:path=…`, the
   * executable of a `command:` template) wherever they live. Default none; the operator adds
   * more with `LUAU_FUZZ_READ_ONLY_PATHS` (paths separated by `:`).
   */
  readOnlyPaths?: readonly string[];
  /** Runs with the store once the data directory is locked, before the server listens. */
  setup?: (store: WorkspaceStore) => void;
}

/** A running workspace server. */
export interface WorkspaceServer {
  /** `http://host:port` (without `/api/v1`). */
  baseUrl: string;
  /** What the sandbox can do on this machine (as used: `networkIsolation: off` clears it). */
  sandbox: SandboxCapabilities;
  /** Whether per-project cgroups hold memory and process limits. */
  cgroups: boolean;
  /** What an operator should know: missing isolation, a non-loopback address. */
  warnings: string[];
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
  const host = opts.host ?? '127.0.0.1';
  const warnings = hostWarnings(host, opts);
  // The lock comes before anything touches the data directory.
  const releaseLock = lockDataDir(opts.dataDir);
  let opened: WorkspaceStore | undefined;
  let groups: ProjectCgroups | null = null;
  let made: { store: WorkspaceStore; projects: ProjectManager; cgroups: ProjectCgroups | null };
  try {
    const sandbox = sandboxOf(opts, warnings);
    const store = openStore(opts.dataDir);
    opened = store;
    opts.setup?.(store);
    checkSharedUser(store, sandbox, opts, warnings);
    if (opts.cgroups !== 'none') {
      const id = createHash('sha256').update(realpathSync(opts.dataDir)).digest('hex');
      groups = ProjectCgroups.open(`luau-fuzz-${id.slice(0, 16)}`);
    }
    store.resetStates();
    const projects = projectManagerOf(store, opts, sandbox, groups);
    made = { store, projects, cgroups: groups };
  } catch (e) {
    opened?.close();
    await groups?.close();
    releaseLock();
    throw e;
  }
  const { store, projects, cgroups } = made;
  const app = buildApp({
    store,
    projects,
    bodyLimit: opts.bodyLimit ?? 500_000,
    logger: opts.logger ?? false,
    ...(opts.api === undefined ? {} : { api: opts.api }),
    ...(opts.v2BodyLimit === undefined ? {} : { v2BodyLimit: opts.v2BodyLimit }),
    ...(opts.hubTimeoutMs === undefined ? {} : { hubTimeoutMs: opts.hubTimeoutMs }),
    requestTimeoutMs: opts.requestTimeoutMs ?? 30_000,
    headersTimeoutMs: opts.headersTimeoutMs ?? 10_000,
  });
  try {
    await app.listen({ host, port: opts.port ?? 0 });
  } catch (e) {
    projects.close();
    store.close();
    await cgroups?.close();
    releaseLock();
    throw e;
  }
  return runningServer(app, host, opts.port, { ...made, warnings, releaseLock });
}

/** What an operator should know of the address; a non-loopback one is refused unless allowed. */
function hostWarnings(host: string, opts: WorkspaceServerOptions): string[] {
  const warnings: string[] = [];
  if (!isLoopback(host)) {
    const why = `the API is plain HTTP (keys and outputs travel unencrypted) and commands run as the server's user`;
    if (opts.allowRemote !== true) {
      throw new Error(
        `refusing to listen on ${host}, which is not a loopback address: ${why}; pass --allow-remote (allowRemote) to do it anyway`,
      );
    }
    warnings.push(`listening on ${host}, reachable from other machines: ${why}`);
  }
  return warnings;
}

/** What the sandbox can do here, as network isolation asks (`require` fails where it cannot). */
function sandboxOf(opts: WorkspaceServerOptions, warnings: string[]): SandboxCapabilities {
  const probed = probeSandbox(opts.sandbox ?? 'auto');
  const isolation = opts.networkIsolation ?? 'auto';
  const sandbox: SandboxCapabilities =
    isolation === 'off' ? { ...probed, netnsPrefix: null, bubblewrapNetwork: false } : probed;
  if (isolation === 'require' && !canIsolateNetwork(probed)) {
    throw new Error(
      'network isolation is required, but no network namespace can be created on this machine (bwrap --unshare-net, unshare -n and unshare -rn all fail)',
    );
  }
  if (isolation === 'auto' && !canIsolateNetwork(probed)) {
    warnings.push(
      'no network namespace can be created here: commands of projects without the network upgrade still reach the network',
    );
  }
  return sandbox;
}

/** Without bubblewrap, several accounts are served only when asked for (they see each other). */
function checkSharedUser(
  store: WorkspaceStore,
  sandbox: SandboxCapabilities,
  opts: WorkspaceServerOptions,
  warnings: string[],
): void {
  if (!sandbox.bubblewrap) {
    const accounts = store.listAccounts().length;
    const risk =
      'commands run unsandboxed as the server’s user: any project can read every project, the database and the API key file';
    if (accounts > 1 && opts.insecureSharedUser !== true) {
      throw new Error(
        `bubblewrap (bwrap) ${opts.sandbox === 'none' ? 'is switched off' : 'is not available here (Debian package bubblewrap)'}, so ${risk}; this data directory has ${accounts} accounts: install bubblewrap, or pass --insecure-shared-user to serve them anyway`,
      );
    }
    warnings.push(`bubblewrap (bwrap) is not in use: ${risk}`);
  }
}

/** The defaults of the project manager's options a server is given (see {@link WorkspaceServerOptions}). */
const MANAGER_DEFAULTS = {
  maxTimeout: 3600,
  outputCap: 16_000_000,
  startDelayMs: 0,
  startWaitMs: 5000,
  memoryPollMs: 250,
  execOutputBudget: 4_000_000,
  maxExecsPerProject: 8,
  maxExecsPerAccount: 16,
  aggregateCacheBytes: 32_000_000,
  maxProcesses: 1024,
  diskPollMs: 1000,
};

/** The project manager of the server's options, with their defaults. */
function projectManagerOf(
  store: WorkspaceStore,
  opts: WorkspaceServerOptions,
  sandbox: SandboxCapabilities,
  groups: ProjectCgroups | null,
): ProjectManager {
  return new ProjectManager(store, {
    ...withDefaults(opts, MANAGER_DEFAULTS),
    dataDir: opts.dataDir,
    sandbox,
    quotas: { ...DEFAULT_QUOTAS, ...opts.quotas },
    cgroups: groups,
    readOnlyPaths: [
      ...(opts.readOnlyPaths ?? []),
      ...(process.env.LUAU_FUZZ_READ_ONLY_PATHS ?? '').split(':').filter((p) => p !== ''),
    ],
  });
}

/** The running server of an app that listens: its address, and how to close it all. */
function runningServer(
  app: FastifyInstance,
  host: string,
  port0: number | undefined,
  made: {
    store: WorkspaceStore;
    projects: ProjectManager;
    cgroups: ProjectCgroups | null;
    warnings: string[];
    releaseLock: () => void;
  },
): WorkspaceServer {
  const { projects, store, cgroups, warnings, releaseLock } = made;
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : port0;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost}:${port}`,
    sandbox: projects.options.sandbox,
    cgroups: cgroups !== null,
    warnings,
    close() {
      closing ??= (async () => {
        projects.close();
        await app.close();
        store.resetStates();
        store.close();
        await cgroups?.close();
        releaseLock();
      })();
      return closing;
    },
  };
}
