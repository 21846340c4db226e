import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { decodeTree } from '../tree/index.js';
import { checkerCause } from './checker-cause.js';
import { isCheckerFinding } from './classify.js';
import type { CheckerFindingKind, CheckOutcome } from './classify.js';
import type { FindingRecord } from './findings.js';
import { sourcesOf } from './programs.js';

/**
 * One cause of a campaign's checker findings: the findings whose reduced programs have one
 * {@link checkerCause}, and the smallest of those programs.
 *
 * @example
 * ```ts
 * const [bug] = checkerBugs('runs/c1', summary.findings);
 * bug.cause; // "checker-false-positive · new · TypeError: … · call rawget"
 * ```
 */
export interface CheckerBug {
  /** Kind, mode, error class and construct ({@link checkerCause}). */
  readonly cause: string;
  readonly kind: CheckerFindingKind;
  /** The checker's verdict on {@link program}. */
  readonly check: CheckOutcome;
  /** The findings (directory names under `findings/`) of this cause, the smallest first. */
  readonly findings: readonly string[];
  /** Programs of the campaign with one of these findings. */
  readonly programs: number;
  /** The smallest reduced program. */
  readonly program: string;
  /** Its module, when it has one. */
  readonly module?: string;
  /** Whether {@link program} was reduced (false: the finding was not shrunk). */
  readonly reduced: boolean;
}

/** A finding's program (reduced when it was) and the checker's verdict on it. */
function programOf(
  campaignDir: string,
  f: FindingRecord,
): { program: string; module?: string; check: CheckOutcome; reduced: boolean } | undefined {
  const reduced = f.shrunk.shrunk && f.shrunk.check !== undefined;
  const check = reduced ? f.shrunk.check! : f.original.check;
  const file = join(campaignDir, 'findings', f.hash, `${reduced ? 'shrunk' : 'original'}.binpb`);
  if (check === undefined || !existsSync(file)) return undefined;
  const tree = decodeTree(ModuleSetSchema, readFileSync(file), 'binpb', { source: file });
  return { ...sourcesOf(tree), check, reduced };
}

/**
 * A campaign's checker findings as distinct bugs: grouped by the {@link checkerCause} of
 * their reduced programs, so that findings whose signatures differ only by where a shrink
 * stopped are one bug, and one message at two constructs two. Bugs come in order of the
 * programs they account for, most first.
 *
 * @example
 * ```ts
 * for (const bug of checkerBugs(dir, readFindings(join(dir, 'findings')))) console.log(bug.cause);
 * ```
 */
export function checkerBugs(campaignDir: string, findings: readonly FindingRecord[]): CheckerBug[] {
  const bugs = new Map<string, CheckerBug>();
  for (const f of findings) {
    if (!isCheckerFinding(f.kind)) continue;
    const p = programOf(campaignDir, f);
    if (p === undefined) continue;
    const cause = checkerCause(p.program, p.check);
    const had = bugs.get(cause);
    const size = (x: { program: string; module?: string }): number =>
      x.program.length + (x.module?.length ?? 0);
    const smaller = had === undefined || size(p) < size(had);
    bugs.set(cause, {
      cause,
      kind: f.kind,
      check: smaller ? p.check : had.check,
      findings: smaller ? [f.hash, ...(had?.findings ?? [])] : [...had.findings, f.hash],
      programs: (had?.programs ?? 0) + f.occurrences.length,
      ...(smaller
        ? { program: p.program, ...(p.module === undefined ? {} : { module: p.module }) }
        : { program: had.program, ...(had.module === undefined ? {} : { module: had.module }) }),
      reduced: smaller ? p.reduced : had.reduced,
    });
  }
  return [...bugs.values()].sort((a, b) => b.programs - a.programs);
}
