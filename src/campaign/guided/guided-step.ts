import type fc from 'fast-check';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  streamRandom,
  type ProgramMutation,
  type ProgramRecord,
  type ProgramRecords,
} from '../../arbitrary/index.js';
import type { CoverageRunner } from '../../coverage/index.js';
import { campaignProgram, type CampaignProgram } from '../programs.js';
import { Corpus, CorpusError, type CorpusEntry } from './corpus.js';
import type { EntryOrigin, GuidedState } from './corpus-formats.js';
import { mutationShareOf, nextYields, type MutationShare } from './mutation-share.js';
import { entryPicker } from './schedule.js';
import {
  nextOperatorYields,
  nextOriginYields,
  operatorWeights,
  type ProgramOrigin,
} from './operator-weights.js';
import { programCost } from './program-cost.js';
import { treeSeeds } from './tree-seeds.js';
import { grammar715, type AnyGrammar } from '../../tree/index.js';

/**
 * The defaults of a guided campaign (`run --guided`, `runGuided`).
 *
 * @example
 * ```ts
 * const share = options.mutationShare ?? guidedDefaults.mutationShare;
 * ```
 */
export const guidedDefaults = {
  /**
   * Share of a step's programs that are mutants, once the corpus has entries: `auto` follows
   * what fresh programs and mutants found lately (see `mutationShareOf`).
   */
  mutationShare: 'auto' as MutationShare,
  /** Programs per step. */
  stepSize: 50,
} as const;

/** One program of a guided step: how it was made, and the program. */
export type GuidedProgram = CampaignProgram & {
  readonly record: ProgramRecord;
  readonly origin: EntryOrigin;
};

/** Where a guided campaign's steps stand: what the next step draws from (see `GuidedState`). */
export type StepState = Omit<GuidedState, 'programs' | 'timeline'>;

/** The corpus in `folder`, refused when its trees are of another grammar than `grammar`. */
function corpusOfGrammar(folder: string, grammar: AnyGrammar): Corpus {
  const corpus = Corpus.load(folder);
  if (corpus.grammar !== grammar)
    throw new CorpusError(
      `${join(folder, 'generator.json')}: a corpus of grammar ${corpus.grammar.name}, not ` +
        `${grammar.name} (the campaign's): a campaign and its corpora hold one grammar`,
    );
  return corpus;
}

/** Options of {@link GuidedSteps}. */
export interface GuidedStepsOptions {
  /** How the campaign's programs are drawn, read and mutated. */
  readonly records: ProgramRecords;
  /** The grammar of their trees. Default the seed's. */
  readonly grammar?: AnyGrammar;
  /** The corpus: mutated from, kept into. */
  readonly corpus: Corpus;
  /** The coverage build's runner (its map: what was reached so far). */
  readonly runner: CoverageRunner;
  /** The campaign's seed: fresh programs are its runs, mutations are drawn from it. */
  readonly seed: number;
  /** Share of a step's programs that are mutants, once the corpus has entries. */
  readonly mutationShare: MutationShare;
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
 * (picked by the rarity of what they reached first and by their yield, see `entryWeight`; as
 * many as `mutationShareOf` says), runs them on the coverage build, and keeps in the corpus
 * those that reached counters no program before them did. A step's programs depend only on
 * the seed, the step's number, the corpus and the map as the steps before left them.
 *
 * @example
 * ```ts
 * const steps = new GuidedSteps({ records, corpus, runner, seed: 1, mutationShare: 0.5 });
 * const { programs, state } = await steps.step({ step: 0, nextRun: 0 }, [0, 1, 2, 3]);
 * ```
 */
export class GuidedSteps {
  readonly #o: GuidedStepsOptions;
  /** The sources of entries mutated so far, to tell a mutant that prints as its parent. */
  readonly #sources = new WeakMap<CorpusEntry, string>();

  constructor(options: GuidedStepsOptions) {
    this.#o = options;
  }

  /** The program of `record` at campaign index `index`. */
  build(record: ProgramRecord, origin: EntryOrigin, index: number): GuidedProgram {
    const read = this.#o.records.read(record);
    const grammar = this.#o.grammar ?? grammar715;
    return { ...campaignProgram(index, read.tree, grammar), record: read.record, origin };
  }

  /**
   * Tries the entries of other corpus folders, or the trees of folders of text-format trees
   * (before the campaign's first step): those that reach something new become entries here.
   *
   * @throws {@link CorpusError} when a folder of trees seeds a level built from choices.
   */
  async seed(folders: readonly string[]): Promise<void> {
    const grammar = this.#o.grammar ?? grammar715;
    for (const folder of folders) {
      const programs = existsSync(join(folder, 'generator.json'))
        ? corpusOfGrammar(folder, grammar).entries.map((e) =>
            this.build(e.record, e.origin, e.keptAt),
          )
        : treeSeeds(folder, grammar).map((record, k) => {
            try {
              return this.build(record, { kind: 'fresh', run: -1 }, k);
            } catch (e) {
              throw new CorpusError(
                `${folder}: text-format trees seed the levels built from trees (schema, ` +
                  `syntax, scoped), not this one (${(e as Error).message})`,
                { cause: e },
              );
            }
          });
      this.#o.corpus.save(this.#o.runner.map, await this.#keep(programs));
    }
  }

