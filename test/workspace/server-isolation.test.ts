import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSandbox, startWorkspaceServer } from '../../src/workspace/server/index.js';
import {
  canMakeNetns,
  hostNetns,
  netnsProbe,
  processesWith,
  startTestWorkspace,
  tempDir,
  type TestWorkspace,
} from './helpers.js';
import { required } from '../helpers/required.js';

type Answer = {
  event: string;
  stdout?: string;
  stderr?: string;
  exit_code?: number;
  error?: string;
};

const caps = probeSandbox();
const haveBubblewrap = required('bubblewrap that runs commands in namespaces', caps.bubblewrap);

/** Interface names of a `/proc/net/dev` listing. */
function interfaces(text: string): string[] {
  return text
    .split('\n')
    .slice(2)
    .map((l) => l.split(':')[0]?.trim() ?? '')
    .filter((x) => x !== '')
    .sort();
}

describe.runIf(haveBubblewrap)('project isolation with bubblewrap', () => {
  let ws: TestWorkspace;
  const secret = `secret-${Math.random().toString(36).slice(2)}`;
  beforeAll(async () => {
    // A variable only the server has: no command may find it anywhere in /proc.
    process.env.LUAU_FUZZ_ISOLATION_MARKER = secret;
    ws = await startTestWorkspace({
      projects: 2,
      quotas: { memory: 200, mintime: 60 },
      memoryPollMs: 100,
    });
  });
  afterAll(async () => {
    delete process.env.LUAU_FUZZ_ISOLATION_MARKER;
    await ws.dispose();
  });

  async function exec(body: Record<string, unknown>, projectId = ws.projectId): Promise<Answer> {
    const r = await ws.post('project_exec', { project_id: projectId, ...body });
    expect(r.status).toBe(200);
    return r.json as Answer;
  }

  it('shows a command nothing of the data directory: key file, database, other projects', async () => {
    const other = ws.projectIds[1] as string;
    expect((await exec({ command: 'echo hidden > secret.txt' }, other)).exit_code).toBe(0);
    const probe = await exec({
      command: [
        'cat ../../../api-key',
        `cat ${ws.dataDir}/api-key`,
        `cat ${ws.dataDir}/workspace.db`,
        `cat ${ws.dataDir}/projects/${other}/home/secret.txt`,
        `ls -A ${ws.dataDir}/projects`,
      ].join('; '),
      err_on_exit: false,
    });
    const key = readFileSync(ws.keyFile, 'utf8').trim();
    expect(probe.stdout).not.toContain(key);
    expect(probe.stdout).not.toContain('hidden');
    expect(probe.stdout).not.toContain('SQLite');
    // The only project the listing shows is the caller's own (its home is bound in).
    expect(probe.stdout?.trim()).toBe(ws.projectId);
  });

  it('shows no process of the server: /proc holds only the command’s own', async () => {
    const r = await exec({
      command: 'cat /proc/[0-9]*/environ 2>/dev/null | tr "\\0" "\\n"; ls /proc | grep -c "^[0-9]"',
      err_on_exit: false,
    });
    expect(r.stdout).not.toContain(secret);
    expect(Number(r.stdout?.trim().split('\n').at(-1))).toBeLessThan(10);
  });

  it('keeps the system read-only and /tmp private to each command', async () => {
    const w = await exec({ command: 'touch /usr/luau-fuzz-probe', err_on_exit: false });
    expect(w.exit_code).not.toBe(0);
    expect(w.stderr).toMatch(/Read-only file system|Permission denied/);
    expect((await exec({ command: 'echo x > /tmp/mine && cat /tmp/mine' })).stdout).toBe('x\n');
    expect((await exec({ command: 'ls -A /tmp' })).stdout).not.toMatch(/^mine$/m);
  });

  it('ends setsid children with their command, and `setsid -f` no longer holds the exec', async () => {
    const marker = '611.307';
    const r = await exec({
      command: `setsid sleep ${marker} & setsid -f sleep ${marker}; echo ok`,
    });
    expect(r).toMatchObject({ stdout: 'ok\n', exit_code: 0 });
    await expect.poll(() => processesWith(marker), { timeout: 2000 }).toEqual([]);
    const t = await exec({ command: `setsid sleep ${marker}`, timeout: 1 });
    expect(t.error).toMatch(/killed command/);
    await expect.poll(() => processesWith(marker), { timeout: 2000 }).toEqual([]);
  });

  it('holds a setsid child to the memory quota', async () => {
    const r = await exec({
      command: `setsid node -e 'const a = []; for (let i = 0; i < 100; i++) a.push(Buffer.alloc(16 << 20, 1)); console.log("allocated")'; echo end`,
      err_on_exit: false,
      timeout: 60,
    });
    // The cgroup's OOM killer ends the allocation (the shell goes on); the monitor, used
    // where no cgroup can be made, ends the whole command.
    expect(r.stdout).not.toMatch(/allocated/);
    expect(r.stdout).toBe(ws.cgroups ? 'end\n' : '');
    expect(r.stderr).toMatch(/killed: the project's memory limit of 200 MB/);
  });

  it('cuts commands off the network unless the network upgrade is 1', async () => {
    // Judged by the test's own probe: a fresh network namespace with nothing but loopback
    // wherever the test can make one, the test's own namespace with the upgrade.
    const host = interfaces(readFileSync('/proc/net/dev', 'utf8'));
    const closed = await exec({ command: `${netnsProbe}; cat /proc/net/dev` });
    const [closedNs = '', ...closedDev] = (closed.stdout ?? '').split('\n');
    expect(closedNs !== hostNetns).toBe(canMakeNetns);
    expect(interfaces(closedDev.join('\n'))).toEqual(canMakeNetns ? ['lo'] : host);
    await ws.client.setProjectUpgrades(ws.projectId, ws.accountId, { network: 1 });
    const open = await exec({ command: `${netnsProbe}; cat /proc/net/dev` });
    const [openNs = '', ...openDev] = (open.stdout ?? '').split('\n');
    expect(openNs).toBe(hostNetns);
    expect(interfaces(openDev.join('\n'))).toEqual(host);
    await ws.client.setProjectUpgrades(ws.projectId, ws.accountId, { network: 0 });
  });

  it('quotes `=` in bash mode: an argument never becomes an assignment', async () => {
    const r = await exec({ command: 'X=1', args: ['env'], bash: true, err_on_exit: false });
    expect(r.exit_code).toBe(127);
    expect(r.stderr).toMatch(/X=1: command not found/);
  });
});

describe('network isolation', () => {
  it('isolates where the machine allows it, and otherwise `require` refuses to start', async () => {
    const dataDir = tempDir();
    const canIsolate = caps.bubblewrap ? caps.bubblewrapNetwork : caps.netnsPrefix !== null;
    const starting = startWorkspaceServer({ dataDir, networkIsolation: 'require' });
    if (!canIsolate) {
      await expect(starting).rejects.toThrow(/network isolation is required/);
      return;
    }
    const server = await starting;
    expect(server.warnings.some((w) => /network/.test(w))).toBe(false);
    await server.close();
  });

  it('warns in `auto` mode exactly when no namespace can be made', async () => {
    const server = await startWorkspaceServer({ dataDir: tempDir(), sandbox: 'none' });
    const warned = server.warnings.some((w) => /no network namespace/.test(w));
    expect(warned).toBe(caps.netnsPrefix === null);
    await server.close();
  });
});

describe('fallbacks: without bubblewrap, without cgroups', () => {
  it('refuses to serve several accounts unless told --insecure-shared-user', async () => {
    await expect(startTestWorkspace({ sandbox: 'none' })).rejects.toThrow(
      /bubblewrap \(bwrap\) is switched off.*--insecure-shared-user/,
    );
  });

  it('holds a setsid child to the memory quota with the monitor (no cgroups)', async () => {
    const ws = await startTestWorkspace({
      cgroups: 'none',
      insecureSharedUser: true,
      quotas: { memory: 200 },
      memoryPollMs: 100,
    });
    try {
      expect(ws.cgroups).toBe(false);
      const r = await ws.post('project_exec', {
        project_id: ws.projectId,
        command: `setsid node -e 'const a = []; for (;;) a.push(Buffer.alloc(16 << 20, 1))'; echo end`,
        err_on_exit: false,
        timeout: 60,
      });
      expect(r.json?.stdout).not.toMatch(/end/);
      expect(r.json?.stderr).toMatch(/killed: the project's memory limit of 200 MB/);
    } finally {
      await ws.dispose();
    }
  });

  it('runs commands with limits and the memory monitor when allowed', async () => {
    const ws = await startTestWorkspace({
      sandbox: 'none',
      cgroups: 'none',
      insecureSharedUser: true,
      quotas: { memory: 200 },
      memoryPollMs: 100,
    });
    try {
      expect(ws.sandbox.bubblewrap).toBe(false);
      expect(ws.cgroups).toBe(false);
      expect(ws.warnings.join('\n')).toMatch(/bubblewrap \(bwrap\) is not in use/);
      const ok = await ws.post('project_exec', {
        project_id: ws.projectId,
        command: 'echo',
        args: ['fallback'],
      });
      expect(ok.json).toMatchObject({ stdout: 'fallback\n', exit_code: 0 });
      const big = await ws.post('project_exec', {
        project_id: ws.projectId,
        command: 'node',
        args: ['-e', 'const a = []; for (;;) a.push(Buffer.alloc(16 << 20, 1))'],
        err_on_exit: false,
        timeout: 60,
      });
      expect(big.json?.stderr).toMatch(/killed: the project's memory limit of 200 MB/);
    } finally {
      await ws.dispose();
    }
  });
});
