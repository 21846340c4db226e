import type { ValidityLevel } from '../arbitrary/index.js';
import type { ProgramOutcome } from '../runtime/index.js';
import type { CheckerFindingKind } from './type-check.js';

/** What makes a program a finding: how it ran, or (`--analyze`) how the type checker judged it. */
export type FindingKind =
  'crash' | 'timeout' | 'runtime-error' | 'compile-error' | 'mismatch' | CheckerFindingKind;

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
