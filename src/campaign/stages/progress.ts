import type { ResolvedCampaignOptions } from '../options.js';
import type { CampaignSession } from '../session.js';
import type { CampaignStore } from '../store.js';
import type { CampaignSnapshot, Tally } from '../tally.js';
import type { CampaignSource } from './source.js';

/** What a campaign's progress is read from. */
export interface ProgressParts {
  readonly store: CampaignStore;
  readonly session: CampaignSession;
  readonly tally: Tally;
  readonly source: CampaignSource;
}

/**
 * The campaign's one progress point: where it stands (programs done, rate, time, the guided
 * source's last step) with the tally's counts and the phase, handed to `onProgress` at least
 * once a second, after every batch and at each phase change.
 *
 * @example
 * ```ts
 * const progress = new CampaignProgress(o, { store, session, tally, source }, onProgress);
 * progress.say('shrink');
 * ```
 */
export class CampaignProgress {
  #phase: CampaignSnapshot['phase'] = 'run';
  readonly #o: ResolvedCampaignOptions;
  readonly #parts: ProgressParts;
  readonly #onProgress: ((snapshot: CampaignSnapshot) => void) | undefined;

  constructor(
    o: ResolvedCampaignOptions,
    parts: ProgressParts,
    onProgress: ((snapshot: CampaignSnapshot) => void) | undefined,
  ) {
    this.#o = o;
    this.#parts = parts;
    this.#onProgress = onProgress;
  }

  /** Where the campaign stands now. */
  snapshot(): CampaignSnapshot {
    const { store, session, tally, source } = this.#parts;
    const o = this.#o;
    const guided = source.guided?.timeline().at(-1);
    return tally.snapshot(this.#phase, {
      done: store.progress.done,
      total: o.count,
      programsPerSecond: session.rate(),
      elapsedSeconds: session.elapsedSeconds(),
      ...(o.durationMs === undefined ? {} : { durationSeconds: o.durationMs / 1000 }),
      ...(guided === undefined ? {} : { guided }),
    });
  }

  /** Hands the progress point on, in the phase `next` from now on. */
  readonly say = (next: CampaignSnapshot['phase'] = this.#phase): void => {
    this.#phase = next;
    this.#onProgress?.(this.snapshot());
  };
}
