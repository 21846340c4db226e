import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Type from 'typebox';
import { parseJson } from '../../format/index.js';
import {
  ProjectUpgrades,
  ProjectUser,
  type ProjectState,
  type PublicPathRecord,
} from '../wire/index.js';
import { migrate } from './migrations.js';

/** A project row as stored. */
export interface StoredProject {
  project_id: string;
  title: string;
  description: string;
  users: Record<string, ProjectUser>;
  state: ProjectState['state'];
  state_time: string;
  action_request: Record<string, unknown> | null;
  created: string;
  last_edited: string;
}

/** An account row as stored (editor settings as set, without defaults). */
export interface StoredAccount {
  account_id: string;
  name: string;
  created: string;
  editor_settings: Record<string, unknown>;
  /** What the account may grant as upgrades, summed over all its projects. */
  allowance: ProjectUpgrades;
}

/** A public path row as stored: what a query reads of it. */
export type StoredPublicPath = PublicPathRecord;

interface ProjectRow {
  project_id: string;
  title: string;
  description: string;
  users: string;
  state: string;
  state_time: string;
  action_request: string | null;
  created: string;
  last_edited: string;
}

/**
 * The name of the database file inside a data directory.
 *
 * @example
 * ```ts
 * new Database(join(dataDir, DATABASE_FILE), { readonly: true });
 * ```
 */
export const DATABASE_FILE = 'workspace.db';

function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

const ProjectUsers = Type.Record(Type.String(), ProjectUser);
const JsonObject = Type.Record(Type.String(), Type.Unknown());

/** A JSON column of one row, as the source of a {@link FormatError}. */
function column(name: string, key: string): string {
  return `${DATABASE_FILE}: ${name} of ${key}`;
}

function toProject(row: ProjectRow): StoredProject {
  return {
    project_id: row.project_id,
    title: row.title,
    description: row.description,
    users: parseJson(row.users, ProjectUsers, column('projects.users', row.project_id)),
    state: row.state as ProjectState['state'],
    state_time: row.state_time,
    action_request:
      row.action_request === null
        ? null
        : parseJson(
            row.action_request,
            JsonObject,
            column('projects.action_request', row.project_id),
          ),
    created: row.created,
    last_edited: row.last_edited,
  };
}

/**
 * The workspace database: accounts, hashed API keys, projects and public paths, in SQLite
 * (WAL journal, `synchronous=FULL`, so a write is on disk before it is acknowledged).
 * Every method is one transaction.
 *
 * @example
 * ```ts
 * const store = openStore('/var/lib/luau-fuzz');
 * const { accountId, apiKey } = store.createAccount({ name: 'ci' });
 * const projectId = store.createProject({ owner: accountId, title: 'fuzz' });
 * store.close();
 * ```
 */
