import type { CheckerBug } from './checker-bugs.js';
import { falsePositiveCauses } from './checker-cause.js';
import type { CheckOutcome } from './classify.js';
import { typeCheck } from './type-check.js';

/** A release's checker to triage against: its name (`0.715`) and its `luau-analyze`. */
export interface TriageChecker {
  readonly name: string;
  readonly path: string;
}

/**
 * A difference of the new solver from the old that Luau means (its type of a builtin, its
 * inference), by which a finding is no bug of the checker but a program the generator
 * should not give a checker that has the rule.
 */
export interface IntendedRule {
  /** A short name. */
  readonly name: string;
  /** The rule, as Luau's new solver has it. */
  readonly rule: string;
  /** Whether a bug's cause is the rule's. */
  readonly matches: (bug: Pick<CheckerBug, 'cause' | 'kind'>) => boolean;
}

/**
 * The intended differences of the new solver known to the triage.
 *
 * @example
 * ```ts
 * intendedRules.find((r) => r.matches(bug))?.rule;
 * ```
 */
export const intendedRules: readonly IntendedRule[] = [
  {
    name: 'raw-access-needs-indexer',
    rule:
      'the new solver types rawget and rawset as <K, V>(t: {[K]: V}, k: K, …): a table with ' +
      'properties and no indexer ({n0: number}) is no {[string]: unknown}',
    matches: (b) =>
      b.kind === 'checker-false-positive' && / (?:call|argument of) raw(?:get|set)$/.test(b.cause),
  },
  {
    name: 'parameters-inferred-from-uses',
    rule:
      'the new solver gives an unannotated parameter the type its uses need (their intersection) ' +
      'instead of unifying a free type with each use, so conflicting uses are no error',
    matches: (b) => b.kind === 'checker-missed' && / · planted free-[a-z-]+/.test(b.cause),
  },
];

/**
 * What a bug is: a bug of the checker, still there in the newest release triaged or fixed
 * by it; an intended difference between the solvers (its rule); a program the generator
 * should not have called clean (the reference checker, the first release's old solver,
 * rejects it too); or a finding whose reduced program no checker reproduces.
 */
export type BugVerdict =
  | { readonly verdict: 'checker-bug'; readonly newest: 'still-there' | 'fixed' }
  | { readonly verdict: 'intended'; readonly rule: string; readonly name: string }
  | { readonly verdict: 'generator-bug' }
  | { readonly verdict: 'not-reproduced' };

/** A bug with where its reduced program reproduces it and what it is. */
export interface TriagedBug extends CheckerBug {
  /** `release:mode` → whether the reduced program shows the bug there (same kind and detail). */
  readonly reproduces: Readonly<Record<string, boolean>>;
  readonly verdict: BugVerdict;
}

/** Modes each release is triaged in. */
const triageModes = ['old', 'new', 'all'] as const;

/**
 * Triages distinct checker bugs ({@link checkerBugs}): checks each reduced program with
 * every release's checker in every mode (old, new, all), twice, and classifies it
 * ({@link BugVerdict}). A false positive or missed error the first release's old solver
 * shows too is the generator's; one an {@link intendedRules} rule explains is intended;
 * anything else is the checker's, still there when the last release shows it in any mode.
 * A disagreement is checked as such (old and new of one release).
 *
 * @example
 * ```ts
 * const triaged = await triageCheckerBugs(bugs, [{ name: '0.715', path: a }, { name: '0.735', path: b }], { timeoutMs: 10_000 });
 * ```
 */
export async function triageCheckerBugs(
  bugs: readonly CheckerBug[],
  checkers: readonly TriageChecker[],
  options: { readonly timeoutMs: number; readonly concurrency?: number },
): Promise<TriagedBug[]> {
  if (checkers.length === 0) throw new Error('triage: no checker to triage against');
  const programs = bugs.map((b) => ({ program: b.program, module: b.module }));
  // A false positive shows when its error's cause is reported (first or not: a program
  // reduced for one cause of several may keep the others); any other finding by its detail.
  const same = (bug: CheckerBug, c: CheckOutcome | undefined): boolean =>
    c?.kind === bug.kind &&
    (bug.kind === 'checker-false-positive'
      ? falsePositiveCauses(bug.program, c.output).includes(bug.error)
      : c.detail === bug.check.detail);
  const reproduces = bugs.map(() => ({}) as Record<string, boolean>);
  for (const checker of checkers) {
    for (const mode of triageModes) {
      const checks = await typeCheck(`${checker.path}:${mode}`, programs, {
        ...options,
        twice: true,
      });
      bugs.forEach((bug, k) => (reproduces[k]![`${checker.name}:${mode}`] = same(bug, checks[k])));
    }
    const pairs = await typeCheck(`${checker.path}:old,new`, programs, options);
    bugs.forEach((bug, k) => {
      if (bug.kind === 'checker-disagreement')
        reproduces[k]![`${checker.name}:old,new`] = same(bug, pairs[k]);
    });
  }
  const reference = `${checkers[0]!.name}:old`;
  const newest = checkers[checkers.length - 1]!.name;
  return bugs.map((bug, k) => {
    const r = reproduces[k]!;
    const rule = intendedRules.find((x) => x.matches(bug));
    const verdict: BugVerdict = !Object.values(r).some(Boolean)
      ? { verdict: 'not-reproduced' }
      : (bug.kind === 'checker-false-positive' || bug.kind === 'checker-missed') && r[reference]
        ? { verdict: 'generator-bug' }
        : rule !== undefined
          ? { verdict: 'intended', rule: rule.rule, name: rule.name }
          : {
              verdict: 'checker-bug',
              newest: Object.entries(r).some(([c, yes]) => yes && c.startsWith(`${newest}:`))
                ? 'still-there'
                : 'fixed',
            };
    return { ...bug, reproduces: r, verdict };
  });
}

/**
 * A triaged bug in words, for a summary: its verdict, cause, counts and where it shows.
 *
 * @example
 * ```ts
 * describeBug(triaged[0], '0.735'); // '[checker bug, still in 0.735] checker-false-positive · new · …'
 * ```
 */
export function describeBug(bug: TriagedBug, newest: string): string {
  const v = bug.verdict;
  const head =
    v.verdict === 'checker-bug'
      ? `checker bug, ${v.newest === 'still-there' ? `still in ${newest}` : `fixed by ${newest}`}`
      : v.verdict === 'intended'
        ? `intended (${v.name})`
        : v.verdict === 'generator-bug'
          ? 'generator bug'
          : 'not reproduced';
  const shows = Object.entries(bug.reproduces)
    .filter(([, yes]) => yes)
    .map(([c]) => c);
  return [
    `[${head}] ${bug.cause}`,
    `  ${bug.findings.length} finding(s), ${bug.programs} program(s); shows in: ${shows.join(' ') || 'none'}`,
    ...(bug.module === undefined ? [] : ['  -- module0.luau', ...indent(bug.module)]),
    ...(bug.module === undefined ? [] : ['  -- program.luau']),
    ...indent(bug.program),
  ].join('\n');
}

function indent(source: string): string[] {
  return source
    .trimEnd()
    .split('\n')
    .map((l) => `    ${l}`);
}
