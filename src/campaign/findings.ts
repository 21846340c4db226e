import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonFile, writeFileAtomic, writeJsonFile } from '../format/index.js';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { readGeneratorSettings } from '../arbitrary/index.js';
import type { GeneratorSettings, GivenGeneratorSettings } from '../arbitrary/index.js';
import type { ProgramOutcome } from '../runtime/index.js';
import { FindingFile, type FindingOccurrence } from './campaign-formats.js';
import { decodeTree, encodeTree, treeStats, type AnyGrammar } from '../tree/index.js';
import { runtimeGroups } from './triage.js';
import { campaignGrammar, sourcesOf } from './programs.js';
import type { CheckOutcome } from './classify.js';

/**
 * `outcome.json` of a finding directory (see {@link FindingFile}), with the campaign's whole
 * {@link GeneratorSettings} (with `original.index`, they replay the program). Records written
 * before a limit or the generator version was recorded read with it `null`.
 */
export type FindingRecord = Omit<FindingFile, 'generatorVersion'> &
  Required<GeneratorSettings> & {
    /** The generator version that drew the representative (`null`: unknown). */
    readonly generatorVersion: number | null;
  };

export type { FindingOccurrence };

/** What shrinking a finding's representative gave. */
export interface ShrunkProgram {
  /** The shrunk tree. */
  readonly tree: ModuleSet;
  /** Its outcomes. */
  readonly outcomes: readonly ProgramOutcome[];
  /** The checker's verdict on it, for a finding of the checker. */
  readonly check?: CheckOutcome;
  /** Candidates run while shrinking. */
  readonly attempts: number;
  /** Time spent shrinking, in ms. */
  readonly timeMs: number;
  /** Whether the original failed again when re-run. */
  readonly reproduced: boolean;
}

/**
 * A finding to save: a signature, its representative program, the other programs, the shrunk
 * program, and the campaign's generator settings (checked when saved: a level or profile
 * given as text is one the generator knows).
 */
export interface FindingToSave
  extends
    Omit<GivenGeneratorSettings, 'seed' | 'level' | 'profile'>,
    Pick<GeneratorSettings, 'seed'>,
    Pick<FindingRecord, 'kind' | 'signature' | 'generatorVersion' | 'runtimes' | 'analyze'> {
  /** The campaign's validity level. */
  readonly level: string;
  /** The campaign's feature profile. */
  readonly profile: string;
  /** The representative program as found, with its tree. */
  readonly original: FindingOccurrence & { readonly tree: ModuleSet };
  /** The other programs with this signature. Default none. */
  readonly others?: readonly FindingOccurrence[];
  /** The shrunk representative; absent when it was not shrunk. */
  readonly shrunk?: ShrunkProgram;
  /**
   * Saved as found, to be shrunk later (`shrunk` absent): a program of the group smaller than
   * the representative replaces it until then. Default false.
   */
  readonly pending?: boolean;
}

/** Writes a tree of `grammar` (the finding's, as `outcome.json` records it) and its sources. */
function writeTree(dir: string, stem: string, tree: ModuleSet, grammar: AnyGrammar): void {
  const schema = grammar.moduleSet;
  writeFileAtomic(join(dir, `${stem}.binpb`), encodeTree(schema, tree as never, 'binpb'));
  writeFileAtomic(join(dir, `${stem}.textproto`), encodeTree(schema, tree as never, 'textproto'));
  let sources: { program: string; module?: string };
  try {
    sources = sourcesOf(tree, grammar);
  } catch (e) {
    sources = { program: `-- cannot print: ${e instanceof Error ? e.message : String(e)}\n` };
  }
  writeFileAtomic(join(dir, `${stem}.luau`), sources.program);
  if (sources.module === undefined) return;
  writeFileAtomic(join(dir, `${stem}.module.luau`), sources.module);
  // What the `luau` CLI runs as is: the program with the globals that name its module
  // (as the luau-cli runtime sets them, on its first line) and the module beside it.
  mkdirSync(join(dir, `${stem}-run`), { recursive: true });
  writeFileAtomic(
    join(dir, `${stem}-run`, 'program.luau'),
    `module0, module1 = "./module0", "./module0"; ${sources.program}`,
  );
  writeFileAtomic(join(dir, `${stem}-run`, 'module0.luau'), sources.module);
}

/**
 * The directory name of a finding: SHA-256 of its signature (16 hex digits), so that every
 * program with the same signature lands in one directory, in this session or a resumed one.
 *
 * @example
 * ```ts
 * findingHash('crash · luau-web · SIGSEGV'); // '3f9a…'
 * ```
 */
