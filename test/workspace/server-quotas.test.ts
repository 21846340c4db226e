import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuotaExceededError } from '../../src/workspace/client/index.js';
import {
  canMakeNetns,
  hostNetns,
  netnsProbe,
  processesWith,
  startTestWorkspace,
  type TestWorkspace,
} from './helpers.js';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await startTestWorkspace({
    quotas: { memory: 200, disk_quota: 5, mintime: 1 },
    memoryPollMs: 100,
  });
});
afterAll(async () => {
  await ws.dispose();
});

type Answer = {
  event: string;
  stdout?: string;
  stderr?: string;
  exit_code?: number;
  error?: string;
};

async function exec(body: Record<string, unknown>): Promise<Answer> {
  const r = await ws.post('project_exec', { project_id: ws.projectId, ...body });
  return r.json as Answer;
}

async function state(): Promise<string> {
  const r = await ws.client.query<{ projects: { state: { state: string } } }>({
    projects: { project_id: ws.projectId, state: null },
  });
  return r.query.projects.state.state;
}

describe('project quotas', () => {
  it('kills a project whose processes pass its memory quota, saying why in stderr', async () => {
    const r = await exec({
      command: 'node',
      args: ['-e', 'const a = []; for (;;) { a.push(Buffer.alloc(16 << 20, 1)); }'],
      err_on_exit: false,
      timeout: 60,
    });
    expect(r.exit_code).toBe(1);
    expect(r.stderr).toMatch(/killed: the project's memory limit of 200 MB was exceeded/);
  });

  it('raises the memory quota by the users’ upgrades', async () => {
    await ws.client.setProjectUpgrades(ws.projectId, ws.accountId, { memory: 300 });
    const r = await exec({
      command: 'node',
      args: ['-e', 'const b = Buffer.alloc(300 << 20, 1); console.log(b.length)'],
      timeout: 60,
    });
    expect(r.stdout).toBe(`${300 << 20}\n`);
    await ws.client.setProjectUpgrades(ws.projectId, ws.accountId, { memory: 0 });
  });

  it('refuses exec with a clear error once the home exceeds the disk quota', async () => {
    const r = await exec({
      command:
        'head -c 3000000 /dev/urandom > a.bin; head -c 3000000 /dev/urandom > b.bin; echo written',
    });
    expect(r.stdout).toBe('written\n');
    // Usage is measured when a command ends (and while commands run), so the refusal
    // comes with the next exec, or a few later when measuring is slow.
    const refusal = async () => (await exec({ command: 'echo', args: ['hi'] })).error ?? '';
    await expect
      .poll(refusal, { timeout: 10_000, interval: 100 })
      .toMatch(/^disk quota exceeded: the project's home uses 5\.\d MB of its 5 MB quota/);
    await expect(
      ws.client.exec({ project_id: ws.projectId, command: 'true' }),
    ).rejects.toBeInstanceOf(QuotaExceededError);
    // Commands that only delete still run over the quota.
    expect((await exec({ command: 'rm', args: ['a.bin', 'b.bin'] })).exit_code).toBe(0);
    const ok = async () => (await exec({ command: 'echo', args: ['ok'] })).stdout;
    await expect.poll(ok, { timeout: 10_000, interval: 100 }).toBe('ok\n');
  });

  it('stops an idle project after mintime seconds, killing its processes', async () => {
    const marker = '727.431';
    const r = await exec({ command: `nohup sleep ${marker} > /dev/null 2>&1 & echo started` });
    expect(r.stdout).toBe('started\n');
    // In the sandbox nothing outlives its command; unsandboxed, the idle stop ends it.
    if (ws.sandbox.bubblewrap) {
      await expect.poll(() => processesWith(marker), { timeout: 1000, interval: 50 }).toEqual([]);
    }
    await expect.poll(state, { timeout: 10_000, interval: 200 }).toBe('stopped');
    expect(processesWith(marker)).toEqual([]);
  });

  it('turns the network off unless the network upgrade is 1', async () => {
    // The command's network namespace against the test's own: a fresh one exactly where the
    // test itself can make one (its own probe, not the server's).
    const closed = await exec({ command: netnsProbe });
    expect(closed.stdout?.trim()).toMatch(/^net:\[\d+\]$/);
    expect(closed.stdout?.trim() !== hostNetns).toBe(canMakeNetns);
    await ws.client.setProjectUpgrades(ws.projectId, ws.accountId, { network: 1 });
    const open = await exec({ command: netnsProbe });
    expect(open.stdout?.trim()).toBe(hostNetns);
    await ws.client.setProjectUpgrades(ws.projectId, ws.accountId, { network: 0 });
  });
});
