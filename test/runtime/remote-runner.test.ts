import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRunner, runRemoteBatch } from '../../src/runtime/remote-runner.js';
import type { InstalledRunner } from '../../src/runtime/runner-files.js';
import { parseRuntime } from '../../src/runtime/profile.js';
import { runnerBundle } from '../../src/runtime/runner-files.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { realLuau } from './luau-715.js';
import { needsShared } from '../helpers/shared.js';

describe('installRunner', () => {
  let dataDir: string;
  let ws: EmbeddedWorkspace;
  let client: WorkspaceClient;
  let runner: InstalledRunner;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'luau-fuzz-runner-'));
    ws = await startEmbeddedWorkspace({ dataDir, projects: 1 });
    client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
    runner = await installRunner(client, ws.projectIds[0]!, { payloadLimit: 200_000 });
  });
  afterAll(async () => {
    await ws.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads the runner once and verifies it by checksum', async () => {
    expect(runner.uploaded).toBe(true);
    expect(runner.checksum).toBe(runnerBundle().checksum);
    const again = await installRunner(client, ws.projectIds[0]!);
    expect(again).toMatchObject({ uploaded: false, dir: runner.dir });
  });

  it('re-uploads a runner whose files were changed', async () => {
    await client.exec({
      project_id: runner.projectId,
      command: 'node',
      args: [
        '-e',
        `require('fs').appendFileSync(${JSON.stringify(`${runner.dir}/pool.mjs`)}, '// changed')`,
      ],
    });
    const repaired = await installRunner(client, runner.projectId);
    expect(repaired.uploaded).toBe(true);
  });

  describe('runRemoteBatch', () => {
    it('runs a batch in the project and returns one outcome per program', async () => {
      const jobs = [
        { id: 'a', program: 'print("hello")' },
        { id: 'b', program: 'local = 1' },
        { id: 'c', program: 'print(require(module0).v)', module: 'return { v = 3 }' },
        { id: 'd', program: 'while true do end' },
      ];
      const outcomes = await runRemoteBatch(client, runner, jobs, {
        profile: parseRuntime('luau-web'),
        name: 'batch-1',
        timeoutMs: 1000,
      });
      const byId = new Map(outcomes.map((o) => [o.id, o]));
      expect(byId.get('a')).toMatchObject({ status: 'ok', output: 'hello\n' });
      expect(byId.get('b')?.status).toBe('compile-error');
      expect(byId.get('c')).toMatchObject({ status: 'ok', output: '3\n' });
      expect(byId.get('d')?.status).toBe('timeout');
      // Only the results stay in the project (the batch itself is removed once read).
      const listing = await client.exec({
        project_id: runner.projectId,
        command: 'ls',
        args: ['.luau-fuzz/batches'],
      });
      expect(listing.stdout.split('\n').filter((f) => f.startsWith('batch-1'))).toEqual([
        'batch-1.jsonl.out',
      ]);
    });

    it.skipIf(realLuau === undefined)(
      'runs a luau-cli batch with the installed runner: one luau process, outcomes per program',
      needsShared,
      async () => {
        const jobs = [
          { id: 'a', program: 'print("hello")' },
          { id: 'b', program: 'local = 1' },
          { id: 'c', program: 'print(require(module0).v)', module: 'return { v = 3 }' },
          { id: 'd', program: 'while true do end' },
          { id: 'e', program: 'print(2 ^ 10)' },
        ];
        const outcomes = await runRemoteBatch(client, runner, jobs, {
          profile: parseRuntime(`luau-cli:-O2:--codegen:path=${realLuau}`),
          name: 'batch-cli',
          timeoutMs: 1000,
        });
        const byId = new Map(outcomes.map((o) => [o.id, o]));
        expect(byId.get('a')).toMatchObject({ status: 'ok', output: 'hello\n' });
        expect(byId.get('b')?.status).toBe('compile-error');
        expect(byId.get('c')).toMatchObject({ status: 'ok', output: '3\n' });
        expect(byId.get('d')?.status).toBe('timeout');
        expect(byId.get('e')).toMatchObject({ status: 'ok', output: '1024\n' });
      },
    );

    it('reads results back in parts when the output is cut at max_output', async () => {
      const jobs = Array.from({ length: 40 }, (_, i) => ({ id: `p${i}`, program: `print(${i})` }));
      const outcomes = await runRemoteBatch(client, runner, jobs, {
        profile: parseRuntime('luau-web'),
        name: 'batch-2',
        maxOutput: 1000,
      });
      expect(outcomes.map((o) => o.id).sort()).toEqual(jobs.map((j) => j.id).sort());
      for (const o of outcomes) expect(o.output).toBe(`${o.id.slice(1)}\n`);
    });

    it('uploads a batch larger than one request in parts, and runs it in one run', async () => {
      // Requests of at most 8 kB: the batch (incompressible strings) needs several.
      const jobs = Array.from({ length: 30 }, (_, i) => ({
        id: `u${i}`,
        program: `print(${i}, ${JSON.stringify(randomBytes(300).toString('hex'))})`,
      }));
      const requests: string[] = [];
      const counting = new WorkspaceClient({
        baseUrl: ws.baseUrl,
        apiKey: ws.apiKey,
        bodyLimit: 8192,
        fetch: (url, init) => {
          const body = typeof init?.body === 'string' ? init.body : '';
          if (body.startsWith('{'))
            requests.push(String((JSON.parse(body) as { command?: string }).command));
          return fetch(url, init);
        },
      });
      const outcomes = await runRemoteBatch(counting, runner, jobs, {
        profile: parseRuntime('luau-web'),
        name: 'batch-3',
      });
      expect(outcomes.map((o) => o.id).sort()).toEqual(jobs.map((j) => j.id).sort());
      for (const o of outcomes) {
        expect(o.status).toBe('ok');
        expect(o.output.startsWith(`${o.id.slice(1)}\t`)).toBe(true);
      }
      // Parts by `sh`, then one run of the runner by `node`.
      expect(requests.filter((c) => c === 'sh').length).toBeGreaterThan(1);
      expect(requests.filter((c) => c === 'node')).toHaveLength(1);
    });
  });
});
