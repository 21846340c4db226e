// `npm run bench -- workspace-api [--execs N]`: the embedded server's exec round trip over
// API v1 (`project_exec`) against v2 blocking `exec` and v2 async jobs (`async_call` +
// `async_get`/`async_await`), and the requests a runner upload takes under each version's
// body limit (v1 100 kB, v2 1 MB), side by side in one run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { installRunner } from '../../src/runtime/index.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';

const { values } = parseArgs({ options: { execs: { type: 'string', default: '60' } } });
const execs = Number(values.execs);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

const dataDir = mkdtempSync(join(tmpdir(), 'ws-bench-api-'));
const ws = await startEmbeddedWorkspace({ dataDir, projects: 3 });
try {
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const base = { baseUrl: ws.baseUrl, apiKey: ws.apiKey, fetch: counting };
  const clients = {
    'v1 project_exec': new WorkspaceClient({ ...base, api: 'v1' }),
    'v2 exec (blocking)': new WorkspaceClient({ ...base, api: 'v2' }),
    'v2 exec (async job)': new WorkspaceClient({ ...base, api: 'v2', blockingLimitSeconds: 0 }),
  };
  const projectId = ws.projectIds[0] as string;
  await clients['v1 project_exec'].setProjectUpgrades(projectId, ws.accountId, { network: 1 });
  const medians: Record<string, number> = {};
  for (const [name, client] of Object.entries(clients)) {
    for (let i = 0; i < 5; i++) await client.exec({ project_id: projectId, command: 'true' });
    const times: number[] = [];
    for (let i = 0; i < execs; i++) {
      const t = performance.now();
      await client.exec({ project_id: projectId, command: 'echo', args: ['hi'], timeout: 10 });
      times.push(performance.now() - t);
    }
    medians[name] = median(times);
  }
  const v1 = medians['v1 project_exec'] as number;
  const lines = [`workspace API versions (embedded, ${ws.baseUrl}, Node ${process.version})`];
  for (const [name, ms] of Object.entries(medians)) {
    lines.push(
      `exec 'echo hi', ${execs} sequential: ${name.padEnd(20)} median ${ms.toFixed(2)} ms, ratio to v1 ${(ms / v1).toFixed(2)}x`,
    );
  }
  // The runner upload into a fresh project, under each version's default body limit.
  for (const [k, name] of (['v1 project_exec', 'v2 exec (blocking)'] as const).entries()) {
    const client = clients[name];
    requests = 0;
    const t = performance.now();
    await installRunner(client, ws.projectIds[k + 1] as string);
    lines.push(
      `runner install, ${name.slice(0, 2)} (body limit ${await client.bodyLimit()} B): ${requests} requests, ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await ws.close();
  rmSync(dataDir, { recursive: true, force: true });
}
