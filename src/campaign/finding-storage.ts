import { join } from 'node:path';
import type { ModuleSet } from '../../gen/luau_pb.js';
import type { FindingKind } from './classify.js';
import { markNotShrunk, readFindings, saveFinding, updateShrunk } from './findings.js';
import { freshRuns } from './guided/index.js';
import type { FindingOccurrence, ShrunkProgram } from './findings.js';
import type { ResolvedCampaignOptions } from './options.js';
import { campaignArbitrary, campaignGrammar, generatePrograms } from './programs.js';
import type { ProjectPool } from './projects.js';
import { shrinkRemotely } from './remote-shrink.js';
import type { CampaignStore, ProgramRecord, RecordEntry } from './store.js';
import { findingSignature, triageFindings } from './triage.js';
import { isCheckerFinding } from './classify.js';
import type { CheckerFindingKind } from './classify.js';
import { shrinkCheckerFinding } from './checker-shrink.js';
import { shrinkCauses } from './checker-causes.js';

/** Shrinks a finding of the type checker, its candidates checked here (no project runs them). */
async function shrinkChecked(
  o: ResolvedCampaignOptions,
  r: ProgramRecord,
  kind: CheckerFindingKind,
  tree: ModuleSet,
  index: number,
): Promise<ShrunkProgram | undefined> {
  if (o.analyze === undefined || r.check === undefined) return undefined;
  const s = await shrinkCheckerFinding({
    analyze: o.analyze,
    arbitrary: campaignArbitrary(o),
    seed: o.seed,
    index,
    tree,
    kind,
    check: r.check,
    timeoutMs: o.timeoutMs,
    maxAttempts: o.shrinkAttempts,
    maxTimeMs: o.shrinkTimeMs,
  });
  return { ...s, outcomes: r.outcomes };
}

/** A recorded finding as a finding's occurrence. */
function occurrence(x: ProgramRecord): FindingOccurrence {
  return {
    index: x.i,
    outcomes: x.outcomes,
    nodes: x.nodes,
    ...(x.check === undefined ? {} : { check: x.check }),
  };
}

/** The signature of a recorded finding, as triage and the tally read it. */
function signatureOf(
  o: ResolvedCampaignOptions,
  r: ProgramRecord & { finding: FindingKind },
): string {
  return findingSignature(r.finding, o.runtimes, r.outcomes, r.check);
}

/**
 * Saves the findings among programs being recorded, at once and unshrunk (`pending`): each
 * signature's smallest program of these represents it, unless a saved one is smaller, and
 * the others are added to its occurrences. A finding whose tree is not at hand (neither given
 * nor under `trees/`) is left to {@link saveFindings}. Returns whether any finding was saved.
 *
 * @example
 * ```ts
 * store.recordAll(entries, (recorded) => saveFound(store, recorded));
 * ```
 */
export function saveFound(store: CampaignStore, entries: readonly RecordEntry[]): boolean {
  const o = store.options;
  const found = entries.filter(
    (e): e is RecordEntry & { record: ProgramRecord & { finding: FindingKind } } =>
      e.record.finding !== undefined,
  );
  if (found.length === 0) return false;
  const trees = new Map(found.map((e) => [e.record.i, e.tree] as const));
  const findingsDir = join(store.dir, 'findings');
  let saved = false;
  for (const group of triageFindings(
    o.runtimes,
    found.map((e) => e.record),
  )) {
    const r = group.representative;
    const tree = trees.get(r.i) ?? store.tree(r.i);
    if (tree === undefined) continue;
    saveFinding(findingsDir, {
      ...o,
      kind: r.finding,
      signature: signatureOf(o, r),
      generatorVersion: store.generatorVersionOf(r.i),
      original: { ...occurrence(r), tree },
      others: group.others.map(occurrence),
      pending: true,
    });
    saved = true;
  }
  return saved;
}

/**
 * Arguments of {@link saveFindings}.
 *
 * @example
 * ```ts
 * await saveFindings({ store, pool, signal, beforeEach: () => onProgress(snapshot('shrink')) });
 * ```
 */
export interface SaveFindingsArgs {
  /** The campaign: its options, records and recorded trees. */
  readonly store: CampaignStore;
  /** The projects the representatives are shrunk in. */
  readonly pool: ProjectPool;
  /** Stops between findings, and while shrinking (the finding is then shrunk by a resume). */
  readonly signal?: AbortSignal;
  /**
   * When shrinking must end (`Date.now()` ms): each finding gets what is left of it at most,
   * and findings not reached by then wait for `--resume`. Default: no end.
   */
  readonly deadline?: number;
  /** Called before each finding waiting to be shrunk is taken up. Default: none. */
  readonly beforeEach?: () => void;
}

