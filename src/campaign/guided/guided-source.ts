import { truncateSync } from 'node:fs';
import { join } from 'node:path';
import {
  arbitraryOptionsOf,
  programRecords,
  type GeneratorSettings,
} from '../../arbitrary/index.js';
import { coverageLuau, CoverageRunner } from '../../coverage/index.js';
import type { IndexQueue } from '../pending-indices.js';
import type { ProgramSource } from '../program-source.js';
import { campaignGrammar, type CampaignProgram } from '../programs.js';
import { Corpus, CorpusError, recordFromJson, recordToJson } from './corpus.js';
import { corpusFolder } from './corpus-folder.js';
import { GuidedSteps, type GuidedProgram } from './guided-step.js';
import type { OriginYields } from './operator-weights.js';
import type { GuidedSettings } from '../options.js';
import { appendJsonLines, readJsonLines } from '../../format/index.js';
import { LoggedProgram, type GuidedPoint } from './corpus-formats.js';
import { afterStep, readGuidedState, writeGuidedState } from './guided-state.js';

/**
 * `corpus/programs.jsonl` of `dir`, by program index (a program logged again, by a step run
 * again after the campaign stopped, as last logged). A line cut short by a stop is left out,
 * and cut from the file when `repair` is given, so that the next line appended starts a line.
 *
 * @throws {@link FormatError} naming the file, the line and the field of a faulty line.
 */
function readLog(dir: string, repair = false): Map<number, LoggedProgram> {
  const file = join(dir, 'programs.jsonl');
  const log = readJsonLines(file, LoggedProgram);
  if (repair && log.truncated !== undefined) truncateSync(file, log.completeBytes);
  return new Map(log.records.map((p) => [p.i, p]));
}

/**
 * The fresh programs of a guided campaign (its corpus folder `dir`): campaign index → the
 * fast-check run it was drawn at, so that a finding among them is shrunk from its replay
 * like a blind campaign's (a mutant's has no replay: its statements are deleted instead).
 *
 * @example
 * ```ts
 * const runs = freshRuns(join(campaignDir, 'corpus')); // runs.get(57) === 31
 * ```
 */
export function freshRuns(dir: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const [i, p] of readLog(dir)) if (p.origin.kind === 'fresh') out.set(i, p.origin.run);
  return out;
}

/** A guided {@link ProgramSource}, with what it has reached, and its processes to end. */
export interface GuidedSource extends ProgramSource {
  /** The course so far (one point per step, over every session). */
  timeline(): readonly GuidedPoint[];
  /** What fresh programs and each mutation's mutants found so far, over every session. */
  origins(): OriginYields;
  /** Ends the coverage runner. */
  close(): Promise<void>;
}

/**
 * The programs of a coverage-guided campaign: each call draws a step of programs, fresh ones
 * (the campaign's next fast-check runs) and mutants of corpus entries (see `GuidedSteps`),
 * runs them on the coverage build, keeps those that reached counters no program
 * before them did in the corpus (`dir`, the campaign's `corpus/`), and hands them all to the
 * campaign, which runs them on its runtimes. How each program was made is logged
 * (`programs.jsonl`, a mutant with its record) before it is handed out, so that a program
 * lost when a campaign stopped is built again exactly when it resumes.
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
  const { settings, guided, dir, pending } = args;
  const generator = arbitraryOptionsOf(settings);
  const records = programRecords(generator);
  const grammar = campaignGrammar(settings);
  const seedFolders = guided.corpora.map(corpusFolder);
  const coverage = coverageLuau(guided.coverage);
  const corpus = Corpus.load(dir);
  const logFile = join(dir, 'programs.jsonl');
  let state = readGuidedState(dir);
  // Read whole before anything is written: a faulty line stops the campaign here.
  readLog(dir, true);
  const runner = new CoverageRunner({
    ...coverage,
    map: corpus.map,
    ...(args.timeoutMs === undefined ? {} : { timeoutMs: args.timeoutMs }),
  });
  const steps = new GuidedSteps({
    records,
    grammar,
    corpus,
    runner,
    seed: settings.seed,
    mutationShare: guided.mutationShare,
  });
  let seeded = state.programs > 0;
  // Programs of the steps run, not handed out yet.
  const made = new Map<number, CampaignProgram>();

  // Entries of other corpora first: what they reach counts, and they become entries here.
  const seed = async (): Promise<void> => {
    corpus.claim(generator);
    if (seeded) return;
    seeded = true;
    await steps.seed(seedFolders);
  };
  const step = async (indices: readonly number[]): Promise<CampaignProgram[]> => {
    const started = performance.now();
    const done = await steps.step(state, indices);
    // How each program was made, before the campaign is handed any: a program lost when the
    // campaign stopped is built again from this when it resumes.
    appendJsonLines(
      logFile,
      LoggedProgram,
      done.programs.map((p) =>
        p.origin.kind === 'fresh'
          ? { i: p.index, origin: p.origin }
          : { i: p.index, origin: p.origin, record: recordToJson(p.record, grammar) },
      ),
    );
    state = afterStep(state, done, {
      programs: indices.length,
      seconds: (performance.now() - started) / 1000,
      counters: runner.map.reachedCount,
      corpus: corpus.entries.length,
    });
    writeGuidedState(dir, state);
    return done.programs.map(({ record: _r, origin: _o, ...p }) => p);
  };
  // A program handed out before the campaign stopped, built again from the log.
  const again = (p: LoggedProgram): GuidedProgram =>
    p.origin.kind === 'fresh'
      ? steps.build(records.ofRun(settings.seed, p.origin.run), p.origin, p.i)
      : steps.build(recordFromJson(p.record, logFile, grammar), p.origin, p.i);

  return {
    get remaining() {
      return pending.length;
    },
    async next(count, signal) {
      await seed();
      const taken = pending.splice(0, count);
      const old = taken.filter((i) => i < state.programs && !made.has(i));
      const log = old.length === 0 ? new Map<number, LoggedProgram>() : readLog(dir);
      const replayed = old.map((i) => {
        const p = log.get(i);
        if (p === undefined) throw new CorpusError(`${logFile}: no line for program ${i}`);
        const { record: _r, origin: _o, ...program } = again(p);
        return program;
      });
      const wanted = taken.filter((i) => i >= state.programs || made.has(i));
      const last = wanted[wanted.length - 1];
      // Whole steps, whatever the batch asks: a step's programs depend on the corpus as the
      // step before left it, so that a resumed campaign draws the same ones.
      while (last !== undefined && state.programs <= last && signal?.aborted !== true) {
        const first = state.programs;
        const size = Math.min(guided.stepSize, args.count - first);
        const programs = await step(Array.from({ length: size }, (_, k) => first + k));
        for (const p of programs) made.set(p.index, p);
      }
      const fresh = wanted.flatMap((i) => {
        const p = made.get(i);
        made.delete(i);
        return p === undefined ? [] : [p];
      });
      return [...replayed, ...fresh];
    },
    timeline: () => state.timeline,
    origins: () => state.origins ?? {},
    close: () => {
      runner.close();
      return Promise.resolve();
    },
  };
}
