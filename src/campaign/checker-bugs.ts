import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { decodeTree } from '../tree/index.js';
import { checkerCause, detailCause } from './checker-cause.js';
import { checkerErrors, diagnosticMessage } from './type-check.js';
import { isCheckerFinding } from './classify.js';
import type { CheckerFindingKind, CheckOutcome } from './classify.js';
import { causeSources } from './findings.js';
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
  /**
   * What {@link check} must show for the bug: for a false positive the cause of its error
   * (`message · construct`, {@link errorCause}; reported first or not), else the detail.
   */
  readonly error: string;
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

/** One cause of a finding: a program with it (reduced when it was) and what it shows. */
interface FindingCauseProgram {
  readonly program: string;
  readonly module?: string;
  readonly check: CheckOutcome;
  readonly error: string;
  readonly reduced: boolean;
  /** Whether it is a further cause of a false positive ({@link shrinkCauses}). */
  readonly further: boolean;
  /** Programs of the campaign with it. */
  readonly programs: number;
}

/**
 * A finding's causes: its detail on its program (reduced when it was), and each further
 * cause a false positive's other error classes were shrunk to ({@link shrinkCauses}),
 * counted in the finding's programs whose checker reported an error of its message.
 */
function causesOf(campaignDir: string, f: FindingRecord): FindingCauseProgram[] {
  const dir = join(campaignDir, 'findings', f.hash);
  const reduced = f.shrunk.shrunk && f.shrunk.check !== undefined;
  const check = reduced ? f.shrunk.check! : f.original.check;
  const file = join(dir, `${reduced ? 'shrunk' : 'original'}.binpb`);
  if (check === undefined || !existsSync(file)) return [];
  const tree = decodeTree(ModuleSetSchema, readFileSync(file), 'binpb', { source: file });
  const sources = sourcesOf(tree);
  const first = {
    ...sources,
    check,
    error:
      (f.kind === 'checker-false-positive' ? detailCause(sources.program, check) : undefined) ??
      check.detail,
    reduced,
    further: false,
    programs: f.occurrences.length,
  };
  const further = (f.causes ?? []).flatMap((c, k) =>
    existsSync(join(dir, `cause-${k + 1}.binpb`))
      ? [
          {
            ...causeSources(dir, f, k + 1),
            check: c.check,
            error: c.error,
            reduced: true,
            further: true,
            programs: f.occurrences.filter((o) =>
              checkerErrors(o.check?.output ?? '').some((l) =>
                c.error.startsWith(`${diagnosticMessage(l)} · `),
              ),
            ).length,
          },
        ]
      : [],
  );
  return [first, ...further];
}

/**
 * A campaign's checker findings as distinct bugs: grouped by the {@link checkerCause} of
 * their reduced programs, so that findings whose signatures differ only by where a shrink
 * stopped are one bug, and one message at two constructs two. A false positive with several
 * error classes counts once per cause: its further causes ({@link shrinkCauses}) are grouped
 * as its first is. Bugs come in order of the programs they account for, most first.
 *
 * @example
 * ```ts
 * for (const bug of checkerBugs(dir, readFindings(join(dir, 'findings')))) console.log(bug.cause);
 * ```
 */
export function checkerBugs(campaignDir: string, findings: readonly FindingRecord[]): CheckerBug[] {
  const bugs = new Map<string, CheckerBug>();
  const size = (x: { program: string; module?: string }): number =>
    x.program.length + (x.module?.length ?? 0);
  for (const f of findings) {
    if (!isCheckerFinding(f.kind)) continue;
    for (const p of causesOf(campaignDir, f)) {
      const cause = p.further
        ? checkerCause(p.program, p.check, p.error)
        : checkerCause(p.program, p.check);
      const had = bugs.get(cause);
      const smaller = had === undefined || size(p) < size(had);
      const best = smaller ? p : had;
      bugs.set(cause, {
        cause,
        kind: f.kind,
        error: p.error,
        check: best.check,
        findings: smaller ? [f.hash, ...(had?.findings ?? [])] : [...had.findings, f.hash],
        programs: (had?.programs ?? 0) + p.programs,
        program: best.program,
        ...(best.module === undefined ? {} : { module: best.module }),
        reduced: best.reduced,
      });
    }
  }
  return [...bugs.values()].sort((a, b) => b.programs - a.programs);
}
