import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessDeniedError,
  AsyncJobLostError,
  AuthenticationError,
  classifyServerError,
  ConfigurationError,
  ExecTimeoutError,
  HubTimeoutError,
  InvalidRequestError,
  NonZeroExitError,
  RequestTooLargeError,
  WorkspaceClient,
} from '../../src/workspace/client/index.js';
import { startTestWorkspace, type TestWorkspace } from './helpers.js';

/** A client of the test workspace with a fetch that records every request and answer. */
function recordingClient(
  ws: TestWorkspace,
  extra: Partial<ConstructorParameters<typeof WorkspaceClient>[0]> = {},
) {
  const log: { url: string; body: Record<string, unknown>; status: number; answer: string }[] = [];
  const client = new WorkspaceClient({
    baseUrl: ws.baseUrl,
    apiKey: ws.apiKey,
    retries: 0,
    ...extra,
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      const answer = await res.clone().text();
      log.push({
        url: String(input),
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
        status: res.status,
        answer,
      });
      return res;
    },
  });
  return { client, log };
}

describe('WorkspaceClient.apiVersion', () => {
  const servers: TestWorkspace[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.dispose()));
  });

  it('detects v1 on `serve --api v1`, v2 on `--api v2`, and prefers v1 on `both`', async () => {
    for (const [mode, expected] of [
      ['v1', 'v1'],
      ['v2', 'v2'],
      ['both', 'v1'],
    ] as const) {
      const ws = await startTestWorkspace({ api: mode });
      servers.push(ws);
      const { client, log } = recordingClient(ws);
      expect(await client.apiVersion()).toBe(expected);
      // The probe is cached: a second question costs no request.
      const probes = log.length;
      expect(await client.apiVersion()).toBe(expected);
      expect(log.length).toBe(probes);
      const r = await client.exec({ project_id: ws.projectId, command: 'echo', args: ['hi'] });
      expect(r).toMatchObject({ event: 'project_exec_output', stdout: 'hi\n', exit_code: 0 });
      expect(log.at(-1)?.url).toBe(
        `${ws.baseUrl}/api/${expected}/${expected === 'v1' ? 'project_exec' : 'exec'}`,
      );
      if (mode === 'v1') {
        await expect(
          new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey, api: 'v2' }).exec({
            project_id: ws.projectId,
            command: 'true',
          }),
        ).rejects.toBeInstanceOf(InvalidRequestError);
      }
      if (mode === 'both') {
        // Chosen by WORKSPACE_API or by a base URL naming the version.
        const env = {
          WORKSPACE_URL: ws.baseUrl,
          WORKSPACE_API_KEY: ws.apiKey,
          WORKSPACE_API: 'v2',
        };
        expect(await new WorkspaceClient({ env }).apiVersion()).toBe('v2');
        const named = new WorkspaceClient({ baseUrl: `${ws.baseUrl}/api/v2/`, apiKey: ws.apiKey });
        expect(named.baseUrl).toBe(ws.baseUrl);
        expect(await named.apiVersion()).toBe('v2');
        expect(() => new WorkspaceClient({ env: { ...env, WORKSPACE_API: 'v3' } })).toThrow(
          /WORKSPACE_API: unknown API version 'v3'/,
        );
      }
    }
  });

  it('names both answers when a service speaks neither version', async () => {
    const server: Server = createServer((_req, res) => {
      res
        .writeHead(404, { 'content-type': 'text/html' })
        .end('<html>404 This page could not be found</html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    try {
      const c = new WorkspaceClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'sk-abc' });
      const e = await c.ping().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ConfigurationError);
      expect(String(e)).toMatch(
        /\/api\/v1\/ping answered HTTP 404.*\/api\/v2\/user-query answered HTTP 404/,
      );
    } finally {
      server.close();
    }
  });
});

