import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { ProgramOutcome } from '../runtime/index.js';
import type { FindingKind } from './classify.js';
import type { ResolvedCampaignOptions } from './options.js';

/** One finished program, as recorded in `results.jsonl` (one line each, exactly once). */
export interface ProgramRecord {
  /** The program's index. */
  readonly i: number;
  /** One outcome per runtime (empty when the tree could not be printed). */
  readonly outcomes: readonly ProgramOutcome[];
  /** The finding it is, if any. */
  readonly finding?: FindingKind;
  /** Messages in its tree. */
  readonly nodes: number;
  /** Its message kinds and their counts (node-kind coverage). */
  readonly kinds?: Record<string, number>;
  /** The project it ran in. */
  readonly project?: string;
  /** Why its tree could not be printed. */
  readonly printError?: string;
}

/** A throughput sample: programs done at a time since the campaign began. */
export interface ProgressSample {
  /** Seconds since the start (of all sessions). */
  readonly t: number;
  /** Programs done. */
  readonly done: number;
}

/** `progress.json`: where a campaign stands. */
export interface CampaignProgress {
  /** Programs finished. */
  done: number;
  /** Programs in the campaign. */
  total: number;
  /** Seconds spent running, over every session. */
  elapsedSeconds: number;
  /** Sessions (a resume starts a new one). */
  sessions: number;
  /** True once every program is done and the findings are saved. */
  finished: boolean;
  /** Throughput over time. */
  samples: ProgressSample[];
}

/**
 * A campaign directory that cannot be used.
 *
 * @example
 * ```ts
 * try { CampaignStore.create(dir, options); } catch (e) { if (e instanceof CampaignStoreError) usage(e.message); }
 * ```
 */
export class CampaignStoreError extends Error {
  override readonly name = 'CampaignStoreError';
}

/**
 * A campaign's directory (`--out DIR`): `options.json` (the resolved options and seed),
 * `results.jsonl` (one line per finished program, appended as results arrive, so a killed
 * campaign loses only the batches in flight), `progress.json`, `findings/`, `report.html`.
 *
 * @example
 * ```ts
 * const store = CampaignStore.create('out', options);
 * store.record({ i: 0, outcomes: [outcome], nodes: 12 });
 * ```
 */
export class CampaignStore {
  readonly dir: string;
  readonly options: ResolvedCampaignOptions;
  readonly progress: CampaignProgress;
  readonly #done = new Set<number>();
  readonly #records: ProgramRecord[] = [];

  private constructor(dir: string, options: ResolvedCampaignOptions, progress: CampaignProgress) {
    this.dir = dir;
    this.options = options;
    this.progress = progress;
  }

  /** Throws {@link CampaignStoreError} when `dir` already holds a campaign. */
  static assertFree(dir: string): void {
    if (existsSync(join(dir, 'options.json'))) {
      throw new CampaignStoreError(
        `${dir} already holds a campaign: continue it with --resume ${dir}, or choose another --out`,
      );
    }
  }

  /** Starts a new campaign in `dir` (which must not hold one). */
  static create(dir: string, options: ResolvedCampaignOptions): CampaignStore {
    CampaignStore.assertFree(dir);
    mkdirSync(join(dir, 'findings'), { recursive: true });
    writeFileSync(join(dir, 'options.json'), `${JSON.stringify(options, null, 2)}\n`);
    writeFileSync(join(dir, 'results.jsonl'), '');
    const store = new CampaignStore(dir, options, {
      done: 0,
      total: options.count,
      elapsedSeconds: 0,
      sessions: 1,
      finished: false,
      samples: [{ t: 0, done: 0 }],
    });
    store.saveProgress();
    return store;
  }

  /** Opens a campaign to continue it: reads its options and every finished program. */
  static resume(dir: string): CampaignStore {
    const optionsPath = join(dir, 'options.json');
    if (!existsSync(optionsPath))
      throw new CampaignStoreError(`${dir} holds no campaign (no options.json)`);
    const options = JSON.parse(readFileSync(optionsPath, 'utf8')) as ResolvedCampaignOptions;
    const progressPath = join(dir, 'progress.json');
    const progress = existsSync(progressPath)
      ? (JSON.parse(readFileSync(progressPath, 'utf8')) as CampaignProgress)
      : {
          done: 0,
          total: options.count,
          elapsedSeconds: 0,
          sessions: 0,
          finished: false,
          samples: [],
        };
    const store = new CampaignStore(dir, options, progress);
    const resultsPath = join(dir, 'results.jsonl');
    const text = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '';
    // A campaign killed while appending leaves a partial last line: drop it (that program runs again).
    const complete = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
    if (complete !== text) writeFileSync(resultsPath, complete);
    for (const line of complete.split('\n')) {
      if (line === '') continue;
      const record = JSON.parse(line) as ProgramRecord;
      if (store.#done.has(record.i)) continue;
      store.#done.add(record.i);
      store.#records.push(record);
    }
    progress.done = store.#done.size;
    progress.sessions++;
    mkdirSync(join(dir, 'findings'), { recursive: true });
    return store;
  }

  /** Whether program `i` is finished. */
  isDone(i: number): boolean {
    return this.#done.has(i);
  }

  /** Every finished program's record. */
  records(): readonly ProgramRecord[] {
    return this.#records;
  }

  /** The indices not finished yet, in order. */
  pending(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.options.count; i++) if (!this.#done.has(i)) out.push(i);
    return out;
  }

  /** Records a finished program (once: a second record of the same index is ignored). Returns false when ignored. */
  record(record: ProgramRecord): boolean {
    if (this.#done.has(record.i)) return false;
    appendFileSync(join(this.dir, 'results.jsonl'), `${JSON.stringify(record)}\n`);
    this.#done.add(record.i);
    this.#records.push(record);
    this.progress.done = this.#done.size;
    return true;
  }

  /** Message kinds over every finished program's tree (node-kind coverage). */
  coverage(): Record<string, number> {
    const total: Record<string, number> = {};
    for (const r of this.#records)
      for (const [k, v] of Object.entries(r.kinds ?? {})) total[k] = (total[k] ?? 0) + v;
    return total;
  }

  /** Writes `progress.json` (atomically). */
  saveProgress(): void {
    const path = join(this.dir, 'progress.json');
    writeFileSync(`${path}.tmp`, `${JSON.stringify(this.progress, null, 2)}\n`);
    renameSync(`${path}.tmp`, path);
  }
}
