import { existsSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ProjectUpgrades } from '../wire/index.js';
import { openStore, type WorkspaceStore } from './store.js';
import {
  startWorkspaceServer,
  type WorkspaceServer,
  type WorkspaceServerOptions,
} from './server.js';

/**
 * The file in a data directory that holds the bootstrap account's API key (mode 0600).
 *
 * @example
 * ```ts
 * readFileSync(join(dataDir, KEY_FILE), 'utf8').trim(); // the API key
 * ```
 */
export const KEY_FILE = 'api-key';

/**
 * The per-user default data directory: `$XDG_DATA_HOME/luau-fuzz/workspace`, else
 * `~/.local/share/luau-fuzz/workspace`.
 *
 * @example
 * ```ts
 * const server = await startWorkspaceServer({ dataDir: defaultDataDir() });
 * ```
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_DATA_HOME !== undefined && env.XDG_DATA_HOME !== ''
      ? env.XDG_DATA_HOME
      : join(homedir(), '.local', 'share');
  return join(base, 'luau-fuzz', 'workspace');
}

/**
 * What the bootstrap account (the operator's own) may grant as upgrades over all its
 * projects; accounts made later have no allowance until one is set
 * (`luau-fuzz workspace set-allowance`).
 *
 * @example
 * ```ts
 * LOCAL_ALLOWANCE.memory; // 64000 (MB)
 * ```
 */
export const LOCAL_ALLOWANCE: Readonly<Required<ProjectUpgrades>> = {
  disk_quota: 200_000,
  cores: 64,
  memory: 64_000,
  mintime: 30 * 86_400,
  network: 1,
  cpu_shares: 64 * 256,
  member_host: 1,
};

/** What {@link bootstrapWorkspace} made or found. */
export interface BootstrapResult {
  accountId: string;
  apiKey: string;
  /** Where the key is saved. */
  keyFile: string;
  /** The bootstrap account's projects, oldest first (at least as many as asked for). */
  projectIds: string[];
  /** Whether the account was created now. */
  created: boolean;
}

/**
 * Creates, on first use, an account, an API key (saved in `<dataDir>/api-key`, mode 0600)
 * and projects; later calls reuse them and add projects only when more are asked for.
 *
 * @example
 * ```ts
 * const { apiKey, projectIds } = bootstrapWorkspace('/tmp/ws', 2);
 * ```
 */
export function bootstrapWorkspace(dataDir: string, projects = 1): BootstrapResult {
  const store = openStore(dataDir);
  try {
    return bootstrapStore(store, dataDir, projects);
  } finally {
    store.close();
  }
}

/** {@link bootstrapWorkspace} on an open store (the server's, once it holds the lock). */
export function bootstrapStore(
  store: WorkspaceStore,
  dataDir: string,
  projects: number,
): BootstrapResult {
  const keyFile = join(dataDir, KEY_FILE);
  let accountId = store.getMeta('bootstrap_account');
  let apiKey = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined;
  let created = false;
  if (accountId === undefined || store.getAccount(accountId) === undefined) {
    const made = store.createAccount({ name: 'local' });
    accountId = made.accountId;
    apiKey = made.apiKey;
    store.setMeta('bootstrap_account', accountId);
    created = true;
  } else if (apiKey === undefined || store.authenticate(apiKey) !== accountId) {
    apiKey = store.createApiKey(accountId);
  }
  if (!store.hasAllowance(accountId)) store.setAllowance(accountId, LOCAL_ALLOWANCE);
  writeFileSync(keyFile, `${apiKey}\n`, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  const own = store
    .listAllProjects()
    .filter((p) => p.users[accountId as string]?.group === 'owner');
  const projectIds = own.map((p) => p.project_id);
  while (projectIds.length < projects) {
    projectIds.push(
      store.createProject({ owner: accountId, title: `project ${projectIds.length + 1}` }),
    );
  }
  return { accountId, apiKey: apiKey as string, keyFile, projectIds, created };
}

/** Options of {@link startEmbeddedWorkspace}: the server's, plus how many projects to have. */
export interface EmbeddedWorkspaceOptions extends WorkspaceServerOptions {
  /** Projects the bootstrap account should own. Default 1. */
  projects?: number;
}

/** A running embedded workspace with its credentials. */
export interface EmbeddedWorkspace extends WorkspaceServer {
  apiKey: string;
  accountId: string;
  keyFile: string;
  /** The first `projects` project ids of the bootstrap account. */
  projectIds: string[];
}

/**
 * Bootstraps a data directory (see {@link bootstrapWorkspace}) and starts the server on it:
 * what the campaign runner and `luau-fuzz serve` use.
 *
 * @example
 * ```ts
 * const ws = await startEmbeddedWorkspace({ dataDir: '/tmp/ws', projects: 2 });
 * const client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
 * await ws.close();
 * ```
 */
export async function startEmbeddedWorkspace(
  opts: EmbeddedWorkspaceOptions,
): Promise<EmbeddedWorkspace> {
  const count = opts.projects ?? 1;
  let boot: BootstrapResult | undefined;
  // Bootstrapping happens under the server's lock: a refused second server changes nothing.
  const server = await startWorkspaceServer({
    ...opts,
    setup: (store) => {
      boot = bootstrapStore(store, opts.dataDir, count);
      opts.setup?.(store);
    },
  });
  if (boot === undefined) throw new Error('the workspace was not bootstrapped');
  return {
    baseUrl: server.baseUrl,
    apiKey: boot.apiKey,
    accountId: boot.accountId,
    keyFile: boot.keyFile,
    projectIds: boot.projectIds.slice(0, count),
    sandbox: server.sandbox,
    cgroups: server.cgroups,
    warnings: server.warnings,
    close: () => server.close(),
  };
}
