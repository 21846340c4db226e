import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCreateProject } from '../../src/workspace/server/index.js';
import { v1Errors, v2Errors } from '../../src/workspace/wire/index.js';
import { basic, rawPost, startTestWorkspace, type TestWorkspace } from './helpers.js';

// Two accounts, each the owner of a project: every route that takes a project or job id is
// called by the other account, and answers the documented refusal, never the owner's data.
let ws: TestWorkspace;
/** Account A: the workspace's owner, with project `ws.projectId`. */
let ownerKey: string;
/** Account B: the stranger, owner of a project of its own. */
let strangerKey: string;
let strangersProject: string;
const SECRET = 'owner-secret-4f1c';

beforeAll(async () => {
  ws = await startTestWorkspace();
  ownerKey = ws.apiKey;
  strangerKey = ws.stranger.apiKey;
  strangersProject = adminCreateProject(ws.dataDir, { owner: ws.stranger.accountId, title: 'b' });
  const r = await ws.post('query', {
    query: { projects: { project_id: ws.projectId, title: SECRET, description: SECRET } },
  });
  expect(r.json?.event).toBe('query');
  const p = await ws.post('query', {
    query: { public_paths: { project_id: ws.projectId, path: 'pub', description: SECRET } },
  });
  expect(p.json?.event).toBe('query');
});
afterAll(async () => {
  await ws.dispose();
});

async function v1(op: string, body: Record<string, unknown>, key: string) {
  const r = await rawPost(ws.baseUrl, op, body, { authorization: basic(key) });
  expect(r.status).toBe(200);
  return r;
}

