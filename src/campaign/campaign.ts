import { basename, join, resolve } from 'node:path';
import type { ProgramJob, ProgramOutcome } from '../runtime/index.js';
import { encodeBatch } from '../runtime/index.js';
import type { WorkspaceClient } from '../workspace/client/index.js';
import { classifyOutcomes } from './classify.js';
import type { FindingKind } from './classify.js';
import { readFindings, saveFinding } from './findings.js';
import type { FindingOccurrence, FindingRecord, ShrunkProgram } from './findings.js';
import type { CampaignOptions, ResolvedCampaignOptions } from './options.js';
import { resolveCampaignOptions } from './options.js';
import { ProgramGenerator } from './program-generator.js';
import { campaignArbitrary, generatePrograms } from './programs.js';
import type { CampaignProgram } from './programs.js';
import { ProjectPool } from './projects.js';
import { shrinkRemotely } from './remote-shrink.js';
import type { ProjectEvent } from './projects.js';
import { writeReport } from './report.js';
import { CampaignStore } from './store.js';
import { findingSignature, triageFindings } from './triage.js';
import type { ProgramRecord } from './store.js';

/** Where a campaign runs: a workspace client and the projects to use. */
export interface CampaignTarget {
  /** The workspace API client. */
  readonly client: WorkspaceClient;
  /** Projects to run batches in (at least one). */
  readonly projectIds: readonly string[];
}

/** A progress report, sent after every batch and when the phase changes. */
export interface CampaignSnapshot {
  /** Programs finished (all sessions). */
  readonly done: number;
  /** Programs in the campaign. */
  readonly total: number;
  /** Programs per second in this session. */
  readonly programsPerSecond: number;
  /** Outcome counts of the first runtime (all sessions). */
  readonly statuses: Readonly<Record<string, number>>;
  /** Programs that are findings (all sessions). */
  readonly findings: number;
  /** Distinct finding signatures among them: the findings the campaign will save. */
  readonly signatures: number;
  /** What the campaign is doing. */
  readonly phase: 'run' | 'shrink' | 'report';
}

/** Arguments of {@link runCampaign}. */
export interface RunCampaignArgs {
  /** The campaign directory (`--out`). */
  readonly dir: string;
  /** Continue the campaign in `dir` (its options are used; `options` is ignored). Default false. */
  readonly resume?: boolean;
  /**
   * Resume a campaign recorded by another generator version, drawing the programs not run yet
   * with this one (see `CampaignStore.resume`). Default false: such a campaign is refused.
   */
  readonly rederive?: boolean;
  /** Options of a new campaign. Default: all defaults. */
  readonly options?: CampaignOptions;
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

/** What a campaign did, as printed in its summary and written to `summary.json`. */
export interface CampaignSummary {
  /** The campaign directory. */
  readonly dir: string;
  /** The generator's seed. */
  readonly seed: number;
  /** Validity level of the programs. */
  readonly level: string;
  /** Runtime specs (two or more in differential mode). */
  readonly runtimes: readonly string[];
  /** Programs in the campaign. */
  readonly total: number;
  /** Programs finished. */
  readonly done: number;
  /** True when the campaign was stopped before every program ran (resume it with `--resume`). */
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
  /** Batches and programs per project in this session. */
  readonly projects: readonly { projectId: string; batches: number; programs: number }[];
}

/**
 * Every project failed again and again: the campaign cannot go on.
 *
 * @example
 * ```ts
 * try { await runCampaign(args); } catch (e) { if (e instanceof CampaignError) console.error(e.message); }
 * ```
 */
export class CampaignError extends Error {
  override readonly name = 'CampaignError';
}

/** The campaign's name in projects: its directory's name and seed, as a file name. */
function campaignId(dir: string, seed: number): string {
  const name = basename(resolve(dir))
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 60);
  return `${name}-${seed}`;
}

/** Fewest programs per batch while more are pending (a run's VM warm-up is worth ~300). */
const MIN_BATCH = 200;

