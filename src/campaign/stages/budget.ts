import { shrinkShare, type ResolvedCampaignOptions } from '../options.js';
import type { CampaignSession } from '../session.js';

/**
 * A campaign's time budget (`--duration`) over its stages: no program starts once what is
 * left is kept for shrinking (a share of it, when there are findings to shrink), and
 * shrinking takes what is left. Without a budget nothing ends by time.
 *
 * @example
 * ```ts
 * const budget = new CampaignBudget(o, session, args.signal);
 * if (budget.runLeft(false) > 0) await execute({ ..., signal: budget.signal });
 * ```
 */
export class CampaignBudget {
  /** Aborted when running must end: the caller's signal, or the budget's run time spent. */
  readonly signal: AbortSignal;
  readonly #o: ResolvedCampaignOptions;
  readonly #session: CampaignSession;
  readonly #spent = new AbortController();

  constructor(o: ResolvedCampaignOptions, session: CampaignSession, stop?: AbortSignal) {
    this.#o = o;
    this.#session = session;
    this.signal =
      stop === undefined ? this.#spent.signal : AbortSignal.any([stop, this.#spent.signal]);
  }

  /** Milliseconds left to run programs in (`Infinity` without a budget). */
  runLeft(hasFindings: boolean): number {
    const ms = this.#o.durationMs;
    if (ms === undefined) return Infinity;
    return ms * (hasFindings && this.#o.shrink ? 1 - shrinkShare : 1) - this.#elapsedMs();
  }

  /** Ends the running when its time is spent (called once a second). */
  check(hasFindings: boolean): void {
    if (this.runLeft(hasFindings) <= 0) this.#spent.abort();
  }

  /**
   * Milliseconds left to shrink in, `undefined` for no end: a resume of a campaign whose
   * budget was spent already, which runs nothing, shrinks what the campaign left without one.
   */
  shrinkLeft(): number | undefined {
    const ms = this.#o.durationMs;
    return ms === undefined || this.#session.done === 0 ? undefined : ms - this.#elapsedMs();
  }

  #elapsedMs(): number {
    return this.#session.elapsedSeconds() * 1000;
  }
}
