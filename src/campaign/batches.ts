import type { ProgramJob } from '../runtime/index.js';
import { encodeBatch } from '../runtime/index.js';
import type { CampaignProgram } from './programs.js';

/** Fewest programs per batch while more are pending: every batch pays for a run's VM warm-up. */
const MIN_BATCH = 200;

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

/**
 * A batch's jobs, made once: the same list is sized, then sent (encoded once, see
 * `encodeBatch`).
 *
 * @example
 * ```ts
 * await pool.runBatch(jobsOf(batch));
 * ```
 */
export function jobsOf(batch: readonly CampaignProgram[]): readonly ProgramJob[] {
  let jobs = jobLists.get(batch);
  if (jobs === undefined) {
    jobs = batch.map(jobOf);
    jobLists.set(batch, jobs);
  }
  return jobs;
}

/**
 * How many programs the next batch takes. Small campaigns are cut into smaller batches, two
 * per slot, so that every project gets work and no batch runs alone at the end; but not below
 * a minimum, since every batch costs an exec (and, without a resident runner, a start: two
 * Node processes and the VM). The size is set once, from what is pending the first time:
 * cut again from what is left, the batches shrink geometrically and a campaign makes more
 * runs than it needs (docs/throughput.md). Nor is a remainder under the minimum left to a run
 * of its own.
 *
 * @example
 * ```ts
 * const sizer = new BatchSizer(options.batchSize);
 * const size = sizer.next(source.remaining, pool.slots());
 * ```
 */
export class BatchSizer {
  readonly #batchSize: number;
  #planned: number | undefined;

  /** `batchSize`: the most programs a batch takes. */
  constructor(batchSize: number) {
    this.#batchSize = batchSize;
  }

  /** The size of the next batch, with `remaining` programs still to come and `slots` slots. */
  next(remaining: number, slots: number): number {
    this.#planned ??= Math.min(
      this.#batchSize,
      Math.max(MIN_BATCH, Math.ceil(remaining / (2 * slots))),
    );
    if (remaining - this.#planned < MIN_BATCH) return Math.min(remaining, this.#batchSize);
    return this.#planned;
  }
}