describe('WorkspaceClient on API v2', () => {
  let ws: TestWorkspace;
  let v2: WorkspaceClient;
  beforeAll(async () => {
    // The hub's limit lowered to 1 s, so that async polling is tested in seconds.
    ws = await startTestWorkspace({ api: 'v2', hubTimeoutMs: 1000, v2BodyLimit: 50_000 });
    v2 = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey, retries: 0 });
  });
  afterAll(async () => {
    await ws.dispose();
  });

  it('runs blocking commands with typed errors of the v2 texts', async () => {
    expect(
      await v2.exec({ project_id: ws.projectId, command: 'printf', args: ['a'], id: 'x' }),
    ).toEqual({
      event: 'project_exec_output',
      id: 'x',
      stdout: 'a',
      stderr: '',
      exit_code: 0,
    });
    const nz = await v2
      .exec({ project_id: ws.projectId, command: 'echo oops >&2; exit 3', timeout: 5 })
      .catch((x: unknown) => x);
    expect(nz).toBeInstanceOf(NonZeroExitError);
    expect((nz as NonZeroExitError).exitCode).toBe(3);
    expect((nz as NonZeroExitError).stderr).toBe('oops\n');
    expect(
      await v2.exec({
        project_id: ws.projectId,
        command: 'exit 4',
        err_on_exit: false,
        timeout: 5,
      }),
    ).toMatchObject({ exit_code: 4 });
    await expect(
      v2.exec({ project_id: ws.projectId, command: 'sleep', args: ['5'], timeout: 0.3 }),
    ).rejects.toBeInstanceOf(ExecTimeoutError);
  });

  it('answers a blocking call past the hub limit with {"error":"undefined"}, and polls an async job past it', async () => {
    const noRetry = new WorkspaceClient({
      baseUrl: ws.baseUrl,
      apiKey: ws.apiKey,
      startRetries: 0,
    });
    const blocked = await noRetry
      .exec({ project_id: ws.projectId, command: 'sleep 2', timeout: 10 })
      .catch((x: unknown) => x);
    expect(blocked).toBeInstanceOf(HubTimeoutError);
    expect((blocked as HubTimeoutError).serverMessage).toBe('undefined');

    const { client, log } = recordingClient(ws, { blockingLimitSeconds: 1, pollIntervalMs: 50 });
    const r = await client.exec({
      project_id: ws.projectId,
      command: 'echo start; sleep 2.5; echo done; echo warn >&2; exit 3',
      timeout: 20,
      err_on_exit: false,
    });
    expect(r).toMatchObject({ stdout: 'start\ndone\n', stderr: 'warn\n', exit_code: 3 });
    const execs = log.filter((l) => l.url.endsWith('/api/v2/exec'));
    expect(execs[0]?.body).toMatchObject({ async_call: true, err_on_exit: false, timeout: 20 });
    const polls = execs.filter((l) => typeof l.body.async_get === 'string');
    // Each await is cut at the 1 s hub limit: the job outlived several of them.
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.some((p) => p.answer === '{"error":"undefined"}')).toBe(true);
    expect(JSON.parse(polls.at(-1)!.answer)).toMatchObject({ status: 'completed', exit_code: 3 });

    // err_on_exit (the default) is applied by the client, with the real stderr.
    const failed = await client
      .exec({ project_id: ws.projectId, command: 'echo bad >&2; exit 5', timeout: 20 })
      .catch((x: unknown) => x);
    expect(failed).toBeInstanceOf(NonZeroExitError);
    expect((failed as NonZeroExitError).exitCode).toBe(5);
    expect((failed as NonZeroExitError).stderr).toBe('bad\n');
    // A job killed at its timeout ends in state error with `killed command`.
    const killed = await client
      .exec({ project_id: ws.projectId, command: 'sleep', args: ['30'], timeout: 1.5 })
      .catch((x: unknown) => x);
    expect(killed).toBeInstanceOf(ExecTimeoutError);
    expect((killed as ExecTimeoutError).message).toContain("killed command 'sleep 30'");
  });

  it('reports an unknown async job as lost', async () => {
    const job = randomUUID();
    const e = await v2
      .requestV2('exec', { project_id: ws.projectId, async_get: job })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AsyncJobLostError);
    expect((e as AsyncJobLostError).message).toBe(
      `Error executing command 'undefined' with args 'undefined' -- Error: Async operation '${job}' does not exist.`,
    );
  });

  it('maps v2 failures, all HTTP 200 {error}, to the typed errors of v1', async () => {
    const bad = new WorkspaceClient({
      baseUrl: ws.baseUrl,
      apiKey: 'sk-not-a-key-000000',
      api: 'v2',
    });
    const signIn = await bad
      .exec({ project_id: ws.projectId, command: 'true' })
      .catch((x: unknown) => x);
    expect(signIn).toBeInstanceOf(AuthenticationError);
    expect(signIn).toMatchObject({ status: 200, serverMessage: 'must be signed in' });
    // A bad key makes user-query anonymous.
    await expect(bad.listProjects({ all: true })).rejects.toThrow(
      "FATAL: anonymous get queries not allowed for table 'projects_all'",
    );
    await expect(bad.ping()).rejects.toBeInstanceOf(AuthenticationError);
    const stranger = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.stranger.apiKey });
    await expect(stranger.exec({ project_id: ws.projectId, command: 'true' })).rejects.toThrow(
      AccessDeniedError,
    );
    await expect(stranger.startProject(ws.projectId)).rejects.toThrow(
      'must be a collaborator to start project',
    );
    await expect(stranger.getProject(ws.projectId)).rejects.toThrow(
      /^FATAL: you do not have read access/,
    );
    await expect(stranger.getProject(ws.projectId)).rejects.toBeInstanceOf(AccessDeniedError);
    await expect(v2.exec({ project_id: 'nope', command: 'true' })).rejects.toThrow(
      InvalidRequestError,
    );
    await expect(
      v2.query({ projects: [{ project_id: null }] }, { options: [{ limit: 1 }] }),
    ).rejects.toThrow(/does not read options/);
  });

  it('reads and changes projects through user-query, and starts and stops them', async () => {
    await v2.setProjectTitle(ws.projectId, 'v2 title');
    expect(await v2.getProject(ws.projectId)).toMatchObject({ title: 'v2 title' });
    expect((await v2.listProjects({ all: true })).map((p) => p.project_id)).toContain(ws.projectId);
    const pong = await v2.ping();
    expect(pong.event).toBe('pong');
    expect(Math.abs(Date.parse(pong.now) - Date.now())).toBeLessThan(60_000);
    await v2.stopProject(ws.projectId);
    const state = await v2.query<{ projects: { state: { state: string } } }>({
      projects: { project_id: ws.projectId, state: null },
    });
    expect(state.query.projects.state.state).toBe('stopped');
    await v2.startProject(ws.projectId);
    const after = await v2.query<{ projects: { state: { state: string } } }>({
      projects: { project_id: ws.projectId, state: null },
    });
    expect(after.query.projects.state.state).toBe('running');
  });

  it('refuses a body over the limit client-side, and learns it from a 413', async () => {
    const { client, log } = recordingClient(ws, { bodyLimit: 1_000_000 });
    const big = await client
      .exec({ project_id: ws.projectId, command: 'true', args: ['x'.repeat(60_000)] })
      .catch((x: unknown) => x);
    expect(big).toBeInstanceOf(RequestTooLargeError);
    expect(big).toMatchObject({ status: 413 });
    expect(log.at(-1)).toMatchObject({ status: 413, answer: 'Body exceeded 49kb limit' });
    expect(await client.bodyLimit()).toBeLessThan(60_200);
    const sent = log.length;
    await expect(
      client.exec({ project_id: ws.projectId, command: 'true', args: ['x'.repeat(61_000)] }),
    ).rejects.toBeInstanceOf(RequestTooLargeError);
    expect(log.length).toBe(sent);
  });
});

