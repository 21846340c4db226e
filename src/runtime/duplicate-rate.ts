import { createHash } from 'node:crypto';

/** Exact duplicates in a sample of printed programs. */
export interface DuplicateRate {
  /** Programs in the sample. */
  count: number;
  /** Distinct printed programs. */
  distinct: number;
  /** Programs identical to an earlier one (`count - distinct`). */
  duplicates: number;
  /** `duplicates / count` (0 for an empty sample). */
  rate: number;
}

/**
 * Counts the programs of a sample whose printed text (all their chunks, module and program)
 * is identical to an earlier program's: the share a campaign spends running the same program
 * again.
 *
 * @example
 * ```ts
 * duplicateRate([['print(1)'], ['print(1)'], ['print(2)']]); // { count: 3, distinct: 2, duplicates: 1, rate: 0.333… }
 * ```
 */
export function duplicateRate(programs: readonly (readonly string[])[]): DuplicateRate {
  const seen = new Set<string>();
  for (const chunks of programs) {
    const h = createHash('sha256');
    // Each chunk's length first, so that chunk boundaries count.
    for (const c of chunks) h.update(`${Buffer.byteLength(c)}:`).update(c);
    seen.add(h.digest('hex'));
  }
  const count = programs.length;
  const duplicates = count - seen.size;
  return { count, distinct: seen.size, duplicates, rate: count === 0 ? 0 : duplicates / count };
}