  /** Draws the step's programs (campaign indices `indices`), runs them, keeps the new. */
  async step(state: StepState, indices: readonly number[]): Promise<StepResult> {
    const { records, corpus, runner, seed } = this.#o;
    const random = streamRandom((Math.imul(seed, 0x2545f491) ^ state.step) | 0);
    const share = mutationShareOf(this.#o.mutationShare, state.yields);
    const mutants = corpus.entries.length === 0 ? 0 : Math.round(indices.length * share);
    const pick = mutants === 0 ? undefined : entryPicker(corpus.entries, (i) => runner.map.hits(i));
    let nextRun = state.nextRun;
    const picked = new Set<CorpusEntry>();
    // Mutants spread evenly among the fresh programs: a counter two programs of a step reach
    // counts for the first, and neither origin should be first by its place.
    const weights = operatorWeights(state.operators);
    const isMutant = (k: number): boolean =>
      Math.floor(((k + 1) * mutants) / indices.length) > Math.floor((k * mutants) / indices.length);
    const programs = indices.map((index, k) => {
      if (pick === undefined || !isMutant(k)) {
        const run = nextRun++;
        return this.build(records.ofRun(seed, run), { kind: 'fresh', run }, index);
      }
      const parent = pick(random);
      picked.add(parent);
      return this.mutant(parent, random, weights, index);
    });
    const kept = await this.#keep(programs);
    for (const e of kept)
      if (e.origin.kind === 'mutant') corpus.entries[e.origin.parent]!.found += e.firstCounters;
    corpus.save(runner.map, new Set([...picked, ...kept]));
    const next = { step: state.step + 1, nextRun, ...learnt(state, programs, kept, mutants) };
    return { programs, mutants, kept, state: next };
  }

  /**
   * A mutant of `parent` (campaign index `index`), spliced with an entry of the corpus drawn
   * from `random`, its first mutation drawn by `weights`. A mutant that prints as its parent
   * would be run for nothing: it is drawn again, up to three times.
   */
  mutant(
    parent: CorpusEntry,
    random: fc.Random,
    weights: Readonly<Partial<Record<ProgramMutation, number>>> | undefined,
    index: number,
  ): GuidedProgram {
    const { records, corpus } = this.#o;
    const donor = corpus.entries[random.nextInt(0, corpus.entries.length - 1)]!.record;
    const draw = (): GuidedProgram => {
      const m = records.mutate(parent.record, random, [donor], weights);
      return this.build(
        m.record,
        { kind: 'mutant', parent: parent.id, mutations: m.mutations },
        index,
      );
    };
    let mutant = draw();
    let parentSource = this.#sources.get(parent);
    if (parentSource === undefined) {
      const p = this.build(parent.record, parent.origin, index);
      this.#sources.set(parent, (parentSource = sourceOf(p)));
    }
    for (let again = 0; again < 3 && sourceOf(mutant) === parentSource; again++) mutant = draw();
    return mutant;
  }

  async #keep(programs: readonly GuidedProgram[]): Promise<CorpusEntry[]> {
    // A tree the printer refuses is not run, as a campaign skips it.
    const printable = programs.filter((p) => p.printError === undefined);
    return this.#o.corpus.keepNew(printable, await this.#o.runner.run(printable));
  }
}

// A mutant whose record differs can still print as its parent (a changed choice the
// generator read as the same option): a program and its module, as run.
function sourceOf(p: GuidedProgram): string {
  return `${p.module ?? ''}\0${p.program}`;
}

// Each mutant's first mutation (it has at least one) is the one drawn by weight.
function originOf(p: { origin: EntryOrigin }): ProgramOrigin {
  return p.origin.kind === 'fresh' ? 'fresh' : (p.origin.mutations[0] as ProgramMutation);
}

/**
 * What a step learnt of its programs (`kept`: those that reached something new): what fresh
 * programs and mutants, each mutation and each origin found, for the next step to draw by.
 */
function learnt(
  state: StepState,
  programs: readonly GuidedProgram[],
  kept: readonly CorpusEntry[],
  mutants: number,
): Pick<StepState, 'yields' | 'operators' | 'origins'> {
  const tried = programs.map((p): [ProgramOrigin, number, number] => [
    originOf(p),
    1,
    programCost(p),
  ]);
  // Per origin, counters reached first, and the cost and number of the programs tried.
  type Sum = [number, number, number];
  const sums = { fresh: [0, 0, 0] as Sum, mutant: [0, 0, 0] as Sum };
  for (const e of kept) sums[e.origin.kind][0] += e.firstCounters;
  programs.forEach((p, k) => {
    sums[p.origin.kind][1] += tried[k]![2];
    sums[p.origin.kind][2] += 1;
  });
  const found = kept.map((e): [ProgramOrigin, number] => [originOf(e), e.firstCounters]);
  const isMutation = <T extends readonly [ProgramOrigin, ...number[]]>(
    o: T,
  ): o is T & readonly [ProgramMutation, ...number[]] => o[0] !== 'fresh';
  const operators =
    mutants === 0
      ? state.operators
      : nextOperatorYields(state.operators, found.filter(isMutation), tried.filter(isMutation));
  const origins = nextOriginYields(
    state.origins,
    found,
    tried.map(([o, n]) => [o, n]),
  );
  const yields = nextYields(state.yields, sums.fresh, sums.mutant);
  return {
    ...(yields === undefined ? {} : { yields }),
    ...(operators === undefined ? {} : { operators }),
    origins,
  };
}
