import type { ProgramOutcome } from '../runtime/index.js';
import { batchFailureStops, isTransient, requeued, timedOut } from './batch-failures.js';
import { BatchSizer, jobsOf, packBatches } from './batches.js';
import { CampaignError } from './campaign-error.js';
import { classifyOutcomes } from './classify.js';
import type { ResolvedCampaignOptions } from './options.js';
import type { ProgramSource } from './program-source.js';
import type { CampaignProgram } from './programs.js';
import type { ProjectPool } from './projects.js';
import type { ProgramRecord } from './store.js';
import { typeCheck } from './type-check.js';
import type { CheckOutcome } from './classify.js';

/** A batch's programs lost this many times are recorded as crashes of the runner. */
const MAX_PROGRAM_ATTEMPTS = 3;

/**
 * A finished program: its record, and the program itself when it was launched from this
 * session (a finding's tree is recorded from it).
 */
export interface FinishedProgram {
  /** What is recorded. */
  readonly record: ProgramRecord;
  /** The program, when it ran in this session. */
  readonly program?: CampaignProgram;
}

/**
 * Arguments of {@link runBatches}.
 *
 * @example
 * ```ts
 * await runBatches({ pool, source, options, record: (done) => store.recordAll(...), afterBatch: () => {} });
 * ```
 */
export interface RunBatchesArgs {
  /** The projects. */
  readonly pool: ProjectPool;
  /** Where the programs come from. */
  readonly source: ProgramSource;
  /** The campaign's options (level, runtimes, batch size and payload limit). */
  readonly options: ResolvedCampaignOptions;
  /** Stops launching batches; those in flight finish. */
  readonly signal?: AbortSignal;
  /** Records finished programs, a batch (or a batch's unprintable programs) at a time. */
  readonly record: (finished: readonly FinishedProgram[]) => void;
  /** Called after each batch's programs are recorded. */
  readonly afterBatch: () => void;
}

/**
 * Runs a campaign's programs in its projects until the source is exhausted or the signal
 * stops it: asks the source for programs a batch at a time, records those that cannot be
 * printed, packs the rest into batches under the payload limit, keeps every slot of the pool
 * busy, records each batch's outcomes as it comes back, and runs lost programs again (a
 * program lost {@link MAX_PROGRAM_ATTEMPTS} times is a crash). A batch that fails is queued
 * again; when batches fail again and again, waits for those in flight and throws a
 * `CampaignError`.
 *
 * @example
 * ```ts
 * await runBatches({ pool, source, options, signal, record, afterBatch });
 * ```
 */
export async function runBatches(args: RunBatchesArgs): Promise<void> {
  await new BatchRun(args).run();
}

/** The state of one {@link runBatches}: batches ready, in flight, and failing. */
class BatchRun {
  readonly #args: RunBatchesArgs;
  readonly #ready: CampaignProgram[][] = [];
  readonly #attempts = new Map<number, number>();
  readonly #tasks = new Set<Promise<void>>();
  // The programs of the batches launched, by index, until recorded.
  readonly #launched = new Map<number, CampaignProgram>();
  #failuresInARow = 0;
  #lastError = '';
  #lastTransient = false;
  #lastProgress = Date.now();

  constructor(args: RunBatchesArgs) {
    this.#args = args;
  }

