import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EDITOR_SETTINGS } from '../../src/workspace/client/index.js';
import { adminCreateProject, openStore } from '../../src/workspace/server/index.js';
import { startTestWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await startTestWorkspace();
});
afterAll(async () => {
  await ws.dispose();
});

async function query(q: unknown, extra: Record<string, unknown> = {}) {
  const r = await ws.post('query', { query: q, ...extra });
  return r.json as {
    event: string;
    query?: Record<string, unknown>;
    error?: string;
    multi_response?: boolean;
  };
}

describe('query get', () => {
  it('replaces nulls of an object-form get with the stored values', async () => {
    const r = await query({ projects: { project_id: ws.projectId, title: null, users: null } });
    expect(r.event).toBe('query');
    expect(r.multi_response).toBe(false);
    const p = r.query?.projects as {
      project_id: string;
      title: string;
      users: Record<string, unknown>;
    };
    expect(p.project_id).toBe(ws.projectId);
    expect(p.title).toBe('project 1');
    expect(p.users[ws.accountId]).toEqual({ group: 'owner' });
    expect(p.users[ws.collaborator.accountId]).toEqual({ group: 'collaborator' });
  });

  it('detects a get by a null at any depth and returns only the nested fields asked for', async () => {
    const r = await query({
      projects: { project_id: ws.projectId, users: { [ws.accountId]: { group: null } } },
    });
    expect(r.query?.projects).toEqual({
      project_id: ws.projectId,
      users: { [ws.accountId]: { group: 'owner' } },
    });
  });

  it('selects a project by title and description to find its id', async () => {
    const id = adminCreateProject(ws.dataDir, {
      owner: ws.accountId,
      title: 'findme',
      description: 'd1',
    });
    adminCreateProject(ws.dataDir, { owner: ws.accountId, title: 'findme', description: 'd2' });
    const r = await query({ projects: { title: 'findme', description: 'd1', project_id: null } });
    expect(r.query?.projects).toEqual({ title: 'findme', description: 'd1', project_id: id });
  });

  it('lists projects as an array, projects_all including those idle for over three weeks', async () => {
    const old = adminCreateProject(ws.dataDir, { owner: ws.accountId, title: 'old' });
    const store = openStore(ws.dataDir);
    store.updateProject(old, {
      last_edited: new Date(Date.now() - 22 * 24 * 3600 * 1000).toISOString(),
    });
    store.close();
    const recent = await query({ projects: [{ project_id: null, title: null }] });
    const all = await query({ projects_all: [{ project_id: null, title: null }] });
    const ids = (x: unknown) => (x as { project_id: string }[]).map((p) => p.project_id);
    expect(ids(recent.query?.projects)).toContain(ws.projectId);
    expect(ids(recent.query?.projects)).not.toContain(old);
    expect(ids(all.query?.projects_all)).toContain(old);
    expect(ids(all.query?.projects_all)).toContain(ws.projectId);
  });

  it('applies the limit and order_by options', async () => {
    const r = await query(
      { projects_all: [{ project_id: null, title: null }] },
      {
        options: [{ order_by: '-title' }, { limit: 2 }],
      },
    );
    const titles = (r.query?.projects_all as { title: string }[]).map((p) => p.title);
    expect(titles).toHaveLength(2);
    expect([...titles].sort().reverse()).toEqual(titles);
  });

  it('names an unknown option and refuses multi_response', async () => {
    expect(
      (await query({ projects_all: [{ title: null }] }, { options: [{ frob: 1 }] })).error,
    ).toBe("unknown option 'frob'");
    const m = await query({ projects_all: [{ title: null }] }, { multi_response: true });
    expect(m).toMatchObject({ event: 'error', error: "multi_response queries aren't supported" });
  });

  it('requires exactly one table key', async () => {
    expect((await query({})).error).toBe('must specify exactly one key in the query');
    expect((await query({ projects: { title: null }, accounts: { account_id: null } })).error).toBe(
      'must specify exactly one key in the query',
    );
  });

  it('returns the caller’s own account with default editor settings, forcing account_id', async () => {
    const r = await query({
      accounts: { account_id: ws.stranger.accountId, editor_settings: null },
    });
    expect(r.query?.accounts).toEqual({
      account_id: ws.accountId,
      editor_settings: DEFAULT_EDITOR_SETTINGS,
    });
  });
});

