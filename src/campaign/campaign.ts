import { basename, join, resolve } from 'node:path';
import type { WorkspaceClient } from '../workspace/client/index.js';
import { saveFindings, saveFound } from './finding-storage.js';
import { shrinkShare, type ResolvedCampaignOptions } from './options.js';
import { PendingIndices } from './pending-indices.js';
import { ProgramGenerator } from './program-generator.js';
import {
  corpusCoverage,
  guidedSource,
  type CorpusCoverage,
  type GuidedSource,
} from './guided/index.js';
import { freshPrograms, type ProgramSource } from './program-source.js';
import { preflight } from './preflight.js';
import { campaignGrammar } from './programs.js';
import { ProjectPool } from './projects.js';
import type { ProjectEvent } from './projects.js';
import { writeReport } from './report.js';
import { runBatches } from './scheduling.js';
import type { FinishedProgram } from './scheduling.js';
import { CampaignSession } from './session.js';
import { CampaignStore, type ResumeOptions } from './store.js';
import { campaignSummary } from './summary.js';
import type { CampaignSummary } from './summary.js';
import { Tally } from './tally.js';
import { assertChecker } from './type-check.js';
import type { CampaignSnapshot } from './tally.js';

/**
 * Where a campaign runs: a workspace client and the projects to use.
 *
 * @example
 * ```ts
 * const target: CampaignTarget = { client, projectIds: [projectId] };
 * ```
 */
export interface CampaignTarget {
  /** The workspace API client. */
  readonly client: WorkspaceClient;
  /** Projects to run batches in (at least one). */
  readonly projectIds: readonly string[];
}

/**
 * Arguments of {@link runCampaign}: a new campaign's resolved options, or `resume`.
 *
 * @example
 * ```ts
 * const args: RunCampaignArgs = { dir: 'out', options: resolveCampaignOptions({ count: 300 }), target };
 * ```
 */
export type RunCampaignArgs = CampaignRunArgs &
  (
    | {
        /**
         * Options of a new campaign, resolved ({@link resolveCampaignOptions}, or the command
         * line): the campaign takes them as they are, seed included.
         */
        readonly options: ResolvedCampaignOptions;
        readonly resume?: false;
      }
    | ({
        /**
         * Continue the campaign in `dir` with the options it recorded, and the new count or
         * time budget, or another generator version, that `ResumeOptions` allow.
         */
        readonly resume: true;
      } & ResumeOptions)
  );

/** What every run of {@link runCampaign} is given, new or resumed. */
interface CampaignRunArgs {
  /** The campaign directory (`--out`). */
  readonly dir: string;
  /** Where to run. */
  readonly target: CampaignTarget;
  /**
   * Stops the campaign cleanly: batches in flight finish, nothing new starts, nothing more is
   * shrunk; every finding counted so far is saved, in `summary.json` and `report.html`.
   */
  readonly signal?: AbortSignal;
  /** Progress at least once a second, after every batch and at each phase change. Default: none. */
  readonly onProgress?: (snapshot: CampaignSnapshot) => void;
  /** Project events (runner installed, exec failed…). Default: none. */
  readonly onProjectEvent?: (event: ProjectEvent) => void;
  /**
   * Another generation thread module ({@link ProgramGeneratorOptions.workerFile}), for
   * benchmarks of another generator's programs; their findings are recorded without trees,
   * which this generator cannot draw. Default: luau-fuzz's own.
   */
  readonly generatorWorker?: string | URL;
}

/** Steps of a guided source per batch at most. */
const guidedBatchSteps = 4;

/** The campaign's name in projects: its directory's name and seed, as a file name. */
function campaignId(dir: string, seed: number): string {
  const name = basename(resolve(dir))
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 60);
  return `${name}-${seed}`;
}

/** What a guided campaign's corpus reaches of the coverage build; a failure is said, not thrown. */
async function measuredCorpus(
  dir: string,
  coverage: string,
  o: ResolvedCampaignOptions,
): Promise<CorpusCoverage> {
  try {
    return await corpusCoverage(join(dir, 'corpus'), coverage, { timeoutMs: o.timeoutMs });
  } catch (e) {
    return { unavailable: (e as Error).message };
  }
}

