import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, startTestWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await startTestWorkspace();
});
afterAll(async () => {
  await ws.dispose();
});

const KNOWN_KEYS = [
  'id',
  'event',
  'project_id',
  'path',
  'command',
  'args',
  'timeout',
  'aggregate',
  'max_output',
  'bash',
  'err_on_exit',
  'query',
  'changes',
  'multi_response',
  'options',
];

/** A request that may be wrong in any way: operation, headers, encoding, body, size. */
const request = fc.record({
  op: fc.oneof(
    fc.constantFrom('ping', 'query', 'project_exec'),
    fc.stringMatching(/^[a-z_%.]{0,12}$/),
  ),
  auth: fc.oneof(
    fc.constant('valid'),
    fc.constant('none'),
    fc.constantFrom('Basic', 'Bearer', 'Basic !!!', 'Basic Og==', 'Digest x'),
    fc.string({ maxLength: 40 }),
  ),
  contentType: fc.oneof(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      '',
    ),
    fc.stringMatching(/^[a-z/+;= -]{0,30}$/),
  ),
  body: fc.oneof(
    fc.json({ maxDepth: 4 }),
    fc
      .dictionary(fc.constantFrom(...KNOWN_KEYS), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 })
      .map((o) => {
        // Never a command in a project the key owns: exec only in projects that do not exist.
        if ('project_id' in o) o.project_id = '00000000-0000-4000-8000-000000000000';
        return JSON.stringify(o);
      }),
    fc
      .dictionary(
        fc.oneof(fc.constantFrom(...KNOWN_KEYS), fc.string({ maxLength: 8 })),
        fc.string({ maxLength: 20 }),
      )
      .map((o) => {
        delete o.project_id;
        return new URLSearchParams(o).toString();
      }),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('latin1')),
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      '%zz=%',
      '{"id":"\\ud800"}',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{}}}',
      'a=1&a=2',
    ),
    fc
      .integer({ min: 1, max: 20_000 })
      .map((n) => `{"query":{"projects":${'['.repeat(n)}null${']'.repeat(n)}}}`),
    fc.integer({ min: 500_001, max: 700_000 }).map((n) => JSON.stringify({ id: 'x'.repeat(n) })),
  ),
  charset: fc.constantFrom<BufferEncoding>('utf8', 'latin1', 'utf16le'),
});

describe('workspace server under malformed requests', () => {
  it('answers every malformed request with a JSON error and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = {};
        if (r.auth === 'valid') headers.authorization = basic(ws.apiKey);
        else if (r.auth !== 'none') headers.authorization = r.auth.replace(/[^\x20-\x7e]/g, '');
        if (r.contentType !== '') headers['content-type'] = r.contentType;
        const res = await fetch(`${ws.baseUrl}/api/v1/${encodeURIComponent(r.op)}`, {
          method: 'POST',
          headers,
          body: Buffer.from(r.body, r.charset),
        });
        const text = await res.text();
        const json = JSON.parse(text) as { event?: unknown; id?: unknown; error?: unknown };
        expect(typeof json.event).toBe('string');
        expect(typeof json.id).toBe('string');
        if (res.status !== 200 || json.event === 'error') {
          expect(json.event).toBe('error');
          expect(typeof json.error).toBe('string');
        }
        expect(res.status).toBeLessThan(500);
        // Without a valid key nothing is served, whatever else is wrong with the request.
        if (r.auth !== 'valid') {
          expect(res.status).toBe(401);
          expect(json.event).toBe('error');
        }
      }),
      { numRuns: 2000 },
    );
    expect((await ws.client.ping()).event).toBe('pong');
  });

  it('answers requests the HTTP parser cannot read with a JSON error', async () => {
    for (const raw of [
      'POST /api/v1/ping HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'POST /api/v1/ping HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'NOT-HTTP\r\n\r\n',
    ]) {
      const answer = await new Promise<string>((resolve, reject) => {
        const url = new URL(ws.baseUrl);
        const socket = connect(Number(url.port), url.hostname, () => socket.write(raw));
        let data = '';
        socket.on('data', (b) => (data += b.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      // One answer, or an early refusal (no key) followed by the parser's error.
      const responses = answer.split(/(?=HTTP\/1\.1 )/);
      expect(responses.length).toBeGreaterThan(0);
      for (const response of responses) {
        expect(response).toMatch(/^HTTP\/1\.1 4\d\d /);
        const body = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as {
          event: string;
        };
        expect(body.event).toBe('error');
      }
    }
    expect((await ws.client.ping()).event).toBe('pong');
  });
});