  async run(): Promise<void> {
    const { pool, source, options: o, signal } = this.#args;
    const aborted = (): boolean => signal?.aborted === true;
    const ready = this.#ready;
    const stop = abortOf(signal);
    const maxFailures = Math.max(6, 3 * pool.projects.length);
    const sizer = new BatchSizer(o.batchSize);
    while (!aborted()) {
      const failures = {
        inARow: this.#failuresInARow,
        max: maxFailures,
        transient: this.#lastTransient,
        sinceProgressMs: Date.now() - this.#lastProgress,
      };
      if (batchFailureStops(failures)) {
        await Promise.all(this.#tasks);
        const waited = this.#lastTransient
          ? ` and none finished for ${Math.round(failures.sinceProgressMs / 1000)} s`
          : '';
        throw new CampaignError(
          `${this.#failuresInARow} batches failed in a row${waited}; last error: ${this.#lastError}`,
        );
      }
      while (!aborted() && pool.capacity() > 0 && (ready.length > 0 || source.remaining > 0)) {
        if (ready.length === 0) await this.#fill(sizer);
        else this.#launch(ready.shift()!);
      }
      const work = ready.length > 0 || source.remaining > 0;
      if (this.#tasks.size === 0 && !work) break;
      await Promise.race([...this.#tasks, ...(work ? [pool.waitForCapacity()] : []), stop]);
    }
    await Promise.all(this.#tasks);
  }

  #record(records: readonly ProgramRecord[]): void {
    this.#args.record(
      records.map((record) => {
        const program = this.#launched.get(record.i);
        this.#launched.delete(record.i);
        return program === undefined ? { record } : { record, program };
      }),
    );
  }

  #finish(
    batch: readonly CampaignProgram[],
    outcomes: BatchOutcomes,
    checks: readonly CheckOutcome[] | undefined,
  ): void {
    this.#failuresInARow = 0;
    this.#lastProgress = Date.now();
    const { finished, lost } = settle(this.#args.options, batch, outcomes, checks, this.#attempts);
    this.#record(finished);
    if (lost.length > 0) this.#ready.unshift(lost);
    this.#args.afterBatch();
  }

  #launch(batch: CampaignProgram[]): void {
    const { pool, options: o } = this.#args;
    for (const p of batch) this.#launched.set(p.index, p);
    // The checker runs here while the projects run the batch.
    const checks =
      o.analyze === undefined
        ? Promise.resolve(undefined)
        : typeCheck(o.analyze, batch, { timeoutMs: o.timeoutMs, twice: true });
    const task = Promise.all([pool.runBatch(jobsOf(batch)), checks])
      .then(
        ([result, checked]) => this.#finish(batch, result, checked),
        (e: unknown) => {
          this.#failuresInARow++;
          this.#lastError = e instanceof Error ? e.message : String(e);
          this.#lastTransient = isTransient(e);
          this.#ready.unshift(...requeued(batch, timedOut(e)));
        },
      )
      .finally(() => this.#tasks.delete(task));
    this.#tasks.add(task);
  }

  async #fill(sizer: BatchSizer): Promise<void> {
    const { pool, source, options: o, signal } = this.#args;
    const size = sizer.next(source.remaining, pool.slots());
    const programs = await source.next(size, signal);
    const printable = programs.filter((p) => p.printError === undefined);
    this.#record(programs.flatMap(unprintable));
    this.#ready.push(...packBatches(printable, size, o.payloadLimit));
  }
}

/** A batch's outcomes by program id, and the project that ran it. */
type BatchOutcomes = Awaited<ReturnType<ProjectPool['runBatch']>>;

/**
 * A batch come back: the records of its programs that ran (or were lost too often), and those
 * lost to run again; `attempts` counts each program's losses.
 */
function settle(
  o: ResolvedCampaignOptions,
  batch: readonly CampaignProgram[],
  outcomes: BatchOutcomes,
  checks: readonly CheckOutcome[] | undefined,
  attempts: Map<number, number>,
): { finished: ProgramRecord[]; lost: CampaignProgram[] } {
  const lost: CampaignProgram[] = [];
  const finished: ProgramRecord[] = [];
  batch.forEach((p, k) => {
    const found = outcomes.outcomes.get(String(p.index));
    if (found !== undefined) {
      // How it ran comes first: a typed program that does not run is the runtime's finding.
      const check = checks?.[k];
      const finding = classifyOutcomes(o.level, found) ?? check?.kind;
      const checked = finding !== undefined && finding === check?.kind ? check : undefined;
      finished.push(recordOf(p, found, finding, outcomes.projectId, checked));
      return;
    }
    const n = (attempts.get(p.index) ?? 0) + 1;
    attempts.set(p.index, n);
    if (n < MAX_PROGRAM_ATTEMPTS) lost.push(p);
    else finished.push(recordOf(p, lostOutcomes(p, n, o.runtimes), 'crash', outcomes.projectId));
  });
  return { finished, lost };
}

/** The record of a program the printer refused (none for one it printed). */
function unprintable(p: CampaignProgram): ProgramRecord[] {
  if (p.printError === undefined) return [];
  return [{ i: p.index, outcomes: [], nodes: p.nodes, kinds: p.kinds, printError: p.printError }];
}

/** Resolves when `signal` aborts (never without one). */
function abortOf(signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal === undefined) return;
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

function recordOf(
  p: CampaignProgram,
  outcomes: readonly ProgramOutcome[],
  finding: ProgramRecord['finding'],
  project: string,
  check?: CheckOutcome,
): ProgramRecord {
  return {
    i: p.index,
    outcomes,
    ...(finding === undefined ? {} : { finding }),
    ...(check === undefined ? {} : { check }),
    nodes: p.nodes,
    kinds: p.kinds,
    project,
  };
}

/** The outcomes of a program the runner lost `n` times: a crash under every runtime. */
function lostOutcomes(
  p: CampaignProgram,
  n: number,
  runtimes: readonly string[],
): ProgramOutcome[] {
  const crash: ProgramOutcome = {
    id: String(p.index),
    status: 'crash',
    outputHash: '',
    output: '',
    error: `the runner returned no outcome for this program ${n} times`,
    timeMs: 0,
  };
  return runtimes.map(() => crash);
}
