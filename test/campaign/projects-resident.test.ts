import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectPool, type ProjectEvent } from '../../src/campaign/projects.js';
import { stopResidentRunner } from '../../src/runtime/resident-runner.js';
import type { ResidentRunner } from '../../src/runtime/resident-runner.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { jobEnded, tempDir } from '../workspace/helpers.js';

const dataDir = tempDir('luau-fuzz-resident-pool-');
let ws: EmbeddedWorkspace;
beforeAll(async () => {
  ws = await startEmbeddedWorkspace({ dataDir, projects: 1 });
});
afterAll(async () => {
  await ws.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const jobs = [
  { id: 'a', program: 'print(1 + 1)' },
  { id: 'b', program: 'error("no")' },
];

const jobStatus = (client: WorkspaceClient, r: ResidentRunner): Promise<string> =>
  jobEnded(client, r.projectId, r.jobId);

describe('ProjectPool', () => {
  it('hands batches to a resident runner over v2, starts another when it is gone, and stops it on close', async () => {
    const client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey, api: 'v2' });
    const events: ProjectEvent['type'][] = [];
    const pool = new ProjectPool(client, ws.projectIds, {
      runtimes: ['luau-web'],
      onEvent: (e) => events.push(e.type),
    });
    await pool.prepare();
    const first = pool.projects[0]!.resident!;
    expect(first).toBeDefined();
    const one = await pool.runBatch(jobs);
    expect(one.outcomes.get('a')?.[0]).toMatchObject({ status: 'ok', output: '2\n' });
    expect(one.outcomes.get('b')?.[0]?.status).toBe('runtime-error');

    // Gone behind the pool's back: the next batch finds out, and runs on a new one.
    await stopResidentRunner(client, first);
    expect(await jobStatus(client, first)).toBe('completed');
    const two = await pool.runBatch(jobs);
    expect(two.outcomes.get('a')?.[0]).toMatchObject({ status: 'ok', output: '2\n' });
    const second = pool.projects[0]!.resident!;
    expect(second.jobId).not.toBe(first.jobId);
    expect(events.filter((t) => t.startsWith('resident'))).toEqual([
      'resident',
      'resident-gone',
      'resident',
    ]);

    await pool.close();
    expect(await jobStatus(client, second)).toBe('completed');
    expect(pool.projects[0]!.resident).toBeUndefined();
  }, 60_000);

  it('starts the runner for each batch over v1, which has no async jobs', async () => {
    const client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey, api: 'v1' });
    const pool = new ProjectPool(client, ws.projectIds, { runtimes: ['luau-web'] });
    await pool.prepare();
    expect(pool.projects[0]!.resident).toBeUndefined();
    const r = await pool.runBatch(jobs);
    expect(r.outcomes.get('a')?.[0]).toMatchObject({ status: 'ok', output: '2\n' });
    await pool.close();
  }, 60_000);
});