describe('WorkspaceClient against the platform v1', () => {
  it('reads its 413 page, its HTTP 400 errors, and sends starts with a fresh time', async () => {
    const bodies: Record<string, unknown>[] = [];
    const server: Server = createServer((req, res) => {
      let text = '';
      req.on('data', (b: Buffer) => (text += b.toString()));
      req.on('end', () => {
        if (text.length > 102_400) {
          res
            .writeHead(413, { 'content-type': 'text/html' })
            .end('<pre>PayloadTooLargeError</pre>');
          return;
        }
        const body = JSON.parse(text) as Record<string, unknown>;
        bodies.push(body);
        const json = (status: number, o: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(o));
        if (req.url === '/api/v1/ping')
          json(200, { event: 'pong', id: body.id, now: new Date().toISOString() });
        else if (req.url === '/api/v1/query' && JSON.stringify(body).includes('"title"'))
          json(400, { error: 'FATAL: user must be an admin' });
        else if (req.url === '/api/v1/query') json(200, { event: 'query', id: body.id, query: {} });
        else json(404, { error: 'not here' });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    try {
      // Told a larger limit than the platform's, the client meets the 413 page.
      const c = new WorkspaceClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'sk-platform-key',
        bodyLimit: 500_000,
        retries: 0,
      });
      expect(await c.apiVersion()).toBe('v1');
      const big = await c
        .exec({ project_id: randomUUID(), command: 'true', args: ['x'.repeat(200_000)] })
        .catch((x: unknown) => x);
      expect(big).toBeInstanceOf(RequestTooLargeError);
      expect(String(big)).toContain('PayloadTooLargeError');
      const denied = await c.setProjectTitle(randomUUID(), 't').catch((x: unknown) => x);
      expect(denied).toBeInstanceOf(AccessDeniedError);
      expect(denied).toMatchObject({ status: 400 });
      const before = Date.now();
      await c.startProject(randomUUID());
      const sent = bodies.at(-1)?.query as { projects: { action_request: { time: string } } };
      expect(Date.parse(sent.projects.action_request.time)).toBeGreaterThanOrEqual(before - 1000);
      // Without a limit given, v1 bodies stay under 100 kB and are refused before sending.
      const plain = new WorkspaceClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'sk-k',
        api: 'v1',
      });
      expect(await plain.bodyLimit()).toBe(102_400);
    } finally {
      server.close();
    }
  });
});

describe('classifyServerError', () => {
  it('types the texts of the platform v1 and v2 as well as ours', () => {
    const d = { status: 200 };
    expect(classifyServerError('FATAL: user must be an admin', d)).toBeInstanceOf(
      AccessDeniedError,
    );
    expect(
      classifyServerError(
        `User ${randomUUID()} does not have write access to project ${randomUUID()}`,
        d,
      ),
    ).toBeInstanceOf(AccessDeniedError);
    expect(classifyServerError('user must be a collaborator on the project', d)).toBeInstanceOf(
      AccessDeniedError,
    );
    expect(classifyServerError('must be signed in', d)).toBeInstanceOf(AuthenticationError);
    expect(classifyServerError('undefined', d)).toBeInstanceOf(HubTimeoutError);
    expect(
      classifyServerError('FATAL: must specify exactly one key in the query', d),
    ).toBeInstanceOf(InvalidRequestError);
    const nz = classifyServerError(
      "Error executing command 'x' with args '' -- command 'x' exited with nonzero code 2 -- stderr='e'",
      d,
    );
    expect(nz).toBeInstanceOf(NonZeroExitError);
    expect((nz as NonZeroExitError).exitCode).toBe(2);
  });
});
