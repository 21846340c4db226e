import { streamRandom, type ProgramRecord, type ProgramRecords } from '../../arbitrary/index.js';
import type { CoverageRunner } from '../../coverage/index.js';
import { campaignProgram, type CampaignProgram } from '../programs.js';
import { Corpus, type CorpusEntry, type EntryOrigin } from './corpus.js';
import { pickEntry } from './schedule.js';

/**
 * The defaults of a guided campaign (`run --guided`, `runGuided`).
 *
 * @example
 * ```ts
 * const share = options.mutationShare ?? guidedDefaults.mutationShare;
 * ```
 */
export const guidedDefaults = {
  /** Share of a step's programs that are mutants, once the corpus has entries. */
  mutationShare: 0.5,
  /** Programs per step. */
  stepSize: 50,
} as const;

/** One program of a guided step: how it was made, and the program. */
export type GuidedProgram = CampaignProgram & {
  readonly record: ProgramRecord;
  readonly origin: EntryOrigin;
};

/** Where a guided campaign's steps stand: what the next step draws from. */
export interface StepState {
  /** Steps done (the next step's mutations are drawn from the seed and this). */
  readonly step: number;
  /** The next fresh program's run. */
  readonly nextRun: number;
}

/** Options of {@link GuidedSteps}. */
export interface GuidedStepsOptions {
  /** How the campaign's programs are drawn, read and mutated. */
  readonly records: ProgramRecords;
  /** The corpus: mutated from, kept into. */
  readonly corpus: Corpus;
  /** The coverage build's runner (its map: what was reached so far). */
  readonly runner: CoverageRunner;
  /** The campaign's seed: fresh programs are its runs, mutations are drawn from it. */
  readonly seed: number;
  /** Share of a step's programs that are mutants, once the corpus has entries. */
  readonly mutationShare: number;
}

/** What one step did. */
export interface StepResult {
  /** Its programs, in index order (those the printer refused among them). */
  readonly programs: readonly GuidedProgram[];
  /** Of them, mutants. */
  readonly mutants: number;
  /** The entries the step kept. */
  readonly kept: readonly CorpusEntry[];
  /** Where the next step starts. */
  readonly state: StepState;
}

/**
 * The steps of a coverage-guided campaign, for `runGuided` and the campaign's guided source
 * alike: each draws fresh programs (the campaign's next runs) and mutants of corpus entries
 * (picked by yield and recency, see `pickEntry`), runs them on the coverage build, and keeps
 * in the corpus those that reached counters no program before them did. A step's programs
 * depend only on the seed, the step's number and the corpus as the steps before left it.
 *
 * @example
 * ```ts
 * const steps = new GuidedSteps({ records, corpus, runner, seed: 1, mutationShare: 0.5 });
 * const { programs, state } = await steps.step({ step: 0, nextRun: 0 }, [0, 1, 2, 3]);
 * ```
 */
export class GuidedSteps {
  readonly #o: GuidedStepsOptions;

  constructor(options: GuidedStepsOptions) {
    this.#o = options;
  }

  /** The program of `record` at campaign index `index`. */
  build(record: ProgramRecord, origin: EntryOrigin, index: number): GuidedProgram {
    const read = this.#o.records.read(record);
    return { ...campaignProgram(index, read.tree), record: read.record, origin };
  }

  /**
   * Tries the entries of other corpus folders (before the campaign's first step): those that
   * reach something new become entries here.
   */
  async seed(folders: readonly string[]): Promise<void> {
    for (const folder of folders) {
      const programs = Corpus.load(folder).entries.map((e) =>
        this.build(e.record, e.origin, e.keptAt),
      );
      this.#o.corpus.save(this.#o.runner.map, await this.#keep(programs));
    }
  }

  /** Draws the step's programs (campaign indices `indices`), runs them, keeps the new. */
  async step(state: StepState, indices: readonly number[]): Promise<StepResult> {
    const { records, corpus, seed } = this.#o;
    const random = streamRandom((Math.imul(seed, 0x2545f491) ^ state.step) | 0);
    const mutants =
      corpus.entries.length === 0 ? 0 : Math.round(indices.length * this.#o.mutationShare);
    let nextRun = state.nextRun;
    const picked: CorpusEntry[] = [];
    const programs = indices.map((index, k) => {
      if (k >= mutants) {
        const run = nextRun++;
        return this.build(records.ofRun(seed, run), { kind: 'fresh', run }, index);
      }
      const parent = pickEntry(corpus.entries, random, index);
      const donor = pickEntry(corpus.entries, random, index).record;
      const m = records.mutate(parent.record, random, [donor]);
      parent.picks++;
      picked.push(parent);
      return this.build(
        m.record,
        { kind: 'mutant', parent: parent.id, mutations: m.mutations },
        index,
      );
    });
    const kept = await this.#keep(programs);
    for (const e of kept)
      if (e.origin.kind === 'mutant') corpus.entries[e.origin.parent]!.found += e.firstCounters;
    corpus.save(this.#o.runner.map, new Set([...picked, ...kept]));
    return { programs, mutants, kept, state: { step: state.step + 1, nextRun } };
  }

  async #keep(programs: readonly GuidedProgram[]): Promise<CorpusEntry[]> {
    // A tree the printer refuses is not run, as a campaign skips it.
    const printable = programs.filter((p) => p.printError === undefined);
    return this.#o.corpus.keepNew(printable, await this.#o.runner.run(printable));
  }
}
