// `npm run bench -- workspace [--pings N] [--execs N]`: the embedded workspace server's
// ping throughput, and project_exec round-trip latency against spawning the same command
// directly (as a ratio), in one run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';

const { values } = parseArgs({
  options: {
    pings: { type: 'string', default: '4000' },
    concurrency: { type: 'string', default: '16' },
    execs: { type: 'string', default: '100' },
  },
});
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

const dataDir = mkdtempSync(join(tmpdir(), 'ws-bench-'));
const ws = await startEmbeddedWorkspace({ dataDir, projects: 2 });
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

  const viaApi: number[] = [];
  const viaApiOpen: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < execs; i++) {
    let t = performance.now();
    await client.exec({ project_id: projectId, command: 'echo', args: ['hi'] });
    viaApi.push(performance.now() - t);
    t = performance.now();
    await client.exec({ project_id: openProject, command: 'echo', args: ['hi'] });
    viaApiOpen.push(performance.now() - t);
    t = performance.now();
    await spawnDirect(home);
    direct.push(performance.now() - t);
  }
  const api = median(viaApi);
  const apiOpen = median(viaApiOpen);
  const dir = median(direct);
  process.stdout.write(
    [
      `workspace server (embedded, ${ws.baseUrl}, Node ${process.version})`,
      `ping:  ${pings} requests, ${concurrency} concurrent: ${(pings / pingSeconds).toFixed(0)} requests/s`,
      `exec:  'echo hi', ${execs} sequential round trips: median ${api.toFixed(2)} ms through project_exec`,
      `       vs ${dir.toFixed(2)} ms spawning it directly: ratio ${(api / dir).toFixed(2)}x`,
      `       (network upgrade on, no namespace: ${apiOpen.toFixed(2)} ms, ratio ${(apiOpen / dir).toFixed(2)}x;` +
        ` network namespace ${ws.sandbox.netnsPrefix === null ? 'unavailable here' : ws.sandbox.netnsPrefix.join(' ')})`,
      '',
    ].join('\n'),
  );
} finally {
  await ws.close();
  rmSync(dataDir, { recursive: true, force: true });
}
