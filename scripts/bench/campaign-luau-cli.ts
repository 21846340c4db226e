// npm run bench -- campaign-luau-cli [COUNT] (also the last part of `npm run bench -- campaign`):
// programs/s of a two-runtime luau-cli differential (-O0 against -O2, both on every program) with
// batches of programs per `luau` process, against one process per program (a `{program}`
// template of the same executable) on the same programs, as a ratio. Goal: ≥ 300 programs/s
// batched. The executable: $LUAU, else ../shared/tools/luau-715/luau; skipped when absent.
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { luauArbitraries } from '../../src/arbitrary/index.js';
import { sharedPath } from './_args.js';
import { printPretty } from '../../src/print/index.js';
import { createLocalRuntime, parseRuntime } from '../../src/runtime/index.js';
import type { ProgramJob, ProgramOutcome } from '../../src/runtime/index.js';

const luau = process.env.LUAU ?? sharedPath('tools', 'luau-715', 'luau');
const count = Number(process.argv[2] ?? 2000);
const seed = 2024;
const workers = 2;

/** Runs every job on each runtime at once (a differential campaign's run phase). */
async function differential(
  specs: readonly string[],
  jobs: readonly ProgramJob[],
): Promise<{ seconds: number; outcomes: ProgramOutcome[][] }> {
  const runtimes = await Promise.all(
    specs.map((s) => createLocalRuntime(parseRuntime(s), { workers, timeoutMs: 5000 })),
  );
  const t = performance.now();
  const outcomes = await Promise.all(runtimes.map((rt) => Promise.all(jobs.map((j) => rt.run(j)))));
  const seconds = (performance.now() - t) / 1000;
  await Promise.all(runtimes.map((rt) => rt.close()));
  return { seconds, outcomes };
}

if (!existsSync(luau)) {
  process.stdout.write(`\nluau-cli differential: skipped (no luau at ${luau}; set LUAU)\n`);
} else {
  const trees = fc.sample(luauArbitraries({ level: 'runnable', profile: 'luau' }).moduleSet, {
    seed,
    numRuns: count,
  });
  const jobs: ProgramJob[] = trees.map((tree, i) => {
    const sources = printPretty(tree);
    const program = sources[sources.length - 1] ?? '';
    return sources.length === 2
      ? { id: String(i), program, module: sources[0]! }
      : { id: String(i), program };
  });
  const batched = await differential(
    [`luau-cli:-O0:path=${luau}`, `luau-cli:-O2:path=${luau}`],
    jobs,
  );
  // One process per program: the same executable and options through a `{program}` template.
  const single = await differential(
    [`command:${luau} -O0 {program}`, `command:${luau} -O2 {program}`],
    jobs.slice(0, Math.min(jobs.length, 300)),
  );
  const agree = (outcomes: ProgramOutcome[][]) =>
    outcomes[0]!.filter((o, i) => {
      const other = outcomes[1]![i]!;
      return o.status === other.status && o.outputHash === other.outputHash;
    }).length;
  const rows = [
    ['luau-cli differential (-O0 vs -O2)', 'programs', 'seconds', 'programs/s', 'agree'],
    [
      'batched (one luau per batch)',
      String(jobs.length),
      batched.seconds.toFixed(2),
      (jobs.length / batched.seconds).toFixed(1),
      String(agree(batched.outcomes)),
    ],
    [
      'one luau per program',
      String(single.outcomes[0]!.length),
      single.seconds.toFixed(2),
      (single.outcomes[0]!.length / single.seconds).toFixed(1),
      String(agree(single.outcomes)),
    ],
  ];
  const widths = rows[0]!.map((_, k) => Math.max(...rows.map((r) => r[k]!.length)));
  process.stdout.write('\n');
  for (const r of rows)
    process.stdout.write(
      `${r.map((c, k) => (k === 0 ? c.padEnd(widths[k]!) : c.padStart(widths[k]!))).join('  ')}\n`,
    );
  const ratio = jobs.length / batched.seconds / (single.outcomes[0]!.length / single.seconds);
  process.stdout.write(
    `\nratio batched/one-per-program: ${ratio.toFixed(1)}; goal ≥ 300 programs/s batched; ` +
      `${workers} luau processes at once per runtime, level runnable, seed ${seed}, ${luau}\n`,
  );
}