/** A batch's programs lost this many times are recorded as crashes of the runner. */
const MAX_PROGRAM_ATTEMPTS = 3;

/**
 * Splits programs into batches of at most `size`, in order, whose encoded payload stays under
 * `limit`. A batch over the limit is cut to the share of it that should fit (gzip compresses a
 * batch as a whole, so the size of a part is estimated from the whole and checked again), so
 * that batches stay close to the limit with a few encodings each.
 *
 * @example
 * ```ts
 * const batches = packBatches(programs, 100, 400_000);
 * ```
 */
export function packBatches(
  programs: readonly CampaignProgram[],
  size: number,
  limit: number,
): CampaignProgram[][] {
  const out: CampaignProgram[][] = [];
  let take = size;
  for (let i = 0; i < programs.length;) {
    const batch = programs.slice(i, i + Math.min(size, take));
    const encoded = batch.length > 1 ? encodeBatch(jobsOf(batch)).length : 0;
    if (encoded > limit) {
      // 3 % under the estimate: a part compresses a little worse than the whole.
      take = Math.max(
        1,
        Math.min(batch.length - 1, Math.floor((batch.length * limit * 0.97) / encoded)),
      );
      continue;
    }
    out.push(batch);
    i += batch.length;
    // The next batch starts from the size that fitted, plus a little room to grow back.
    take = Math.ceil(batch.length * 1.1);
  }
  return out;
}

function jobOf(p: CampaignProgram): ProgramJob {
  return { id: String(p.index), program: p.program, module: p.module };
}

const jobLists = new WeakMap<readonly CampaignProgram[], readonly ProgramJob[]>();

/** A batch's jobs, made once: the same list is sized, then sent (encoded once, see encodeBatch). */
function jobsOf(batch: readonly CampaignProgram[]): readonly ProgramJob[] {
  let jobs = jobLists.get(batch);
  if (jobs === undefined) {
    jobs = batch.map(jobOf);
    jobLists.set(batch, jobs);
  }
  return jobs;
}

/** Outcome, finding and unprintable counts, kept up to date as programs are recorded. */
interface Tally {
  statuses: Record<string, number>[];
  findingKinds: Record<string, number>;
  unprintable: number;
  /** The signatures of the findings so far (one saved finding each). */
  signatures: Set<string>;
}

function emptyTally(runtimes: number): Tally {
  return {
    statuses: Array.from({ length: runtimes }, () => ({})),
    findingKinds: {},
    unprintable: 0,
    signatures: new Set(),
  };
}

