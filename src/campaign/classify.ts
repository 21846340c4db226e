import Type, { type Static } from 'typebox';
import type { ValidityLevel } from '../arbitrary/index.js';
import type { ProgramOutcome } from '../runtime/index.js';

/** The kinds of finding the type checker gives, in a stable order. */
const checkerFindingKinds = [
  'checker-crash',
  'checker-timeout',
  'checker-missed',
  'checker-false-positive',
  'checker-disagreement',
  'checker-nondeterminism',
] as const;

/**
 * What makes a typed program a finding of the type checker: it crashed (a signal, a failed
 * assertion, an exit status other than 0 or 1, a failure without a diagnostic, an
 * `InternalCompilerError`); it ran past the time or memory allowed; it missed the planted
 * error; it reported an error where there is none; two of its modes (the old and the new
 * solver) report different errors where neither is wrong by the generator's account; or
 * checking the program twice gave two answers.
 */
export type CheckerFindingKind = (typeof checkerFindingKinds)[number];

/**
 * What makes a program a finding: how it ran, or (`--analyze`) how the type checker judged it.
 *
 * @example
 * ```ts
 * checkValue(FindingKind, 'mismatch', 'outcome.json'); // 'mismatch'
 * ```
 */
export const FindingKind = Type.Enum([
  'crash',
  'timeout',
  'runtime-error',
  'compile-error',
  'mismatch',
  ...checkerFindingKinds,
]);
export type FindingKind = Static<typeof FindingKind>;

/**
 * Whether a finding kind is one of the type checker's.
 *
 * @example
 * ```ts
 * isCheckerFinding('checker-missed'); // true
 * ```
 */
export function isCheckerFinding(kind: string): kind is CheckerFindingKind {
  return (checkerFindingKinds as readonly string[]).includes(kind);
}

/**
 * The type checker's verdict on one program, as a record keeps it (only for a finding).
 *
 * @example
 * ```ts
 * const check: CheckOutcome = { kind: 'checker-missed', detail: 'planted convert', output: '' };
 * ```
 */
export const CheckOutcome = Type.Object({
  /** The finding, if any. */
  kind: Type.Optional(Type.Enum(checkerFindingKinds)),
  /**
   * What tells findings of one kind apart: the planted error's kind (missed), the first
   * error reported outside it, normalized (false positive), how the checker ended (crash,
   * time-out), or the first error one mode or check reports and the other does not.
   */
  detail: Type.String(),
  /** The checker's mode the finding is of (two, comma-separated, for a disagreement). */
  mode: Type.Optional(Type.String()),
  /** What the checker said of the program (its diagnostics, or its crash's output). */
  output: Type.String(),
});
export type CheckOutcome = Static<typeof CheckOutcome>;

/**
 * A message without what varies between programs that hit the same problem: its first
 * non-empty line, without `file:line:` positions, with quoted text as `'…'` and numbers as
 * `N`, at most 160 characters.
 *
 * @example
 * ```ts
 * normalizeMessage("./p17.luau:3: attempt to index nil with 'l4'\nstacktrace:"); // "attempt to index nil with '…'"
 * ```
 */
export function normalizeMessage(message: string): string {
  const line = message.split('\n').find((l) => l.trim() !== '') ?? '';
  return (
    line
      // Positions: `./p1.luau:3:`, `[string "p1"]:3:`, `p1.luau:2:7:`.
      .replace(/(?:\[string "[^"]*"\]|[^\s:'"]+):\d+(?::\d+)?:\s*/g, '')
      .replace(/'[^']*'/g, "'…'")
      .replace(/"[^"]*"/g, '"…"')
      .replace(/\d+/g, 'N')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 160)
  );
}

const atLeast = (level: ValidityLevel, floor: ValidityLevel): boolean => {
  const order: ValidityLevel[] = ['schema', 'syntax', 'scoped', 'runnable', 'typed'];
  return order.indexOf(level) >= order.indexOf(floor);
};

/**
 * Whether two outcomes of the same program differ: in error/no-error, or (both without error)
 * in output. A timeout on either side is not compared (it says nothing about the other).
 *
 * @example
 * ```ts
 * outcomesDiffer(a, b); // true when a printed something else than b
 * ```
 */
export function outcomesDiffer(a: ProgramOutcome, b: ProgramOutcome): boolean {
  if (a.status === 'timeout' || b.status === 'timeout') return false;
  const failedA = a.status !== 'ok';
  const failedB = b.status !== 'ok';
  if (failedA !== failedB) return true;
  return a.outputHash !== b.outputHash;
}

/**
 * Whether any two of a program's outcomes (one per runtime, two or more) differ
 * ({@link outcomesDiffer}).
 *
 * @example
 * ```ts
 * anyDiffer([o0, o2, codegen]); // true when -O2 printed something else than -O0
 * ```
 */
export function anyDiffer(outcomes: readonly ProgramOutcome[]): boolean {
  for (let a = 0; a < outcomes.length; a++)
    for (let b = a + 1; b < outcomes.length; b++)
      if (outcomesDiffer(outcomes[a]!, outcomes[b]!)) return true;
  return false;
}

/**
 * Classifies a program's outcomes (one per runtime) at the campaign's validity level: a
 * crash is always a finding; with two or more runtimes, any difference between two of them
 * ({@link outcomesDiffer}) is a `mismatch`; a timeout or runtime error is one for `runnable`
 * (and `typed`) programs, which must run; a compile error is one from `scoped` on, where
 * programs must compile. Returns `undefined` when the program found nothing.
 *
 * @example
 * ```ts
 * classifyOutcomes('runnable', [outcome]); // 'runtime-error' for a program that raised
 * ```
 */
export function classifyOutcomes(
  level: ValidityLevel,
  outcomes: readonly ProgramOutcome[],
): FindingKind | undefined {
  if (outcomes.some((o) => o.status === 'crash')) return 'crash';
  if (anyDiffer(outcomes)) return 'mismatch';
  if (atLeast(level, 'runnable')) {
    if (outcomes.some((o) => o.status === 'timeout')) return 'timeout';
    if (outcomes.some((o) => o.status === 'runtime-error')) return 'runtime-error';
  }
  if (atLeast(level, 'scoped') && outcomes.some((o) => o.status === 'compile-error'))
    return 'compile-error';
  return undefined;
}

/**
 * What tells crashes apart: the signal, or (a VM abort has none) the start of the message
 * without numbers.
 *
 * @example
 * ```ts
 * crashSignature([{ status: 'crash', signal: 'SIGSEGV', … }]); // 'SIGSEGV'
 * ```
 */
export function crashSignature(outcomes: readonly ProgramOutcome[]): string | undefined {
  const crash = outcomes.find((o) => o.status === 'crash');
  if (crash === undefined) return undefined;
  return crash.signal ?? (crash.error ?? '').split('\n')[0]!.replace(/\d+/g, 'N').slice(0, 60);
}
