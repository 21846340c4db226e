import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startWorkspaceServer } from '../../src/workspace/server/index.js';
import { basic, rawPost, startTestWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await startTestWorkspace();
});
afterAll(async () => {
  await ws.dispose();
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('startWorkspaceServer', () => {
  it('listens on the loopback address by default', () => {
    expect(new URL(ws.baseUrl).hostname).toBe('127.0.0.1');
  });

  it('refuses a second server on the same data directory', async () => {
    await expect(startWorkspaceServer({ dataDir: ws.dataDir })).rejects.toThrow(
      /another workspace server \(pid \d+\) is using/,
    );
    expect((await ws.client.ping()).event).toBe('pong');
  });

  it('runs commands in the host network with networkIsolation off', async () => {
    const off = await startTestWorkspace({ networkIsolation: 'off' });
    try {
      const r = await off.client.exec({
        project_id: off.projectId,
        command: 'cat',
        args: ['/proc/net/dev'],
      });
      const names = (t: string) =>
        t
          .split('\n')
          .slice(2)
          .map((l) => l.split(':')[0]?.trim())
          .filter(Boolean)
          .sort();
      expect(names(r.stdout)).toEqual(names(readFileSync('/proc/net/dev', 'utf8')));
    } finally {
      await off.dispose();
    }
  });
});

describe('authentication', () => {
  it('answers 401 with a JSON error and WWW-Authenticate when no key is sent', async () => {
    const r = await rawPost(ws.baseUrl, 'ping', {});
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(r.json).toMatchObject({
      event: 'error',
      error: 'You must provide authentication via an API key.',
    });
    expect(typeof r.json?.id).toBe('string');
  });

  it('answers 401 when the key is unknown', async () => {
    const r = await rawPost(ws.baseUrl, 'ping', {}, { authorization: basic('sk_not-a-key') });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({
      event: 'error',
      error: 'No account found. Is your API key wrong?',
    });
  });

  it('accepts the key as Basic user name with a password after the colon ignored, and as Bearer', async () => {
    const withPass = Buffer.from(`${ws.apiKey}:anything`).toString('base64');
    expect(
      (await rawPost(ws.baseUrl, 'ping', {}, { authorization: `Basic ${withPass}` })).status,
    ).toBe(200);
    expect(
      (await rawPost(ws.baseUrl, 'ping', {}, { authorization: `Bearer ${ws.apiKey}` })).status,
    ).toBe(200);
  });

  it('refuses a malformed Authorization header', async () => {
    const r = await rawPost(ws.baseUrl, 'ping', {}, { authorization: 'Digest abc' });
    expect(r.status).toBe(401);
  });
});

describe('ping', () => {
  it('answers pong with the given id and an ISO-8601 UTC time with milliseconds', async () => {
    const r = await ws.post('ping', { id: 'b4d8b2f6-39ad-4b1e-9c5b-6f7a2a0f0e11' });
    expect(r.status).toBe(200);
    expect(r.json?.event).toBe('pong');
    expect(r.json?.id).toBe('b4d8b2f6-39ad-4b1e-9c5b-6f7a2a0f0e11');
    expect(r.json?.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('generates a UUID v4 id when none is given, also for an empty body', async () => {
    const r = await ws.post('ping', undefined);
    expect(r.status).toBe(200);
    expect(r.json?.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('accepts a form-encoded id', async () => {
    const r = await ws.post('ping', 'id=form-id-1', FORM);
    expect(r.json).toMatchObject({ event: 'pong', id: 'form-id-1' });
  });
});

describe('request validation', () => {
  it('names an unexpected argument', async () => {
    const r = await ws.post('ping', { id: 'x', bogus: 1 });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      event: 'error',
      id: 'x',
      error: "got an unexpected argument 'bogus'",
    });
  });

  it('rejects a body that sets event', async () => {
    const r = await ws.post('ping', { event: 'pong' });
    expect(r.json?.error).toBe("got an unexpected argument 'event'");
  });

  it('names a missing required property', async () => {
    const r = await ws.post('project_exec', { command: 'ls' });
    expect(r.status).toBe(400);
    expect(r.json?.error).toBe("property 'project_id' must be specified");
  });

  it('names a field of the wrong type', async () => {
    const r = await ws.post('project_exec', {
      project_id: ws.projectId,
      command: 'ls',
      timeout: 'soon',
    });
    expect(r.json?.error).toMatch(/^property 'timeout' must be number/);
  });

  it('lets a JSON null take the default', async () => {
    const r = await ws.post('project_exec', {
      project_id: ws.projectId,
      command: 'echo',
      args: ['ok'],
      path: null,
      timeout: null,
      err_on_exit: null,
    });
    expect(r.json).toMatchObject({ event: 'project_exec_output', stdout: 'ok\n', exit_code: 0 });
  });

  it('parses form booleans and numbers, and refuses args in a form body', async () => {
    const form = new URLSearchParams({
      project_id: ws.projectId,
      command: 'exit 3',
      err_on_exit: 'false',
      timeout: '5',
    }).toString();
    const r = await ws.post('project_exec', form, FORM);
    expect(r.json).toMatchObject({ event: 'project_exec_output', exit_code: 3 });
    const zero = new URLSearchParams({
      project_id: ws.projectId,
      command: 'exit 3',
      err_on_exit: '0',
    });
    expect((await ws.post('project_exec', zero.toString(), FORM)).json?.exit_code).toBe(3);
    const withArgs = new URLSearchParams({ project_id: ws.projectId, command: 'echo', args: 'a' });
    const bad = await ws.post('project_exec', withArgs.toString(), FORM);
    expect(bad.status).toBe(400);
    expect(bad.json?.error).toBe("property 'args' needs a JSON body");
  });

  it('refuses a form boolean it cannot read, naming the field', async () => {
    const form = new URLSearchParams({ project_id: ws.projectId, command: 'true', bash: 'maybe' });
    const r = await ws.post('project_exec', form.toString(), FORM);
    expect(r.json?.error).toMatch(/^property 'bash' must be boolean/);
  });

  it('answers 413 with a JSON error for a body over the limit', async () => {
    const r = await ws.post('ping', { id: 'x'.repeat(600_000) });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ event: 'error' });
    expect(String(r.json?.error)).toContain('500000');
  });

  it('answers unparseable JSON, other content types and non-object bodies with JSON errors', async () => {
    const broken = await ws.post('ping', '{"id":', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.json?.event).toBe('error');
    const text = await ws.post('ping', 'hello', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.json?.event).toBe('error');
    const arr = await ws.post('ping', '[1,2]', { 'content-type': 'application/json' });
    expect(arr.status).toBe(400);
    expect(arr.json?.error).toBe('the request body must be a JSON object');
  });

  it('refuses a body nested too deeply', async () => {
    const deep = `{"query":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const r = await ws.post('query', deep, { 'content-type': 'application/json' });
    expect(r.status).toBe(400);
    expect(r.json?.error).toBe('the request body is nested more than 64 levels deep');
  });

  it('names an unknown endpoint and refuses other methods', async () => {
    const r = await ws.post('nothing', {});
    expect(r.status).toBe(404);
    expect(r.json?.error).toBe("unknown endpoint 'nothing'");
    const get = await fetch(`${ws.baseUrl}/api/v1/ping`, {
      headers: { authorization: basic(ws.apiKey) },
    });
    expect(get.status).toBe(405);
    expect(((await get.json()) as { event: string }).event).toBe('error');
  });
});
