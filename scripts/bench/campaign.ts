// npm run bench -- campaign [COUNT] [WORKERS] [BATCH]: programs/s of a campaign's run phase through the
// embedded workspace (batches in project_exec calls, the installed runner, luau-web) against
// the same programs run directly with the same runtime in this process (LuauWebPool), as a
// ratio (goal ≥ 0.8). Also the end-to-end rate of runCampaign (generation and printing included).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  campaignArbitrary,
  generatePrograms,
  packBatches,
  ProjectPool,
  runCampaign,
} from '../../src/campaign/index.js';
import { createLocalRuntime, parseRuntime } from '../../src/runtime/index.js';
import type { ProgramOutcome } from '../../src/runtime/index.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';

const count = Number(process.argv[2] ?? 600);
const concurrency = Number(process.argv[3] ?? 2);
// Two batches per slot: every slot stays busy to the end (no lone last batch).
const batchSize = Number(process.argv[4] ?? Math.ceil(count / (2 * concurrency)));
const seed = 2024;
const level = 'runnable' as const;

const programs = generatePrograms(
  campaignArbitrary({ level, profile: 'luau-web', maxNodes: null }),
  seed,
  Array.from({ length: count }, (_, i) => i),
).filter((p) => p.printError === undefined);
const jobs = programs.map((p) => ({ id: String(p.index), program: p.program, module: p.module }));

// The machine is shared: both paths run `rounds` times, alternately, and the best time of each
// counts.
const rounds = 2;

/** Directly: the same runtime code (data/runner/pool.mjs) in this process. */
async function runDirect(): Promise<{ seconds: number; outcomes: ProgramOutcome[] }> {
  const local = await createLocalRuntime(parseRuntime('luau-web'), { workers: concurrency });
  const t = performance.now();
  const outcomes = await Promise.all(jobs.map((j) => local.run(j)));
  const seconds = (performance.now() - t) / 1000;
  await local.close();
  return { seconds, outcomes };
}

// Through the embedded workspace: batches of `batchSize` in project_exec calls, `concurrency`
// batches in flight, one VM worker per batch (the same number of VMs at once as directly).
const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-bench-'));
const ws = await startEmbeddedWorkspace({ dataDir: join(root, 'workspace'), projects: 1 });
const client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
const pool = new ProjectPool(client, ws.projectIds, {
  runtimes: ['luau-web'],
  inFlight: concurrency,
  workers: 1,
});
await pool.prepare(); // one-time install, not measured
const batches = packBatches(programs, batchSize, 400_000);

async function runRemote(): Promise<{ seconds: number; done: number }> {
  const t = performance.now();
  let done = 0;
  await Promise.all(
    batches.map(async (batch) => {
      for (;;) {
        await pool.waitForCapacity();
        if (pool.capacity() <= 0) continue;
        const r = await pool.runBatch(
          batch.map((p) => ({ id: String(p.index), program: p.program, module: p.module })),
        );
        done += r.outcomes.size;
        return;
      }
    }),
  );
  return { seconds: (performance.now() - t) / 1000, done };
}

let directSeconds = Infinity;
let remoteSeconds = Infinity;
let remoteDone = 0;
let direct: ProgramOutcome[] = [];
for (let r = 0; r < rounds; r++) {
  const d = await runDirect();
  if (d.seconds < directSeconds) [directSeconds, direct] = [d.seconds, d.outcomes];
  const w = await runRemote();
  if (w.seconds < remoteSeconds) [remoteSeconds, remoteDone] = [w.seconds, w.done];
}

// End to end: a whole campaign (generation, printing, batching, recording) on the same seed.
const start = performance.now();
const summary = await runCampaign({
  dir: join(root, 'campaign'),
  options: { count, seed, level, shrink: false, inFlight: concurrency, batchSize },
  target: { client, projectIds: ws.projectIds },
});
const campaignSeconds = (performance.now() - start) / 1000;
await ws.close();
rmSync(root, { recursive: true, force: true });

const same = direct.filter((o) => o.status !== 'timeout').length;
const directRate = jobs.length / directSeconds;
const remoteRate = remoteDone / remoteSeconds;
const rows = [
  ['path', 'programs', 'seconds', 'programs/s'],
  [
    'direct (LuauWebPool, in process)',
    String(jobs.length),
    directSeconds.toFixed(2),
    directRate.toFixed(1),
  ],
  [
    'embedded workspace (project_exec)',
    String(remoteDone),
    remoteSeconds.toFixed(2),
    remoteRate.toFixed(1),
  ],
  [
    'runCampaign end to end',
    String(summary.done),
    campaignSeconds.toFixed(2),
    (summary.done / campaignSeconds).toFixed(1),
  ],
];
const widths = rows[0]!.map((_, k) => Math.max(...rows.map((r) => r[k]!.length)));
for (const r of rows)
  process.stdout.write(
    `${r.map((c, k) => (k === 0 ? c.padEnd(widths[k]!) : c.padStart(widths[k]!))).join('  ')}\n`,
  );
process.stdout.write(
  `\nratio workspace/direct: ${(remoteRate / directRate).toFixed(2)} (goal ≥ 0.8; best of ${rounds} alternating rounds each); ` +
    `${concurrency} VMs at once on both paths, batches of ${batchSize}, level ${level}, seed ${seed}, ${same} programs without timeout\n`,
);
await import('./campaign-luau-cli.js');
