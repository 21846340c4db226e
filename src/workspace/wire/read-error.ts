import { platformErrors, v1Errors, v2Errors, type ErrorKind, type WireError } from './errors.js';

/** The kinds in the order a message is tried: a nonzero exit's stderr may hold any text. */
const ORDER: readonly ErrorKind[] = [
  'authentication',
  'hub-timeout',
  'async-job-lost',
  'exec-timeout',
  'nonzero-exit',
  'project-starting',
  'access-denied',
  'quota-exceeded',
  'invalid-request',
];

const ALL: readonly WireError<never>[] = [
  ...Object.values(v1Errors),
  ...Object.values(v2Errors),
  ...Object.values(platformErrors),
].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind)) as WireError<never>[];

/** What {@link readError} found in a server's message. */
export interface ReadError {
  kind: ErrorKind;
  /** The values the text carries (`code` and `stderr` of a nonzero exit). */
  groups: Record<string, string | undefined>;
}

/**
 * Reads an error message of either API version, ours or the platform's, back into its kind;
 * `undefined` for a message no definition knows. The platform's database errors start with
 * `FATAL: `, which is read past.
 *
 * @example
 * ```ts
 * readError("unknown option 'x'")?.kind; // 'invalid-request'
 * readError(v1Errors.execNonZero.text('x', [], 2, 'e'))?.groups.code; // '2'
 * ```
 */
export function readError(message: string): ReadError | undefined {
  const bare = message.replace(/^FATAL: /, '');
  for (const e of ALL) {
    const m = e.pattern.exec(message) ?? e.pattern.exec(bare);
    if (m !== null) return { kind: e.kind, groups: { ...m.groups } };
  }
  return undefined;
}
