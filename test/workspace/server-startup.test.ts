import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminList,
  isLoopback,
  startEmbeddedWorkspace,
  startWorkspaceServer,
} from '../../src/workspace/server/index.js';
import { startTestWorkspace, tempDir, type TestWorkspace } from './helpers.js';

const started: TestWorkspace[] = [];
afterAll(async () => {
  for (const w of started) await w.dispose();
});

/** Sends `head`, then `drip` one byte every `everyMs`; resolves with what came back and when. */
function slowRequest(
  baseUrl: string,
  head: string,
  drip: string,
  everyMs: number,
): Promise<{ answer: string; ms: number }> {
  const url = new URL(baseUrl);
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    let answer = '';
    let i = 0;
    const socket = connect(Number(url.port), url.hostname, () => socket.write(head));
    const timer = setInterval(() => {
      if (i < drip.length && !socket.destroyed) socket.write(drip[i++] as string);
    }, everyMs);
    socket.on('data', (b) => (answer += b.toString()));
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - t0 });
    });
    socket.on('error', () => {});
    setTimeout(() => reject(new Error(`socket still open; got ${answer}`)), 20_000).unref();
  });
}

const REQUEST_TIMEOUT = 3000;
const HEADERS_TIMEOUT = 1000;
/**
 * How late a socket may close: the server checks every quarter of the request timeout
 * (750 ms), and a loaded machine adds a little; twice the headers timeout is no longer it.
 */
const MARGIN = 2000;

describe('request timeouts', () => {
  it('closes a body sent a byte at a time at the request timeout, and headers at the headers timeout, with a 408 JSON error', async () => {
    // Two timeouts set apart, each closed at or after its value and within MARGIN of it:
    // either at eight times its value fails.
    const ws = await startTestWorkspace({
      requestTimeoutMs: REQUEST_TIMEOUT,
      headersTimeoutMs: HEADERS_TIMEOUT,
    });
    started.push(ws);
    const body = JSON.stringify({ command: 'x'.repeat(200) });
    const r = await slowRequest(
      ws.baseUrl,
      `POST /api/v1/project_exec HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      200,
    );
    expect(r.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT);
    expect(r.ms).toBeLessThan(REQUEST_TIMEOUT + MARGIN);
    // The refusal (no key) comes at once; the socket still closes at the request timeout.
    expect(r.answer).toMatch(/HTTP\/1\.1 408 /);
    // Headers sent a byte at a time are cut off as well.
    const h = await slowRequest(
      ws.baseUrl,
      'POST /api/v1/ping HTTP/1.1\r\n',
      'X-Slow: ' + 'a'.repeat(100),
      200,
    );
    expect(h.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT);
    expect(h.ms).toBeLessThan(HEADERS_TIMEOUT + MARGIN);
    expect(h.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(h.answer.slice(h.answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      event: 'error',
      error: 'the request was not received in time',
    });
  });
});

describe('data directory lock', () => {
  it('takes the lock before any setup: a refused second server creates nothing', async () => {
    const ws = await startTestWorkspace();
    started.push(ws);
    const before = adminList(ws.dataDir);
    await expect(startEmbeddedWorkspace({ dataDir: ws.dataDir, projects: 5 })).rejects.toThrow(
      /another workspace server/,
    );
    const after = adminList(ws.dataDir);
    expect(after.projects).toHaveLength(before.projects.length);
    expect(after.accounts).toHaveLength(before.accounts.length);
  });
});

describe('listening address', () => {
  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', 'localhost', '[::1]'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', 'example.org'].some(isLoopback)).toBe(false);
  });

  it('refuses a non-loopback host unless allowed, and then warns', async () => {
    const dataDir = tempDir();
    await expect(startWorkspaceServer({ dataDir, host: '0.0.0.0' })).rejects.toThrow(
      /refusing to listen on 0\.0\.0\.0, which is not a loopback address.*--allow-remote/,
    );
    const server = await startWorkspaceServer({ dataDir, host: '0.0.0.0', allowRemote: true });
    expect(server.warnings.join('\n')).toMatch(
      /listening on 0\.0\.0\.0, reachable from other machines/,
    );
    await server.close();
  });
});
