import { join } from 'node:path';
import type { FindingRecord } from './findings.js';
import type {
  CorpusCoverage,
  GuidedPoint,
  GuidedSource,
  MutationShare,
  OriginYields,
} from './guided/index.js';
import { readFindings } from './findings.js';
import { checkerBugs } from './checker-bugs.js';
import type { CheckerBug } from './checker-bugs.js';
import type { ProjectPool } from './projects.js';
import type { CampaignStore } from './store.js';
import type { Tally } from './tally.js';

/**
 * What a campaign did, as printed in its summary and written to `summary.json`.
 *
 * @example
 * ```ts
 * const summary: CampaignSummary = await runCampaign(args);
 * process.stdout.write(formatSummary(summary));
 * ```
 */
export interface CampaignSummary {
  /** The campaign directory. */
  readonly dir: string;
  /** The generator's seed. */
  readonly seed: number;
  /** Validity level of the programs. */
  readonly level: string;
  /** Runtime specs (two or more in differential mode). */
  readonly runtimes: readonly string[];
  /** Programs in the campaign (`unlimitedCount`: only its time budget ends it). */
  readonly total: number;
  /** Its time budget in seconds, over every session (`--duration`), when it has one. */
  readonly durationSeconds?: number;
  /** Programs finished. */
  readonly done: number;
  /**
   * True when the campaign was stopped (a signal) before every program ran and every finding
   * was shrunk (continue it with `--resume`); false at its count or its time budget's end.
   */
  readonly stopped: boolean;
  /** Seconds spent running programs, over all sessions. */
  readonly elapsedSeconds: number;
  /** Programs per second over all sessions. */
  readonly programsPerSecond: number;
  /** Outcome counts per runtime. */
  readonly statuses: readonly Readonly<Record<string, number>>[];
  /** Programs whose tree could not be printed. */
  readonly unprintable: number;
  /** Programs that are findings, per kind. */
  readonly findingKinds: Readonly<Record<string, number>>;
  /** Saved findings: one per signature, its programs counted under it. */
  readonly findings: readonly FindingRecord[];
  /**
   * With `--analyze`: the checker findings as distinct bugs, one per cause of their reduced
   * programs (`luau-fuzz checker-triage` classifies them).
   */
  readonly checkerBugs?: readonly CheckerBug[];
  /** Batches and programs per project in this session. */
  readonly projects: readonly { projectId: string; batches: number; programs: number }[];
  /** A guided campaign's course: counters reached and corpus size after each step. */
  readonly guided?: GuidedSummary;
}

/**
 * What guidance by coverage did in a campaign.
 *
 * @example
 * ```ts
 * const share = summary.guided === undefined ? 0 : summary.guided.mutants / summary.guided.programs;
 * ```
 */
export interface GuidedSummary {
  /** The coverage runtime. */
  readonly coverage: string;
  /** Share of each step's programs that are mutants (0: a blind campaign measured by coverage). */
  readonly mutationShare?: MutationShare;
  /** Programs the guided source made. */
  readonly programs: number;
  /** Of them, mutants of corpus entries. */
  readonly mutants: number;
  /** Counters of the coverage build reached. */
  readonly counters: number;
  /** Corpus entries (programs kept for reaching new counters). */
  readonly corpus: number;
  /** One point per step, over every session. */
  readonly timeline: readonly GuidedPoint[];
  /**
   * Per origin (fresh, or a mutant by its first mutation): programs tried and counters they
   * reached first, over every session (absent in summaries written before it was kept).
   */
  readonly origins?: OriginYields;
  /** What the corpus reaches of the coverage build, per component (or why it was not measured). */
  readonly engine?: CorpusCoverage;
}

/**
 * The summary of a campaign: its store's progress and saved findings, the tally of its
 * programs and the pool's work in this session.
 *
 * @example
 * ```ts
 * const summary = campaignSummary(store, tally, pool, stopped);
 * ```
 */
export function campaignSummary(
  store: CampaignStore,
  tally: Tally,
  pool: ProjectPool,
  stopped: boolean,
  course?: Pick<GuidedSource, 'timeline' | 'origins'>,
  engine?: CorpusCoverage,
): CampaignSummary {
  const o = store.options;
  const { done, elapsedSeconds } = store.progress;
  const findings = readFindings(join(store.dir, 'findings'));
  return {
    dir: store.dir,
    seed: o.seed,
    level: o.level,
    runtimes: o.runtimes,
    total: o.count,
    ...(o.durationMs === undefined ? {} : { durationSeconds: o.durationMs / 1000 }),
    done,
    stopped,
    elapsedSeconds: Math.round(elapsedSeconds * 10) / 10,
    programsPerSecond: elapsedSeconds > 0 ? done / elapsedSeconds : 0,
    statuses: tally.statuses,
    unprintable: tally.unprintable,
    findingKinds: tally.findingKinds,
    findings,
    ...(o.analyze === undefined ? {} : { checkerBugs: checkerBugs(store.dir, findings) }),
    projects: pool.projects.map((p) => ({
      projectId: p.projectId,
      batches: p.batches,
      programs: p.programs,
    })),
    ...(o.guided === undefined || course === undefined
      ? {}
      : { guided: guidedSummary(o.guided, course, engine) }),
  };
}

function guidedSummary(
  { coverage, mutationShare }: { coverage: string; mutationShare: MutationShare },
  course: Pick<GuidedSource, 'timeline' | 'origins'>,
  engine: CorpusCoverage | undefined,
): GuidedSummary {
  const timeline = course.timeline();
  const last = timeline[timeline.length - 1];
  return {
    coverage,
    mutationShare,
    programs: last?.programs ?? 0,
    mutants: last?.mutants ?? 0,
    counters: last?.counters ?? 0,
    corpus: last?.corpus ?? 0,
    timeline,
    origins: course.origins(),
    ...(engine === undefined ? {} : { engine }),
  };
}
