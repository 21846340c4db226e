// `npm run bench -- workspace [--pings N] [--execs N] [--files N]`: the embedded workspace
// server's ping throughput; project_exec round-trip latency against spawning the same
// command directly (as a ratio); exec latency with a home of N files (default 100 000)
// against an empty one; and the peak memory of a `luau-fuzz serve` process while 8 execs
// print 20 MB of NUL bytes each (the worst case: 6 JSON characters a byte). One run; the
// machine's load average is printed beside the figures.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../../src/package-root.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';

const { values } = parseArgs({
  options: {
    pings: { type: 'string', default: '4000' },
    concurrency: { type: 'string', default: '16' },
    execs: { type: 'string', default: '100' },
    files: { type: 'string', default: '100000' },
  },
});
const files = Number(values.files);
const pings = Number(values.pings);
const concurrency = Number(values.concurrency);
const execs = Number(values.execs);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function spawnDirect(cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('echo', ['hi'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

function load(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
}

/** Resident-memory high-water mark of a process, in MB. */
function peakMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1]) / 1024;
}

/** Peak RSS of a `luau-fuzz serve` process while 8 execs print 20 MB of NUL bytes each. */
async function outputPeak(): Promise<{ before: number; after: number; ms: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'ws-bench-serve-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(packageRoot, 'src/cli/main.ts'), 'serve', '--data', dir],
    { cwd: packageRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const info = await new Promise<{ url: string; project: string }>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        const url = /listening on (\S+)/.exec(out)?.[1];
        const project = /projects: (\S+)/.exec(out)?.[1];
        if (url !== undefined && project !== undefined) resolve({ url, project });
      });
      child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    const apiKey = readFileSync(join(dir, 'api-key'), 'utf8').trim();
    const client = new WorkspaceClient({ baseUrl: info.url, apiKey, retries: 0 });
    await client.exec({ project_id: info.project, command: 'true' });
    const before = peakMb(child.pid as number);
    const t = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, () =>
        client.exec({
          project_id: info.project,
          command: 'head -c 20000000 /dev/zero',
          bash: true,
          timeout: 120,
        }),
      ),
    );
    return { before, after: peakMb(child.pid as number), ms: performance.now() - t };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'ws-bench-'));