export function findingHash(signature: string): string {
  return createHash('sha256').update(signature).digest('hex').slice(0, 16);
}

/**
 * Reads an `outcome.json`, written by this version or an older one: the record and its
 * generator settings are checked, and the limits and generator version it predates read as
 * `null` (`types`: true).
 *
 * @throws {@link FormatError} naming the file and the field when it is cut short, not JSON or
 * not a finding's record; `OptionError` for generator settings the generator does not take.
 * @example
 * ```ts
 * const finding = readFindingRecord(join('out/findings/3f9a…', 'outcome.json'));
 * ```
 */
export function readFindingRecord(path: string): FindingRecord {
  const raw = readJsonFile(path, FindingFile);
  return {
    ...raw,
    ...readGeneratorSettings(raw, path),
    generatorVersion: raw.generatorVersion ?? null,
  };
}

function writeRecord(dir: string, record: FindingRecord): void {
  writeJsonFile(join(dir, 'outcome.json'), FindingFile, record, { indent: 2 });
}

/** Whether occurrence `a` represents a group better than `b`: fewer nodes, then a lower index. */
function smaller(a: FindingOccurrence, b: FindingOccurrence): boolean {
  return a.nodes < b.nodes || (a.nodes === b.nodes && a.index < b.index);
}

/** The section of a record for a finding not shrunk (yet, when `pending`). */
function notShrunk(original: FindingOccurrence, pending: boolean): FindingRecord['shrunk'] {
  return {
    nodes: original.nodes,
    outcomes: original.outcomes,
    ...(original.check === undefined ? {} : { check: original.check }),
    attempts: 0,
    timeMs: 0,
    reproduced: false,
    shrunk: false,
    ...(pending ? { pending } : {}),
  };
}

/**
 * An occurrence with nothing but its own fields (no tree, no record's other fields).
 *
 * @example
 * ```ts
 * const occurrence = plainOccurrence({ ...record, index: record.i });
 * ```
 */
export function plainOccurrence(o: FindingOccurrence): FindingOccurrence {
  return {
    index: o.index,
    outcomes: o.outcomes,
    nodes: o.nodes,
    ...(o.check === undefined ? {} : { check: o.check }),
  };
}

/** What the checker said of a program, as `<stem>.check.txt` beside it. */
function writeCheck(dir: string, stem: string, check: CheckOutcome | undefined): void {
  if (check !== undefined) writeFileAtomic(join(dir, `${stem}.check.txt`), `${check.output}\n`);
}

/**
 * Saves a finding under `findingsDir/<hash of signature>/`: `original.{binpb,textproto,luau}`
 * (the representative), `shrunk.{binpb,textproto,luau}` only when it was shrunk (and, when
 * there is a module, `.module.luau` and a `-run/` folder that the `luau` CLI runs as is), and
 * `outcome.json` with every occurrence. When the signature is already saved (an earlier
 * batch or session), the programs are added to its occurrences; and while it waits to be
 * shrunk (`pending`), a smaller program than its representative replaces it. Returns the
 * record and whether it was new.
 *
 * @example
 * ```ts
 * const { record, created } = saveFinding('out/findings', finding);
 * ```
 */
export function saveFinding(
  findingsDir: string,
  f: FindingToSave,
): { record: FindingRecord; created: boolean } {
  const hash = findingHash(f.signature);
  const dir = join(findingsDir, hash);
  const grammar = campaignGrammar(f);
  const incoming = [plainOccurrence(f.original), ...(f.others ?? []).map(plainOccurrence)];
  const recordPath = join(dir, 'outcome.json');
  if (existsSync(recordPath)) {
    const existing = readFindingRecord(recordPath);
    return { record: addOccurrences(dir, existing, f, incoming, grammar), created: false };
  }
  mkdirSync(dir, { recursive: true });
  writeTree(dir, 'original', f.original.tree, grammar);
  writeCheck(dir, 'original', f.original.check);
  if (f.shrunk !== undefined) {
    writeTree(dir, 'shrunk', f.shrunk.tree, grammar);
    writeCheck(dir, 'shrunk', f.shrunk.check);
  }
  const record: FindingRecord = {
    hash,
    kind: f.kind,
    signature: f.signature,
    groups: runtimeGroups(f.runtimes, f.original.outcomes),
    ...readGeneratorSettings(f, `finding '${f.signature}'`),
    generatorVersion: f.generatorVersion,
    runtimes: f.runtimes,
    ...(f.analyze === undefined || f.original.check === undefined ? {} : { analyze: f.analyze }),
    original: plainOccurrence(f.original),
    shrunk:
      f.shrunk === undefined
        ? notShrunk(plainOccurrence(f.original), f.pending === true)
        : shrunkSection(f.shrunk, grammar),
    occurrences: incoming,
  };
  writeRecord(dir, record);
  return { record, created: true };
}

