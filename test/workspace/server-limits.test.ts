import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlyDeletes } from '../../src/workspace/server/exec-arguments.js';
import { shellEscape } from '../../src/workspace/server/sandbox.js';
import { startTestWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await startTestWorkspace({
    projects: 2,
    quotas: { disk_quota: 5 },
    execOutputBudget: 1_000_000,
    maxExecsPerProject: 2,
    maxExecsPerAccount: 3,
    aggregateCacheBytes: 100_000,
    diskPollMs: 100,
  });
});
afterAll(async () => {
  await ws.dispose();
});

function post(body: Record<string, unknown>, projectId = ws.projectId) {
  return ws.post('project_exec', { project_id: projectId, ...body });
}

/** Waits until the project runs commands again (its usage measured under the quota). */
async function untilAllowed(): Promise<void> {
  const ok = async () => (await post({ command: 'echo', args: ['ok'] })).json?.stdout;
  await expect.poll(ok, { timeout: 10_000, interval: 100 }).toBe('ok\n');
}

describe('exec output', () => {
  it('keeps at most the per-exec budget of JSON characters, whatever max_output says', async () => {
    // NUL bytes cost 6 characters each in JSON (\u0000).
    const r = await post({ command: 'head -c 20000000 /dev/zero', max_output: 50_000_000 });
    expect(r.status).toBe(200);
    expect(r.text.length).toBeLessThan(1_100_000);
    const stdout = String(r.json?.stdout);
    expect(stdout).toMatch(/\(truncated: the exec's output passed the server's limit of 1000000/);
    expect(stdout.startsWith('\0'.repeat(1000))).toBe(true);
  });

  it('shares the budget between stdout and stderr', async () => {
    const r = await post({
      command: 'head -c 3000000 /dev/zero | tr "\\0" a; head -c 3000000 /dev/zero | tr "\\0" b >&2',
    });
    const total = String(r.json?.stdout).length + String(r.json?.stderr).length;
    expect(total).toBeLessThan(1_000_000 + 200);
  });
});

describe('exec concurrency', () => {
  it('answers HTTP 429 JSON past the per-project cap', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => post({ command: 'sleep', args: ['1'] })),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.json).toMatchObject({ event: 'error' });
    expect(String(refused[0]?.json?.error)).toMatch(/at most 2 at once/);
    expect(refused[0]?.headers.get('retry-after')).toBe('1');
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
  });

  it('answers HTTP 429 JSON past the per-account cap across projects', async () => {
    const other = ws.projectIds[1] as string;
    const answers = await Promise.all([
      post({ command: 'sleep', args: ['1'] }),
      post({ command: 'sleep', args: ['1'] }),
      post({ command: 'sleep', args: ['1'] }, other),
      post({ command: 'sleep', args: ['1'] }, other),
    ]);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(1);
    const refusal = answers.find((a) => a.status === 429);
    expect(String(refusal?.json?.error)).toMatch(/for this account \(at most 3 at once\)/);
  });
});

describe('aggregate cache', () => {
  it('keeps small answers and not those past its byte bound', async () => {
    const small = 'echo run >> small.log; wc -l < small.log';
    expect((await post({ command: small, aggregate: 1 })).json?.stdout).toBe('1\n');
    expect((await post({ command: small, aggregate: 1 })).json?.stdout).toBe('1\n');
    const big = 'echo run >> big.log; wc -l < big.log; head -c 200000 /dev/zero | tr "\\0" x';
    const first = String((await post({ command: big, aggregate: 1 })).json?.stdout);
    expect(first.startsWith('1\n')).toBe(true);
    const second = String((await post({ command: big, aggregate: 1 })).json?.stdout);
    expect(second.startsWith('2\n')).toBe(true);
  });
});

describe('disk quota', () => {
  it('kills a command that writes past the quota while it runs, and lets rm clean up', async () => {
    const r = await post({
      // Up to 200 MB over 10 s or more: the sampler sees the quota passed well before.
      command: 'for i in $(seq 1 200); do head -c 1000000 /dev/zero > f$i.bin; sleep 0.05; done',
      timeout: 30,
    });
    expect(String(r.json?.error)).toMatch(/killed: the project's disk quota of 5 MB was exceeded/);
    const refused = await post({ command: 'echo', args: ['hi'] });
    expect(String(refused.json?.error)).toMatch(
      /^disk quota exceeded: the project's home uses \d+\.\d MB of its 5 MB quota.*rm, rmdir and unlink still run/,
    );
    const written = await post({ command: 'ls f*.bin | wc -l', bash: true });
    expect(String(written.json?.error)).toMatch(/^disk quota exceeded/);
    expect((await post({ command: 'rm -f f*.bin' })).json).toMatchObject({ exit_code: 0 });
    await untilAllowed();
  });

  it('stops a single file at the quota (file size limit)', async () => {
    const r = await post({ command: 'head -c 30000000 /dev/zero > big.bin', err_on_exit: false });
    expect(r.json?.exit_code).toBe(1);
    expect(String(r.json?.stderr)).toMatch(/file size limit \(disk quota\)|disk quota/);
    await post({ command: 'rm', args: ['-f', 'big.bin'] });
    await untilAllowed();
  });
});

describe('arguments no command can receive', () => {
  it('answers 400 JSON naming the argument with a NUL byte', async () => {
    const r = await post({ command: 'echo', args: ['a', 'b\0c'] });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      event: 'error',
      error: expect.stringMatching(/^args\[1\] contains a NUL byte/),
    });
  });

  it('answers 400 JSON for one argument over 128 KiB, and runs it through bash mode', async () => {
    const long = 'x'.repeat(200_000);
    const r = await post({ command: 'echo', args: [long] });
    expect(r.status).toBe(400);
    expect(String(r.json?.error)).toMatch(/^args\[0\] is 200000 bytes long/);
    const viaFile = await post({ command: `echo ${long} | wc -c`, bash: true });
    expect(viaFile.json?.stdout).toBe('200001\n');
  });
});

describe('onlyDeletes', () => {
  it('accepts the system’s rm, rmdir and unlink and bash lines of them alone', () => {
    expect(onlyDeletes('rm', ['-rf', 'out'], false)).toBe(true);
    expect(onlyDeletes('/usr/bin/unlink', ['a'], false)).toBe(true);
    expect(onlyDeletes('rm -f *.bin; rmdir d && unlink x', [], true)).toBe(true);
  });

  it('refuses anything else: other commands, redirections, substitutions, a project’s own rm', () => {
    expect(onlyDeletes('./rm', [], false)).toBe(false);
    expect(onlyDeletes('bin/rm', [], false)).toBe(false);
    expect(onlyDeletes('rm a > b', [], true)).toBe(false);
    expect(onlyDeletes('rm $(yes)', [], true)).toBe(false);
    expect(onlyDeletes('rm a | cat', [], true)).toBe(false);
    expect(onlyDeletes('echo', ['x'], false)).toBe(false);
  });
});

describe('shellEscape', () => {
  it('quotes `=` so that a word is never an assignment', () => {
    expect(shellEscape('X=1')).toBe("'X=1'");
    expect(shellEscape('a.b/c-d')).toBe('a.b/c-d');
    expect(shellEscape("it's")).toBe("'it'\\''s'");
  });
});