/**
 * Saves every finding not saved yet (those of campaigns recorded before findings were saved
 * as found, or without a tree at hand then), and shrinks those waiting for it, triaged first:
 * programs are grouped by signature ({@link triageFindings}), the most frequent group first,
 * and one representative per group is shrunk while the budget lasts (`shrinkFindings`);
 * groups past the budget are marked as not shrunk.
 *
 * @example
 * ```ts
 * await saveFindings({ store, pool });
 * ```
 */
export async function saveFindings(args: SaveFindingsArgs): Promise<void> {
  const { store, pool } = args;
  const o: ResolvedCampaignOptions = store.options;
  const arbitrary = campaignArbitrary(o);
  const grammar = campaignGrammar(o);
  const findingsDir = join(store.dir, 'findings');
  const before = new Map(readFindings(findingsDir).map((f) => [f.signature, f]));
  const found = store
    .records()
    .filter((r): r is ProgramRecord & { finding: FindingKind } => r.finding !== undefined);
  // A guided campaign's fresh program replays from its fast-check run, not from its index.
  const runs = o.guided === undefined ? undefined : freshRuns(join(store.dir, 'corpus'));
  let shrunkSoFar = [...before.values()].filter((f) => f.shrunk.shrunk).length;
  const aborted = (): boolean => args.signal?.aborted === true;
  const timeLeft = (): number =>
    args.deadline === undefined ? Infinity : args.deadline - Date.now();
  for (const group of triageFindings(o.runtimes, found)) {
    if (aborted() || timeLeft() <= 0) return;
    let record = before.get(group.signature);
    const saved = new Set(record?.occurrences.map((x) => x.index));
    const unsaved = [group.representative, ...group.others].filter((x) => !saved.has(x.i));
    if (unsaved.length > 0) {
      const r = group.representative;
      const tree: ModuleSet | undefined =
        store.tree(r.i) ?? generatePrograms(arbitrary, o.seed, [r.i], grammar)[0]?.tree;
      if (tree === undefined) continue;
      record = saveFinding(findingsDir, {
        ...o,
        kind: r.finding,
        signature: group.signature,
        generatorVersion: store.generatorVersionOf(r.i),
        original: { ...occurrence(r), tree },
        others: group.others.map(occurrence),
        pending: record === undefined || record.shrunk.pending === true,
      }).record;
    }
    if (record?.shrunk.pending !== true) continue;
    args.beforeEach?.();
    if (aborted()) return;
    const dir = join(findingsDir, record.hash);
    if (!o.shrink || shrunkSoFar >= o.shrinkFindings) {
      markNotShrunk(dir);
      continue;
    }
    shrunkSoFar++;
    const i = record.original.index;
    const r = [group.representative, ...group.others].find((x) => x.i === i)!;
    const tree = store.tree(i) ?? generatePrograms(arbitrary, o.seed, [i], grammar)[0]?.tree;
    if (tree === undefined) continue;
    const maxTimeMs = Math.min(o.shrinkTimeMs, timeLeft());
    const shrunk = isCheckerFinding(r.finding)
      ? await shrinkChecked(
          { ...o, shrinkTimeMs: maxTimeMs },
          r,
          r.finding,
          tree,
          runs?.get(i) ?? i,
        )
      : await shrinkRemotely({
          pool,
          arbitrary,
          grammar,
          seed: o.seed,
          index: runs?.get(i) ?? i,
          tree,
          level: o.level,
          kind: r.finding,
          runtimes: o.runtimes,
          outcomes: r.outcomes,
          maxAttempts: o.shrinkAttempts,
          maxTimeMs,
        });
    // Stopped while shrinking: the finding stays pending, and `--resume` shrinks it afresh.
    if (aborted()) return;
    if (shrunk === undefined) markNotShrunk(dir);
    else updateShrunk(dir, shrunk.tree, shrunk);
    // A false positive's other error classes, each its own cause, get programs of their own.
    if (r.finding === 'checker-false-positive' && shrunk !== undefined)
      await shrinkCauses(dir, {
        timeoutMs: o.timeoutMs,
        maxAttempts: o.shrinkAttempts,
        maxTimeMs: o.shrinkTimeMs,
        ...(args.deadline === undefined ? {} : { deadline: args.deadline }),
        ...(args.signal === undefined ? {} : { signal: args.signal }),
      });
  }
}
