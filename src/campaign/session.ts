import type { CampaignStore } from './store.js';

/** Throughput samples kept in `progress.json` before every other one is dropped. */
const MAX_SAMPLES = 400;

/**
 * One session of a campaign (a run, or a resume): its programs and time, added to what the
 * store records of the sessions before, and `progress.json` saved as it goes.
 *
 * @example
 * ```ts
 * const session = new CampaignSession(store);
 * session.finished(records.length);
 * session.save();
 * ```
 */
export class CampaignSession {
  readonly #store: CampaignStore;
  readonly #start = Date.now();
  readonly #elapsedBefore: number;
  #lastSave = 0;
  /** Programs finished in this session. */
  done = 0;

  /** `store`: the campaign's directory, its progress so far. */
  constructor(store: CampaignStore) {
    this.#store = store;
    this.#elapsedBefore = store.progress.elapsedSeconds;
  }

  /** Seconds spent running, over every session so far. */
  elapsedSeconds(): number {
    return this.#elapsedBefore + (Date.now() - this.#start) / 1000;
  }

  /** Programs per second in this session. */
  rate(): number {
    const seconds = (Date.now() - this.#start) / 1000;
    return seconds > 0 ? this.done / seconds : 0;
  }

  /**
   * Adds the time so far and a throughput sample to the progress, and writes `progress.json`
   * at most once a second unless `force`.
   */
  save(force = false): void {
    const progress = this.#store.progress;
    progress.elapsedSeconds = this.elapsedSeconds();
    const samples = progress.samples;
    samples.push({ t: Math.round(progress.elapsedSeconds * 10) / 10, done: progress.done });
    if (samples.length > MAX_SAMPLES)
      progress.samples = samples.filter((_, k) => k % 2 === 0 || k === samples.length - 1);
    if (force || Date.now() - this.#lastSave > 1000) {
      this.#store.saveProgress();
      this.#lastSave = Date.now();
    }
  }
}
