import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { decodeTree } from '../tree/index.js';
import { detailCause, falsePositiveCauses } from './checker-cause.js';
import { shrinkCheckerFinding } from './checker-shrink.js';
import { readFindingRecord, saveCause } from './findings.js';
import type { FindingRecord } from './findings.js';
import { campaignArbitrary, campaignGrammar, sourcesOf } from './programs.js';

/** What {@link shrinkCauses} takes besides the finding: the shrink's budget. */
export interface ShrinkCausesOptions {
  /** Wall-clock limit of one check, in ms. */
  readonly timeoutMs: number;
  /** Candidate checks allowed per cause. */
  readonly maxAttempts: number;
  /** Time allowed per cause, in ms. */
  readonly maxTimeMs: number;
  /** Causes shrunk at most per finding, past its first. Default 3. */
  readonly maxCauses?: number;
  /** When to stop (`Date.now()` ms): causes not reached wait. Default: none. */
  readonly deadline?: number;
  /** Stops between causes. */
  readonly signal?: AbortSignal;
}

/**
 * The causes ({@link falsePositiveCauses}) of a saved false positive's representative
 * besides its detail's (the one its signature and shrunk program keep) that no further cause
 * holds yet.
 *
 * @example
 * ```ts
 * otherCauses(dir, record); // ["TypeError: Expected this to be '…', but got '…' · argument of pcall"]
 * ```
 */
export function otherCauses(findingDir: string, record: FindingRecord): string[] {
  const check = record.original.check;
  if (record.kind !== 'checker-false-positive' || check === undefined) return [];
  const file = join(findingDir, 'original.binpb');
  const grammar = campaignGrammar(record);
  const tree = decodeTree(grammar.moduleSet, readFileSync(file), 'binpb', { source: file });
  const { program } = sourcesOf(tree as ModuleSet, grammar);
  const done = new Set((record.causes ?? []).map((c) => c.error));
  const first = detailCause(program, check);
  return falsePositiveCauses(program, check.output).filter((c) => c !== first && !done.has(c));
}

/**
 * Shrinks each further cause of a saved false positive: a program whose checker reports
 * errors of two causes (a message and the construct at it) outside its planted statement
 * has its signature and shrunk program keep the first only. For every other cause
 * ({@link otherCauses}), the representative is shrunk again with the checker as the test,
 * keeping that cause ({@link shrinkCheckerFinding}'s `error`), and saved as `cause-<k>.*`
 * ({@link saveCause}), so that the distinct bugs ({@link checkerBugs}) count each cause on
 * its own reduced program.
 * Returns the record as it now is.
 *
 * @example
 * ```ts
 * await shrinkCauses('out/findings/3f9a…', { timeoutMs: 10_000, maxAttempts: 300, maxTimeMs: 30_000 });
 * ```
 */
export async function shrinkCauses(
  findingDir: string,
  options: ShrinkCausesOptions,
): Promise<FindingRecord> {
  let record = readFindingRecord(join(findingDir, 'outcome.json'));
  const check = record.original.check;
  if (record.analyze === undefined || check === undefined) return record;
  const errors = otherCauses(findingDir, record).slice(0, options.maxCauses ?? 3);
  if (errors.length === 0) return record;
  const file = join(findingDir, 'original.binpb');
  const grammar = campaignGrammar(record);
  const tree = decodeTree(grammar.moduleSet, readFileSync(file), 'binpb', { source: file });
  const aborted = (): boolean => options.signal?.aborted === true;
  for (const error of errors) {
    const left = (options.deadline ?? Infinity) - Date.now();
    if (aborted() || left <= 0) break;
    const s = await shrinkCheckerFinding({
      analyze: record.analyze!,
      arbitrary: campaignArbitrary(record),
      seed: record.seed,
      index: record.original.index,
      tree: tree as ModuleSet,
      kind: 'checker-false-positive',
      check,
      error,
      timeoutMs: options.timeoutMs,
      maxAttempts: options.maxAttempts,
      maxTimeMs: Math.min(options.maxTimeMs, left),
    });
    if (!s.reproduced || aborted()) continue;
    record = saveCause(findingDir, s.tree, {
      error,
      check: s.check,
      attempts: s.attempts,
      timeMs: s.timeMs,
    });
  }
  return record;
}
