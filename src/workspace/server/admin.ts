import { UPGRADE_FIELDS, type ProjectUpgrades } from '../wire/index.js';
import { openStore, type StoredAccount, type StoredProject } from './store.js';

/**
 * Creates an account in a data directory and returns its id and API key (the key is shown
 * only now; the database keeps its hash).
 *
 * @example
 * ```ts
 * const { accountId, apiKey } = adminCreateAccount('/tmp/ws', { name: 'alice' });
 * ```
 */
export function adminCreateAccount(
  dataDir: string,
  opts: { name?: string } = {},
): { accountId: string; apiKey: string } {
  const store = openStore(dataDir);
  try {
    return store.createAccount(opts);
  } finally {
    store.close();
  }
}

/**
 * Creates a project owned by an account and returns its id.
 *
 * @example
 * ```ts
 * const projectId = adminCreateProject('/tmp/ws', { owner: accountId, title: 'fuzz' });
 * ```
 */
export function adminCreateProject(
  dataDir: string,
  opts: { owner: string; title?: string; description?: string },
): string {
  const store = openStore(dataDir);
  try {
    return store.createProject(opts);
  } finally {
    store.close();
  }
}

/**
 * Adds an account to a project as a collaborator.
 *
 * @example
 * ```ts
 * adminAddCollaborator('/tmp/ws', projectId, bobId);
 * ```
 */
export function adminAddCollaborator(dataDir: string, projectId: string, accountId: string): void {
  const store = openStore(dataDir);
  try {
    store.addCollaborator(projectId, accountId);
  } finally {
    store.close();
  }
}

/**
 * Sets what an account may grant as upgrades, summed over all its projects (a user can
 * give their projects upgrades only from this allowance). Unknown fields and negative or
 * non-finite amounts are refused, naming the field.
 *
 * @example
 * ```ts
 * adminSetAllowance('/tmp/ws', bobId, { memory: 4000, disk_quota: 10_000, network: 1 });
 * ```
 */
export function adminSetAllowance(
  dataDir: string,
  accountId: string,
  allowance: ProjectUpgrades,
): void {
  for (const [k, v] of Object.entries(allowance)) {
    if (!(UPGRADE_FIELDS as readonly string[]).includes(k)) {
      throw new Error(`allowance field '${k}' is not an upgrade (${UPGRADE_FIELDS.join(', ')})`);
    }
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw new Error(`allowance field '${k}' must be a non-negative number`);
    }
  }
  const store = openStore(dataDir);
  try {
    store.setAllowance(accountId, allowance);
  } finally {
    store.close();
  }
}

/**
 * Lists the accounts and projects of a data directory.
 *
 * @example
 * ```ts
 * const { accounts, projects } = adminList('/tmp/ws');
 * ```
 */
export function adminList(dataDir: string): {
  accounts: StoredAccount[];
  projects: StoredProject[];
} {
  const store = openStore(dataDir);
  try {
    return { accounts: store.listAccounts(), projects: store.listAllProjects() };
  } finally {
    store.close();
  }
}
