import { join } from 'node:path';
import { programRecords, type LuauArbitraryOptions } from '../../arbitrary/index.js';
import { CoverageRunner, type CoverageRunnerOptions } from '../../coverage/index.js';
import { writeJsonLines } from '../../format/index.js';
import type { AnyGrammar } from '../../tree/index.js';
import { campaignGrammar } from '../programs.js';
import { Corpus, CorpusError, recordFromJson, recordToJson } from './corpus.js';
import { LoggedProgram, type GuidedPoint, type GuidedState } from './corpus-formats.js';
import { afterStep, readGuidedState, writeGuidedState } from './guided-state.js';
import { GuidedSteps, type GuidedProgram } from './guided-step.js';
import type { MutationShare } from './mutation-share.js';
import type { OriginYields } from './operator-weights.js';
import { readProgramLog } from './program-log.js';

/**
 * Options of {@link GuidedLoop}; `concurrency`, `groupSize` and `timeoutMs` are the coverage
 * runner's, passed on as they are.
 */
export interface GuidedLoopOptions extends Pick<
  CoverageRunnerOptions,
  'concurrency' | 'groupSize' | 'timeoutMs'
> {
  /** The generator's options (level, profile, limits, grammar). */
  readonly generator: LuauArbitraryOptions;
  /** The campaign's seed: fresh programs are its runs, mutations are drawn from it. */
  readonly seed: number;
  /** The coverage build's `luau` and its options (`['-O2', '--codegen']`). */
  readonly coverage: { readonly luau: string; readonly args: readonly string[] };
  /** The corpus folder: read when it exists (a resumed campaign), written as entries are kept. */
  readonly dir: string;
  /** Corpus folders (or folders of text-format trees) tried before the first step. */
  readonly corpora: readonly string[];
  /** Share of a step's programs that are mutants, once the corpus has entries. */
  readonly mutationShare: MutationShare;
}

/**
 * The one loop of a coverage-guided campaign, for `runGuided` and a campaign's guided source
 * alike: its corpus folder (entries, map, `state.json`, `programs.jsonl`), the coverage
 * runner and the steps. Each {@link step} draws programs (see `GuidedSteps`), logs how each
 * was made, hands them to the caller, and saves where the campaign stands; a program handed
 * out before a stop is built again from the log ({@link replay}). Opening reads and checks the
 * folder and writes nothing: the folder is claimed at the first step or {@link seed}.
 *
 * @example
 * ```ts
 * const loop = GuidedLoop.open({ generator, seed: 1, coverage, dir: 'out/corpus', corpora: [], mutationShare: 'auto' });
 * try {
 *   await loop.step(50, (programs) => runOnEveryRuntime(programs));
 * } finally {
 *   loop.close();
 * }
 * ```
 */
export class GuidedLoop {
  readonly corpus: Corpus;
  readonly #o: GuidedLoopOptions;
  readonly #runner: CoverageRunner;
  readonly #steps: GuidedSteps;
  readonly #records: ReturnType<typeof programRecords>;
  readonly #logFile: string;
  readonly #grammar: AnyGrammar;
  #state: GuidedState;
  #seeded: boolean;

