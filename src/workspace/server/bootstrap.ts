import { existsSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { SandboxCapabilities } from './sandbox.js';
import { openStore } from './store.js';
import { startWorkspaceServer, type WorkspaceServerOptions } from './server.js';

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
  } finally {
    store.close();
  }
}

/** Options of {@link startEmbeddedWorkspace}: the server's, plus how many projects to have. */
export interface EmbeddedWorkspaceOptions extends WorkspaceServerOptions {
  /** Projects the bootstrap account should own. Default 1. */
  projects?: number;
}

/** A running embedded workspace with its credentials. */
export interface EmbeddedWorkspace {
  baseUrl: string;
  apiKey: string;
  accountId: string;
  keyFile: string;
  /** The first `projects` project ids of the bootstrap account. */
  projectIds: string[];
  /** What the sandbox can do on this machine. */
  sandbox: SandboxCapabilities;
  close(): Promise<void>;
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
  const boot = bootstrapWorkspace(opts.dataDir, count);
  const server = await startWorkspaceServer(opts);
  return {
    baseUrl: server.baseUrl,
    apiKey: boot.apiKey,
    accountId: boot.accountId,
    keyFile: boot.keyFile,
    projectIds: boot.projectIds.slice(0, count),
    sandbox: server.sandbox,
    close: () => server.close(),
  };
}
