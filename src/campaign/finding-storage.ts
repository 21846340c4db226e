import { join } from 'node:path';
import type { ModuleSet } from '../../gen/luau_pb.js';
import type { FindingKind } from './classify.js';
import {
  markNotShrunk,
  plainOccurrence,
  readFindings,
  saveFinding,
  updateShrunk,
} from './findings.js';
import { freshRuns } from './guided/index.js';
import type { FindingOccurrence, FindingRecord, ShrunkProgram } from './findings.js';
import type { ResolvedCampaignOptions } from './options.js';
import { campaignArbitrary, campaignGrammar, generatePrograms } from './programs.js';
import type { ProjectPool } from './projects.js';
import { shrinkRemotely } from './remote-shrink.js';
import type { CampaignStore, ProgramRecord, RecordEntry } from './store.js';
import { triageFindings, type TriageGroup } from './triage.js';
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
  return plainOccurrence({ ...x, index: x.i });
}

/** A recorded finding: a program record with its finding kind. */
type FoundRecord = ProgramRecord & { finding: FindingKind };

/** Saves a group's finding, its representative's tree at hand: the record saved. */
function saveGroup(
  store: CampaignStore,
  findingsDir: string,
  group: TriageGroup<FoundRecord>,
  tree: ModuleSet,
  pending: boolean,
): FindingRecord {
  const r = group.representative;
  return saveFinding(findingsDir, {
    ...store.options,
    kind: r.finding,
    signature: group.signature,
    generatorVersion: store.generatorVersionOf(r.i),
    original: { ...occurrence(r), tree },
    others: group.others.map(occurrence),
    pending,
  }).record;
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
    (e): e is RecordEntry & { record: FoundRecord } => e.record.finding !== undefined,
  );
  if (found.length === 0) return false;
  const trees = new Map(found.map((e) => [e.record.i, e.tree] as const));
  const findingsDir = join(store.dir, 'findings');
  let saved = false;
  for (const group of triageFindings(
    o.runtimes,
    found.map((e) => e.record),
  )) {
    const tree = trees.get(group.representative.i) ?? store.tree(group.representative.i);
    if (tree === undefined) continue;
    saveGroup(store, findingsDir, group, tree, true);
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
  const { store } = args;
  const o: ResolvedCampaignOptions = store.options;
  const arbitrary = campaignArbitrary(o);
  const grammar = campaignGrammar(o);
  const findingsDir = join(store.dir, 'findings');
  const before = new Map(readFindings(findingsDir).map((f) => [f.signature, f]));
  const found = store.records().filter((r): r is FoundRecord => r.finding !== undefined);
  const step: ShrinkStep = {
    args,
    arbitrary,
    grammar,
    findingsDir,
    treeOf: (i) => store.tree(i) ?? generatePrograms(arbitrary, o.seed, [i], grammar)[0]?.tree,
    // A guided campaign's fresh program replays from its fast-check run, not from its index.
    runs: o.guided === undefined ? undefined : freshRuns(join(store.dir, 'corpus')),
    aborted: () => args.signal?.aborted === true,
    timeLeft: () => (args.deadline === undefined ? Infinity : args.deadline - Date.now()),
  };
  let shrunkSoFar = [...before.values()].filter((f) => f.shrunk.shrunk).length;
  for (const group of triageFindings(o.runtimes, found)) {
    if (step.aborted() || step.timeLeft() <= 0) return;
    const record = saveUnsaved(step, group, before.get(group.signature));
    if (record?.shrunk.pending !== true) continue;
    args.beforeEach?.();
    if (step.aborted()) return;
    const dir = join(findingsDir, record.hash);
    if (!o.shrink || shrunkSoFar >= o.shrinkFindings) {
      markNotShrunk(dir);
      continue;
    }
    shrunkSoFar++;
    await shrinkGroup(step, group, record, dir);
  }
}

/** What {@link saveFindings} saves and shrinks each group with. */
interface ShrinkStep {
  readonly args: SaveFindingsArgs;
  readonly arbitrary: ReturnType<typeof campaignArbitrary>;
  readonly grammar: ReturnType<typeof campaignGrammar>;
  readonly findingsDir: string;
  /** A program's tree: recorded, or generated again. */
  readonly treeOf: (i: number) => ModuleSet | undefined;
  /** A guided campaign's fast-check run of each fresh program. */
  readonly runs: ReadonlyMap<number, number> | undefined;
  readonly aborted: () => boolean;
  readonly timeLeft: () => number;
}

/**
 * Saves the programs of a group not saved yet with its finding: the finding's record, or
 * `undefined` when its representative's tree cannot be had.
 */
function saveUnsaved(
  step: ShrinkStep,
  group: TriageGroup<FoundRecord>,
  record: FindingRecord | undefined,
): FindingRecord | undefined {
  const saved = new Set(record?.occurrences.map((x) => x.index));
  const unsaved = [group.representative, ...group.others].filter((x) => !saved.has(x.i));
  if (unsaved.length === 0) return record;
  const tree = step.treeOf(group.representative.i);
  if (tree === undefined) return undefined;
  const pending = record === undefined || record.shrunk.pending === true;
  return saveGroup(step.args.store, step.findingsDir, group, tree, pending);
}

/** Shrinks a group's saved finding in `dir` (its original program), and a false positive's causes. */
async function shrinkGroup(
  step: ShrinkStep,
  group: TriageGroup<FoundRecord>,
  record: FindingRecord,
  dir: string,
): Promise<void> {
  const { args } = step;
  const o = args.store.options;
  const i = record.original.index;
  const r = [group.representative, ...group.others].find((x) => x.i === i)!;
  const tree = step.treeOf(i);
  if (tree === undefined) return;
  const maxTimeMs = Math.min(o.shrinkTimeMs, step.timeLeft());
  const index = step.runs?.get(i) ?? i;
  const shrunk = isCheckerFinding(r.finding)
    ? await shrinkChecked({ ...o, shrinkTimeMs: maxTimeMs }, r, r.finding, tree, index)
    : await shrinkRemotely({
        pool: args.pool,
        arbitrary: step.arbitrary,
        grammar: step.grammar,
        seed: o.seed,
        index,
        tree,
        level: o.level,
        kind: r.finding,
        runtimes: o.runtimes,
        outcomes: r.outcomes,
        maxAttempts: o.shrinkAttempts,
        maxTimeMs,
      });
  // Stopped while shrinking: the finding stays pending, and `--resume` shrinks it afresh.
  if (step.aborted()) return;
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
