import Type, { type Static } from 'typebox';
import * as protocol from '../../runner/protocol.mjs';
import { FormatError, parseJson } from '../format/index.js';

/** How one program ended (the runner's protocol, `runner/protocol.mjs`). */
export type OutcomeStatus = protocol.OutcomeStatus;

/**
 * Every status, in report order.
 *
 * @example
 * ```ts
 * for (const s of outcomeStatuses) console.log(s, counts[s] ?? 0);
 * ```
 */
export const outcomeStatuses: readonly OutcomeStatus[] = protocol.outcomeStatuses;

/**
 * The result of running one program under a runtime: the same shape for every runtime and for
 * every runner line (`{"id":…,"status":…}` one JSON object per program), as the runner's
 * protocol (`runner/protocol.mjs`) defines it.
 *
 * @example
 * ```ts
 * const outcome: ProgramOutcome = { id: '7', status: 'ok', outputHash: emptyOutputHash, output: '', timeMs: 1.2 };
 * ```
 */
export type ProgramOutcome = Readonly<protocol.ProgramOutcome>;

/**
 * The schema of a {@link ProgramOutcome}: a runner's output line, and an outcome as a
 * campaign's files keep it (`results.jsonl`, a finding's `outcome.json`).
 *
 * @example
 * ```ts
 * const outcome = checkValue(ProgramOutcome, record.outcomes[0], 'results.jsonl');
 * ```
 */
export const ProgramOutcome = Type.Object({
  id: Type.String(),
  status: Type.Enum(outcomeStatuses),
  signal: Type.Optional(Type.String()),
  outputHash: Type.String(),
  output: Type.String(),
  error: Type.Optional(Type.String()),
  timeMs: Type.Number(),
  retried: Type.Optional(Type.Boolean()),
});
// The schema and the runner's protocol describe one shape (each assignable to the other).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShape: Same<Static<typeof ProgramOutcome>, ProgramOutcome> = true;

/**
 * SHA-256 of the empty output.
 *
 * @example
 * ```ts
 * if (outcome.outputHash === emptyOutputHash) console.log('printed nothing');
 * ```
 */
export const emptyOutputHash: string = protocol.emptyOutputHash;

/**
 * A runner line that is not an outcome.
 *
 * @example
 * ```ts
 * try { parseOutcomeLine(line); } catch (e) { if (e instanceof OutcomeParseError) skip(line); }
 * ```
 */
export class OutcomeParseError extends Error {
  override readonly name = 'OutcomeParseError';
}

/**
 * Parses and validates one runner output line.
 *
 * @throws {@link OutcomeParseError} when the line is not a complete outcome object.
 * @example
 * ```ts
 * const o = parseOutcomeLine('{"id":"1","status":"ok","outputHash":"e3b0…","output":"","timeMs":1}');
 * ```
 */
export function parseOutcomeLine(line: string): ProgramOutcome {
  let v: ProgramOutcome;
  try {
    v = parseJson(line, ProgramOutcome, 'outcome line');
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    throw new OutcomeParseError(`${e.message}: ${line.slice(0, 80)}`, { cause: e });
  }
  // The protocol's order of fields, whatever the line's.
  return {
    id: v.id,
    status: v.status,
    ...(v.signal === undefined ? {} : { signal: v.signal }),
    outputHash: v.outputHash,
    output: v.output,
    ...(v.error === undefined ? {} : { error: v.error }),
    timeMs: v.timeMs,
    ...(v.retried === true ? { retried: true } : {}),
  };
}

/**
 * Splits runner output into outcomes, skipping lines that are not outcomes (a truncated last
 * line, diagnostics) and returning them separately.
 *
 * @example
 * ```ts
 * const { outcomes, rejected } = parseOutcomeLines(stdout);
 * ```
 */
export function parseOutcomeLines(text: string): {
  outcomes: ProgramOutcome[];
  rejected: string[];
} {
  const outcomes: ProgramOutcome[] = [];
  const rejected: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      outcomes.push(parseOutcomeLine(line));
    } catch {
      rejected.push(line);
    }
  }
  return { outcomes, rejected };
}
