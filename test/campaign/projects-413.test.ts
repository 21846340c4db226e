import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectPool, type ProjectEvent } from '../../src/campaign/projects.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { tempDir } from '../workspace/helpers.js';

const dataDir = tempDir('luau-fuzz-413-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The program ids of a runner `run` request: its `--data` argument, gunzipped. */
function idsOfRun(body: Record<string, unknown>): string[] {
  const args = body.args as string[] | undefined;
  if (args === undefined || args[1] !== 'run') return [];
  const data = args.slice(args.indexOf('--data') + 1).join('');
  return gunzipSync(Buffer.from(data, 'base64'))
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { id: string }).id);
}

/** 60 incompressible strings of 600 characters. */
function incompressible(): string[] {
  return Array.from({ length: 60 }, () => randomBytes(300).toString('hex'));
}

describe('ProjectPool.runBatch', () => {
  it('splits a batch the server answers with HTTP 413, running every program exactly once', async () => {
    // The runner is installed under the default limit, then the server restarts with a
    // body limit of 20 kB, which a batch of 60 incompressible programs (~50 kB) exceeds.
    const first = await startEmbeddedWorkspace({ dataDir, api: 'v1' });
    const setup = new WorkspaceClient({ baseUrl: first.baseUrl, apiKey: first.apiKey });
    await new ProjectPool(setup, first.projectIds, { runtimes: ['luau-web'] }).prepare();
    await first.close();

    const ws = await startEmbeddedWorkspace({ dataDir, api: 'v1', bodyLimit: 20_000 });
    try {
      const runs: { status: number; ids: string[]; size: number }[] = [];
      const client = new WorkspaceClient({
        baseUrl: ws.baseUrl,
        apiKey: ws.apiKey,
        // The client does not know the server's limit: only the 413s tell it.
        bodyLimit: 1_000_000,
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          const ids = idsOfRun(JSON.parse(String(init?.body)) as Record<string, unknown>);
          if (ids.length > 0)
            runs.push({ status: res.status, ids, size: Buffer.byteLength(String(init?.body)) });
          return res;
        },
      });
      const events: ProjectEvent[] = [];
      const pool = new ProjectPool(client, ws.projectIds, {
        runtimes: ['luau-web'],
        onEvent: (e) => events.push(e),
      });
      await pool.prepare();
      const hex = incompressible();
      const jobs = hex.map((h, i) => ({ id: `p${i}`, program: `print(${JSON.stringify(h)})` }));
      const result = await pool.runBatch(jobs);

      const refused = runs.filter((r) => r.status === 413);
      const ran = runs.filter((r) => r.status === 200).flatMap((r) => r.ids);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]!.ids).toHaveLength(60);
      expect(events.filter((e) => e.type === 'split').length).toBeGreaterThan(0);
      // Every program was sent in exactly one request the server accepted, and came back.
      expect([...ran].sort()).toEqual(jobs.map((j) => j.id).sort());
      expect([...result.outcomes.keys()].sort()).toEqual(jobs.map((j) => j.id).sort());
      for (const [i, job] of jobs.entries()) {
        const [outcome] = result.outcomes.get(job.id)!;
        expect(outcome).toMatchObject({ status: 'ok' });
        expect(outcome!.output.startsWith(hex[i]!.slice(0, 200))).toBe(true);
      }
      // The client learned the limit: it no longer sends bodies the server refused.
      expect(await client.bodyLimit()).toBe(Math.min(...refused.map((r) => r.size)) - 1);
    } finally {
      await ws.close();
    }
  });
});
