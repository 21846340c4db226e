import { join } from 'node:path';
import { guidedSource, type GuidedSource } from '../guided/index.js';
import type { ResolvedCampaignOptions } from '../options.js';
import type { PendingIndices } from '../pending-indices.js';
import { ProgramGenerator } from '../program-generator.js';
import { freshPrograms, type ProgramSource } from '../program-source.js';

/**
 * The source stage's product: where the campaign's programs come from, a batch at a time,
 * with its threads or processes to end, and the course of a guided one.
 */
export type CampaignSource = ProgramSource & {
  close(): Promise<void>;
  readonly guided?: GuidedSource;
};

/** What {@link openSource} needs besides the options. */
export interface SourceArgs {
  /** The campaign directory: a guided campaign's corpus is its `corpus/`. */
  readonly dir: string;
  /** Projects the campaign runs in (how far ahead the generation threads draw). */
  readonly projects: number;
  /** Another generation thread module (see `RunCampaignArgs.generatorWorker`). */
  readonly generatorWorker?: string | URL | undefined;
}

/**
 * Stage **source**: the campaign's programs, blind (fresh draws, generated in threads ahead
 * of the batches) or guided (fresh draws and mutants of the corpus in `corpus/`, run on the
 * coverage build first, see `guidedSource`). `pending` is the indices still to run, taken
 * from as programs are handed out.
 *
 * @example
 * ```ts
 * const source = openSource(o, store.pending(), { dir: 'out', projects: 1 });
 * const programs = await source.next(200);
 * await source.close();
 * ```
 */
export function openSource(
  o: ResolvedCampaignOptions,
  pending: PendingIndices,
  args: SourceArgs,
): CampaignSource {
  if (o.guided !== undefined) {
    const guided = guidedSource({
      settings: o,
      guided: o.guided,
      dir: join(args.dir, 'corpus'),
      count: o.count,
      pending,
      timeoutMs: o.timeoutMs,
    });
    return Object.assign(guided, { guided });
  }
  // Generation runs in threads, ahead of the batches, while the main thread uploads and
  // records; the threads load and draw the first programs while the projects get ready.
  const generator = new ProgramGenerator(o, {
    upcoming: pending,
    // A batch ahead of those the slots run: when generation is the slower part, the threads
    // should not wait for a slot to free.
    readAhead: Math.min(10_000, Math.max(1000, (o.inFlight * args.projects + 1) * o.batchSize)),
    ...(args.generatorWorker === undefined ? {} : { workerFile: args.generatorWorker }),
  });
  generator.prefetch();
  return Object.assign(freshPrograms(generator, pending), { close: () => generator.close() });
}
