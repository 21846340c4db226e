import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, startTestWorkspace, type TestWorkspace } from './helpers.js';

async function post(
  ws: TestWorkspace,
  path: string,
  body: unknown,
  key: string | null = ws.apiKey,
): Promise<{ status: number; text: string; json: Record<string, unknown> | undefined }> {
  const res = await fetch(`${ws.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key === null ? {} : { authorization: basic(key) }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

/** Polls a job with `async_await` until it leaves `running` (each poll is cut at the hub limit). */
async function awaitJob(ws: TestWorkspace, jobId: string): Promise<Record<string, unknown>> {
  for (;;) {
    const r = await post(ws, '/api/v2/exec', {
      project_id: ws.projectId,
      async_get: jobId,
      async_await: true,
    });
    if (r.json !== undefined && r.json.error !== 'undefined' && r.json.status !== 'running') {
      return r.json;
    }
  }
}

describe('registerV2 (serve --api v2)', () => {
  let ws: TestWorkspace;
  beforeAll(async () => {
    ws = await startTestWorkspace({ api: 'v2', hubTimeoutMs: 800, v2BodyLimit: 10_000 });
  });
  afterAll(async () => {
    await ws.dispose();
  });

  it('answers every failure with HTTP 200 {error}, never 401, in the order the platform checks', async () => {
    const exec = { project_id: ws.projectId, command: 'true' };
    expect(await post(ws, '/api/v2/exec', exec, null)).toMatchObject({
      status: 200,
      json: { error: 'must be signed in' },
    });
    expect((await post(ws, '/api/v2/exec', exec, 'sk-unknown-key-00000')).json).toEqual({
      error: 'must be signed in',
    });
    // The project id is checked before the key.
    expect((await post(ws, '/api/v2/exec', { command: 'true' }, null)).json).toEqual({
      error: "invalid account_id or project_id -- all must be valid uuid's",
    });
    expect((await post(ws, '/api/v2/exec', exec, ws.stranger.apiKey)).json).toEqual({
      error: 'user must be a collaborator on the project',
    });
    expect((await post(ws, '/api/v2/projects/start', {}, null)).json).toEqual({
      error: 'project_id must be a valid uuid',
    });
    expect(
      (await post(ws, '/api/v2/projects/stop', { project_id: ws.projectId }, ws.stranger.apiKey))
        .json,
    ).toEqual({ error: 'must be a collaborator to stop project' });
    const get = { query: { projects_all: [{ project_id: null }] } };
    expect((await post(ws, '/api/v2/user-query', get, null)).json).toEqual({
      error: "FATAL: anonymous get queries not allowed for table 'projects_all'",
    });
    const set = { query: { projects: { project_id: ws.projectId, title: 'x' } } };
    expect((await post(ws, '/api/v2/user-query', set, null)).json).toEqual({
      error: 'FATAL: no anonymous set queries',
    });
    expect((await post(ws, '/api/v2/user-query', { query: { a: {}, b: {} } })).json).toEqual({
      error: 'FATAL: must specify exactly one key in the query',
    });
    expect((await post(ws, '/api/v2/exec', { ...exec, command: 'exit 2' })).json?.error).toMatch(
      /exited with nonzero code 2/,
    );
  });

  it('serves no v1 route, refuses absurd nesting, and a body over the limit gets HTTP 413', async () => {
    expect((await post(ws, '/api/v1/ping', {})).status).toBe(404);
    const deep = `{"query":${'{"a":'.repeat(200)}null${'}'.repeat(200)}}`;
    expect(await post(ws, '/api/v2/user-query', deep)).toMatchObject({
      status: 400,
      json: { error: 'the request body is nested more than 64 levels deep' },
    });
    const big = await post(ws, '/api/v2/exec', {
      project_id: ws.projectId,
      command: 'true',
      args: ['x'.repeat(12_000)],
    });
    expect(big).toMatchObject({ status: 413, text: 'Body exceeded 10kb limit' });
  });

  it('runs async jobs: running at once, full results from async_get, errors as the platform ends them', async () => {
    const started = await post(ws, '/api/v2/exec', {
      project_id: ws.projectId,
      command: 'sleep 0.5; echo out; echo err >&2; exit 7',
      async_call: true,
      err_on_exit: false,
    });
    expect(started.json).toMatchObject({
      type: 'async',
      status: 'running',
      stdout: '',
      stderr: '',
      exit_code: 0,
    });
    const job = started.json?.job_id as string;
    expect(Math.abs((started.json?.start as number) - Date.now())).toBeLessThan(10_000);
    const running = await post(ws, '/api/v2/exec', { project_id: ws.projectId, async_get: job });
    expect(running.json).toMatchObject({ job_id: job, status: 'running' });
    const done = { json: await awaitJob(ws, job) };
    expect(done.json).toMatchObject({
      status: 'completed',
      stdout: 'out\n',
      stderr: 'err\n',
      exit_code: 7,
    });
    expect(typeof done.json?.elapsed_s).toBe('number');
    // With err_on_exit (the default) a nonzero exit is state error, stdout lost.
    const failing = await post(ws, '/api/v2/exec', {
      project_id: ws.projectId,
      command: 'echo out; exit 1',
      async_call: true,
    });
    const failed = { json: await awaitJob(ws, failing.json?.job_id as string) };
    expect(failed.json).toMatchObject({
      status: 'error',
      stdout: '',
      stderr: 'No result',
      exit_code: 1,
    });
    // An await longer than the hub's limit: {"error":"undefined"}, the job goes on.
    const slow = await post(ws, '/api/v2/exec', {
      project_id: ws.projectId,
      command: 'sleep 1.5; echo late',
      async_call: true,
    });
    const cut = await post(ws, '/api/v2/exec', {
      project_id: ws.projectId,
      async_get: slow.json?.job_id,
      async_await: true,
    });
    expect(cut.json).toEqual({ error: 'undefined' });
    expect(await awaitJob(ws, slow.json?.job_id as string)).toMatchObject({
      stdout: 'late\n',
      exit_code: 0,
    });
    // Jobs belong to their project: another project's id does not find them.
    expect(
      (await post(ws, '/api/v2/exec', { project_id: ws.projectIds[0], async_get: 'x' })).json
        ?.error,
    ).toMatch(/Async operation 'x' does not exist/);
  });
});