/**
 * The campaign's programs: fresh draws generated in threads ahead of the batches, or, for a
 * guided campaign, fresh draws and mutants of the corpus in `corpus/` of its directory.
 */
function openSource(
  o: ResolvedCampaignOptions,
  pending: PendingIndices,
  args: RunCampaignArgs,
): ProgramSource & { close(): Promise<void>; guided?: GuidedSource } {
  if (o.guided !== undefined) {
    const guided = guidedSource({
      settings: o,
      guided: o.guided,
      dir: join(args.dir, 'corpus'),
      count: o.count,
      pending,
      timeoutMs: o.timeoutMs,
    });
    return Object.assign(guided, { guided });
  }
  // Generation runs in threads, ahead of the batches, while the main thread uploads and
  // records; the threads load and draw the first programs while the projects get ready.
  const generator = new ProgramGenerator(o, {
    upcoming: pending,
    // A batch ahead of those the slots run: when generation is the slower part, the threads
    // should not wait for a slot to free.
    readAhead: Math.min(
      10_000,
      Math.max(1000, (o.inFlight * args.target.projectIds.length + 1) * o.batchSize),
    ),
    ...(args.generatorWorker === undefined ? {} : { workerFile: args.generatorWorker }),
  });
  generator.prefetch();
  return Object.assign(freshPrograms(generator, pending), { close: () => generator.close() });
}

/**
 * Runs (or continues) a fuzzing campaign: generates the programs, runs them in batches in the
 * target's projects through `project_exec` (several projects at once, a bounded number of
 * batches in flight per project, lost batches re-queued), records each program's outcomes as
 * they arrive, shrinks the findings by re-running candidates remotely, saves them, and writes
 * `report.html` and `summary.json`.
 *
 * @example
 * ```ts
 * const summary = await runCampaign({
 *   dir: 'campaign-1',
 *   options: resolveCampaignOptions({ count: 300, level: 'scoped' }),
 *   target: { client, projectIds: [projectId] },
 * });
 * ```
 */
