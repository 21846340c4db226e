import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessDeniedError,
  classifyServerError,
  ExecTimeoutError,
  InvalidRequestError,
  MalformedAnswerError,
  NonZeroExitError,
  platformErrors,
  ProjectStartingError,
  QuotaExceededError,
  v1Errors,
  v2Errors,
  WorkspaceClient,
  WorkspaceError,
} from '../../src/workspace/client/index.js';

/** What the fake server answers each route with, set per test. */
const answers = new Map<string, unknown>();
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  app = Fastify();
  app.post('/api/:version/*', async (req) => {
    const { version } = req.params as { version: string; '*': string };
    const route = `${version}/${(req.params as Record<string, string>)['*']}`;
    const body = req.body as { id?: string };
    const answer = answers.get(route) ?? { error: `no answer set for ${route}` };
    return typeof answer === 'function' ? (answer as (id?: string) => unknown)(body.id) : answer;
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
});

const client = (api: 'v1' | 'v2') =>
  new WorkspaceClient({ baseUrl, apiKey: 'sk-test', api, retries: 0, startRetries: 0 });

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
}

describe('WorkspaceClient against a server whose answers are malformed', () => {
  const projectId = randomUUID();

  it('names the route, the request id and the field of a v1 answer', async () => {
    answers.set('v1/project_exec', (id?: string) => ({
      event: 'project_exec_output',
      id,
      stdout: 'hi\n',
      stderr: '',
      exit_code: '0',
    }));
    const id = randomUUID();
    const e = await failure(client('v1').exec({ id, project_id: projectId, command: 'echo' }));
    expect(e).toBeInstanceOf(MalformedAnswerError);
    expect(e).toMatchObject({
      route: 'POST /api/v1/project_exec',
      requestId: id,
      field: 'exit_code',
    });
    expect((e as Error).message).toBe(
      `the answer of POST /api/v1/project_exec to request ${id}: field 'exit_code' must be integer, not string`,
    );
  });

  it('refuses a pong without its time and an answer that is not an object', async () => {
    answers.set('v1/ping', (id?: string) => ({ event: 'pong', id }));
    const e = await failure(client('v1').ping());
    expect(e).toMatchObject({ route: 'POST /api/v1/ping', field: 'now' });
    expect((e as Error).message).toMatch(/field 'now' is missing$/);
    answers.set('v1/ping', [1, 2]);
    const arr = await failure(client('v1').ping());
    expect(arr).toBeInstanceOf(MalformedAnswerError);
    expect((arr as Error).message).toMatch(/: must be object, not array$/);
  });

  it('reads a v2 async job by its type and names the faulty field', async () => {
    answers.set('v2/exec', {
      type: 'async',
      job_id: 'j1',
      status: 'lost',
      start: 0,
      stdout: '',
      stderr: '',
      exit_code: 0,
    });
    const e = await failure(client('v2').startJob({ project_id: projectId, command: 'sleep' }));
    expect(e).toMatchObject({ route: 'POST /api/v2/exec', field: 'status' });
    expect((e as Error).message).toMatch(
      /field 'status' must be "running" or "completed" or "error"$/,
    );
    // A blocking call answered with a job's state is not a blocking answer.
    answers.set('v2/exec', {
      type: 'async',
      job_id: 'j1',
      status: 'running',
      start: 0,
      stdout: '',
      stderr: '',
      exit_code: 0,
    });
    const blocking = await failure(
      client('v2').exec({ project_id: projectId, command: 'true', timeout: 5 }),
    );
    expect(blocking).toMatchObject({ field: 'type' });
    expect((blocking as Error).message).toMatch(/field 'type' must be "blocking"$/);
  });

  it('refuses a v2 user-query answer without its result', async () => {
    answers.set('v2/user-query', { result: {} });
    const e = await failure(client('v2').query({ accounts: { account_id: null } }));
    expect(e).toMatchObject({ route: 'POST /api/v2/user-query', field: 'query' });
  });

  it('still reads a well-formed answer', async () => {
    answers.set('v1/project_exec', (id?: string) => ({
      event: 'project_exec_output',
      id,
      stdout: 'hi\n',
      stderr: '',
      exit_code: 0,
    }));
    expect(await client('v1').exec({ project_id: projectId, command: 'echo' })).toMatchObject({
      stdout: 'hi\n',
    });
  });
});

describe('the wire error definitions', () => {
  const d = { status: 200 };

  it('read back every text the server writes as its kind', () => {
    const cases: [string, new (...a: never[]) => WorkspaceError][] = [
      [v1Errors.execKilled.text('sleep', ['9']), ExecTimeoutError],
      [v1Errors.projectStarting.text(randomUUID()), ProjectStartingError],
      [v1Errors.diskQuota.text('12.0', 10), QuotaExceededError],
      [v1Errors.noWriteAccess.text, AccessDeniedError],
      [v1Errors.queryForm.text('projects', 'in array form can only be a get'), InvalidRequestError],
      [v1Errors.unknownTable.text('nope'), InvalidRequestError],
      [v1Errors.badOption.text('limit', 'must be a non-negative integer'), InvalidRequestError],
      [v2Errors.execField.text('args[0]', 'must be string, not integer'), InvalidRequestError],
      [v2Errors.collaboratorTo.text('start'), AccessDeniedError],
      [platformErrors.writeAccess.text(randomUUID(), randomUUID()), AccessDeniedError],
      [`FATAL: ${v1Errors.oneKey.text}`, InvalidRequestError],
    ];
    for (const [text, type] of cases) expect(classifyServerError(text, d)).toBeInstanceOf(type);
  });

  it('carry the exit code and stderr of a nonzero exit', () => {
    const e = classifyServerError(v1Errors.execNonZero.text('ls', ['-l', 'x'], 2, "no 'x'\n"), d);
    expect(e).toBeInstanceOf(NonZeroExitError);
    expect(e).toMatchObject({ exitCode: 2, stderr: "no 'x'\n" });
  });

  it('leave an unknown text untyped, or invalid when the server answered 4xx', () => {
    expect(classifyServerError('something else', d).constructor).toBe(WorkspaceError);
    expect(classifyServerError('something else', { status: 400 })).toBeInstanceOf(
      InvalidRequestError,
    );
  });
});
