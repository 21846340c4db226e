import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { FormatError } from '../../src/format/index.js';
import { DATABASE_FILE, openStore } from '../../src/workspace/server/index.js';

const dataDir = mkdtempSync(join(tmpdir(), 'luau-fuzz-store-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('WorkspaceStore JSON columns', () => {
  it('names the database, the column, the row and the field of a foreign value', () => {
    const store = openStore(dataDir);
    const { accountId } = store.createAccount({ name: 'owner' });
    const projectId = store.createProject({ owner: accountId, title: 't' });
    store.close();
    const db = new Database(join(dataDir, DATABASE_FILE));
    const users = JSON.stringify({ [accountId]: { group: 'admin' } });
    db.prepare('UPDATE projects SET users = ? WHERE project_id = ?').run(users, projectId);
    db.close();
    const again = openStore(dataDir);
    try {
      const e = (() => {
        try {
          return again.getProject(projectId);
        } catch (x) {
          return x;
        }
      })();
      expect(e).toBeInstanceOf(FormatError);
      expect((e as FormatError).message).toBe(
        `${DATABASE_FILE}: projects.users of ${projectId}: field '${accountId}.group' must be "owner" or "collaborator"`,
      );
    } finally {
      again.close();
    }
  });
});
