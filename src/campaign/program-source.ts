import type { ProgramGenerator } from './program-generator.js';
import type { IndexQueue } from './pending-indices.js';
import type { CampaignProgram } from './programs.js';

/**
 * Where a campaign's next programs come from. The campaign loop asks a source for programs
 * batch by batch and knows nothing else of it: today the programs are drawn fresh from the
 * seed ({@link freshPrograms}); another source (programs mutated from a corpus) plugs in
 * here without changing the loop.
 *
 * @example
 * ```ts
 * const source: ProgramSource = freshPrograms(generator, store.pending());
 * while (source.remaining > 0) run(await source.next(200));
 * ```
 */
export interface ProgramSource {
  /** Programs still to come (0: nothing more). */
  readonly remaining: number;
  /**
   * The next programs, at most `count`, in the order they are to run. A source that makes
   * them slowly (a guided one, step by step) stops early when `signal` is aborted and hands
   * out what it has: the indices it took and did not make run in a later session.
   */
  next(count: number, signal?: AbortSignal): Promise<CampaignProgram[]>;
}

/**
 * The programs with the indices `pending`, drawn fresh from the campaign's seed by
 * `generator`, in order. `pending` is taken from as programs are asked for: the generator
 * reads it to draw the next ones in advance (its `upcoming`).
 *
 * @example
 * ```ts
 * const pending = store.pending();
 * const source = freshPrograms(new ProgramGenerator(options, { upcoming: pending }), pending);
 * ```
 */
export function freshPrograms(generator: ProgramGenerator, pending: IndexQueue): ProgramSource {
  return {
    get remaining() {
      return pending.length;
    },
    next: (count) => generator.generate(pending.splice(0, count)),
  };
}