async function v2(path: string, body: Record<string, unknown>, key: string) {
  const res = await fetch(`${ws.baseUrl}/api/v2/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: basic(key) },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, json: JSON.parse(text) as Record<string, unknown> };
}

/** The files of the owner's project home, as the owner sees them. */
async function ownerFiles(): Promise<string> {
  const r = await v1('project_exec', { project_id: ws.projectId, command: 'ls -a' }, ownerKey);
  expect(r.json?.event).toBe('project_exec_output');
  return String(r.json?.stdout);
}

/** The owner's project as the owner reads it. */
async function ownerProject(): Promise<Record<string, unknown>> {
  const r = await v1(
    'query',
    { query: { projects: { project_id: ws.projectId, title: null, users: null, state: null } } },
    ownerKey,
  );
  return (r.json?.query as { projects: Record<string, unknown> }).projects;
}

describe('job and project ownership (v1)', () => {
  it('refuses a stranger project_exec on the project, and the command never runs', async () => {
    const r = await v1(
      'project_exec',
      { project_id: ws.projectId, command: 'touch ran-by-stranger; echo $HOME' },
      strangerKey,
    );
    expect(r.json).toEqual({ event: 'error', id: r.json?.id, error: v1Errors.noWriteAccess.text });
    expect(await ownerFiles()).not.toContain('ran-by-stranger');
    // The stranger's own project runs its command.
    const own = await v1(
      'project_exec',
      { project_id: strangersProject, command: 'echo mine' },
      strangerKey,
    );
    expect(own.json).toMatchObject({ event: 'project_exec_output', stdout: 'mine\n' });
  });

  it('refuses a stranger a get of the project by id, and lists only its own projects', async () => {
    for (const table of ['projects', 'projects_all'] as const) {
      const rec = { project_id: ws.projectId, title: null, description: null };
      const one = await v1(
        'query',
        { query: { [table]: table === 'projects' ? rec : [rec] } },
        strangerKey,
      );
      expect(one.json).toMatchObject({ event: 'error', error: v1Errors.noReadAccess.text });
      expect(one.text).not.toContain(SECRET);
      const all = await v1(
        'query',
        { query: { [table]: [{ project_id: null, title: null }] } },
        strangerKey,
      );
      expect(all.json?.query).toEqual({ [table]: [{ project_id: strangersProject, title: 'b' }] });
    }
  });

  it('refuses a stranger every set of the project: title, users, start and stop', async () => {
    const before = await ownerProject();
    const sets: Record<string, unknown>[] = [
      { title: 'taken' },
      { users: { [ws.stranger.accountId]: { group: 'owner' } } },
      { users: { [ws.stranger.accountId]: { group: 'collaborator' } } },
      { action_request: { action: 'stop' } },
      { action_request: { action: 'start' } },
    ];
    for (const set of sets) {
      const r = await v1(
        'query',
        { query: { projects: { project_id: ws.projectId, ...set } } },
        strangerKey,
      );
      expect(r.json).toMatchObject({ event: 'error', error: v1Errors.noWriteAccess.text });
    }
    expect(await ownerProject()).toEqual(before);
  });

  it('refuses a stranger the public paths of the project, to read and to publish', async () => {
    const get = await v1(
      'query',
      { query: { public_paths: [{ project_id: ws.projectId, path: null, description: null }] } },
      strangerKey,
    );
    expect(get.json).toMatchObject({ event: 'error', error: v1Errors.noReadAccess.text });
    expect(get.text).not.toContain(SECRET);
    const set = await v1(
      'query',
      { query: { public_paths: { project_id: ws.projectId, path: 'pub', description: 'x' } } },
      strangerKey,
    );
    expect(set.json).toMatchObject({ event: 'error', error: v1Errors.noWriteAccess.text });
    const mine = await v1(
      'query',
      { query: { public_paths: [{ project_id: ws.projectId, path: null, description: null }] } },
      ownerKey,
    );
    expect(mine.json?.query).toEqual({
      public_paths: [{ project_id: ws.projectId, path: 'pub', description: SECRET }],
    });
  });
});

describe('job and project ownership (v2)', () => {
  it('answers a stranger async_get and async_await of the owner’s job with the refusal, before anything of the job', async () => {
    const started = await v2(
      'exec',
      {
        project_id: ws.projectId,
        command: `echo ${SECRET}`,
        async_call: true,
      },
      ownerKey,
    );
    const jobId = started.json.job_id as string;
    expect(typeof jobId).toBe('string');
    // The owner sees its job end with its output.
    for (;;) {
      const r = await v2('exec', { project_id: ws.projectId, async_get: jobId }, ownerKey);
      if (r.json.status === 'running') continue;
      expect(r.json).toMatchObject({ status: 'completed', stdout: `${SECRET}\n` });
      break;
    }
    for (const wait of [{}, { async_await: true }]) {
      const r = await v2(
        'exec',
        { project_id: ws.projectId, async_get: jobId, ...wait },
        strangerKey,
      );
      expect(r.json).toEqual({ error: v2Errors.notCollaborator.text });
      // The job id through the stranger's own project: a job that project does not have.
      const own = await v2(
        'exec',
        { project_id: strangersProject, async_get: jobId, ...wait },
        strangerKey,
      );
      expect(own.json).toEqual({ error: v2Errors.noJob.text(jobId) });
      expect(own.text + r.text).not.toContain(SECRET);
    }
  });

  it('refuses a stranger blocking and async exec on the project, and neither runs', async () => {
    for (const mode of [{}, { async_call: true }]) {
      const r = await v2(
        'exec',
        { project_id: ws.projectId, command: 'touch ran-by-stranger-v2', ...mode },
        strangerKey,
      );
      expect(r.json).toEqual({ error: v2Errors.notCollaborator.text });
    }
    expect(await ownerFiles()).not.toContain('ran-by-stranger-v2');
  });

  it('refuses a stranger projects/start and projects/stop of the project, which keeps running', async () => {
    expect((await ownerProject()).state).toMatchObject({ state: 'running' });
    for (const action of ['stop', 'start'] as const) {
      const r = await v2(`projects/${action}`, { project_id: ws.projectId }, strangerKey);
      expect(r.json).toEqual({ error: v2Errors.collaboratorTo.text(action) });
    }
    expect((await ownerProject()).state).toMatchObject({ state: 'running' });
    const own = await v2('projects/stop', { project_id: strangersProject }, strangerKey);
    expect(own.json).toEqual({ status: 'ok' });
  });

  it('refuses a stranger user-query gets and sets of the project, and lists only its own', async () => {
    const get = await v2(
      'user-query',
      { query: { projects: { project_id: ws.projectId, title: null } } },
      strangerKey,
    );
    expect(get.json).toEqual({ error: `FATAL: ${v1Errors.noReadAccess.text}` });
    const set = await v2(
      'user-query',
      { query: { projects: { project_id: ws.projectId, title: 'taken' } } },
      strangerKey,
    );
    expect(set.json).toEqual({ error: `FATAL: ${v1Errors.noWriteAccess.text}` });
    const paths = await v2(
      'user-query',
      { query: { public_paths: [{ project_id: ws.projectId, path: null }] } },
      strangerKey,
    );
    expect(paths.json).toEqual({ error: `FATAL: ${v1Errors.noReadAccess.text}` });
    const all = await v2(
      'user-query',
      { query: { projects_all: [{ project_id: null, title: null }] } },
      strangerKey,
    );
    expect(all.json).toEqual({
      query: { projects_all: [{ project_id: strangersProject, title: 'b' }] },
    });
    expect((await ownerProject()).title).toBe(SECRET);
  });
});
