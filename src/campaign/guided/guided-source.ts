import { arbitraryOptionsOf, type GeneratorSettings } from '../../arbitrary/index.js';
import { coverageLuau } from '../../coverage/index.js';
import type { GuidedSettings } from '../options.js';
import type { IndexQueue } from '../pending-indices.js';
import type { ProgramSource } from '../program-source.js';
import type { CampaignProgram } from '../programs.js';
import type { GuidedPoint } from './corpus-formats.js';
import { corpusFolder } from './corpus-folder.js';
import { GuidedLoop } from './guided-loop.js';
import type { GuidedProgram } from './guided-step.js';
import type { OriginYields } from './operator-weights.js';

/** A guided {@link ProgramSource}, with what it has reached, and its processes to end. */
export interface GuidedSource extends ProgramSource {
  /** The course so far (one point per step, over every session). */
  timeline(): readonly GuidedPoint[];
  /** What fresh programs and each mutation's mutants found so far, over every session. */
  origins(): OriginYields;
  /** Ends the coverage runner. */
  close(): Promise<void>;
}

/** The program as the campaign runs it, without how it was made. */
const campaignProgramOf = ({ record: _r, origin: _o, ...p }: GuidedProgram): CampaignProgram => p;

/**
 * The programs of a coverage-guided campaign, from its {@link GuidedLoop} on the campaign's
 * `corpus/` (`dir`): each step's programs, fresh ones and mutants of corpus entries, run on
 * the coverage build first, are handed to the campaign, which runs them on its runtimes. A
 * program handed out before the campaign stopped is built again from the loop's log when it
 * resumes.
 *
 * @example
 * ```ts
 * const source = guidedSource({ settings: o, guided: o.guided!, dir: 'out/corpus', pending: store.pending() });
 * const programs = await source.next(100);
 * await source.close();
 * ```
 */
export function guidedSource(args: {
  readonly settings: GeneratorSettings;
  readonly guided: GuidedSettings;
  readonly dir: string;
  /** Programs in the campaign. */
  readonly count: number;
  /** Indices not finished yet, in order (taken from as programs are handed out). */
  readonly pending: IndexQueue;
  /** Wall-clock limit of one program on the coverage build, in ms. */
  readonly timeoutMs?: number;
}): GuidedSource {
  const { settings, guided, pending } = args;
  const loop = GuidedLoop.open({
    generator: arbitraryOptionsOf(settings),
    seed: settings.seed,
    coverage: coverageLuau(guided.coverage),
    dir: args.dir,
    corpora: guided.corpora.map(corpusFolder),
    mutationShare: guided.mutationShare,
    timeoutMs: args.timeoutMs,
  });
  // Programs of the steps run, not handed out yet.
  const made = new Map<number, CampaignProgram>();
  return {
    get remaining() {
      return pending.length;
    },
    async next(count, signal) {
      await loop.seed();
      const taken = pending.splice(0, count);
      const isOld = (i: number): boolean => i < loop.state.programs && !made.has(i);
      const replayed = loop.replay(taken.filter(isOld)).map(campaignProgramOf);
      const wanted = taken.filter((i) => !isOld(i));
      const last = wanted[wanted.length - 1];
      // Whole steps, whatever the batch asks: a step's programs depend on the corpus as the
      // step before left it, so that a resumed campaign draws the same ones.
      while (last !== undefined && loop.state.programs <= last && signal?.aborted !== true) {
        const size = Math.min(guided.stepSize, args.count - loop.state.programs);
        for (const p of await loop.step(size)) made.set(p.index, campaignProgramOf(p));
      }
      const fresh = wanted.flatMap((i) => {
        const p = made.get(i);
        made.delete(i);
        return p === undefined ? [] : [p];
      });
      return [...replayed, ...fresh];
    },
    timeline: () => loop.timeline(),
    origins: () => loop.origins(),
    close: () => {
      loop.close();
      return Promise.resolve();
    },
  };
}
