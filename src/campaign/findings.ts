import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import type { ProgramOutcome } from '../runtime/index.js';
import { encodeTree, treeStats } from '../tree/index.js';
import type { FindingKind } from './classify.js';
import { sourcesOf } from './programs.js';

/** One program that showed a finding. */
export interface FindingOccurrence {
  /** The program's index in the campaign. */
  readonly index: number;
  /** Its outcomes (one per runtime). */
  readonly outcomes: readonly ProgramOutcome[];
  /** Messages in its tree. */
  readonly nodes: number;
}

/** `outcome.json` of a finding directory. */
export interface FindingRecord {
  /** The directory name: SHA-256 (16 hex digits) of the shrunk sources. */
  readonly hash: string;
  /** What kind of finding it is. */
  readonly kind: FindingKind;
  /** The campaign's seed (with `original.index`, it replays the program). */
  readonly seed: number;
  /** The campaign's validity level. */
  readonly level: string;
  /** The campaign's feature profile. */
  readonly profile: string;
  /** The campaign's tree size limit (`null`: the default). */
  readonly maxNodes: number | null;
  /** The campaign's runtimes. */
  readonly runtimes: readonly string[];
  /** The program the files `original.*` hold. */
  readonly original: FindingOccurrence;
  /** The shrunk program (`shrunk.*`). */
  readonly shrunk: {
    /** Messages in its tree. */
    readonly nodes: number;
    /** Its outcomes (one per runtime). */
    readonly outcomes: readonly ProgramOutcome[];
    /** Candidates run while shrinking. */
    readonly attempts: number;
    /** Time spent shrinking, in ms. */
    readonly timeMs: number;
    /** Whether the original failed again when re-run. */
    readonly reproduced: boolean;
    /** Whether it was shrunk at all (false: past the campaign's shrink budget, `shrunk.*` = `original.*`). */
    readonly shrunk: boolean;
  };
  /** Every program of the campaign that shrank to the same source (the original first). */
  readonly occurrences: readonly FindingOccurrence[];
}

/** A finding to save: what was found, and what it shrank to. */
export interface FindingToSave {
  /** What kind of finding it is. */
  readonly kind: FindingKind;
  /** The campaign's seed. */
  readonly seed: number;
  /** The campaign's validity level. */
  readonly level: string;
  /** The campaign's feature profile. */
  readonly profile: string;
  /** The campaign's tree size limit (`null`: the default). */
  readonly maxNodes: number | null;
  /** The campaign's runtimes. */
  readonly runtimes: readonly string[];
  /** The program as found, with its tree. */
  readonly original: FindingOccurrence & { readonly tree: ModuleSet };
  /** The shrunk tree (the original's when not shrunk). */
  readonly shrunkTree: ModuleSet;
  /** The shrunk program's outcomes. */
  readonly shrunkOutcomes: readonly ProgramOutcome[];
  /** Candidates run while shrinking. */
  readonly attempts: number;
  /** Time spent shrinking, in ms. */
  readonly timeMs: number;
  /** Whether the original failed again when re-run. */
  readonly reproduced: boolean;
  /** Whether it was shrunk at all. */
  readonly shrunk: boolean;
}

function sourceText(tree: ModuleSet): string {
  try {
    const s = sourcesOf(tree);
    return s.module === undefined ? s.program : `-- module0\n${s.module}\n-- program\n${s.program}`;
  } catch (e) {
    return `-- cannot print: ${e instanceof Error ? e.message : String(e)}\n`;
  }
}

function writeTree(dir: string, stem: string, tree: ModuleSet): void {
  writeFileSync(join(dir, `${stem}.binpb`), encodeTree(ModuleSetSchema, tree, 'binpb'));
  writeFileSync(join(dir, `${stem}.textproto`), encodeTree(ModuleSetSchema, tree, 'textproto'));
  let sources: { program: string; module?: string };
  try {
    sources = sourcesOf(tree);
  } catch (e) {
    sources = { program: `-- cannot print: ${e instanceof Error ? e.message : String(e)}\n` };
  }
  writeFileSync(join(dir, `${stem}.luau`), sources.program);
  if (sources.module !== undefined) writeFileSync(join(dir, `${stem}.module.luau`), sources.module);
}

/**
 * The directory name of a finding: SHA-256 of its kind and shrunk sources (16 hex digits), so
 * that programs that shrink to the same source land together.
 *
 * @example
 * ```ts
 * findingHash('crash', tree); // '3f9a…'
 * ```
 */
export function findingHash(kind: FindingKind, shrunk: ModuleSet): string {
  return createHash('sha256')
    .update(`${kind}\n${sourceText(shrunk)}`)
    .digest('hex')
    .slice(0, 16);
}

/**
 * Saves a finding under `findingsDir/<hash>/`: `original.{binpb,textproto,luau}`,
 * `shrunk.{binpb,textproto,luau}` (and `.module.luau` when there is a module) and
 * `outcome.json`. A finding whose shrunk source is already saved is added to that
 * directory's occurrences instead. Returns the record and whether it was new.
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
  const hash = findingHash(f.kind, f.shrunkTree);
  const dir = join(findingsDir, hash);
  const occurrence: FindingOccurrence = {
    index: f.original.index,
    outcomes: f.original.outcomes,
    nodes: f.original.nodes,
  };
  const recordPath = join(dir, 'outcome.json');
  if (existsSync(recordPath)) {
    const existing = JSON.parse(readFileSync(recordPath, 'utf8')) as FindingRecord;
    if (existing.occurrences.some((o) => o.index === occurrence.index))
      return { record: existing, created: false };
    const record: FindingRecord = {
      ...existing,
      occurrences: [...existing.occurrences, occurrence],
    };
    writeFileSync(recordPath, `${JSON.stringify(record, null, 2)}\n`);
    return { record, created: false };
  }
  mkdirSync(dir, { recursive: true });
  writeTree(dir, 'original', f.original.tree);
  writeTree(dir, 'shrunk', f.shrunkTree);
  const record: FindingRecord = {
    hash,
    kind: f.kind,
    seed: f.seed,
    level: f.level,
    profile: f.profile,
    maxNodes: f.maxNodes,
    runtimes: f.runtimes,
    original: occurrence,
    shrunk: {
      nodes: treeStats(ModuleSetSchema, f.shrunkTree).nodes,
      outcomes: f.shrunkOutcomes,
      attempts: f.attempts,
      timeMs: f.timeMs,
      reproduced: f.reproduced,
      shrunk: f.shrunk,
    },
    occurrences: [occurrence],
  };
  writeFileSync(recordPath, `${JSON.stringify(record, null, 2)}\n`);
  return { record, created: true };
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
    if (existsSync(path)) out.push(JSON.parse(readFileSync(path, 'utf8')) as FindingRecord);
  }
  return out;
}

/**
 * Replaces the shrunk program of a saved finding (`shrunk.*` and the `shrunk` section of
 * `outcome.json`), as `luau-fuzz shrink` does after shrinking again. The directory keeps its
 * name. Returns the updated record.
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
    attempts: number;
    timeMs: number;
    reproduced: boolean;
  },
): FindingRecord {
  const recordPath = join(findingDir, 'outcome.json');
  const existing = JSON.parse(readFileSync(recordPath, 'utf8')) as FindingRecord;
  writeTree(findingDir, 'shrunk', tree);
  const record: FindingRecord = {
    ...existing,
    shrunk: { nodes: treeStats(ModuleSetSchema, tree).nodes, ...info, shrunk: true },
  };
  writeFileSync(recordPath, `${JSON.stringify(record, null, 2)}\n`);
  return record;
}
