import type { WorkspaceClient } from '../workspace/client/index.js';
import type { ResolvedCampaignOptions } from './options.js';
import { PendingIndices } from './pending-indices.js';
import type { ProjectEvent, ProjectPool } from './projects.js';
import { CampaignSession } from './session.js';
import { CampaignBudget } from './stages/budget.js';
import { campaignPool, execute, prepareExecution } from './stages/execute.js';
import { CampaignProgress } from './stages/progress.js';
import { Recorder } from './stages/record.js';
import { measuredCorpus, report, type ReportParts } from './stages/report.js';
import { shrink } from './stages/shrink.js';
import { openSource, type CampaignSource } from './stages/source.js';
import { CampaignStore, type ResumeOptions } from './store.js';
import type { CampaignSummary } from './summary.js';
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

/**
 * The campaign's options (recorded, for a resume) and, before anything is written, its
 * projects and its source, ready: the runner installed and every runtime checked.
 */
async function openCampaign(args: RunCampaignArgs): Promise<{
  readonly o: ResolvedCampaignOptions;
  readonly resumed: CampaignStore | undefined;
  readonly pool: ProjectPool;
  readonly source: CampaignSource;
}> {
  let resumed: CampaignStore | undefined;
  let o: ResolvedCampaignOptions;
  if (args.resume === true) {
    resumed = CampaignStore.resume(args.dir, args);
    o = resumed.options;
  } else {
    CampaignStore.assertFree(args.dir);
    o = args.options;
  }
  const pool = campaignPool(o, {
    dir: args.dir,
    ...args.target,
    onProjectEvent: args.onProjectEvent,
  });
  const source = openSource(o, resumed?.pending() ?? new PendingIndices(o.count), {
    dir: args.dir,
    projects: args.target.projectIds.length,
    generatorWorker: args.generatorWorker,
  });
  try {
    await prepareExecution(pool, o);
  } catch (e) {
    await source.close();
    await pool.close();
    throw e;
  }
  return { o, resumed, pool, source };
}

/**
 * Runs (or continues) a fuzzing campaign, stage by stage (`stages/`: source, execute, record,
 * shrink, report): generates the programs, runs them in batches in the
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
  const { o, resumed, pool, source } = await openCampaign(args);
  // Created only now: a campaign whose runtime cannot run leaves no directory behind.
  const store = resumed ?? CampaignStore.create(args.dir, o);
  const session = new CampaignSession(store);
  // What a stop at any moment leaves: the findings, summary.json and report.html as counted.
  const recorder = new Recorder(store, session, {
    keepTrees: args.generatorWorker === undefined,
    onSaved: () => report(parts, true),
  });
  const parts = { dir: args.dir, store, session, tally: recorder.tally, pool, source };
  const progress = new CampaignProgress(o, parts, args.onProgress);
  const budget = new CampaignBudget(o, session, args.signal);
  const hasFindings = (): boolean => recorder.tally.signatures.size > 0;
  const ticker = setInterval(() => {
    session.save();
    budget.check(hasFindings());
    progress.say();
  }, 1000);

  progress.say('run');
  try {
    if (budget.runLeft(hasFindings()) > 0)
      await execute({
        pool,
        source,
        options: o,
        signal: budget.signal,
        record: recorder.record,
        afterBatch: () => {
          session.save();
          progress.say();
        },
      });
  } catch (e) {
    clearInterval(ticker);
    await source.close();
    await pool.close();
    session.save(true);
    report(parts, true);
    throw e;
  }
  await source.close();
  session.save(true);
  const ranAll = store.progress.done >= o.count;
  const { signal } = args;
  await shrink({
    store,
    pool,
    budget,
    signal,
    onStart: () => progress.say('shrink'),
    beforeEach: progress.say,
  });
  clearInterval(ticker);
  await pool.close();
  return endCampaign(args, { ...parts, o, progress }, ranAll);
}

/**
 * The end of a campaign that ran and shrank (or was stopped): where it stands saved, done
 * when it ran all or spent its budget, and its report written, with what a guided campaign's
 * corpus reaches of the coverage build.
 */
async function endCampaign(
  args: RunCampaignArgs,
  parts: ReportParts & {
    readonly o: ResolvedCampaignOptions;
    readonly session: CampaignSession;
    readonly progress: CampaignProgress;
  },
  ranAll: boolean,
): Promise<CampaignSummary> {
  const { o, store } = parts;
  const aborted = args.signal?.aborted === true;
  parts.session.save(true);
  // Stopped while running or shrinking: `--resume` continues either. A campaign whose budget
  // ran out is done; `--resume --duration` gives it more time.
  const stopped = aborted || (!ranAll && o.durationMs === undefined);
  if (!stopped) store.progress.finished = true;
  store.saveProgress();
  parts.progress.say('report');
  // A stop asked for is not held up by one more run of the corpus; `--resume` measures at its end.
  const engine =
    o.guided === undefined || aborted
      ? undefined
      : await measuredCorpus(args.dir, o.guided.coverage, o);
  return report(parts, stopped, engine);
}
