import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessDeniedError,
  AuthenticationError,
  ConfigurationError,
  DEFAULT_EDITOR_SETTINGS,
  ExecTimeoutError,
  GatewayError,
  HttpError,
  InvalidRequestError,
  NetworkError,
  NonZeroExitError,
  ProjectStartingError,
  RequestTimeoutError,
  RequestTooLargeError,
  WorkspaceClient,
  WorkspaceError,
  type RetryEvent,
} from '../../src/workspace/client/index.js';
import { adminCreateProject } from '../../src/workspace/server/index.js';
import { startTestWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await startTestWorkspace();
});
afterAll(async () => {
  await ws.dispose();
});

/** A small loopback HTTP server answering with `handler`; counts requests. */
async function fakeService(
  handler: (req: IncomingMessage, res: ServerResponse, n: number) => void,
): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server: Server = createServer((req, res) => {
    n++;
    req.resume();
    req.on('end', () => handler(req, res, n));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => n,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const GATEWAY_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

describe('WorkspaceClient', () => {
  it('pings, with the id it is given', async () => {
    const pong = await ws.client.ping({ id: 'p-1' });
    expect(pong).toMatchObject({ event: 'pong', id: 'p-1' });
    expect(Number.isNaN(Date.parse(pong.now))).toBe(false);
  });

  it('reads its configuration from WORKSPACE_URL and WORKSPACE_API_KEY, and accepts a base URL ending in /api/v1', async () => {
    const c = new WorkspaceClient({
      env: { WORKSPACE_URL: `${ws.baseUrl}/api/v1/`, WORKSPACE_API_KEY: ws.apiKey },
    });
    expect(c.baseUrl).toBe(ws.baseUrl);
    expect((await c.ping()).event).toBe('pong');
    expect(() => new WorkspaceClient({ env: {} })).toThrow(ConfigurationError);
    expect(() => new WorkspaceClient({ env: { WORKSPACE_URL: ws.baseUrl } })).toThrow(
      /WORKSPACE_API_KEY/,
    );
  });

  it('uses the fetch it is given', async () => {
    let calls = 0;
    const c = new WorkspaceClient({
      api: 'v1',
      baseUrl: ws.baseUrl,
      apiKey: ws.apiKey,
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    });
    await c.ping();
    expect(calls).toBe(1);
  });

  it('runs exec with every field of the seed', async () => {
    const r = await ws.client.exec({
      id: 'e-1',
      project_id: ws.projectId,
      path: '',
      command: 'printf',
      args: ['%s-%s', 'a', 'b'],
      timeout: 5,
      max_output: 2,
      bash: false,
      err_on_exit: true,
      aggregate: 1,
    });
    expect(r).toEqual({
      event: 'project_exec_output',
      id: 'e-1',
      stdout: 'a- (truncated at 2 characters)',
      stderr: '',
      exit_code: 0,
    });
  });

  it('reads and changes projects through the typed helpers', async () => {
    const c = ws.client;
    await c.setProjectTitle(ws.projectId, 'typed');
    await c.setProjectDescription(ws.projectId, 'helpers');
    await c.setProjectUpgrades(ws.projectId, ws.accountId, { cores: 1 });
    const p = await c.getProject(ws.projectId);
    expect(p).toMatchObject({ project_id: ws.projectId, title: 'typed', description: 'helpers' });
    expect(p.users[ws.accountId]).toEqual({ group: 'owner', upgrades: { cores: 1 } });
    const other = adminCreateProject(ws.dataDir, { owner: ws.accountId, title: 'second' });
    expect((await c.listProjects()).map((x) => x.project_id)).toContain(other);
    expect((await c.listProjects({ all: true })).map((x) => x.project_id).sort()).toEqual(
      [ws.projectId, other].sort(),
    );
    await c.setProjectUsers(other, { [ws.stranger.accountId]: { group: 'collaborator' } });
    expect((await ws.stranger.client.listProjects({ all: true })).map((x) => x.project_id)).toEqual(
      [other],
    );
    await c.startProject(other);
    await c.stopProject(other);
    await c.publishPath(other, 'public/index.html', 'index');
    const pp = await c.query({
      public_paths: { project_id: other, path: 'public/index.html', description: null },
    });
    expect(pp.query).toEqual({
      public_paths: { project_id: other, path: 'public/index.html', description: 'index' },
    });
  });

  it('reads and merges editor settings', async () => {
    expect(await ws.collaborator.client.getEditorSettings()).toEqual(DEFAULT_EDITOR_SETTINGS);
    await ws.collaborator.client.setEditorSettings({ theme: 'dark', undo_depth: 10 });
    expect(await ws.collaborator.client.getEditorSettings()).toEqual({
      ...DEFAULT_EDITOR_SETTINGS,
      theme: 'dark',
      undo_depth: 10,
    });
    expect((await ws.collaborator.client.getAccount()).account_id).toBe(ws.collaborator.accountId);
  });
});

describe('WorkspaceClient errors', () => {
  it('throws AuthenticationError for an unknown key, with the request id', async () => {
    const c = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: 'sk_wrong-key-1234' });
    const e = await c.ping({ id: 'auth-1' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AuthenticationError);
    expect(e).toMatchObject({
      name: 'AuthenticationError',
      status: 401,
      message: 'No account found. Is your API key wrong?',
    });
    expect(typeof (e as WorkspaceError).requestId).toBe('string');
  });

  it('accepts the platform’s error shape: HTTP 400 {"error": …}', async () => {
    const svc = await fakeService((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'You must provide authentication via an API key.' }));
    });
    const c = new WorkspaceClient({ api: 'v1', baseUrl: svc.url, apiKey: 'sk_platform-key' });
    await expect(c.ping()).rejects.toBeInstanceOf(AuthenticationError);
    await svc.close();
  });

  it('throws ExecTimeoutError when the command is killed, NonZeroExitError with the exit code parsed', async () => {
    const t = await ws.client
      .exec({ project_id: ws.projectId, command: 'sleep', args: ['20'], timeout: 0.3 })
      .catch((x: unknown) => x);
    expect(t).toBeInstanceOf(ExecTimeoutError);
    expect((t as ExecTimeoutError).message).toBe(
      "Error executing command 'sleep' with args '20' -- killed command 'sleep 20'",
    );
    const n = await ws.client
      .exec({ id: 'nz', project_id: ws.projectId, command: 'echo bad >&2; exit 42' })
      .catch((x: unknown) => x);
    expect(n).toBeInstanceOf(NonZeroExitError);
    expect(n).toMatchObject({ exitCode: 42, stderr: 'bad\n', requestId: 'nz' });
  });

  it('throws InvalidRequestError for requests the server refuses, AccessDeniedError for others’ projects', async () => {
    await expect(ws.client.request('nothing', {})).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(ws.client.request('ping', { extra: 1 })).rejects.toThrow(
      "got an unexpected argument 'extra'",
    );
    await expect(
      ws.client.query({ projects_all: [{ title: null }] }, { multi_response: true }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(ws.stranger.client.getProject(ws.projectId)).rejects.toBeInstanceOf(
      AccessDeniedError,
    );
    await expect(
      ws.stranger.client.exec({ project_id: ws.projectId, command: 'true' }),
    ).rejects.toBeInstanceOf(AccessDeniedError);
  });

  it('refuses a body over its cap without sending it', async () => {
    let sent = 0;
    const c = new WorkspaceClient({
      api: 'v1',
      baseUrl: ws.baseUrl,
      apiKey: ws.apiKey,
      bodyLimit: 1000,
      fetch: (i, o) => {
        sent++;
        return fetch(i, o);
      },
    });
    await expect(
      c.exec({ project_id: ws.projectId, command: 'echo', args: ['x'.repeat(2000)] }),
    ).rejects.toBeInstanceOf(RequestTooLargeError);
    expect(sent).toBe(0);
  });

  it('throws RequestTimeoutError when no answer comes, NetworkError when nothing listens', async () => {
    const svc = await fakeService(() => {
      /* never answers */
    });
    const slow = new WorkspaceClient({
      api: 'v1',
      baseUrl: svc.url,
      apiKey: 'sk_k-123456',
      timeoutMs: 200,
    });
    await expect(slow.ping()).rejects.toBeInstanceOf(RequestTimeoutError);
    expect(svc.count()).toBe(1);
    await svc.close();
    const gone = new WorkspaceClient({ api: 'v1', baseUrl: svc.url, apiKey: 'sk_k-123456' });
    // With the id of the request it belongs to.
    const error = await gone.ping({ id: 'gone-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ requestId: 'gone-1' });
  });
});

describe('WorkspaceClient retries', () => {
  it('retries gateway errors with backoff, then succeeds', async () => {
    const svc = await fakeService((_req, res, n) => {
      if (n <= 2) {
        res.writeHead(n === 1 ? 502 : 504, { 'content-type': 'text/html' });
        res.end(GATEWAY_PAGE);
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ event: 'pong', id: 'x', now: new Date().toISOString() }));
      }
    });
    const events: RetryEvent[] = [];
    const c = new WorkspaceClient({
      api: 'v1',
      baseUrl: svc.url,
      apiKey: 'sk_k-123456',
      retryBaseDelayMs: 10,
      onRetry: (e) => events.push(e),
    });
    expect((await c.ping()).event).toBe('pong');
    expect(svc.count()).toBe(3);
    expect(events.map((e) => [e.attempt, e.error.status])).toEqual([
      [1, 502],
      [2, 504],
    ]);
    expect(events.every((e) => e.delayMs >= 5 && e.delayMs <= 20 * 2)).toBe(true);
    await svc.close();
  });

  it('gives up after the bounded number of retries with a GatewayError holding the page excerpt', async () => {
    const svc = await fakeService((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(GATEWAY_PAGE);
    });
    const c = new WorkspaceClient({
      api: 'v1',
      baseUrl: svc.url,
      apiKey: 'sk_k-123456',
      retries: 2,
      retryBaseDelayMs: 5,
    });
    const e = await c.ping().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayError);
    expect(e).toBeInstanceOf(HttpError);
    expect((e as GatewayError).status).toBe(502);
    expect((e as GatewayError).bodyExcerpt).toContain('<h1>502 Bad Gateway</h1>');
    expect(svc.count()).toBe(3);
    await svc.close();
  });

  it('does not retry other HTTP failures', async () => {
    const svc = await fakeService((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html>oops</html>');
    });
    const c = new WorkspaceClient({
      api: 'v1',
      baseUrl: svc.url,
      apiKey: 'sk_k-123456',
      retryBaseDelayMs: 5,
    });
    const e = await c.ping().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HttpError);
    expect(e).not.toBeInstanceOf(GatewayError);
    expect(svc.count()).toBe(1);
    await svc.close();
  });

  it('retries an exec answered "project is starting" until the project runs', async () => {
    const slow = await startTestWorkspace({ startDelayMs: 400, startWaitMs: 50 });
    try {
      const events: RetryEvent[] = [];
      const c = new WorkspaceClient({
        api: 'v1',
        baseUrl: slow.baseUrl,
        apiKey: slow.apiKey,
        retryBaseDelayMs: 100,
        onRetry: (e) => events.push(e),
      });
      const r = await c.exec({ project_id: slow.projectId, command: 'echo', args: ['up'] });
      expect(r.stdout).toBe('up\n');
      expect(events.length).toBeGreaterThan(0);
      expect(events[0]?.error).toBeInstanceOf(ProjectStartingError);
      await c.stopProject(slow.projectId);
      const once = new WorkspaceClient({
        api: 'v1',
        baseUrl: slow.baseUrl,
        apiKey: slow.apiKey,
        startRetries: 0,
      });
      await expect(
        once.exec({ project_id: slow.projectId, command: 'true' }),
      ).rejects.toBeInstanceOf(ProjectStartingError);
    } finally {
      await slow.dispose();
    }
  });
});

