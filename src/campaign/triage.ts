import type { ValidityLevel } from '../arbitrary/index.js';
import type { OutcomeStatus, ProgramOutcome } from '../runtime/index.js';
import {
  classifyOutcomes,
  crashSignature,
  isCheckerFinding,
  normalizeMessage,
} from './classify.js';
import type { CheckerFindingKind, CheckOutcome, FindingKind } from './classify.js';
import type { RuntimeGroup } from './campaign-formats.js';

export type { RuntimeGroup };

/**
 * Groups a program's outcomes by runtime: runtimes whose outcomes have the same status,
 * signal and output are one group (what a differential finding records: which runtimes
 * disagree, and how). Groups are in the order of their first runtime.
 *
 * @example
 * ```ts
 * runtimeGroups(['luau-cli:-O0', 'luau-cli:-O2', 'luau-cli:-O2:--codegen'], outcomes);
 * // [{ runtimes: ['luau-cli:-O0', 'luau-cli:-O2:--codegen'], status: 'ok', … }, { runtimes: ['luau-cli:-O2'], … }]
 * ```
 */
export function runtimeGroups(
  runtimes: readonly string[],
  outcomes: readonly ProgramOutcome[],
): RuntimeGroup[] {
  const groups = new Map<string, { members: string[]; first: ProgramOutcome }>();
  outcomes.forEach((o, k) => {
    const key = `${o.status}\u0000${o.signal ?? ''}\u0000${o.outputHash}`;
    const runtime = runtimes[k] ?? `runtime ${k}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { members: [runtime], first: o });
    else group.members.push(runtime);
  });
  return [...groups.values()].map(({ members, first }) => ({
    runtimes: members,
    status: first.status,
    ...(first.signal === undefined ? {} : { signal: first.signal }),
    outputHash: first.outputHash,
    output: first.output,
    ...(first.error === undefined ? {} : { error: first.error }),
  }));
}

const kindStatus: Record<Exclude<FindingKind, 'mismatch' | CheckerFindingKind>, OutcomeStatus> = {
  crash: 'crash',
  timeout: 'timeout',
  'runtime-error': 'runtime-error',
  'compile-error': 'compile-error',
};

/**
 * What tells findings apart before shrinking (and what a shrunk candidate must keep): the
 * kind; the runtimes involved (for a mismatch, how they split into groups of identical
 * outcomes; otherwise the runtimes that show the kind); and the normalized message (a
 * crash's signal, the first error's message). Programs with the same signature are taken
 * to be copies of one problem.
 *
 * @example
 * ```ts
 * findingSignature('mismatch', ['luau-cli:-O0', 'luau-cli:-O2'], outcomes);
 * // 'mismatch · luau-cli:-O0: ok | luau-cli:-O2: ok'
 * ```
 *
 * A finding of the type checker is told apart by its kind and detail (the planted error's
 * kind, the first wrong error's message, how the checker ended), given as `check`.
 */
export function findingSignature(
  kind: FindingKind,
  runtimes: readonly string[],
  outcomes: readonly ProgramOutcome[],
  check?: CheckOutcome,
): string {
  let involved: string;
  let message: string;
  if (isCheckerFinding(kind)) {
    involved = check?.mode === undefined ? 'luau-analyze' : `luau-analyze:${check.mode}`;
    message = check?.detail ?? '';
  } else if (kind === 'mismatch') {
    involved = runtimeGroups(runtimes, outcomes)
      .map((g) => `${g.runtimes.join(', ')}: ${g.status}`)
      .join(' | ');
    message = normalizeMessage(outcomes.find((o) => o.status !== 'ok')?.error ?? '');
  } else {
    const status = kindStatus[kind];
    involved = runtimes.filter((_, k) => outcomes[k]?.status === status).join(', ');
    message =
      kind === 'crash'
        ? (crashSignature(outcomes) ?? '')
        : normalizeMessage(outcomes.find((o) => o.status === status)?.error ?? '');
  }
  return [kind, involved, message].filter((part) => part !== '').join(' · ');
}

/**
 * Whether a candidate's outcomes reproduce a finding (what shrinking keeps): the same kind
 * and the same {@link findingSignature}, so that shrinking cannot drift to another problem.
 *
 * @example
 * ```ts
 * reproduces('runnable', 'crash', ['luau-web'], original, candidate);
 * ```
 */
export function reproduces(
  level: ValidityLevel,
  kind: FindingKind,
  runtimes: readonly string[],
  original: readonly ProgramOutcome[],
  candidate: readonly ProgramOutcome[],
): boolean {
  if (classifyOutcomes(level, candidate) !== kind) return false;
  return findingSignature(kind, runtimes, candidate) === findingSignature(kind, runtimes, original);
}

/** A program to triage: its index, outcomes, size and finding kind. */
export interface TriageItem {
  /** The program's index. */
  readonly i: number;
  /** Its outcomes, one per runtime. */
  readonly outcomes: readonly ProgramOutcome[];
  /** Messages in its tree. */
  readonly nodes: number;
  /** Its finding. */
  readonly finding: FindingKind;
  /** The type checker's verdict, for a finding of the checker. */
  readonly check?: CheckOutcome;
}

/** Programs with one signature: the representative (shrunk) and the rest (counted). */
export interface TriageGroup<T extends TriageItem> {
  /** The {@link findingSignature}. */
  readonly signature: string;
  /** The smallest program of the group (fewest nodes, then lowest index): the one to shrink. */
  readonly representative: T;
  /** The other programs, by index. */
  readonly others: readonly T[];
}

/**
 * Groups findings by {@link findingSignature} before anything is shrunk: one group per
 * problem, the smallest program as its representative. Groups come largest first (ties by
 * the representative's index), which is the order shrinking takes them in.
 *
 * @example
 * ```ts
 * const groups = triageFindings(runtimes, records.filter((r) => r.finding !== undefined));
 * for (const g of groups) shrink(g.representative);
 * ```
 */
export function triageFindings<T extends TriageItem>(
  runtimes: readonly string[],
  items: readonly T[],
): TriageGroup<T>[] {
  const bySignature = new Map<string, T[]>();
  for (const item of items) {
    const signature = findingSignature(item.finding, runtimes, item.outcomes, item.check);
    const list = bySignature.get(signature);
    if (list === undefined) bySignature.set(signature, [item]);
    else list.push(item);
  }
  const groups = [...bySignature.entries()].map(([signature, list]) => {
    const sorted = [...list].sort((a, b) => a.i - b.i);
    const representative = sorted.reduce((best, x) => (x.nodes < best.nodes ? x : best));
    return { signature, representative, others: sorted.filter((x) => x !== representative) };
  });
  return groups.sort(
    (a, b) => b.others.length - a.others.length || a.representative.i - b.representative.i,
  );
}
