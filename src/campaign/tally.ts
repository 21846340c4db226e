import type { GuidedPoint } from './guided/index.js';
import type { ProgramRecord } from './store.js';
import { findingSignature } from './triage.js';

/**
 * A progress report, sent at least once a second, after every batch and when the phase changes.
 *
 * @example
 * ```ts
 * const onProgress = (s: CampaignSnapshot) => console.log(`${s.done}/${s.total} ${s.phase}`);
 * ```
 */
export interface CampaignSnapshot {
  /** Programs finished (all sessions). */
  readonly done: number;
  /** Programs in the campaign. */
  readonly total: number;
  /** Programs per second in this session. */
  readonly programsPerSecond: number;
  /** Seconds the campaign has run, over every session. */
  readonly elapsedSeconds: number;
  /** Its time budget in seconds (`--duration`), when it has one. */
  readonly durationSeconds?: number;
  /** Outcome counts of the first runtime (all sessions). */
  readonly statuses: Readonly<Record<string, number>>;
  /** Programs that are findings (all sessions). */
  readonly findings: number;
  /** Distinct finding signatures among them: the findings the campaign will save. */
  readonly signatures: number;
  /** What the campaign is doing. */
  readonly phase: 'run' | 'shrink' | 'report';
  /** A guided campaign's last step: counters reached, corpus size, mutants so far. */
  readonly guided?: GuidedPoint;
}

/**
 * Outcome, finding and unprintable counts of a campaign's programs, kept up to date as they
 * are recorded (those of earlier sessions first).
 *
 * @example
 * ```ts
 * const tally = new Tally(options.runtimes);
 * for (const r of store.records()) tally.add(r);
 * ```
 */
export class Tally {
  /** Outcome counts per runtime. */
  readonly statuses: Record<string, number>[];
  /** Programs that are findings, per kind. */
  readonly findingKinds: Record<string, number> = {};
  /** Programs whose tree could not be printed. */
  unprintable = 0;
  /** The signatures of the findings so far (one saved finding each). */
  readonly signatures = new Set<string>();
  readonly #runtimes: readonly string[];

  /** `runtimes`: the campaign's runtime specs. */
  constructor(runtimes: readonly string[]) {
    this.#runtimes = runtimes;
    this.statuses = Array.from({ length: runtimes.length }, () => ({}));
  }

  /** Counts a recorded program. */
  add(r: ProgramRecord): void {
    if (r.printError !== undefined) this.unprintable++;
    if (r.finding !== undefined)
      this.signatures.add(findingSignature(r.finding, this.#runtimes, r.outcomes, r.check));
    r.outcomes.forEach((o, k) => {
      const s = this.statuses[k];
      if (s !== undefined) s[o.status] = (s[o.status] ?? 0) + 1;
    });
    if (r.finding !== undefined)
      this.findingKinds[r.finding] = (this.findingKinds[r.finding] ?? 0) + 1;
  }

  /** A progress report of the counts, with where the campaign stands. */
  snapshot(
    phase: CampaignSnapshot['phase'],
    at: Pick<
      CampaignSnapshot,
      'done' | 'total' | 'programsPerSecond' | 'elapsedSeconds' | 'durationSeconds' | 'guided'
    >,
  ): CampaignSnapshot {
    return {
      ...at,
      statuses: this.statuses[0] ?? {},
      findings: Object.values(this.findingKinds).reduce((a, b) => a + b, 0),
      signatures: this.signatures.size,
      phase,
    };
  }
}