describe('WorkspaceClient secrecy', () => {
  it('never shows the key in errors, retry events or when inspected, even when a server echoes it', async () => {
    const key = 'sk_secret-key-that-must-not-leak';
    const svc = await fakeService((req, res, n) => {
      const echo = `${GATEWAY_PAGE} auth=${req.headers.authorization ?? ''} key=${key}`;
      res.writeHead(n === 1 ? 502 : 400, {
        'content-type': n === 1 ? 'text/html' : 'application/json',
      });
      res.end(
        n === 1
          ? echo
          : JSON.stringify({
              error: `bad request from ${key} (${req.headers.authorization ?? ''})`,
            }),
      );
    });
    const events: RetryEvent[] = [];
    const c = new WorkspaceClient({
      api: 'v1',
      baseUrl: svc.url,
      apiKey: key,
      retryBaseDelayMs: 5,
      onRetry: (e) => events.push(e),
    });
    const e = await c.ping().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(WorkspaceError);
    const b64 = Buffer.from(`${key}:`).toString('base64');
    const texts = [
      inspect(e, { depth: 5 }),
      JSON.stringify(e),
      String((e as Error).message),
      inspect(c, { depth: 5 }),
      JSON.stringify(c),
      ...events.map((x) => inspect(x, { depth: 5 })),
    ];
    for (const t of texts) {
      expect(t).not.toContain(key);
      expect(t).not.toContain(b64);
    }
    expect(String((e as Error).message)).toContain('[redacted]');
    await svc.close();
  });
});
