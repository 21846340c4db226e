import type fc from 'fast-check';
import type { CorpusEntry } from './corpus.js';

/**
 * How much a corpus entry is worth mutating now: by its yield (counters its mutants reached
 * first, per mutant tried, plus what it reached itself) and by its recency (an entry kept
 * lately has had few mutants yet, and sits at the edge of what the campaign reaches).
 *
 * @example
 * ```ts
 * entryWeight(entry, 5000); // higher for a new entry, or one whose mutants found much
 * ```
 */
export function entryWeight(entry: CorpusEntry, now: number): number {
  const yieldPerPick = (1 + entry.found + Math.sqrt(entry.firstCounters)) / (1 + entry.picks);
  const age = Math.max(0, now - entry.keptAt);
  const recency = 1 + 3 * 2 ** (-age / 1000);
  return yieldPerPick * recency;
}

/**
 * An entry to mutate, drawn with probability proportional to {@link entryWeight}.
 *
 * @example
 * ```ts
 * const parent = pickEntry(corpus.entries, random, tried);
 * ```
 */
export function pickEntry(
  entries: readonly CorpusEntry[],
  random: fc.Random,
  now: number,
): CorpusEntry {
  if (entries.length === 0) throw new RangeError('pickEntry: the corpus is empty');
  const weights = entries.map((e) => entryWeight(e, now));
  const total = weights.reduce((a, b) => a + b, 0);
  let x = (random.nextInt(0, 0x3fffffff) / 0x40000000) * total;
  for (let i = 0; i < entries.length; i++) {
    x -= weights[i]!;
    if (x < 0) return entries[i]!;
  }
  return entries[entries.length - 1]!;
}