/** The section of a record for a program that was shrunk. */
function shrunkSection(
  shrunk: ShrunkProgram,
  grammar: ReturnType<typeof campaignGrammar>,
): FindingRecord['shrunk'] {
  return {
    nodes: treeStats(grammar.moduleSet, shrunk.tree as never).nodes,
    outcomes: shrunk.outcomes,
    ...(shrunk.check === undefined ? {} : { check: shrunk.check }),
    attempts: shrunk.attempts,
    timeMs: shrunk.timeMs,
    reproduced: shrunk.reproduced,
    shrunk: true,
  };
}

/**
 * Adds the programs not saved yet to a saved finding's occurrences; while it waits to be
 * shrunk, a smaller representative replaces its original. The record as written.
 */
function addOccurrences(
  dir: string,
  existing: FindingRecord,
  f: FindingToSave,
  incoming: readonly FindingOccurrence[],
  grammar: ReturnType<typeof campaignGrammar>,
): FindingRecord {
  const known = new Set(existing.occurrences.map((o) => o.index));
  const added = incoming.filter((o) => !known.has(o.index));
  if (added.length === 0) return existing;
  const occurrences = [...existing.occurrences, ...added];
  // Not shrunk yet: the smallest program of the group represents it, as triage picks it.
  const replace = existing.shrunk.pending === true && smaller(incoming[0]!, existing.original);
  if (!replace) {
    const record: FindingRecord = { ...existing, occurrences };
    writeRecord(dir, record);
    return record;
  }
  const original = plainOccurrence(f.original);
  writeTree(dir, 'original', f.original.tree, grammar);
  writeCheck(dir, 'original', f.original.check);
  const record: FindingRecord = {
    ...existing,
    groups: runtimeGroups(f.runtimes, f.original.outcomes),
    generatorVersion: f.generatorVersion,
    original,
    shrunk: notShrunk(original, true),
    occurrences: [
      original,
      ...occurrences.filter((o) => o.index !== original.index).sort((a, b) => a.index - b.index),
    ],
  };
  writeRecord(dir, record);
  return record;
}

/**
 * Reads every saved finding of a findings directory.
 *
 * @example
 * ```ts
 * const findings = readFindings('out/findings');
 * ```
 */
export function readFindings(findingsDir: string): FindingRecord[] {
  if (!existsSync(findingsDir)) return [];
  const out: FindingRecord[] = [];
  for (const name of readdirSync(findingsDir).sort()) {
    const path = join(findingsDir, name, 'outcome.json');
    if (existsSync(path)) out.push(readFindingRecord(path));
  }
  return out;
}

/**
 * Marks a finding saved as found as one that will not be shrunk (past the campaign's shrink
 * budget, or a campaign that does not shrink). Returns the updated record.
 *
 * @example
 * ```ts
 * markNotShrunk('out/findings/3f9a…');
 * ```
 */
export function markNotShrunk(findingDir: string): FindingRecord {
  const existing = readFindingRecord(join(findingDir, 'outcome.json'));
  const record: FindingRecord = { ...existing, shrunk: notShrunk(existing.original, false) };
  writeRecord(findingDir, record);
  return record;
}

/**
 * How large a program is, for keeping the smaller of two: its messages, then the length of its
 * printed source (program and module; a tree the printer refuses is larger than any other).
 */
export interface ProgramSize {
  /** Messages in its tree. */
  readonly nodes: number;
  /** Characters of its printed source. */
  readonly chars: number;
}

function programSize(tree: ModuleSet, grammar: AnyGrammar): ProgramSize {
  let chars: number;
  try {
    const { program, module } = sourcesOf(tree, grammar);
    chars = program.length + (module?.length ?? 0);
  } catch {
    chars = Number.POSITIVE_INFINITY;
  }
  return { nodes: treeStats(grammar.moduleSet, tree as never).nodes, chars };
}

/** The shrunk program a finding directory holds, when it holds one. */
function savedShrunk(findingDir: string, record: FindingRecord): ModuleSet | undefined {
  const file = join(findingDir, 'shrunk.binpb');
  if (!record.shrunk.shrunk || !existsSync(file)) return undefined;
  const schema = campaignGrammar(record).moduleSet;
  return decodeTree(schema, readFileSync(file), 'binpb', { source: file }) as ModuleSet;
}

/**
 * A shrunk program measured against the one a finding already holds: `smaller` when it has
 * fewer messages, or as many and a shorter printed source, or when the finding holds none.
 *
 * @example
 * ```ts
 * const { smaller, saved, candidate } = compareShrunk('out/findings/3f9a…', tree);
 * if (!smaller) console.log(`kept ${saved!.nodes} nodes over ${candidate.nodes}`);
 * ```
 */
