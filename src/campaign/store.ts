import { existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { GENERATOR_VERSION, OptionError } from '../arbitrary/index.js';
import type { GrammarName } from '../tree/index.js';
import { outcomeStatuses } from '../runtime/index.js';
import type { OutcomeStatus, ProgramOutcome } from '../runtime/index.js';
import { decodeTree, encodeTree } from '../tree/index.js';
import { readCampaignOptions, writeCampaignOptions } from './options.js';
import type { GeneratorChange, ResolvedCampaignOptions } from './options.js';
import { campaignGrammar } from './programs.js';
import { PendingIndices } from './pending-indices.js';
import {
  readJsonFile,
  readJsonLines,
  writeFileAtomic,
  writeJsonFile,
  writeJsonLines,
} from '../format/index.js';
import { CampaignProgress, ProgramRecord } from './campaign-formats.js';

export type { ProgressSample } from './campaign-formats.js';
export { CampaignProgress, ProgramRecord };

/** One shared outcome per status: what a record that is not a finding keeps of its outcomes. */
const statusOnly: Readonly<Record<OutcomeStatus, ProgramOutcome>> = Object.fromEntries(
  outcomeStatuses.map((status) => [
    status,
    Object.freeze({ id: '', status, outputHash: '', output: '', timeMs: 0 }),
  ]),
) as Record<OutcomeStatus, ProgramOutcome>;

/** A finished program to record, with its tree when it is a finding drawn in this session. */
export interface RecordEntry {
  readonly record: ProgramRecord;
  readonly tree?: ModuleSet;
}

/**
 * A campaign directory that cannot be used.
 *
 * @example
 * ```ts
 * try { CampaignStore.create(dir, options); } catch (e) { if (e instanceof CampaignStoreError) usage(e.message); }
 * ```
 */
export class CampaignStoreError extends Error {
  override readonly name: string = 'CampaignStoreError';
}

/**
 * A campaign recorded by another version of the generator: its indices would replay other
 * programs. Resuming it anyway takes `rederive`.
 *
 * @example
 * ```ts
 * try { CampaignStore.resume(dir); } catch (e) { if (e instanceof GeneratorVersionError) console.error(e.recorded, e.current); }
 * ```
 */
export class GeneratorVersionError extends CampaignStoreError {
  override readonly name = 'GeneratorVersionError';
  /** The version the directory records (`null`: recorded before versions were). */
  readonly recorded: number | null;
  /** This generator's version. */
  readonly current: number;

  constructor(what: string, recorded: number | null, advice: string) {
    super(
      `${what} was recorded by ${versionName(recorded)}, and this is generator version ${GENERATOR_VERSION}: ` +
        `its seed and indices would replay other programs. ${advice}`,
    );
    this.recorded = recorded;
    this.current = GENERATOR_VERSION;
  }
}

/** How a recorded generator version reads in messages. */
function versionName(version: number | null): string {
  return version === null
    ? 'a generator without a version (before versions were recorded)'
    : `generator version ${version}`;
}

/** `progress.json` of a campaign. */
function readProgress(path: string): CampaignProgress {
  return readJsonFile(path, CampaignProgress);
}

function treePath(dir: string, i: number): string {
  return join(dir, 'trees', `${i}.binpb`);
}

/**
 * Options of {@link CampaignStore.resume}.
 *
 * @example
 * ```ts
 * const store = CampaignStore.resume(dir, { rederive: true } satisfies ResumeOptions);
 * ```
 */
export interface ResumeOptions {
  /**
   * Resume a campaign recorded by another generator version: the programs not run yet are
   * drawn by this version, findings keep their recorded trees (`trees/`), and findings
   * recorded without a tree run again as new programs. Recorded in `options.json`
   * (`generatorChanges`). Default false: such a campaign is refused.
   */
  readonly rederive?: boolean;
  /**
   * A new count of programs for the campaign (`--resume DIR --count N`): more programs, or
   * fewer but not below those already run. Recorded in `options.json`. Default: as recorded.
   */
  readonly count?: number;
  /**
   * A new running-time budget for the campaign over all its sessions, in ms (`--duration`):
   * more than it has run already. Recorded in `options.json`. Default: as recorded.
   */
  readonly durationMs?: number;
  /**
   * The grammar the caller expects (`--resume DIR --grammar G`): a campaign recorded in
   * another is refused. Default: the one recorded.
   */
  readonly grammar?: GrammarName;
}

/**
 * The limits a resume changes, checked against what the campaign in `dir` has done.
 *
 * @throws {@link CampaignStoreError} for a count below the programs run, or a budget already spent.
 */
function newLimits(
  dir: string,
  recorded: ResolvedCampaignOptions,
  given: ResumeOptions,
  done: number,
  elapsedSeconds: number,
): { count?: number; durationMs?: number } {
  const out: { count?: number; durationMs?: number } = {};
  if (given.count !== undefined) {
    if (given.count < done)
      throw new CampaignStoreError(
        `--count ${given.count} is below the ${done} programs the campaign in ${dir} has run already: give at least ${done}`,
      );
    if (
      given.durationMs === undefined &&
      recorded.durationMs !== undefined &&
      recorded.durationMs <= elapsedSeconds * 1000
    )
      throw new CampaignStoreError(
        `--count ${given.count} would run no program: the campaign in ${dir} has spent its time budget (${recorded.durationMs / 1000} s); give --duration with it`,
      );
    out.count = given.count;
  }
  if (given.durationMs !== undefined) {
    if (given.durationMs <= elapsedSeconds * 1000)
      throw new CampaignStoreError(
        `--duration ${given.durationMs / 1000} s is no more than the ${elapsedSeconds.toFixed(1)} s the campaign in ${dir} has run already: give a longer budget (it counts every session)`,
      );
    out.durationMs = given.durationMs;
  }
  return out;
}

/**
 * A campaign's directory (`--out DIR`): `options.json` (the resolved options, seed and
 * generator version), `results.jsonl` (one line per finished program, appended as results
 * arrive, so a killed campaign loses only the batches in flight), `trees/<index>.binpb` (the
 * tree of every program that is a finding, written before its line), `progress.json`,
 * `findings/`, `report.html`.
 *
 * @example
 * ```ts
 * const store = CampaignStore.create('out', options);
 * store.record({ i: 0, outcomes: [outcome], nodes: 12 });
 * ```
 */
export class CampaignStore {
  readonly dir: string;
  readonly options: ResolvedCampaignOptions;
  readonly progress: CampaignProgress;
  readonly #done = new Set<number>();
  // Kept small, so that a long campaign's memory stays bounded: see `#keep`.
  readonly #records: ProgramRecord[] = [];
  readonly #coverage: Record<string, number> = {};

  private constructor(dir: string, options: ResolvedCampaignOptions, progress: CampaignProgress) {
    this.dir = dir;
    this.options = options;
    this.progress = progress;
  }

  /** Throws {@link CampaignStoreError} when `dir` already holds a campaign. */
  static assertFree(dir: string): void {
    if (existsSync(join(dir, 'options.json'))) {
      throw new CampaignStoreError(
        `${dir} already holds a campaign: continue it with --resume ${dir}, or choose another --out`,
      );
    }
  }

  /** Starts a new campaign in `dir` (which must not hold one). */
  static create(dir: string, options: ResolvedCampaignOptions): CampaignStore {
    CampaignStore.assertFree(dir);
    mkdirSync(join(dir, 'findings'), { recursive: true });
    writeCampaignOptions(join(dir, 'options.json'), options);
    writeFileSync(join(dir, 'results.jsonl'), '');
    const store = new CampaignStore(dir, options, {
      done: 0,
      total: options.count,
      elapsedSeconds: 0,
      sessions: 1,
      finished: false,
      samples: [{ t: 0, done: 0 }],
    });
    store.saveProgress();
    return store;
  }

  /**
   * The saved options of the campaign in `dir`, checked as {@link CampaignStore.resume} checks
   * them, without changing anything (so a command can refuse before it starts anything).
   *
   * @throws {@link CampaignStoreError} without a campaign, {@link GeneratorVersionError} for
   * another generator version without `rederive`.
   */
  static inspect(dir: string, resumeOptions: ResumeOptions = {}): ResolvedCampaignOptions {
    const optionsPath = join(dir, 'options.json');
    if (!existsSync(optionsPath))
      throw new CampaignStoreError(`${dir} holds no campaign (no options.json)`);
    let saved: ResolvedCampaignOptions;
    try {
      saved = readCampaignOptions(optionsPath);
    } catch (e) {
      if (e instanceof OptionError) throw new CampaignStoreError(e.message, { cause: e });
      throw e;
    }
    if (resumeOptions.grammar !== undefined && resumeOptions.grammar !== saved.grammar)
      throw new CampaignStoreError(
        `--grammar ${resumeOptions.grammar}: the campaign in ${dir} was recorded in grammar ${saved.grammar} (${optionsPath}); ` +
          `resume it without --grammar, or start a new campaign for grammar ${resumeOptions.grammar}`,
      );
    const recorded = saved.generatorVersion;
    if (recorded !== GENERATOR_VERSION && resumeOptions.rederive !== true) {
      throw new GeneratorVersionError(
        dir,
        recorded,
        `Resume it with --rederive to draw the programs not run yet with version ${GENERATOR_VERSION} ` +
          '(findings keep their recorded trees), or start a new campaign.',
      );
    }
    // A new count or budget is checked against where the campaign stood when it last saved.
    const progressPath = join(dir, 'progress.json');
    if (existsSync(progressPath)) {
      const { done, elapsedSeconds } = readProgress(progressPath);
      newLimits(dir, saved, resumeOptions, done, elapsedSeconds);
    }
    return saved;
  }

  /**
   * Opens a campaign to continue it: reads its options and every finished program. A
   * campaign recorded by another generator version is a {@link GeneratorVersionError} unless
   * `rederive` is given.
   */
  static resume(dir: string, resumeOptions: ResumeOptions = {}): CampaignStore {
    const saved = CampaignStore.inspect(dir, resumeOptions);
    const rederive = saved.generatorVersion !== GENERATOR_VERSION;
    const resultsPath = join(dir, 'results.jsonl');
    // Every file is read, and checked, before anything is written.
    const log = readJsonLines(resultsPath, ProgramRecord);
    const progressPath = join(dir, 'progress.json');
    const progress = existsSync(progressPath)
      ? readProgress(progressPath)
      : {
          done: 0,
          total: saved.count,
          elapsedSeconds: 0,
          sessions: 0,
          finished: false,
          samples: [],
        };
    // A campaign killed while appending leaves a partial last line: drop it (that program runs again).
    if (log.truncated !== undefined) truncateSync(resultsPath, log.completeBytes);
    const { records, dropped } = recordsToKeep(dir, log.records, rederive);
    const options = resumedOptions(dir, saved, resumeOptions, records.length, progress);
    if (JSON.stringify(options) !== JSON.stringify(saved))
      writeCampaignOptions(join(dir, 'options.json'), options);
    progress.total = options.count;
    if (dropped) writeJsonLines(resultsPath, ProgramRecord, records);
    const store = new CampaignStore(dir, options, progress);
    for (const r of records) {
      store.#done.add(r.i);
      store.#keep(r);
    }
    progress.done = records.length;
    // Programs run again after a re-derivation, or more of them or more time: not finished.
    if (dropped || resumeOptions.count !== undefined || resumeOptions.durationMs !== undefined)
      progress.finished = false;
    progress.sessions++;
    mkdirSync(join(dir, 'findings'), { recursive: true });
    return store;
  }

  /** Whether program `i` is finished. */
  isDone(i: number): boolean {
    return this.#done.has(i);
  }

  /**
   * Every finished program's record, in the order recorded. A finding's record is whole; the
   * others keep their outcomes' status only, and no kinds (`results.jsonl` holds them whole;
   * {@link CampaignStore.coverage} sums the kinds).
   */
  records(): readonly ProgramRecord[] {
    return this.#records;
  }

  /** The indices not finished yet, in order. */
  pending(): PendingIndices {
    return new PendingIndices(this.options.count, this.#done);
  }

  /**
   * Records a finished program (once: a second record of the same index is ignored). Returns
   * false when ignored. See {@link CampaignStore.recordAll}.
   */
  record(record: ProgramRecord, tree?: ModuleSet): boolean {
    return this.recordAll([tree === undefined ? { record } : { record, tree }]).length === 1;
  }

  /**
   * Records finished programs, each once (a record of an index already recorded, or twice in
   * `entries`, is ignored), with one write to `results.jsonl` for all of them: a campaign
   * records a batch at a time, and a file opened, appended to and closed per program took a
   * third of the recording's time. The tree of a finding is saved first
   * (`trees/<index>.binpb`), so that every recorded finding can be saved and shrunk from its
   * own tree, whatever generator version resumes the campaign; then `beforeAppend` is given
   * the entries to be recorded (the campaign saves their findings there), and only then are
   * they appended. Returns the records recorded.
   *
   * @example
   * ```ts
   * const recorded = store.recordAll([{ record: r0 }, { record: r1, tree: findingTree }]);
   * ```
   */
  recordAll(
    entries: readonly RecordEntry[],
    beforeAppend?: (recorded: readonly RecordEntry[]) => void,
  ): ProgramRecord[] {
    const taken: RecordEntry[] = [];
    const indices = new Set<number>();
    for (const entry of entries) {
      const { record, tree } = entry;
      if (this.#done.has(record.i) || indices.has(record.i)) continue;
      indices.add(record.i);
      if (record.finding !== undefined && tree !== undefined) {
        mkdirSync(join(this.dir, 'trees'), { recursive: true });
        const schema = campaignGrammar(this.options).moduleSet;
        writeFileAtomic(treePath(this.dir, record.i), encodeTree(schema, tree as never, 'binpb'));
      }
      taken.push(entry);
    }
    const recorded = taken.map((e) => e.record);
    if (recorded.length === 0) return recorded;
    // What is counted (a line here) is saved first: a campaign killed now has it on disk.
    beforeAppend?.(taken);
    writeJsonLines(join(this.dir, 'results.jsonl'), ProgramRecord, recorded, { append: true });
    // Done once written: a write that failed leaves them to run again.
    for (const record of recorded) {
      this.#done.add(record.i);
      this.#keep(record);
    }
    this.progress.done = this.#done.size;
    return recorded;
  }

  /**
   * Keeps what the campaign reads back of a record: a long campaign's memory grows by a few
   * dozen bytes per program, not by its outcomes' excerpts and kinds (a few kB).
   */
  #keep(record: ProgramRecord): void {
    for (const [k, v] of Object.entries(record.kinds ?? {}))
      this.#coverage[k] = (this.#coverage[k] ?? 0) + v;
    const { kinds: _kinds, ...rest } = record;
    if (record.finding !== undefined) {
      this.#records.push(rest);
      return;
    }
    this.#records.push({
      ...rest,
      outcomes: record.outcomes.map((o) => statusOnly[o.status]),
    });
  }

  /**
   * The generator version that drew finished program `i` (`null`: unknown, recorded before
   * versions were): the campaign's, unless `--rederive` changed it after `i` was recorded.
   */
  generatorVersionOf(i: number): number | null {
    const position = this.#records.findIndex((r) => r.i === i);
    // Records keep their order: the first `programsDone` of them precede a change.
    for (const change of this.options.generatorChanges ?? [])
      if (position >= 0 && position < change.programsDone) return change.from;
    return this.options.generatorVersion;
  }

  /**
   * The recorded tree of program `i` (a finding's), or `undefined` when none was recorded
   * (not a finding, or recorded before trees were).
   */
  tree(i: number): ModuleSet | undefined {
    const path = treePath(this.dir, i);
    if (!existsSync(path)) return undefined;
    const schema = campaignGrammar(this.options).moduleSet;
    return decodeTree(schema, readFileSync(path), 'binpb', { source: path }) as ModuleSet;
  }

  /** Message kinds over every finished program's tree (node-kind coverage). */
  coverage(): Record<string, number> {
    return { ...this.#coverage };
  }

  /** Writes `progress.json` (atomically). */
  saveProgress(): void {
    writeJsonFile(join(this.dir, 'progress.json'), CampaignProgress, this.progress, { indent: 2 });
  }
}

/**
 * The records a resumed campaign keeps: each program's first, less (re-derived) the findings
 * whose tree is not saved; and whether any was dropped.
 */
function recordsToKeep(
  dir: string,
  logged: readonly ProgramRecord[],
  rederive: boolean,
): { records: ProgramRecord[]; dropped: boolean } {
  const records: ProgramRecord[] = [];
  const done = new Set<number>();
  let dropped = false;
  for (const record of logged) {
    if (done.has(record.i)) continue;
    // Re-derived: a finding without its tree cannot be replayed any more; it runs again.
    if (rederive && record.finding !== undefined && !existsSync(treePath(dir, record.i))) {
      dropped = true;
      continue;
    }
    done.add(record.i);
    records.push(record);
  }
  return { records, dropped };
}

/**
 * A resumed campaign's options: the saved ones with the new limits, and under another
 * generator version that version, its change noted.
 */
function resumedOptions(
  dir: string,
  saved: ResolvedCampaignOptions,
  resumeOptions: ResumeOptions,
  done: number,
  progress: { elapsedSeconds: number },
): ResolvedCampaignOptions {
  const options = {
    ...saved,
    ...newLimits(dir, saved, resumeOptions, done, progress.elapsedSeconds),
  };
  if (saved.generatorVersion === GENERATOR_VERSION) return options;
  const change: GeneratorChange = {
    from: saved.generatorVersion,
    to: GENERATOR_VERSION,
    programsDone: done,
  };
  return {
    ...options,
    generatorVersion: GENERATOR_VERSION,
    generatorChanges: [...(saved.generatorChanges ?? []), change],
  };
}
