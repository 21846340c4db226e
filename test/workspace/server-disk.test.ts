import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await startTestWorkspace({ quotas: { disk_quota: 2 } });
});
afterAll(async () => {
  await ws.dispose();
});

type Answer = { stdout?: string; stderr?: string; exit_code?: number; error?: string };

async function exec(body: Record<string, unknown>): Promise<Answer> {
  const r = await ws.post('project_exec', {
    project_id: ws.projectId,
    err_on_exit: false,
    ...body,
  });
  return r.json as Answer;
}

describe('project quotas', () => {
  it('stops a file from growing past the disk quota, in bash mode and with args', async () => {
    const bash = await exec({
      command: 'head -c 3000000 /dev/zero > big.bin; echo "exit $?"; wc -c < big.bin',
    });
    const [status, size] = (bash.stdout ?? '').trim().split('\n');
    expect(status).not.toBe('exit 0');
    expect(Number(size)).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect((await exec({ command: 'rm', args: ['big.bin'] })).exit_code).toBe(0);
    const direct = await exec({
      command: 'node',
      args: [
        '-e',
        "try { require('fs').writeFileSync('big.bin', Buffer.alloc(3000000)); console.log('wrote'); } catch (e) { console.log(e.code); }",
      ],
    });
    expect(direct.stdout).not.toContain('wrote');
    const size2 = await exec({ command: 'wc', args: ['-c', 'big.bin'] });
    expect(Number((size2.stdout ?? '').trim().split(' ')[0])).toBeLessThanOrEqual(2 * 1024 * 1024);
  });
});