export function compareShrunk(
  findingDir: string,
  tree: ModuleSet,
): { readonly candidate: ProgramSize; readonly saved?: ProgramSize; readonly smaller: boolean } {
  const record = readFindingRecord(join(findingDir, 'outcome.json'));
  const grammar = campaignGrammar(record);
  const candidate = programSize(tree, grammar);
  const saved = savedShrunk(findingDir, record);
  if (saved === undefined) return { candidate, smaller: true };
  const size = programSize(saved, grammar);
  const smaller =
    candidate.nodes < size.nodes ||
    (candidate.nodes === size.nodes && candidate.chars < size.chars);
  return { candidate, saved: size, smaller };
}

/**
 * Replaces the shrunk program of a saved finding (`shrunk.*` and the `shrunk` section of
 * `outcome.json`) with `tree`, as `luau-fuzz shrink` does after shrinking again, when `tree`
 * is smaller ({@link compareShrunk}); otherwise the finding keeps the one it has and nothing
 * is written. The directory keeps its name. Returns the record as it now is.
 *
 * @example
 * ```ts
 * updateShrunk('out/findings/3f9a…', tree, { outcomes, attempts: 120, timeMs: 30_000, reproduced: true });
 * ```
 */
export function updateShrunk(
  findingDir: string,
  tree: ModuleSet,
  info: {
    outcomes: readonly ProgramOutcome[];
    check?: CheckOutcome;
    attempts: number;
    timeMs: number;
    reproduced: boolean;
  },
): FindingRecord {
  const recordPath = join(findingDir, 'outcome.json');
  const existing = readFindingRecord(recordPath);
  if (!compareShrunk(findingDir, tree).smaller) return existing;
  const grammar = campaignGrammar(existing);
  writeTree(findingDir, 'shrunk', tree, grammar);
  writeCheck(findingDir, 'shrunk', info.check);
  const record: FindingRecord = {
    ...existing,
    shrunk: {
      nodes: treeStats(grammar.moduleSet, tree as never).nodes,
      outcomes: info.outcomes,
      ...(info.check === undefined ? {} : { check: info.check }),
      attempts: info.attempts,
      timeMs: info.timeMs,
      reproduced: info.reproduced,
      shrunk: true,
    },
  };
  writeRecord(findingDir, record);
  return record;
}

/** A further cause of a false positive, as `outcome.json` records it ({@link FindingFile}). */
export type FindingCause = NonNullable<FindingRecord['causes']>[number];

/**
 * Saves a further cause of a saved false positive: the program shrunk to keep one more of
 * its error classes, as `cause-<k>.{binpb,textproto,luau}` (k from 1, in the order saved)
 * and in `outcome.json`'s `causes`. A cause of an error class already saved replaces it
 * when smaller. Returns the record as it now is.
 *
 * @example
 * ```ts
 * saveCause('out/findings/3f9a…', tree, { error, check, attempts: 80, timeMs: 9_000 });
 * ```
 */
export function saveCause(
  findingDir: string,
  tree: ModuleSet,
  cause: Omit<FindingCause, 'nodes'>,
): FindingRecord {
  const recordPath = join(findingDir, 'outcome.json');
  const existing = readFindingRecord(recordPath);
  const grammar = campaignGrammar(existing);
  const causes = [...(existing.causes ?? [])];
  const nodes = treeStats(grammar.moduleSet, tree as never).nodes;
  const at = causes.findIndex((c) => c.error === cause.error);
  if (at >= 0 && causes[at]!.nodes <= nodes) return existing;
  const k = at >= 0 ? at : causes.length;
  causes[k] = { ...cause, nodes };
  writeTree(findingDir, `cause-${k + 1}`, tree, grammar);
  writeCheck(findingDir, `cause-${k + 1}`, cause.check);
  const record: FindingRecord = { ...existing, causes };
  writeRecord(findingDir, record);
  return record;
}

/**
 * The program of a further cause ({@link saveCause}), `k` from 1.
 *
 * @example
 * ```ts
 * const { program } = causeSources('out/findings/3f9a…', record, 1);
 * ```
 */
export function causeSources(
  findingDir: string,
  record: FindingRecord,
  k: number,
): { program: string; module?: string } {
  const file = join(findingDir, `cause-${k}.binpb`);
  const grammar = campaignGrammar(record);
  return sourcesOf(
    decodeTree(grammar.moduleSet, readFileSync(file), 'binpb', { source: file }) as ModuleSet,
    grammar,
  );
}
