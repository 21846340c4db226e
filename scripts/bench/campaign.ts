// npm run bench -- campaign [COUNT=2000] [CONCURRENCY=2] [BATCH]
//   programs/s of the same runnable programs (seed 2024) on five paths, with ratios to the
//   raw loop (and generation alone for reference): a raw in-process loop (one reused luau-web
//   state, print buffered in Luau, globals cleared between programs, no other isolation, no
//   hashing, no process boundary: the VM's own speed), LuauWebPool (isolated programs in worker
//   processes), the embedded workspace (batches through project_exec and the installed
//   runner, one-shot and resident), and runCampaign end to end (generation, printing,
//   batching, recording included).
//   Also peak RSS (this process and its child processes) per path, the load average, and how
//   runCampaign's CPU splits among this process's threads (main, generation, V8's helpers) and
//   its child processes (Linux).
//   WORKSPACE_API=v1 runs the workspace paths over the v1 API (v2 by default, as `luau-fuzz
//   run` does with its embedded workspace; v1 has no resident runners).
//   --programs REV: every path runs the programs of revision REV's generator (e.g. the simpler
//   ones before the runnable rework: 8b614fa^); runCampaign draws them in its generation
//   thread from REV's campaignArbitrary and generatePrograms, bundled by esbuild.
//   --rounds N: each path runs N times (the paths alternating) and the fastest round of each
//   is printed. The raw loop's later rounds run on VM code V8 has already optimized in this
//   process (a fresh Luau state, the same compiled WebAssembly): with N > 1 it is the warmed
//   VM's speed, which no runner process reaches, since each starts cold.
// npm run bench -- campaign --long [COUNT]
//   only runCampaign end to end over COUNT programs (default 100 000), printing the RSS of the
//   process tree as it goes: memory stays bounded over a long campaign.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { buildSync } from 'esbuild';
import { join } from 'node:path';
import { InternalLuauWasmModule, LuauState } from 'luau-web';
import {
  campaignArbitrary,
  generatePrograms,
  packBatches,
  ProjectPool,
  resolveCampaignOptions,
  runCampaign,
} from '../../src/campaign/index.js';
import { createLocalRuntime, parseRuntime, runnerDefaults } from '../../src/runtime/index.js';
import type { ProgramJob } from '../../src/runtime/index.js';
import { parseApiChoice, WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { benchArgs } from './_args.js';
import { measured } from './_measure.js';
import { unpackRevision, type Revision } from './_revision.js';

const usage =
  'usage: npm run bench -- campaign [COUNT] [CONCURRENCY] [BATCH] [--programs REV] [--rounds N]\n' +
  '       npm run bench -- campaign --long [COUNT]\n';
const { fail, whole, parse } = benchArgs('campaign', usage);
const parsed = parse({
  long: { type: 'boolean' },
  programs: { type: 'string' },
  rounds: { type: 'string' },
});
const long = parsed.values.long === true;
const args = parsed.positionals;
const count = whole('COUNT', args[0] ?? (long ? '100000' : '2000'), 1);
const concurrency = whole('CONCURRENCY', args[1] ?? '2', 1);
// --rounds N: every path runs N times, alternating, and the fastest of each counts.
const rounds = whole('--rounds', parsed.values.rounds ?? '1', 1);
// Two batches per slot: every slot stays busy to the end (no lone last batch).
const batchSize = whole(
  'BATCH',
  args[2] ?? String(Math.min(1000, Math.ceil(count / (2 * concurrency)))),
  1,
);
// --programs REV: the programs of another revision's generator (its campaignArbitrary and
// printer) on the raw, pool and workspace paths; runCampaign generates its own.
let revision: Revision | undefined;
if (parsed.values.programs !== undefined) {
  try {
    revision = unpackRevision(parsed.values.programs);
  } catch (e) {
    fail(`--programs ${parsed.values.programs}: ${(e as Error).message}`);
  }
}
const seed = 2024;
const level = 'runnable' as const;

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-bench-'));
// The request body limit `luau-fuzz run` gives its embedded workspace (src/cli/connect-workspace.ts):
// a batch of 500 runnable programs (about 270 kB encoded) is one exec, not four.
const bodyLimit = 500_000;
const ws = await startEmbeddedWorkspace({
  dataDir: join(root, 'workspace'),
  projects: 1,
  bodyLimit,
});
// The API `luau-fuzz run` uses with its embedded workspace (v2, for resident runners), unless
// WORKSPACE_API names one.
const api = parseApiChoice(process.env.WORKSPACE_API, 'WORKSPACE_API');
const client = new WorkspaceClient({
  baseUrl: ws.baseUrl,
  apiKey: ws.apiKey,
  api: api === 'auto' ? 'v2' : api,
  bodyLimit,
});
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** runCampaign end to end on the same seed, with `inFlight` batches of `batchSize`. */
async function endToEnd(n: number, dir: string, onSample?: (kb: number) => void) {
  return measured(
    () =>
      runCampaign({
        dir: join(root, dir),
        options: resolveCampaignOptions({
          count: n,
          seed,
          level,
          shrink: false,
          inFlight: concurrency,
          batchSize,
        }),
        target: { client, projectIds: ws.projectIds },
        ...(revisionWorker === undefined ? {} : { generatorWorker: revisionWorker }),
      }),
    onSample,
  );
}

/**
 * A generation thread module drawing REV's programs: its campaignArbitrary and
 * generatePrograms behind the messages of src/campaign/generate-worker.ts, bundled by esbuild
 * into the unpacked revision (whose node_modules link resolves the packages).
 */
function bundleRevisionWorker(rev: Revision): string {
  const outfile = join(rev.dir, 'revision-generate-worker.mjs');
  buildSync({
    stdin: {
      contents: `import { parentPort, workerData } from 'node:worker_threads';
import { campaignArbitrary, generatePrograms } from './src/campaign/programs.ts';
const arbitrary = campaignArbitrary(workerData);
parentPort.on('message', (request) => {
  const programs = generatePrograms(arbitrary, workerData.seed, request.indices).map(
    ({ tree: _tree, ...program }) => program,
  );
  parentPort.postMessage({ id: request.id, programs });
});`,
      resolveDir: rev.dir,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}
const revisionWorker = revision === undefined ? undefined : bundleRevisionWorker(revision);

if (long) {
  process.stdout.write(`runCampaign end to end, ${count} ${level} programs, load ${load()}\n`);
  let next = 0;
  const start = performance.now();
  const r = await endToEnd(count, 'long', (kb) => {
    const s = (performance.now() - start) / 1000;
    if (s < next) return;
    next += 30;
    process.stdout.write(`  ${s.toFixed(0)} s: RSS ${(kb / 1024).toFixed(0)} MB\n`);
  });
  process.stdout.write(
    `${r.value.done} programs in ${r.seconds.toFixed(0)} s: ${(r.value.done / r.seconds).toFixed(0)} programs/s, ` +
      `peak RSS ${(r.peakKb / 1024).toFixed(0)} MB (this process and its children), load ${load()}\n`,
  );
  await ws.close();
  rmSync(root, { recursive: true, force: true });
  revision?.remove();
  process.exit(0);
}

const generator =
  revision === undefined
    ? { campaignArbitrary, generatePrograms }
    : await revision.load<{
        campaignArbitrary: typeof campaignArbitrary;
        generatePrograms: typeof generatePrograms;
      }>('src/campaign/programs.ts');
const firstCall = performance.now();
const arbitrary = generator.campaignArbitrary({ level, profile: 'luau-web', maxNodes: null });
const firstCallMs = performance.now() - firstCall;
const gen = await measured(() =>
  Promise.resolve(
    generator
      .generatePrograms(
        arbitrary,
        seed,
        Array.from({ length: count }, (_, i) => i),
      )
      .filter((p) => p.printError === undefined),
  ),
);
const programs = gen.value;
const jobs: ProgramJob[] = programs.map((p) => ({
  id: String(p.index),
  program: p.program,
  module: p.module,
}));
const withModule = jobs.filter((j) => j.module !== undefined).length;

/**
 * The VM's own speed: one luau-web state in this process, every program loaded and run in it
 * one after another, print buffered in Luau and returned at the end. No isolation beyond
 * clearing the chunks' globals table before each program (one `table.clear`: without it the
 * globals of 2,000 runnable programs fill the VM's fixed 17 MB heap), no hashing, no
 * wall-clock limit, no process boundary.
 */
async function rawLoop(): Promise<number> {
  const state = await LuauState.createAsync({});
  const [setModule, take] = (await state.loadstring(
    `local env = ...
local clear, concat, rawset, tostring = table.clear, table.concat, rawset, tostring
local buffer, n, mod, loaded, value = {}, 0, nil, false, nil
local function print(...)
  local parts = table.pack(...)
  for i = 1, parts.n do parts[i] = tostring(parts[i]) end
  n += 1
  buffer[n] = concat(parts, '\\t', 1, parts.n) .. '\\n'
end
local function require() if not loaded then loaded, value = true, mod() end return value end
local function reset()
  clear(env)
  rawset(env, 'print', print)
  rawset(env, 'require', require)
  rawset(env, 'module0', 'module0')
  rawset(env, 'module1', 'module1')
end
reset()
return function(m) mod, loaded, value = m, false, nil end,
  function() local s = concat(buffer, '', 1, n) clear(buffer) n = 0 reset() return s end`,
    '=prelude',
    true,
  )(state.env.global)) as [(m: unknown) => Promise<void>, () => Promise<string>];
  // A loaded chunk stays referenced (and in the heap) until its reference is released.
  const cache = (
    InternalLuauWasmModule as unknown as { states: { luaValueCache: Map<number, unknown> }[] }
  ).states[(state as unknown as { stateIdx: number }).stateIdx]!.luaValueCache;
  const release = (f: unknown): void => {
    const ref = (f as Record<symbol, { ref: number; release(): void }>)[
      InternalLuauWasmModule.LUA_VALUE
    ]!;
    ref.release();
    cache.delete(ref.ref);
  };
  let bytes = 0;
  for (const job of jobs) {
    let mod: unknown;
    if (job.module !== undefined) {
      mod = state.loadstring(job.module, '=module', true);
      await setModule(mod);
    }
    const program = state.loadstring(job.program === '' ? '\n' : job.program, '=program', false);
    if (typeof program !== 'string') {
      try {
        await program();
      } catch {
        // A runtime error is an outcome here too.
      }
      release(program);
    }
    if (mod !== undefined) release(mod);
    bytes += (await take()).length;
  }
  return bytes;
}

// The pool's workers start (and load the VM) before its clock starts, as the raw loop's VM is
// loaded before its clock; the workspace path and runCampaign start theirs inside it.
async function startedPool() {
  const local = await createLocalRuntime(parseRuntime('luau-web'), { workers: concurrency });
  await Promise.all(
    Array.from({ length: 2 * concurrency }, (_, i) => local.run({ id: `w${i}`, program: '' })),
  );
  return local;
}
async function pool(local: Awaited<ReturnType<typeof startedPool>>): Promise<number> {
  const outcomes = await Promise.all(jobs.map((j) => local.run(j)));
  await local.close();
  return outcomes.length;
}

// Through the embedded workspace: batches of `batchSize` in project_exec calls, `concurrency`
// batches in flight. One-shot: each batch starts the runner, with one VM worker (the same
// number of VMs at once as the pool). Resident: one runner started before the clock (its VM
// worker starts on the first batch, inside it) takes every batch, with one VM worker.
const oneShot = new ProjectPool(client, ws.projectIds, {
  runtimes: ['luau-web'],
  inFlight: concurrency,
  workers: 1,
  resident: false,
});
const resident = new ProjectPool(client, ws.projectIds, {
  runtimes: ['luau-web'],
  inFlight: concurrency,
  workers: 1,
});
await oneShot.prepare(); // one-time install, not measured
await resident.prepare();
if (resident.projects.some((p) => p.resident === undefined))
  process.stdout.write('(no resident runner: the API is not v2)\n');
const batches = packBatches(programs, batchSize, runnerDefaults.payloadChars);
async function workspace(projects: ProjectPool): Promise<number> {
  let done = 0;
  await Promise.all(
    batches.map(async (batch) => {
      for (;;) {
        await projects.waitForCapacity();
        if (projects.capacity() <= 0) continue;
        const r = await projects.runBatch(
          batch.map((p) => ({ id: String(p.index), program: p.program, module: p.module })),
        );
        done += r.outcomes.size;
        return;
      }
    }),
  );
  return done;
}

const loadBefore = load();
await LuauState.createAsync({}); // loads the VM of this process
type Measure<T> = Awaited<ReturnType<typeof measured<T>>>;
const fastest = <T>(a: Measure<T> | undefined, b: Measure<T>): Measure<T> =>
  a === undefined || b.seconds < a.seconds ? b : a;
let raw: Measure<number> | undefined;
let direct: Measure<number> | undefined;
let remote: Measure<number> | undefined;
let remoteResident: Measure<number> | undefined;
let e2e: Measure<Awaited<ReturnType<typeof runCampaign>>> | undefined;
for (let r = 0; r < rounds; r++) {
  raw = fastest(raw, await measured(rawLoop));
  const local = await startedPool();
  direct = fastest(direct, await measured(() => pool(local)));
  remote = fastest(remote, await measured(() => workspace(oneShot)));
  remoteResident = fastest(remoteResident, await measured(() => workspace(resident)));
  e2e = fastest(e2e, await endToEnd(count, `campaign-${r}`));
}
if (
  raw === undefined ||
  direct === undefined ||
  remote === undefined ||
  remoteResident === undefined ||
  e2e === undefined
)
  throw new Error('no round ran');
const loadAfter = load();
await resident.close();
revision?.remove();
await ws.close();
rmSync(root, { recursive: true, force: true });

const rawRate = jobs.length / raw.seconds;
const rawCpu = raw.cpu / jobs.length;
const rows: [string, number, { seconds: number; cpu: number; peakKb: number }][] = [
  [
    `generation and printing only (1 thread${revision === undefined ? '' : `, ${revision.label}`})`,
    programs.length,
    gen,
  ],
  ['raw loop (1 reused state, no isolation)', jobs.length, raw],
  [`LuauWebPool (${concurrency} workers)`, direct.value, direct],
  [`embedded workspace, one-shot runners (${concurrency} batches in flight)`, remote.value, remote],
  [
    `embedded workspace, resident runner (${concurrency} batches in flight)`,
    remoteResident.value,
    remoteResident,
  ],
  [
    `runCampaign end to end${revision === undefined ? '' : ` (${revision.label}'s generator)`}`,
    e2e.value.done,
    e2e,
  ],
];
const table = [
  [
    'path',
    'programs',
    'seconds',
    'programs/s',
    '× raw',
    'CPU s',
    'CPU ms/program',
    '× raw',
    'peak RSS MB',
  ],
  ...rows.map(([name, n, m]) => [
    name,
    String(n),
    m.seconds.toFixed(2),
    (n / m.seconds).toFixed(0),
    (n / m.seconds / rawRate).toFixed(2),
    m.cpu.toFixed(1),
    ((1000 * m.cpu) / n).toFixed(2),
    (m.cpu / n / rawCpu).toFixed(2),
    (m.peakKb / 1024).toFixed(0),
  ]),
];
const widths = table[0]!.map((_, k) => Math.max(...table.map((r) => r[k]!.length)));
for (const r of table)
  process.stdout.write(
    `${r.map((c, k) => (k === 0 ? c.padEnd(widths[k]!) : c.padStart(widths[k]!))).join('  ')}\n`,
  );
const perProgram = (s: number): string => ((1000 * s) / e2e.value.done).toFixed(2);
process.stdout.write(
  `\nrunCampaign end to end, CPU ms/program: main thread ${perProgram(e2e.split.main)}, ` +
    `generation thread ${perProgram(e2e.split.started)}, ` +
    `other threads ${perProgram(e2e.split.others)} (V8's compiler and GC helpers), ` +
    `child processes ${perProgram(e2e.split.children)} (runners and VM workers)\n`,
);
process.stdout.write(
  `\n${level} programs, seed ${seed}, ${withModule} of ${jobs.length} with a module; batches of ${batchSize} ` +
    `(the workspace path: ${batches.length} runs, over API ${await client.apiVersion()}); ` +
    `first luauArbitraries() call ${firstCallMs.toFixed(0)} ms; ` +
    (rounds > 1 ? `fastest of ${rounds} rounds per path; ` : '') +
    `goal: end to end ≥ 0.5 × raw and ≥ 1000 programs/s; load average ${loadBefore} before, ${loadAfter} after\n`,
);
await import('./campaign-luau-cli.js');