describe('query set', () => {
  it('sets title and description, returns an empty query, and updates last_edited', async () => {
    const before = (await query({ projects: { project_id: ws.projectId, last_edited: null } }))
      .query?.projects as { last_edited: string };
    await new Promise((r) => setTimeout(r, 5));
    const r = await query({ projects: { project_id: ws.projectId, title: 'T', description: 'D' } });
    expect(r).toMatchObject({ event: 'query', query: {} });
    const after = (
      await query({
        projects: { project_id: ws.projectId, title: null, description: null, last_edited: null },
      })
    ).query?.projects as { title: string; description: string; last_edited: string };
    expect(after.title).toBe('T');
    expect(after.description).toBe('D');
    expect(after.last_edited > before.last_edited).toBe(true);
  });

  it('merges users and upgrades recursively', async () => {
    const me = ws.accountId;
    await query({
      projects: {
        project_id: ws.projectId,
        users: { [me]: { upgrades: { memory: 500, network: 1 } } },
      },
    });
    await query({
      projects: { project_id: ws.projectId, users: { [me]: { upgrades: { cpu_shares: 768 } } } },
    });
    const r = await query({ projects: { project_id: ws.projectId, users: null } });
    const users = (r.query?.projects as { users: Record<string, unknown> }).users;
    expect(users[me]).toEqual({
      group: 'owner',
      upgrades: { memory: 500, network: 1, cpu_shares: 768 },
    });
    expect(users[ws.collaborator.accountId]).toEqual({ group: 'collaborator' });
    await query({
      projects: {
        project_id: ws.projectId,
        users: { [me]: { upgrades: { memory: 0, network: 0, cpu_shares: 0 } } },
      },
    });
  });

  it('refuses fields that are not documented, naming them', async () => {
    expect((await query({ projects: { project_id: ws.projectId, color: 'red' } })).error).toBe(
      'changing projects.color not allowed',
    );
    const me = ws.accountId;
    expect(
      (
        await query({
          projects: { project_id: ws.projectId, users: { [me]: { upgrades: { gpus: 1 } } } },
        })
      ).error,
    ).toBe(`changing projects.users.${me}.upgrades.gpus not allowed`);
    expect(
      (await query({ projects: { project_id: ws.projectId, users: { bob: { group: 'owner' } } } }))
        .error,
    ).toBe("projects.users key 'bob' must be an account UUID");
  });

  it('merges editor settings and keeps the others', async () => {
    await query({ accounts: { editor_settings: { jupyter_classic: true } } });
    await query({ accounts: { editor_settings: { tab_size: 2 } } });
    const r = await query({ accounts: { editor_settings: null } });
    expect(r.query?.accounts).toEqual({
      editor_settings: { ...DEFAULT_EDITOR_SETTINGS, jupyter_classic: true, tab_size: 2 },
    });
    expect((await query({ accounts: { editor_settings: { tab_size: 'wide' } } })).error).toBe(
      'accounts.editor_settings.tab_size must be an integer',
    );
  });

  it('starts and stops a project through action_request', async () => {
    const id = adminCreateProject(ws.dataDir, { owner: ws.accountId });
    const state = async () =>
      (
        (await query({ projects: { project_id: id, state: null } })).query?.projects as {
          state: { state: string };
        }
      ).state.state;
    expect(await state()).toBe('stopped');
    expect(
      await query({ projects: { project_id: id, action_request: { action: 'start' } } }),
    ).toMatchObject({ query: {} });
    await expect.poll(state).toBe('running');
    await query({ projects: { project_id: id, action_request: { action: 'stop' } } });
    expect(await state()).toBe('stopped');
    expect(
      (await query({ projects: { project_id: id, action_request: { action: 'restart' } } })).error,
    ).toBe("action 'restart' not implemented");
  });

  it('publishes a path and reads it back with its sha1 id', async () => {
    const r = await query({
      public_paths: { project_id: ws.projectId, path: 'out/report.html', description: 'report' },
    });
    expect(r).toMatchObject({ event: 'query', query: {} });
    const { createHash } = await import('node:crypto');
    const got = await query({
      public_paths: [{ project_id: ws.projectId, path: null, description: null, id: null }],
    });
    expect(got.query?.public_paths).toEqual([
      {
        project_id: ws.projectId,
        path: 'out/report.html',
        description: 'report',
        id: createHash('sha1').update(`${ws.projectId}out/report.html`).digest('hex'),
      },
    ]);
  });
});

describe('query access', () => {
  it('lets a collaborator read and change the project', async () => {
    const c = ws.collaborator.client;
    const p = await c.getProject(ws.projectId);
    expect(p.project_id).toBe(ws.projectId);
    await c.setProjectDescription(ws.projectId, 'by collaborator');
    expect((await ws.client.getProject(ws.projectId)).description).toBe('by collaborator');
    expect((await c.listProjects({ all: true })).map((x) => x.project_id)).toEqual([ws.projectId]);
  });

  it('keeps exactly one owner', async () => {
    const other = ws.collaborator.accountId;
    const r = await ws.post('query', {
      query: { projects: { project_id: ws.projectId, users: { [other]: { group: 'owner' } } } },
    });
    expect(r.json?.error).toBe('a project must have exactly one owner');
  });

  it('gives a stranger no read or write access and lists none of the projects', async () => {
    const s = ws.stranger;
    const r = await ws.post(
      'query',
      { query: { projects: { project_id: ws.projectId, title: null } } },
      {
        authorization: `Bearer ${s.apiKey}`,
      },
    );
    expect(r.json).toMatchObject({
      event: 'error',
      error: 'you do not have read access to this project',
    });
    const w = await ws.post(
      'query',
      { query: { projects: { project_id: ws.projectId, title: 'x' } } },
      {
        authorization: `Bearer ${s.apiKey}`,
      },
    );
    expect(w.json?.error).toBe('you do not have write access to this project');
    expect(await s.client.listProjects({ all: true })).toEqual([]);
    const pp = await ws.post(
      'query',
      { query: { public_paths: [{ project_id: ws.projectId, path: null }] } },
      {
        authorization: `Bearer ${s.apiKey}`,
      },
    );
    expect(pp.json?.error).toBe('you do not have read access to this project');
  });
});
