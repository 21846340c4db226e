import * as protocol from '../../runner/protocol.mjs';

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

function isStatus(value: unknown): value is OutcomeStatus {
  return typeof value === 'string' && (outcomeStatuses as readonly string[]).includes(value);
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
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new OutcomeParseError(`not JSON: ${line.slice(0, 80)}`);
  }
  if (value === null || typeof value !== 'object') throw new OutcomeParseError('not an object');
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string') throw new OutcomeParseError('missing id');
  if (!isStatus(v.status)) throw new OutcomeParseError(`bad status ${String(v.status)}`);
  if (
    typeof v.outputHash !== 'string' ||
    typeof v.output !== 'string' ||
    typeof v.timeMs !== 'number'
  ) {
    throw new OutcomeParseError('missing outputHash, output or timeMs');
  }
  return {
    id: v.id,
    status: v.status,
    ...(typeof v.signal === 'string' ? { signal: v.signal } : {}),
    outputHash: v.outputHash,
    output: v.output,
    ...(typeof v.error === 'string' ? { error: v.error } : {}),
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