  private constructor(o: GuidedLoopOptions) {
    this.#o = o;
    this.corpus = Corpus.load(o.dir);
    this.#state = readGuidedState(o.dir);
    this.#logFile = join(o.dir, 'programs.jsonl');
    // Read whole before anything is written: a faulty line stops the campaign here.
    readProgramLog(o.dir, true);
    this.#runner = new CoverageRunner({
      luau: o.coverage.luau,
      args: o.coverage.args,
      concurrency: o.concurrency,
      groupSize: o.groupSize,
      timeoutMs: o.timeoutMs,
      map: this.corpus.map,
    });
    this.#records = programRecords(o.generator);
    this.#grammar = campaignGrammar(o.generator);
    this.#steps = new GuidedSteps({
      records: this.#records,
      grammar: this.#grammar,
      corpus: this.corpus,
      runner: this.#runner,
      seed: o.seed,
      mutationShare: o.mutationShare,
    });
    this.#seeded = this.#state.programs > 0;
  }

  /**
   * The loop on the corpus folder `options.dir`, as its files leave it.
   *
   * @throws {@link FormatError} or {@link CorpusError} naming the file of the folder that does not read.
   */
  static open(options: GuidedLoopOptions): GuidedLoop {
    return new GuidedLoop(options);
  }

  /** Where the campaign stands: the programs tried, what its next step draws from, its course. */
  get state(): GuidedState {
    return this.#state;
  }

  /** The course so far (one point per step, over every session). */
  timeline(): readonly GuidedPoint[] {
    return this.#state.timeline;
  }

  /** What fresh programs and each mutation's mutants found so far, over every session. */
  origins(): OriginYields {
    return this.#state.origins ?? {};
  }

  /** The progress point of now: the last step's, with the counters and entries reached since. */
  point(): GuidedPoint {
    const last = this.#state.timeline.at(-1);
    return {
      t: last?.t ?? 0,
      programs: this.#state.programs,
      mutants: last?.mutants ?? 0,
      counters: this.#runner.map.reachedCount,
      corpus: this.corpus.entries.length,
    };
  }

  /**
   * Claims the folder for the generator and, before the first step, tries the entries of the
   * other corpora: what they reach counts, and they become entries here. Once per folder.
   */
  async seed(): Promise<void> {
    this.corpus.claim(this.#o.generator);
    if (this.#seeded) return;
    this.#seeded = true;
    await this.#steps.seed(this.#o.corpora);
  }

  /**
   * Runs the next step of `size` programs (the campaign's next indices): draws and runs them
   * on the coverage build, logs how each was made, hands them to `handle` (awaited: its time
   * counts in the step's), then saves where the campaign stands. Resolves to the programs.
   */
  async step(
    size: number,
    handle?: (programs: readonly GuidedProgram[]) => Promise<void>,
  ): Promise<readonly GuidedProgram[]> {
    await this.seed();
    const started = performance.now();
    const first = this.#state.programs;
    const done = await this.#steps.step(
      this.#state,
      Array.from({ length: size }, (_, k) => first + k),
    );
    // How each program was made, before the caller is handed any: a program lost when the
    // campaign stopped is built again from this when it resumes.
    const grammar = this.#grammar;
    writeJsonLines(
      this.#logFile,
      LoggedProgram,
      done.programs.map((p) =>
        p.origin.kind === 'fresh'
          ? { i: p.index, origin: p.origin }
          : { i: p.index, origin: p.origin, record: recordToJson(p.record, grammar) },
      ),
      { append: true },
    );
    await handle?.(done.programs);
    this.#state = afterStep(this.#state, done, {
      programs: size,
      seconds: (performance.now() - started) / 1000,
      counters: this.#runner.map.reachedCount,
      corpus: this.corpus.entries.length,
    });
    writeGuidedState(this.#o.dir, this.#state);
    return done.programs;
  }

  /**
   * The programs of `indices`, handed out by steps of an earlier session, built again from
   * the log exactly as they were.
   *
   * @throws {@link CorpusError} when the log has no line for one of them.
   */
  replay(indices: readonly number[]): GuidedProgram[] {
    if (indices.length === 0) return [];
    const log = readProgramLog(this.#o.dir);
    const grammar = this.#grammar;
    return indices.map((i) => {
      const p = log.get(i);
      if (p === undefined) throw new CorpusError(`${this.#logFile}: no line for program ${i}`);
      const record =
        p.origin.kind === 'fresh'
          ? this.#records.ofRun(this.#o.seed, p.origin.run)
          : recordFromJson(p.record, this.#logFile, grammar);
      return this.#steps.build(record, p.origin, p.i);
    });
  }

  /** Ends the coverage runner. */
  close(): void {
    this.#runner.close();
  }
}
