import { mkdirSync, symlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesWith, startTestWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await startTestWorkspace();
});
afterAll(async () => {
  await ws.dispose();
});

type Answer = {
  event: string;
  id: string;
  stdout?: string;
  stderr?: string;
  exit_code?: number;
  error?: string;
};

async function exec(body: Record<string, unknown>): Promise<Answer> {
  const r = await ws.post('project_exec', { project_id: ws.projectId, ...body });
  expect(r.status).toBe(200);
  return r.json as Answer;
}

function home(): string {
  return join(ws.dataDir, 'projects', ws.projectId, 'home');
}

describe('project_exec', () => {
  it('runs a command with args in the project home and echoes the id', async () => {
    const r = await exec({ id: 'exec-1', command: 'pwd' });
    expect(r).toMatchObject({
      event: 'project_exec_output',
      id: 'exec-1',
      stderr: '',
      exit_code: 0,
    });
    expect(r.stdout?.trim().endsWith(join('projects', ws.projectId, 'home'))).toBe(true);
    expect((await exec({ command: 'printf', args: ['%s|', 'a b', "c'd"] })).stdout).toBe(
      "a b|c'd|",
    );
  });

  it('uses bash for a command line with whitespace and no args, or with bash: true', async () => {
    expect((await exec({ command: 'echo $((6 * 7)) | tr 4 X' })).stdout).toBe('X2\n');
    expect((await exec({ command: 'echo', args: ['$HOME', 'x y'], bash: true })).stdout).toBe(
      '$HOME x y\n',
    );
    expect((await exec({ command: 'type', args: [], bash: true })).exit_code).toBe(0);
  });

  it('keeps the server’s environment (and its key) away from commands', async () => {
    process.env.WORKSPACE_API_KEY = ws.apiKey;
    const r = await exec({ command: 'env' });
    delete process.env.WORKSPACE_API_KEY;
    expect(r.stdout).not.toContain(ws.apiKey);
    expect(r.stdout).toContain(`PROJECT_ID=${ws.projectId}`);
  });

  it('runs in a subdirectory given by path', async () => {
    mkdirSync(join(home(), 'sub', 'dir'), { recursive: true });
    expect(
      (await exec({ command: 'pwd', path: 'sub/dir' })).stdout?.trim().endsWith('sub/dir'),
    ).toBe(true);
    expect(
      (await exec({ command: 'pwd', path: 'sub/../sub' })).stdout?.trim().endsWith('/sub'),
    ).toBe(true);
  });

  it('refuses paths that escape the home: absolute, .. and symbolic links', async () => {
    expect((await exec({ command: 'ls', path: '/etc' })).error).toBe(
      "path '/etc' must be relative to the project's home directory",
    );
    expect((await exec({ command: 'ls', path: '..' })).error).toBe(
      "path '..' is outside the project's home directory",
    );
    expect((await exec({ command: 'ls', path: 'sub/../../..' })).error).toMatch(
      /is outside the project's home/,
    );
    symlinkSync('/tmp', join(home(), 'escape'));
    expect((await exec({ command: 'ls', path: 'escape' })).error).toBe(
      "path 'escape' is outside the project's home directory",
    );
    expect((await exec({ command: 'ls', path: 'nowhere' })).error).toBe(
      "path 'nowhere' does not exist in the project",
    );
  });

  it('truncates each stream at max_output with the marker', async () => {
    const r = await exec({ command: 'printf 0123456789; printf abcdefghij >&2', max_output: 4 });
    expect(r.stdout).toBe('0123 (truncated at 4 characters)');
    expect(r.stderr).toBe('abcd (truncated at 4 characters)');
    expect((await exec({ command: 'printf', args: ['abc'], max_output: 10 })).stdout).toBe('abc');
  });

  it('answers a nonzero exit as the notes’ error, or as output with err_on_exit false', async () => {
    const e = await exec({ command: 'echo oops >&2; exit 7' });
    expect(e).toMatchObject({ event: 'error' });
    expect(e.error).toBe(
      "Error executing command 'echo oops >&2; exit 7' with args '' -- command 'echo oops >&2; exit 7' (args=) exited with nonzero code 7 -- stderr='oops\n'",
    );
    const a = await exec({ command: 'ls', args: ['-l', 'missing-file'], err_on_exit: true });
    expect(a.error).toMatch(
      /^Error executing command 'ls' with args '-l,missing-file' -- command 'ls' \(args=-l,missing-file\) exited with nonzero code 2 -- stderr='/,
    );
    const o = await exec({ command: 'exit 7', err_on_exit: false });
    expect(o).toMatchObject({ event: 'project_exec_output', exit_code: 7 });
  });

  it('reports a command that cannot start as exit code 1 with the reason in stderr', async () => {
    const r = await exec({ command: 'no-such-program-here', err_on_exit: false });
    expect(r).toMatchObject({ exit_code: 1, stderr: 'spawn no-such-program-here ENOENT' });
  });

  it('reports a command killed by a signal as exit code 1', async () => {
    expect((await exec({ command: 'kill -9 $$', err_on_exit: false })).exit_code).toBe(1);
  });

  it('kills the whole process group at the timeout, leaving no child behind', async () => {
    const marker = '913.271';
    const r = await exec({
      command: `sleep ${marker} & sleep ${marker} & (sleep ${marker}; true) & wait`,
      timeout: 1,
    });
    expect(r.error).toBe(
      `Error executing command 'sleep ${marker} & sleep ${marker} & (sleep ${marker}; true) & wait' with args '' -- killed command 'sleep ${marker} & sleep ${marker} & (sleep ${marker}; true) & wait '`,
    );
    await expect.poll(() => processesWith(marker)).toEqual([]);
    const t = await exec({ command: 'sleep', args: ['30'], timeout: 0.5 });
    expect(t.error).toBe(
      "Error executing command 'sleep' with args '30' -- killed command 'sleep 30'",
    );
  });

  it('caps timeout 0 at the server maximum instead of running unbounded', async () => {
    expect((await exec({ command: 'ulimit -t', timeout: 0 })).stdout).toBe('3600\n');
  });

  it('accepts and ignores changes in a query', async () => {
    const r = await ws.post('query', {
      query: { projects: { project_id: ws.projectId, title: null } },
      changes: 'feed-1',
    });
    expect(r.json?.event).toBe('query');
  });

  it('limits CPU time: ulimit -t of the timeout in bash mode, a per-core backstop otherwise', async () => {
    expect((await exec({ command: 'ulimit -t', timeout: 7 })).stdout).toBe('7\n');
    const limits =
      (await exec({ command: 'cat', args: ['/proc/self/limits'], timeout: 3 })).stdout ?? '';
    const perCore = 3 * Math.max(1, availableParallelism());
    expect(limits).toMatch(new RegExp(`Max cpu time\\s+${perCore}\\s+${perCore + 1}\\s+seconds`));
  });

  it('runs node with WebAssembly under the default memory quota', async () => {
    const r = await exec({
      command: 'node',
      args: [
        '-e',
        'const m = new WebAssembly.Memory({ initial: 256 }); console.log("wasm", m.buffer.byteLength)',
      ],
      timeout: 30,
    });
    expect(r.stdout).toBe(`wasm ${256 * 65536}\n`);
  });

  it('answers 50 concurrent execs: output, or a 429 JSON error past the concurrency cap', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ws.post('project_exec', {
          project_id: ws.projectId,
          id: `c${i}`,
          command: 'echo',
          args: [String(i)],
        }),
      ),
    );
    answers.forEach((a, i) => {
      if (a.status === 429) {
        expect(a.json?.error).toMatch(/^too many commands running in project /);
      } else {
        expect(a.status).toBe(200);
        expect(a.json).toMatchObject({ id: `c${i}`, stdout: `${i}\n`, exit_code: 0 });
      }
    });
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(8);
  });

  it('merges aggregated requests: same value runs once, a greater value runs once after', async () => {
    const cmd = 'echo run >> agg.log; sleep 1; wc -l < agg.log';
    const first = Array.from({ length: 5 }, (_, i) =>
      exec({ id: `a${i}`, command: cmd, aggregate: 10 }),
    );
    await new Promise((r) => setTimeout(r, 100));
    const later = Array.from({ length: 4 }, (_, i) =>
      exec({ id: `b${i}`, command: cmd, aggregate: 11 + (i % 2) }),
    );
    const lower = exec({ id: 'low', command: cmd, aggregate: 3 });
    const a = await Promise.all(first);
    const b = await Promise.all(later);
    expect(a.map((x) => x.stdout)).toEqual(Array(5).fill('1\n'));
    expect(a.map((x) => x.id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
    expect((await lower).stdout).toBe('1\n');
    expect(b.map((x) => x.stdout)).toEqual(Array(4).fill('2\n'));
    // A finished run under 60 s old answers a value not above its own.
    expect((await exec({ command: cmd, aggregate: 12 })).stdout).toBe('2\n');
    // Requests that differ in another field are not merged.
    expect((await exec({ command: cmd, aggregate: 12, timeout: 9 })).stdout).toBe('3\n');
  });

  it('starts a stopped project, and a stop kills the project’s processes', async () => {
    await ws.client.stopProject(ws.projectId);
    expect(
      (await ws.client.query({ projects: { project_id: ws.projectId, state: null } })).query,
    ).toMatchObject({
      projects: { state: { state: 'stopped' } },
    });
    const marker = '871.113';
    const running = exec({ command: 'sleep', args: [marker], timeout: 60 });
    await expect.poll(() => processesWith(marker).length).toBeGreaterThan(0);
    await ws.client.stopProject(ws.projectId);
    expect((await running).error).toMatch(/killed: the project was stopped/);
    await expect.poll(() => processesWith(marker)).toEqual([]);
  });
});