function addToTally(t: Tally, r: ProgramRecord, runtimes: readonly string[]): void {
  if (r.printError !== undefined) t.unprintable++;
  if (r.finding !== undefined) t.signatures.add(findingSignature(r.finding, runtimes, r.outcomes));
  r.outcomes.forEach((o, k) => {
    const s = t.statuses[k];
    if (s !== undefined) s[o.status] = (s[o.status] ?? 0) + 1;
  });
  if (r.finding !== undefined) t.findingKinds[r.finding] = (t.findingKinds[r.finding] ?? 0) + 1;
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
 *   options: { count: 300, level: 'scoped' },
 *   target: { client, projectIds: [projectId] },
 * });
 * ```
 */
export async function runCampaign(args: RunCampaignArgs): Promise<CampaignSummary> {
  const resumed =
    args.resume === true
      ? CampaignStore.resume(args.dir, { rederive: args.rederive === true })
      : undefined;
  const o = resumed?.options ?? resolveCampaignOptions(args.options);
  if (resumed === undefined) CampaignStore.assertFree(args.dir);
  const arbitrary = campaignArbitrary(o);
  const aborted = (): boolean => args.signal?.aborted === true;
  const snapshot = (
    phase: CampaignSnapshot['phase'],
    sessionDone: number,
    sessionStart: number,
  ): CampaignSnapshot => {
    const c = tally;
    const seconds = (Date.now() - sessionStart) / 1000;
    return {
      done: store.progress.done,
      total: o.count,
      programsPerSecond: seconds > 0 ? sessionDone / seconds : 0,
      statuses: c.statuses[0] ?? {},
      findings: Object.values(c.findingKinds).reduce((a, b) => a + b, 0),
      signatures: c.signatures.size,
      phase,
    };
  };
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
  try {
    await pool.prepare();
    await preflight(pool, o.runtimes);
  } catch (e) {
    await generator.close();
    await pool.close();
    throw e;
  }
  // Created only now: a campaign whose runtime cannot run leaves no directory behind.
  const store = resumed ?? CampaignStore.create(args.dir, o);
  const tally = emptyTally(o.runtimes.length);
  for (const r of store.records()) addToTally(tally, r, o.runtimes);

  const sessionStart = Date.now();
  const elapsedBefore = store.progress.elapsedSeconds;
  let sessionDone = 0;
  const elapsed = (): number => elapsedBefore + (Date.now() - sessionStart) / 1000;
  const ready: CampaignProgram[][] = [];
  const attempts = new Map<number, number>();
  const tasks = new Set<Promise<void>>();
  let failuresInARow = 0;
  let lastError = '';
  let lastSave = 0;

  // The programs of the batches launched, by index, until recorded.
  const launched = new Map<number, CampaignProgram>();
  // A finding's tree is recorded with it, so that it is saved and shrunk from its own tree.
  const recordAll = (records: readonly ProgramRecord[]): void => {
    const entries = records.map((record) => {
      const tree =
        record.finding === undefined || args.generatorWorker !== undefined
          ? undefined
          : launched.get(record.i)?.tree;
      launched.delete(record.i);
      return tree === undefined ? { record } : { record, tree };
    });
    for (const r of store.recordAll(entries)) {
      sessionDone++;
      addToTally(tally, r, o.runtimes);
    }
  };
  const saveProgress = (force = false): void => {
    store.progress.elapsedSeconds = elapsed();
    const samples = store.progress.samples;
    samples.push({
      t: Math.round(store.progress.elapsedSeconds * 10) / 10,
      done: store.progress.done,
    });
    if (samples.length > 400)
      store.progress.samples = samples.filter((_, k) => k % 2 === 0 || k === samples.length - 1);
    if (force || Date.now() - lastSave > 1000) {
      store.saveProgress();
      lastSave = Date.now();
    }
  };

  const launch = (batch: CampaignProgram[]): void => {
    for (const p of batch) launched.set(p.index, p);
    const task = pool
      .runBatch(jobsOf(batch))
      .then(
        (result) => {
          failuresInARow = 0;
          const lost: CampaignProgram[] = [];
          const finished: ProgramRecord[] = [];
          for (const p of batch) {
            const outcomes = result.outcomes.get(String(p.index));
            if (outcomes === undefined) {
              const n = (attempts.get(p.index) ?? 0) + 1;
              attempts.set(p.index, n);
              if (n < MAX_PROGRAM_ATTEMPTS) {
                lost.push(p);
                continue;
              }
              const crash: ProgramOutcome = {
                id: String(p.index),
                status: 'crash',
                outputHash: '',
                output: '',
                error: `the runner returned no outcome for this program ${n} times`,
                timeMs: 0,
              };
              const all = o.runtimes.map(() => crash);
              finished.push({
                i: p.index,
                outcomes: all,
                finding: 'crash',
                nodes: p.nodes,
                kinds: p.kinds,
                project: result.projectId,
              });
              continue;
            }
            const finding = classifyOutcomes(o.level, outcomes);
            finished.push({
              i: p.index,
              outcomes,
              ...(finding === undefined ? {} : { finding }),
              nodes: p.nodes,
              kinds: p.kinds,
              project: result.projectId,
            });
          }
          recordAll(finished);
          if (lost.length > 0) ready.unshift(lost);
          saveProgress();
          args.onProgress?.(snapshot('run', sessionDone, sessionStart));
        },
        (e: unknown) => {
          failuresInARow++;
          lastError = e instanceof Error ? e.message : String(e);
          ready.unshift(batch);
        },
      )
      .finally(() => tasks.delete(task));
    tasks.add(task);
  };

  args.onProgress?.(snapshot('run', 0, sessionStart));
  const stop = new Promise<void>((resolve) => {
    if (args.signal === undefined) return;
    if (args.signal.aborted) resolve();
    args.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  const maxFailures = Math.max(6, 3 * pool.projects.length);
  let plannedSize: number | undefined;
  while (!aborted()) {
    if (failuresInARow >= maxFailures) {
      await Promise.all(tasks);
      await generator.close();
      await pool.close();
      saveProgress(true);
      throw new CampaignError(
        `${failuresInARow} batches failed in a row; last error: ${lastError}`,
      );
    }
    while (!aborted() && pool.capacity() > 0 && (ready.length > 0 || pending.length > 0)) {
      if (ready.length === 0) {
        // Small campaigns are cut into smaller batches, two per slot, so that every project
        // gets work and no batch runs alone at the end; but not below MIN_BATCH, since every
        // batch costs an exec (and, without a resident runner, a start: two Node processes and
        // the VM). The size is set from the campaign's count, not from what is left: cut again
        // from what is left, 2,000 programs made seven runs (500, 375, 282, 211, 200, 200, 232)
        // instead of four. (Four per slot with a resident runner measured the same: 4.60-4.96 s
        // for 2,000 programs against 4.55-5.33.)
        plannedSize ??= Math.min(
          o.batchSize,
          Math.max(MIN_BATCH, Math.ceil(pending.length / (2 * pool.slots()))),
        );
        let size = plannedSize;
        // Nor is a remainder under MIN_BATCH left to a run of its own (2,000 programs ended
        // with a batch of 32).
        if (pending.length - size < MIN_BATCH) size = Math.min(pending.length, o.batchSize);
        const programs = await generator.generate(pending.splice(0, size));
        const printable: CampaignProgram[] = [];
        const unprintable: ProgramRecord[] = [];
        for (const p of programs) {
          if (p.printError === undefined) printable.push(p);
          else
            unprintable.push({
              i: p.index,
              outcomes: [],
              nodes: p.nodes,
              kinds: p.kinds,
              printError: p.printError,
            });
        }
        recordAll(unprintable);
        ready.push(...packBatches(printable, size, o.payloadLimit));
        continue;
      }
      launch(ready.shift()!);
    }
    const work = ready.length > 0 || pending.length > 0;
    if (tasks.size === 0 && !work) break;
    await Promise.race([...tasks, ...(work ? [pool.waitForCapacity()] : []), stop]);
  }
  await Promise.all(tasks);
  await generator.close();
  saveProgress(true);

  const ranAll = store.progress.done >= o.count;
  if (ranAll)
    await saveFindings(store, o, arbitrary, pool, args, () =>
      snapshot('shrink', sessionDone, sessionStart),
    );
  await pool.close();
  // Stopped while running or while shrinking: `--resume` continues either.
  const stopped = !ranAll || aborted();
  if (!stopped) store.progress.finished = true;
  store.saveProgress();
  args.onProgress?.(snapshot('report', sessionDone, sessionStart));

  const c = tally;
  const findings = readFindings(join(args.dir, 'findings'));
  const summary: CampaignSummary = {
    dir: args.dir,
    seed: o.seed,
    level: o.level,
    runtimes: o.runtimes,
    total: o.count,
    done: store.progress.done,
    stopped,
    elapsedSeconds: Math.round(store.progress.elapsedSeconds * 10) / 10,
    programsPerSecond:
      store.progress.elapsedSeconds > 0 ? store.progress.done / store.progress.elapsedSeconds : 0,
    statuses: c.statuses,
    unprintable: c.unprintable,
    findingKinds: c.findingKinds,
    findings,
    projects: pool.projects.map((p) => ({
      projectId: p.projectId,
      batches: p.batches,
      programs: p.programs,
    })),
  };
  writeReport(args.dir, summary, store);
  return summary;
}

/**
 * Runs `print("luau-fuzz")` under every runtime before the campaign: a runtime that cannot run
 * it (no `luau` on the project's PATH, a broken template) would make every program a finding.
 */
async function preflight(pool: ProjectPool, runtimes: readonly string[]): Promise<void> {
  let outcomes: ProgramOutcome[] | undefined;
  let lastError = 'no project ran it';
  for (let attempt = 0; attempt < 3 && outcomes === undefined; attempt++) {
    await pool.waitForCapacity();
    try {
      outcomes = (
        await pool.runBatch([{ id: 'preflight', program: 'print("luau-fuzz")' }], {
          counted: false,
        })
      ).outcomes.get('preflight');
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
  }
  if (outcomes === undefined)
    throw new CampaignError(`the runtimes could not run a first program: ${lastError}`);
  outcomes.forEach((outcome, k) => {
    if (outcome.status !== 'ok') {
      throw new CampaignError(
        `runtime '${runtimes[k]}' cannot run print("luau-fuzz"): ${outcome.status}${outcome.error === undefined ? '' : `: ${outcome.error}`}`,
      );
    }
  });
}

/**
 * Saves every finding not saved yet (findings of earlier sessions included), triaged first:
 * programs are grouped by signature ({@link triageFindings}), one representative per group
 * is shrunk while the budget lasts (`shrinkFindings`), and the rest of the group is counted
 * under it. Groups past the budget are saved as found, marked as not shrunk.
 */
async function saveFindings(
  store: CampaignStore,
  o: ResolvedCampaignOptions,
  arbitrary: ReturnType<typeof campaignArbitrary>,
  pool: ProjectPool,
  args: RunCampaignArgs,
  progress: () => CampaignSnapshot,
): Promise<void> {
  const findingsDir = join(store.dir, 'findings');
  const before = readFindings(findingsDir);
  const saved = new Set(before.flatMap((f) => f.occurrences.map((x) => x.index)));
  const known = new Set(before.map((f) => f.signature));
  const found = store
    .records()
    .filter((r): r is ProgramRecord & { finding: FindingKind } => r.finding !== undefined)
    .filter((r) => !saved.has(r.i));
  let shrunkSoFar = before.filter((f) => f.shrunk.shrunk).length;
  const aborted = (): boolean => args.signal?.aborted === true;
  for (const group of triageFindings(o.runtimes, found)) {
    if (aborted()) return;
    args.onProgress?.(progress());
    const r = group.representative;
    const tree = store.tree(r.i) ?? generatePrograms(arbitrary, o.seed, [r.i])[0]?.tree;
    if (tree === undefined) continue;
    const occurrence = (x: ProgramRecord): FindingOccurrence => ({
      index: x.i,
      outcomes: x.outcomes,
      nodes: x.nodes,
    });
    let shrunk: ShrunkProgram | undefined;
    // A signature saved in an earlier session is already shrunk (or past the budget).
    if (o.shrink && shrunkSoFar < o.shrinkFindings && !known.has(group.signature)) {
      shrunkSoFar++;
      shrunk = await shrinkRemotely({
        pool,
        arbitrary,
        seed: o.seed,
        index: r.i,
        tree,
        level: o.level,
        kind: r.finding,
        runtimes: o.runtimes,
        outcomes: r.outcomes,
        maxAttempts: o.shrinkAttempts,
        maxTimeMs: o.shrinkTimeMs,
      });
      // Stopped while shrinking: the group is saved, shrunk afresh, by `--resume`.
      if (aborted()) return;
    }
    saveFinding(findingsDir, {
      ...o,
      kind: r.finding,
      signature: group.signature,
      generatorVersion: store.generatorVersionOf(r.i),
      runtimes: o.runtimes,
      original: { ...occurrence(r), tree },
      others: group.others.map(occurrence),
      ...(shrunk === undefined ? {} : { shrunk }),
    });
  }
}