const ws = await startEmbeddedWorkspace({ dataDir, projects: 3 });
// The same server without bubblewrap and cgroups, to show what the sandbox costs.
const plainDir = mkdtempSync(join(tmpdir(), 'ws-bench-plain-'));
const plain = await startEmbeddedWorkspace({ dataDir: plainDir, sandbox: 'none', cgroups: 'none' });
try {
  const client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
  const projectId = ws.projectIds[0] as string;
  const home = join(dataDir, 'projects', projectId, 'home');

  // Warm-up: JIT, connection pool, project start.
  for (let i = 0; i < 200; i++) await client.ping();
  for (let i = 0; i < 10; i++)
    await client.exec({ project_id: projectId, command: 'echo', args: ['hi'] });
  for (let i = 0; i < 10; i++) await spawnDirect(home);

  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < pings) await client.ping();
    }),
  );
  const pingSeconds = (performance.now() - t0) / 1000;

  // The second project has the network upgrade: no network namespace per command.
  const openProject = ws.projectIds[1] as string;
  await client.setProjectUpgrades(openProject, ws.accountId, { network: 1 });
  await client.exec({ project_id: openProject, command: 'true' });

  const plainClient = new WorkspaceClient({ baseUrl: plain.baseUrl, apiKey: plain.apiKey });
  const plainProject = plain.projectIds[0] as string;
  await plainClient.exec({ project_id: plainProject, command: 'true' });

  const viaApi: number[] = [];
  const viaApiOpen: number[] = [];
  const viaPlain: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < execs; i++) {
    let t = performance.now();
    await plainClient.exec({ project_id: plainProject, command: 'echo', args: ['hi'] });
    viaPlain.push(performance.now() - t);
    t = performance.now();
    await client.exec({ project_id: projectId, command: 'echo', args: ['hi'] });
    viaApi.push(performance.now() - t);
    t = performance.now();
    await client.exec({ project_id: openProject, command: 'echo', args: ['hi'] });
    viaApiOpen.push(performance.now() - t);
    t = performance.now();
    await spawnDirect(home);
    direct.push(performance.now() - t);
  }
  // A home of `files` files (rounded up to 100 per directory) against an empty one.
  const fullProject = ws.projectIds[2] as string;
  await client.exec({ project_id: fullProject, command: 'true' });
  await client.exec({
    project_id: fullProject,
    command: `for d in $(seq 0 ${Math.ceil(files / 100) - 1}); do mkdir d$d && (cd d$d && touch $(seq -f f%g 0 99)); done`,
    timeout: 900,
  });
  const emptyHome: number[] = [];
  const fullHomeTimes: number[] = [];
  const bigExecs = Math.min(execs, 30);
  // The first exec after the files appeared measures the home once.
  let t0b = performance.now();
  await client.exec({ project_id: fullProject, command: 'echo', args: ['hi'] });
  const firstFull = performance.now() - t0b;
  for (let i = 0; i < bigExecs; i++) {
    t0b = performance.now();
    await client.exec({ project_id: projectId, command: 'echo', args: ['hi'] });
    emptyHome.push(performance.now() - t0b);
    t0b = performance.now();
    await client.exec({ project_id: fullProject, command: 'echo', args: ['hi'] });
    fullHomeTimes.push(performance.now() - t0b);
  }
  const loadBefore = load();
  const peak = await outputPeak();

  const api = median(viaApi);
  const apiOpen = median(viaApiOpen);
  const dir = median(direct);
  process.stdout.write(
    [
      `workspace server (embedded, ${ws.baseUrl}, Node ${process.version})`,
      `ping:  ${pings} requests, ${concurrency} concurrent: ${(pings / pingSeconds).toFixed(0)} requests/s`,
      `exec:  'echo hi', ${execs} sequential round trips: median ${api.toFixed(2)} ms through project_exec`,
      `       vs ${dir.toFixed(2)} ms spawning it directly: ratio ${(api / dir).toFixed(2)}x`,
      `       (network upgrade on: ${apiOpen.toFixed(2)} ms, ratio ${(apiOpen / dir).toFixed(2)}x;` +
        ` sandbox ${ws.sandbox.bubblewrap ? 'bubblewrap' : 'none'}, limits ${ws.cgroups ? 'cgroups' : 'memory monitor'})`,
      `       without bubblewrap and cgroups (unshare -n, memory monitor): ${median(viaPlain).toFixed(2)} ms,` +
        ` ratio ${(median(viaPlain) / dir).toFixed(2)}x; the sandbox costs ${(api / median(viaPlain)).toFixed(2)}x`,
      `home:  ${files} files: median ${median(fullHomeTimes).toFixed(2)} ms per exec vs ${median(emptyHome).toFixed(2)} ms` +
        ` with an empty home: ratio ${(median(fullHomeTimes) / median(emptyHome)).toFixed(2)}x` +
        ` (${bigExecs} each; the first exec after the files appeared: ${firstFull.toFixed(0)} ms)`,
      `output: serve process peak RSS ${peak.after.toFixed(0)} MB (${peak.before.toFixed(0)} MB before)` +
        ` while 8 concurrent execs printed 20 MB of NUL bytes each, in ${(peak.ms / 1000).toFixed(1)} s (goal <= 300 MB)`,
      `load average (1, 5, 15 min): ${loadBefore} before the output run, ${load()} at the end, on ${availableParallelism()} cores`,
      '',
    ].join('\n'),
  );
} finally {
  await ws.close();
  await plain.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(plainDir, { recursive: true, force: true });
}
