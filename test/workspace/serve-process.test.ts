import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { openStore, probeSandbox } from '../../src/workspace/server/index.js';
import { required } from '../helpers/required.js';
import { processesWith, tempDir } from './helpers.js';

const MAIN = join(packageRoot, 'src', 'cli', 'main.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Served {
  child: ChildProcess;
  baseUrl: string;
  keyFile: string;
  projectId: string;
}

/** Runs `luau-fuzz serve` in a child process (under `wrap`, when given) and reads what it prints. */
function serve(dataDir: string, extra: string[] = [], wrap: string[] = []): Promise<Served> {
  const argv = [process.execPath, '--import', 'tsx', MAIN, 'serve', '--data', dataDir];
  argv.push('--port', '0', ...extra);
  const [cmd, ...args] = [...wrap, ...argv] as [string, ...string[]];
  const child = spawn(cmd, args, { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (b: Buffer) => (err += b.toString()));
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      const url = /listening on (\S+)/.exec(out);
      const key = /API key file: (\S+)/.exec(out);
      const projects = /projects: (\S+)/.exec(out);
      if (url && key && projects) {
        resolve({
          child,
          baseUrl: url[1] as string,
          keyFile: key[1] as string,
          projectId: projects[1] as string,
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

/** The system calls the durability test traces. */
const TRACED = 'read,write,writev,pwrite64,pwritev,fsync,fdatasync';

const canStrace =
  spawnSync('strace', ['-o', '/dev/null', '-e', 'trace=none', 'true'], { stdio: 'ignore' })
    .status === 0;

/**
 * The order in which a server's trace (`strace -y`, one call a line) read the request that
 * carries `marker`, wrote `marker` to the SQLite log (`…-wal`), synced the log, and sent the
 * reply on the request's socket; each step found after the one it follows, or left out.
 */
function writeOrder(calls: readonly string[], marker: string): string[] {
  const parsed = calls.map((line) => /^(\w+)\((\d+)<([^>]*)>(.*)$/.exec(line));
  const find = (
    from: number,
    test: (name: string, fd: string, path: string, rest: string) => boolean,
  ) => parsed.findIndex((m, i) => i > from && m !== null && test(m[1]!, m[2]!, m[3]!, m[4]!));
  const request = find(
    -1,
    (name, _fd, path, rest) =>
      name === 'read' && path.startsWith('socket:') && rest.includes(marker),
  );
  const fd = parsed[request]?.[2];
  const reply = find(
    request,
    (name, f, _path, rest) => name.startsWith('write') && f === fd && rest.includes('HTTP/1.1 '),
  );
  const written = find(
    request,
    (name, _fd, path, rest) =>
      name.startsWith('pwrite') && path.endsWith('-wal') && rest.includes(marker),
  );
  const synced = find(
    written,
    (name, _fd, path) => /^f(data)?sync$/.test(name) && path.endsWith('-wal'),
  );
  const steps: [string, number][] = [
    ['request read', request],
    ['log written', written],
    ['log synced', written < 0 ? -1 : synced],
    ['reply sent', reply],
  ];
  return steps
    .filter(([, i]) => i >= 0)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);
}

function kb(pid: number, field: string): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1]);
}

function cli(args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

describe('luau-fuzz serve', () => {
  it('bootstraps a key file readable only by its owner and answers with bounded memory for 100 MB of output', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const s = await serve(dataDir);
    expect(new URL(s.baseUrl).hostname).toBe('127.0.0.1');
    expect(s.keyFile).toBe(join(dataDir, 'api-key'));
    expect(statSync(s.keyFile).mode & 0o777).toBe(0o600);
    const client = new WorkspaceClient({
      baseUrl: s.baseUrl,
      apiKey: readFileSync(s.keyFile, 'utf8').trim(),
    });
    await client.exec({ project_id: s.projectId, command: 'true' });
    const pid = s.child.pid as number;
    const before = kb(pid, 'VmHWM');
    const r = await client.exec({
      project_id: s.projectId,
      command: 'head -c 100000000 /dev/zero | tr "\\0" x',
      max_output: 1000,
      timeout: 60,
    });
    expect(r.stdout).toBe(`${'x'.repeat(1000)} (truncated at 1000 characters)`);
    const growthMb = (kb(pid, 'VmHWM') - before) / 1024;
    // Buffering the output would take 100 MB at least (200 MB as a JavaScript string).
    expect(growthMb).toBeLessThan(80);
    s.child.kill('SIGTERM');
  });

  it('keeps every acknowledged write when killed with SIGKILL, and reuses the bootstrap on restart', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const first = await serve(dataDir);
    const key = readFileSync(first.keyFile, 'utf8').trim();
    const c1 = new WorkspaceClient({ baseUrl: first.baseUrl, apiKey: key });
    await c1.setProjectTitle(first.projectId, 'survives');
    await c1.setEditorSettings({ theme: 'solarized' });
    await c1.publishPath(first.projectId, 'index.html', 'home page');
    await c1.exec({ project_id: first.projectId, command: 'echo kept > file.txt' });
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await serve(dataDir);
    expect(second.projectId).toBe(first.projectId);
    expect(readFileSync(second.keyFile, 'utf8').trim()).toBe(key);
    const c2 = new WorkspaceClient({ baseUrl: second.baseUrl, apiKey: key });
    expect((await c2.getProject(first.projectId)).title).toBe('survives');
    expect((await c2.getEditorSettings()).theme).toBe('solarized');
    const pp = await c2.query({
      public_paths: [{ project_id: first.projectId, path: null, description: null }],
    });
    expect(pp.query).toEqual({
      public_paths: [{ project_id: first.projectId, path: 'index.html', description: 'home page' }],
    });
    expect(
      (await c2.exec({ project_id: first.projectId, command: 'cat', args: ['file.txt'] })).stdout,
    ).toBe('kept\n');
    second.child.kill('SIGTERM');
  });

  it('opens its database so that a write is on disk before it is acknowledged: WAL, synchronous FULL', () => {
    // What the SIGKILL test cannot see (the page cache survives a killed process): in WAL
    // mode a commit reaches the disk only when synchronous is FULL, which fsyncs the log at
    // every commit.
    const dataDir = tempDir();
    dirs.push(dataDir);
    const store = openStore(dataDir);
    try {
      expect(store.durability()).toEqual({ journalMode: 'wal', synchronous: 2 }); // 2 = FULL
    } finally {
      store.close();
    }
  });

  it.runIf(required('strace that can trace a child process', canStrace))(
    'acknowledges a write only once it is on disk: the commit reaches the log and is synced before the reply is sent',
    async () => {
      // The order is read from the server's own system calls (strace -y names each fd's
      // file), so a write deferred past the reply, or a log never synced, is seen as such:
      // neither a killed process (the page cache survives it) nor the pragma read back can.
      const dataDir = tempDir();
      dirs.push(dataDir);
      const log = join(dataDir, '..', `${basename(dataDir)}.strace`);
      dirs.push(log);
      const s = await serve(
        dataDir,
        [],
        ['strace', '-y', '-s', '4400', '-o', log, '-e', `trace=${TRACED}`, '-e', 'signal=none'],
      );
      const client = new WorkspaceClient({
        baseUrl: s.baseUrl,
        apiKey: readFileSync(s.keyFile, 'utf8').trim(),
        retries: 0,
      });
      await client.setEditorSettings({ theme: 'durable-settings-7d1' });
      await client.setProjectTitle(s.projectId, 'durable-title-7d1');
      await client.publishPath(s.projectId, 'durable-path-7d1', 'home');
      const server = Number(
        readFileSync(`/proc/${s.child.pid}/task/${s.child.pid}/children`, 'utf8').trim(),
      );
      process.kill(server, 'SIGKILL');
      await new Promise((r) => s.child.once('exit', r));
      const calls = readFileSync(log, 'utf8').split('\n');
      for (const marker of ['durable-settings-7d1', 'durable-title-7d1', 'durable-path-7d1']) {
        expect({ marker, order: writeOrder(calls, marker) }).toEqual({
          marker,
          order: ['request read', 'log written', 'log synced', 'reply sent'],
        });
      }
    },
  );

  it('ends every command of its projects when killed with SIGKILL (setsid ones too)', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const s = await serve(dataDir);
    const client = new WorkspaceClient({
      baseUrl: s.baseUrl,
      apiKey: readFileSync(s.keyFile, 'utf8').trim(),
      retries: 0,
    });
    const marker = '519.643';
    const running = client
      .exec({
        project_id: s.projectId,
        command: `setsid sleep ${marker} & sleep ${marker}`,
        timeout: 60,
      })
      .catch(() => 'gone');
    await expect.poll(() => processesWith(marker).length).toBeGreaterThan(0);
    s.child.kill('SIGKILL');
    expect(await running).toBe('gone');
    // bubblewrap's --die-with-parent and PID namespace; unsandboxed, nothing ends them.
    if (probeSandbox().bubblewrap) {
      await expect.poll(() => processesWith(marker), { timeout: 5000 }).toEqual([]);
    }
  });

  it('lets only one of two servers started together on a fresh directory bootstrap it', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const results = await Promise.allSettled([serve(dataDir), serve(dataDir)]);
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(
      /another workspace server \(pid \d+\) is using/,
    );
    const listed = cli(['workspace', 'list', '--data', dataDir, '--json']);
    expect((JSON.parse(listed.stdout) as { accounts: unknown[] }).accounts).toHaveLength(1);
    (ok[0] as PromiseFulfilledResult<Served>).value.child.kill('SIGTERM');
  });
});

