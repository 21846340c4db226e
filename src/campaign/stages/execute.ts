import { basename, resolve } from 'node:path';
import type { WorkspaceClient } from '../../workspace/client/index.js';
import type { ResolvedCampaignOptions } from '../options.js';
import { preflight } from '../preflight.js';
import { campaignGrammar } from '../programs.js';
import { ProjectPool, type ProjectEvent } from '../projects.js';
import { runBatches, type FinishedProgram } from '../scheduling.js';
import { assertChecker } from '../type-check.js';
import type { CampaignSource } from './source.js';

/** Steps of a guided source per batch at most. */
const guidedBatchSteps = 4;

/** The campaign's name in projects: its directory's name and seed, as a file name. */
function campaignId(dir: string, seed: number): string {
  const name = basename(resolve(dir))
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 60);
  return `${name}-${seed}`;
}

/**
 * The projects a campaign in `dir` runs its batches in (nothing is asked of them yet: see
 * {@link prepareExecution}).
 *
 * @example
 * ```ts
 * const pool = campaignPool(o, { dir: 'out', client, projectIds: [projectId] });
 * ```
 */
export function campaignPool(
  o: ResolvedCampaignOptions,
  args: {
    readonly dir: string;
    readonly client: WorkspaceClient;
    readonly projectIds: readonly string[];
    readonly onProjectEvent?: ((event: ProjectEvent) => void) | undefined;
  },
): ProjectPool {
  return new ProjectPool(args.client, args.projectIds, {
    runtimes: o.runtimes,
    inFlight: o.inFlight,
    timeoutMs: o.timeoutMs,
    workers: o.workers,
    excerptChars: o.excerptChars,
    payloadLimit: o.payloadLimit,
    batchDir: `.luau-fuzz/campaigns/${campaignId(args.dir, o.seed)}`,
    ...(args.onProjectEvent === undefined ? {} : { onEvent: args.onProjectEvent }),
  });
}

/**
 * Before the execute stage: the checker runs, the runner is installed in every project, and
 * each runtime runs a program of the campaign's grammar.
 *
 * @throws whatever of these fails, before the campaign writes anything.
 * @example
 * ```ts
 * await prepareExecution(pool, o);
 * ```
 */
export async function prepareExecution(
  pool: ProjectPool,
  o: ResolvedCampaignOptions,
): Promise<void> {
  if (o.analyze !== undefined) assertChecker(o.analyze);
  await pool.prepare();
  await preflight(pool, o.runtimes, campaignGrammar(o));
}

/**
 * Stage **execute**: runs the source's programs in batches in the pool's projects until the
 * source is exhausted or `signal` stops it, handing each batch's finished programs to
 * `record` (see `runBatches`).
 *
 * @example
 * ```ts
 * await execute({ pool, source, options: o, signal, record: recorder.record, afterBatch });
 * ```
 */
export async function execute(args: {
  readonly pool: ProjectPool;
  readonly source: CampaignSource;
  readonly options: ResolvedCampaignOptions;
  readonly signal: AbortSignal;
  readonly record: (finished: readonly FinishedProgram[]) => void;
  readonly afterBatch: () => void;
}): Promise<void> {
  const o = args.options;
  await runBatches({
    ...args,
    // A guided source makes its programs step by step on the coverage build: batches of a
    // few steps reach the runtimes, the progress and the time budget's end without waiting
    // for twenty steps first.
    options:
      o.guided === undefined
        ? o
        : { ...o, batchSize: Math.min(o.batchSize, guidedBatchSteps * o.guided.stepSize) },
  });
}