export async function runCampaign(args: RunCampaignArgs): Promise<CampaignSummary> {
  let resumed: CampaignStore | undefined;
  let o: ResolvedCampaignOptions;
  if (args.resume === true) {
    resumed = CampaignStore.resume(args.dir, args);
    o = resumed.options;
  } else {
    CampaignStore.assertFree(args.dir);
    o = args.options;
  }
  const aborted = (): boolean => args.signal?.aborted === true;
  const pool = new ProjectPool(args.target.client, args.target.projectIds, {
    runtimes: o.runtimes,
    inFlight: o.inFlight,
    timeoutMs: o.timeoutMs,
    workers: o.workers,
    excerptChars: o.excerptChars,
    payloadLimit: o.payloadLimit,
    batchDir: `.luau-fuzz/campaigns/${campaignId(args.dir, o.seed)}`,
    ...(args.onProjectEvent === undefined ? {} : { onEvent: args.onProjectEvent }),
  });
  const pending = resumed?.pending() ?? new PendingIndices(o.count);
  const source = openSource(o, pending, args);
  try {
    if (o.analyze !== undefined) assertChecker(o.analyze);
    await pool.prepare();
    await preflight(pool, o.runtimes, campaignGrammar(o));
  } catch (e) {
    await source.close();
    await pool.close();
    throw e;
  }
  // Created only now: a campaign whose runtime cannot run leaves no directory behind.
  const store = resumed ?? CampaignStore.create(args.dir, o);
  const tally = new Tally(o.runtimes);
  for (const r of store.records()) tally.add(r);
  const session = new CampaignSession(store);
  let phase: CampaignSnapshot['phase'] = 'run';
  const snapshot = (): CampaignSnapshot => {
    const guided = source.guided?.timeline().at(-1);
    return tally.snapshot(phase, {
      done: store.progress.done,
      total: o.count,
      programsPerSecond: session.rate(),
      elapsedSeconds: session.elapsedSeconds(),
      ...(o.durationMs === undefined ? {} : { durationSeconds: o.durationMs / 1000 }),
      ...(guided === undefined ? {} : { guided }),
    });
  };
  const progress = (next: CampaignSnapshot['phase'] = phase): void => {
    phase = next;
    args.onProgress?.(snapshot());
  };
  // What a stop at any moment leaves: the findings, summary.json and report.html as counted.
  const report = (stopped: boolean, engine?: CorpusCoverage): CampaignSummary => {
    const summary = campaignSummary(store, tally, pool, stopped, source.guided, engine);
    writeReport(args.dir, summary, store);
    return summary;
  };
  // A finding's tree is recorded with it, so that it is saved and shrunk from its own tree
  // (not when another generator's thread drew it: this one cannot draw it again). Findings
  // are saved as found, before the programs are counted in `results.jsonl`.
  const record = (finished: readonly FinishedProgram[]): void => {
    const entries = finished.map(({ record, program }) =>
      record.finding === undefined || args.generatorWorker !== undefined || program === undefined
        ? { record }
        : { record, tree: program.tree },
    );
    const recorded = store.recordAll(entries, (taken) => {
      for (const { record: r } of taken) tally.add(r);
      if (saveFound(store, taken)) report(true);
    });
    session.done += recorded.length;
  };
  // The time budget: no program starts once what is left is kept for shrinking.
  const budget = new AbortController();
  const runUntil =
    o.durationMs === undefined
      ? undefined
      : (hasFindings: boolean) =>
          o.durationMs! * (hasFindings && o.shrink ? 1 - shrinkShare : 1) -
          session.elapsedSeconds() * 1000;
  const ticker = setInterval(() => {
    session.save();
    if (runUntil !== undefined && runUntil(tally.signatures.size > 0) <= 0) budget.abort();
    progress();
  }, 1000);
  const signal =
    args.signal === undefined ? budget.signal : AbortSignal.any([args.signal, budget.signal]);

  progress('run');
  try {
    if (runUntil === undefined || runUntil(tally.signatures.size > 0) > 0)
      await runBatches({
        pool,
        source,
        // A guided source makes its programs step by step on the coverage build: batches of a
        // few steps reach the runtimes, the progress and the time budget's end without
        // waiting for twenty steps first.
        options:
          o.guided === undefined
            ? o
            : { ...o, batchSize: Math.min(o.batchSize, guidedBatchSteps * o.guided.stepSize) },
        signal,
        record,
        afterBatch: () => {
          session.save();
          progress();
        },
      });
  } catch (e) {
    clearInterval(ticker);
    await source.close();
    await pool.close();
    session.save(true);
    report(true);
    throw e;
  }
  await source.close();
  session.save(true);

  const ranAll = store.progress.done >= o.count;
  // Shrinking takes what is left of the budget; a resume of a campaign whose budget was spent
  // already, which runs nothing, shrinks what the campaign left without a deadline.
  const budgetLeft =
    o.durationMs === undefined || session.done === 0
      ? undefined
      : o.durationMs - session.elapsedSeconds() * 1000;
  if (!aborted() && (budgetLeft === undefined || budgetLeft > 0)) {
    progress('shrink');
    await saveFindings({
      store,
      pool,
      ...(args.signal === undefined ? {} : { signal: args.signal }),
      ...(budgetLeft === undefined ? {} : { deadline: Date.now() + budgetLeft }),
      beforeEach: () => progress(),
    });
  }
  clearInterval(ticker);
  await pool.close();
  session.save(true);
  // Stopped while running or shrinking: `--resume` continues either. A campaign whose budget
  // ran out is done; `--resume --duration` gives it more time.
  const stopped = aborted() || (!ranAll && o.durationMs === undefined);
  if (!stopped) store.progress.finished = true;
  store.saveProgress();
  progress('report');
  // A stop asked for is not held up by one more run of the corpus; `--resume` measures at its end.
  const engine =
    o.guided === undefined || aborted()
      ? undefined
      : await measuredCorpus(args.dir, o.guided.coverage, o);
  return report(stopped, engine);
}