export class WorkspaceStore {
  private readonly db: Database.Database;

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, DATABASE_FILE);
    this.db = new Database(file);
    chmodSync(file, 0o600);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    migrate(this.db);
  }

  /**
   * How the database is kept on disk, as SQLite reports it: the journal mode and the
   * `synchronous` level (2 = FULL: every commit is synced before it is acknowledged).
   *
   * @example
   * ```ts
   * store.durability(); // { journalMode: 'wal', synchronous: 2 }
   * ```
   */
  durability(): { journalMode: string; synchronous: number } {
    return {
      journalMode: String(this.db.pragma('journal_mode', { simple: true })),
      synchronous: Number(this.db.pragma('synchronous', { simple: true })),
    };
  }

  /** Creates an account and its first API key; the key is returned once and stored hashed. */
  createAccount(opts: { name?: string } = {}): { accountId: string; apiKey: string } {
    const accountId = randomUUID();
    const now = new Date().toISOString();
    return this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO accounts (account_id, name, created) VALUES (?, ?, ?)')
        .run(accountId, opts.name ?? '', now);
      return { accountId, apiKey: this.createApiKey(accountId) };
    })();
  }

  /** Issues another API key for an account and returns it (stored only as its sha256). */
  createApiKey(accountId: string): string {
    if (this.getAccount(accountId) === undefined) throw new Error(`no account '${accountId}'`);
    const key = `sk_${randomBytes(32).toString('base64url')}`;
    this.db
      .prepare('INSERT INTO api_keys (key_hash, account_id, created) VALUES (?, ?, ?)')
      .run(hashKey(key), accountId, new Date().toISOString());
    return key;
  }

  /** The account owning `key`, or undefined. */
  authenticate(key: string): string | undefined {
    const hash = hashKey(key);
    const row = this.db
      .prepare('SELECT key_hash, account_id FROM api_keys WHERE key_hash = ?')
      .get(hash) as { key_hash: Buffer; account_id: string } | undefined;
    // Keys are 32 random bytes, so the index lookup reveals nothing useful; the final
    // comparison is still done in constant time.
    if (row === undefined || !timingSafeEqual(row.key_hash, hash)) return undefined;
    return row.account_id;
  }

  getAccount(accountId: string): StoredAccount | undefined {
    const row = this.db.prepare('SELECT * FROM accounts WHERE account_id = ?').get(accountId) as
      | (Omit<StoredAccount, 'editor_settings' | 'allowance'> & {
          editor_settings: string;
          allowance: string | null;
        })
      | undefined;
    if (row === undefined) return undefined;
    return {
      ...row,
      editor_settings: parseJson(
        row.editor_settings,
        JsonObject,
        column('accounts.editor_settings', accountId),
      ),
      allowance: parseJson(
        row.allowance ?? '{}',
        ProjectUpgrades,
        column('accounts.allowance', accountId),
      ),
    };
  }

  /** Whether an account's allowance was ever set. */
  hasAllowance(accountId: string): boolean {
    const row = this.db
      .prepare('SELECT allowance FROM accounts WHERE account_id = ?')
      .get(accountId) as { allowance: string | null } | undefined;
    return row !== undefined && row.allowance !== null;
  }

  /** Sets what an account may grant as upgrades over all its projects. */
  setAllowance(accountId: string, allowance: ProjectUpgrades): void {
    const r = this.db
      .prepare('UPDATE accounts SET allowance = ? WHERE account_id = ?')
      .run(JSON.stringify(allowance), accountId);
    if (r.changes === 0) throw new Error(`no account '${accountId}'`);
  }

  listAccounts(): StoredAccount[] {
    const rows = this.db.prepare('SELECT account_id FROM accounts ORDER BY created').all() as {
      account_id: string;
    }[];
    return rows.map((r) => this.getAccount(r.account_id) as StoredAccount);
  }

  setEditorSettings(accountId: string, settings: Record<string, unknown>): void {
    this.db
      .prepare('UPDATE accounts SET editor_settings = ? WHERE account_id = ?')
      .run(JSON.stringify(settings), accountId);
  }

  /** Creates a project owned by `owner` and returns its id. */
  createProject(opts: { owner: string; title?: string; description?: string }): string {
    if (this.getAccount(opts.owner) === undefined) throw new Error(`no account '${opts.owner}'`);
    const projectId = randomUUID();
    const now = new Date().toISOString();
    this.db
      .prepare(
        `INSERT INTO projects (project_id, title, description, users, state, state_time, created, last_edited)
         VALUES (?, ?, ?, ?, 'stopped', ?, ?, ?)`,
      )
      .run(
        projectId,
        opts.title ?? '',
        opts.description ?? '',
        JSON.stringify({ [opts.owner]: { group: 'owner' } }),
        now,
        now,
        now,
      );
    return projectId;
  }

  getProject(projectId: string): StoredProject | undefined {
    const row = this.db.prepare('SELECT * FROM projects WHERE project_id = ?').get(projectId) as
      ProjectRow | undefined;
    return row === undefined ? undefined : toProject(row);
  }

  /**
   * The projects where `accountId` is owner or collaborator, most recently edited first;
   * with `since`, only those edited at or after it.
   */
  listProjectsOf(accountId: string, since?: string): StoredProject[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM projects
         WHERE json_extract(users, '$."' || ? || '".group') IN ('owner', 'collaborator')
           AND last_edited >= ?
         ORDER BY last_edited DESC`,
      )
      .all(accountId, since ?? '') as ProjectRow[];
    return rows.map(toProject);
  }

  listAllProjects(): StoredProject[] {
    return (this.db.prepare('SELECT * FROM projects ORDER BY created').all() as ProjectRow[]).map(
      toProject,
    );
  }

  /** Writes the given fields of a project. */
  updateProject(
    projectId: string,
    patch: Partial<Omit<StoredProject, 'project_id' | 'created'>>,
  ): void {
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const [k, v] of Object.entries(patch)) {
      sets.push(`${k} = ?`);
      values.push(typeof v === 'object' && v !== null ? JSON.stringify(v) : v);
    }
    if (sets.length === 0) return;
    this.db
      .prepare(`UPDATE projects SET ${sets.join(', ')} WHERE project_id = ?`)
      .run(...values, projectId);
  }

  /** Adds `accountId` to a project as a collaborator (an owner stays owner). */
  addCollaborator(projectId: string, accountId: string): void {
    this.db.transaction(() => {
      const project = this.getProject(projectId);
      if (project === undefined) throw new Error(`no project '${projectId}'`);
      if (this.getAccount(accountId) === undefined) throw new Error(`no account '${accountId}'`);
      const entry = project.users[accountId] ?? {};
      if (entry.group !== 'owner') entry.group = 'collaborator';
      this.updateProject(projectId, { users: { ...project.users, [accountId]: entry } });
    })();
  }

  /** Marks every project stopped: used when a server starts, since no process survives it. */
  resetStates(): void {
    this.db
      .prepare(
        `UPDATE projects SET state = 'stopped', state_time = ? WHERE state <> 'stopped' AND state <> 'archived'`,
      )
      .run(new Date().toISOString());
  }

  upsertPublicPath(p: {
    projectId: string;
    path: string;
    description?: string;
    disabled?: boolean;
  }): string {
    const id = createHash('sha1')
      .update(p.projectId + p.path)
      .digest('hex');
    const now = new Date().toISOString();
    this.db.transaction(() => {
      const old = this.db.prepare('SELECT * FROM public_paths WHERE id = ?').get(id) as
        { description: string; disabled: number } | undefined;
      this.db
        .prepare(
          `INSERT INTO public_paths (id, project_id, path, description, disabled, created, last_edited)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET description = excluded.description,
             disabled = excluded.disabled, last_edited = excluded.last_edited`,
        )
        .run(
          id,
          p.projectId,
          p.path,
          p.description ?? old?.description ?? '',
          (p.disabled ?? old?.disabled === 1) ? 1 : 0,
          now,
          now,
        );
    })();
    return id;
  }

  listPublicPaths(projectId: string): StoredPublicPath[] {
    const rows = this.db
      .prepare('SELECT * FROM public_paths WHERE project_id = ? ORDER BY path')
      .all(projectId) as (Omit<StoredPublicPath, 'disabled'> & { disabled: number })[];
    return rows.map((r) => ({ ...r, disabled: r.disabled === 1 }));
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }

  close(): void {
    this.db.close();
  }
}

/**
 * Opens (creating and migrating when needed) the workspace database of a data directory.
 *
 * @example
 * ```ts
 * const store = openStore(defaultDataDir());
 * console.log(store.listAccounts().length);
 * store.close();
 * ```
 */
export function openStore(dataDir: string): WorkspaceStore {
  return new WorkspaceStore(dataDir);
}
