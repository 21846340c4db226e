import { basename, join, resolve } from 'node:path';
import type { WorkspaceClient } from '../workspace/client/index.js';
import { saveFindings } from './finding-storage.js';
import type { ResolvedCampaignOptions } from './options.js';
import { ProgramGenerator } from './program-generator.js';
import {
  corpusCoverage,
  guidedSource,
  type CorpusCoverage,
  type GuidedSource,
} from './guided/index.js';
import { freshPrograms, type ProgramSource } from './program-source.js';
import { preflight } from './preflight.js';
import { ProjectPool } from './projects.js';
import type { ProjectEvent } from './projects.js';
import { writeReport } from './report.js';
import { runBatches } from './scheduling.js';
import type { FinishedProgram } from './scheduling.js';
import { CampaignSession } from './session.js';
import { CampaignStore } from './store.js';
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
    | {
        /** Continue the campaign in `dir` with the options it recorded. */
        readonly resume: true;
        /**
         * Resume a campaign recorded by another generator version, drawing the programs not
         * run yet with this one (see `CampaignStore.resume`). Default false: such a campaign
         * is refused.
         */
        readonly rederive?: boolean;
      }
  );

/** What every run of {@link runCampaign} is given, new or resumed. */
interface CampaignRunArgs {
  /** The campaign directory (`--out`). */
  readonly dir: string;
  /** Where to run. */
  readonly target: CampaignTarget;
  /** Stops the campaign cleanly: batches in flight finish, nothing new starts, nothing is shrunk. */
  readonly signal?: AbortSignal;
  /** Progress after every batch and phase change. Default: none. */
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
  pending: number[],
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
    resumed = CampaignStore.resume(args.dir, { rederive: args.rederive === true });
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
  const pending = resumed?.pending() ?? Array.from({ length: o.count }, (_, i) => i);
  const source = openSource(o, pending, args);
  try {
    if (o.analyze !== undefined) assertChecker(o.analyze);
    await pool.prepare();
    await preflight(pool, o.runtimes);
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
  const snapshot = (phase: CampaignSnapshot['phase']): CampaignSnapshot => {
    const guided = source.guided?.timeline().at(-1);
    return tally.snapshot(phase, {
      done: store.progress.done,
      total: o.count,
      programsPerSecond: session.rate(),
      ...(guided === undefined ? {} : { guided }),
    });
  };
  // A finding's tree is recorded with it, so that it is saved and shrunk from its own tree
  // (not when another generator's thread drew it: this one cannot draw it again).
  const record = (finished: readonly FinishedProgram[]): void => {
    const entries = finished.map(({ record, program }) =>
      record.finding === undefined || args.generatorWorker !== undefined || program === undefined
        ? { record }
        : { record, tree: program.tree },
    );
    for (const r of store.recordAll(entries)) {
      session.done++;
      tally.add(r);
    }
  };

  args.onProgress?.(snapshot('run'));
  try {
    await runBatches({
      pool,
      source,
      options: o,
      ...(args.signal === undefined ? {} : { signal: args.signal }),
      record,
      afterBatch: () => {
        session.save();
        args.onProgress?.(snapshot('run'));
      },
    });
  } catch (e) {
    await source.close();
    await pool.close();
    session.save(true);
    throw e;
  }
  await source.close();
  session.save(true);

  const ranAll = store.progress.done >= o.count;
  if (ranAll)
    await saveFindings({
      store,
      pool,
      ...(args.signal === undefined ? {} : { signal: args.signal }),
      beforeEach: () => args.onProgress?.(snapshot('shrink')),
    });
  await pool.close();
  // Stopped while running or while shrinking: `--resume` continues either.
  const stopped = !ranAll || aborted();
  if (!stopped) store.progress.finished = true;
  store.saveProgress();
  args.onProgress?.(snapshot('report'));
  // A stop asked for is not held up by one more run of the corpus; `--resume` measures at its end.
  const engine =
    o.guided === undefined || aborted()
      ? undefined
      : await measuredCorpus(args.dir, o.guided.coverage, o);
  const summary = campaignSummary(store, tally, pool, stopped, source.guided, engine);
  writeReport(args.dir, summary, store);
  return summary;
}
