import type Database from 'better-sqlite3';

/**
 * The schema migrations of the workspace database, in order. Migration N (1-based) brings
 * `PRAGMA user_version` from N-1 to N; applied migrations are never edited, only appended.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: accounts, API keys, projects, public paths, server metadata.
  `
  CREATE TABLE accounts (
    account_id TEXT PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    created TEXT NOT NULL,
    editor_settings TEXT NOT NULL DEFAULT '{}'
  );
  CREATE TABLE api_keys (
    key_hash BLOB PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(account_id),
    created TEXT NOT NULL
  );
  CREATE TABLE projects (
    project_id TEXT PRIMARY KEY,
    title TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    users TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL DEFAULT 'stopped',
    state_time TEXT NOT NULL,
    action_request TEXT,
    created TEXT NOT NULL,
    last_edited TEXT NOT NULL
  );
  CREATE INDEX projects_last_edited ON projects(last_edited);
  CREATE TABLE public_paths (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL REFERENCES projects(project_id),
    path TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    disabled INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    last_edited TEXT NOT NULL
  );
  CREATE INDEX public_paths_project ON public_paths(project_id);
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  // 2: what each account may grant as upgrades over all its projects (NULL: nothing).
  `
  ALTER TABLE accounts ADD COLUMN allowance TEXT;
  `,
];

/**
 * Applies the migrations the database has not had yet, in one write transaction that reads
 * the version again once it holds the lock, so processes opening a fresh database at the
 * same time never apply a migration twice. A database newer than this code is refused.
 *
 * @example
 * ```ts
 * migrate(new Database('workspace.db'));
 * ```
 */
export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `the workspace database has schema version ${current}, newer than this luau-fuzz (${MIGRATIONS.length})`,
    );
  }
  if (current === MIGRATIONS.length) return;
  db.transaction(() => {
    const locked = db.pragma('user_version', { simple: true }) as number;
    for (let v = locked; v < MIGRATIONS.length; v++) {
      db.exec(MIGRATIONS[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    }
  }).immediate();
}