describe('luau-fuzz workspace', () => {
  it('creates accounts and projects, adds a collaborator and lists them', () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const a = cli(['workspace', 'create-account', '--data', dataDir, '--name', 'alice', '--json']);
    expect(a.status).toBe(0);
    const alice = JSON.parse(a.stdout) as { account_id: string; api_key: string };
    expect(alice.api_key).toMatch(/^sk_/);
    const b = JSON.parse(
      cli(['workspace', 'create-account', '--data', dataDir, '--json']).stdout,
    ) as {
      account_id: string;
    };
    const p = cli([
      'workspace',
      'create-project',
      '--data',
      dataDir,
      '--owner',
      alice.account_id,
      '--title',
      'fuzz',
    ]);
    expect(p.status).toBe(0);
    const projectId = p.stdout.trim();
    expect(
      cli([
        'workspace',
        'add-collaborator',
        '--data',
        dataDir,
        '--project',
        projectId,
        '--account',
        b.account_id,
      ]).status,
    ).toBe(0);
    const list = JSON.parse(cli(['workspace', 'list', '--data', dataDir, '--json']).stdout) as {
      accounts: { account_id: string }[];
      projects: { project_id: string; title: string; users: Record<string, { group: string }> }[];
    };
    expect(list.accounts.map((x) => x.account_id).sort()).toEqual(
      [alice.account_id, b.account_id].sort(),
    );
    expect(list.projects).toHaveLength(1);
    expect(list.projects[0]).toMatchObject({
      project_id: projectId,
      title: 'fuzz',
      users: { [alice.account_id]: { group: 'owner' }, [b.account_id]: { group: 'collaborator' } },
    });
    // The key is shown once and stored only hashed.
    expect(readFileSync(join(dataDir, 'workspace.db')).includes(alice.api_key)).toBe(false);
  });

  it('names the problem when an account does not exist', () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    expect(cli(['workspace', 'create-account', '--data', dataDir]).status).toBe(0);
    const r = cli(['workspace', 'create-project', '--data', dataDir, '--owner', 'nobody']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("no account 'nobody'");
    // A directory that holds no workspace is named as such, and left as it was.
    const empty = tempDir();
    dirs.push(empty);
    const none = cli(['workspace', 'create-project', '--data', empty, '--owner', 'nobody']);
    expect(none.stderr).toBe(
      `luau-fuzz: --data ${empty} holds no workspace (no workspace.db; \`luau-fuzz serve --data ${empty}\` creates one)\n`,
    );
    expect(readdirSync(empty)).toEqual([]);
  });
});
