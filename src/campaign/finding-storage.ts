import { join } from 'node:path';
import type { ModuleSet } from '../../gen/luau_pb.js';
import type { FindingKind } from './classify.js';
import { readFindings, saveFinding } from './findings.js';
import { freshRuns } from './guided/index.js';
import type { FindingOccurrence, ShrunkProgram } from './findings.js';
import type { ResolvedCampaignOptions } from './options.js';
import { campaignArbitrary, generatePrograms } from './programs.js';
import type { ProjectPool } from './projects.js';
import { shrinkRemotely } from './remote-shrink.js';
import type { CampaignStore, ProgramRecord } from './store.js';
import { triageFindings } from './triage.js';
import { isCheckerFinding } from './classify.js';
import type { CheckerFindingKind } from './classify.js';
import { shrinkCheckerFinding } from './checker-shrink.js';

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
  /** Stops between findings, and while shrinking (the finding is then saved by a resume). */
  readonly signal?: AbortSignal;
  /** Called before each finding is saved. Default: none. */
  readonly beforeEach?: () => void;
}

/**
 * Saves every finding not saved yet (findings of earlier sessions included), triaged first:
 * programs are grouped by signature ({@link triageFindings}), one representative per group
 * is shrunk while the budget lasts (`shrinkFindings`), and the rest of the group is counted
 * under it. Groups past the budget are saved as found, marked as not shrunk.
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
  const findingsDir = join(store.dir, 'findings');
  const before = readFindings(findingsDir);
  const saved = new Set(before.flatMap((f) => f.occurrences.map((x) => x.index)));
  const known = new Set(before.map((f) => f.signature));
  const found = store
    .records()
    .filter((r): r is ProgramRecord & { finding: FindingKind } => r.finding !== undefined)
    .filter((r) => !saved.has(r.i));
  // A guided campaign's fresh program replays from its fast-check run, not from its index.
  const runs = o.guided === undefined ? undefined : freshRuns(join(store.dir, 'corpus'));
  let shrunkSoFar = before.filter((f) => f.shrunk.shrunk).length;
  const aborted = (): boolean => args.signal?.aborted === true;
  for (const group of triageFindings(o.runtimes, found)) {
    if (aborted()) return;
    args.beforeEach?.();
    const r = group.representative;
    const tree: ModuleSet | undefined =
      store.tree(r.i) ?? generatePrograms(arbitrary, o.seed, [r.i])[0]?.tree;
    if (tree === undefined) continue;
    const occurrence = (x: ProgramRecord): FindingOccurrence => ({
      index: x.i,
      outcomes: x.outcomes,
      nodes: x.nodes,
      ...(x.check === undefined ? {} : { check: x.check }),
    });
    let shrunk: ShrunkProgram | undefined;
    // A signature saved in an earlier session is already shrunk (or past the budget).
    if (o.shrink && shrunkSoFar < o.shrinkFindings && !known.has(group.signature)) {
      shrunkSoFar++;
      const kind = r.finding;
      shrunk = isCheckerFinding(kind)
        ? await shrinkChecked(o, r, kind, tree, runs?.get(r.i) ?? r.i)
        : await shrinkRemotely({
            pool,
            arbitrary,
            seed: o.seed,
            index: runs?.get(r.i) ?? r.i,
            tree,
            level: o.level,
            kind: r.finding,
            runtimes: o.runtimes,
            outcomes: r.outcomes,
            maxAttempts: o.shrinkAttempts,
            maxTimeMs: o.shrinkTimeMs,
          });
      // Stopped while shrinking: the group is saved, shrunk afresh, by `--resume`.
      if (aborted()) return;
    }
    saveFinding(findingsDir, {
      ...o,
      kind: r.finding,
      signature: group.signature,
      generatorVersion: store.generatorVersionOf(r.i),
      original: { ...occurrence(r), tree },
      others: group.others.map(occurrence),
      ...(shrunk === undefined ? {} : { shrunk }),
    });
  }
}
