import type fc from 'fast-check';
import type { CorpusEntry } from './corpus.js';

/** Runs that reached a counter (see `CounterMap.hits`). */
export type CounterHits = (counter: number) => number;

/**
 * How much a corpus entry is worth mutating now: by the rarity of the code it reached first
 * (its rarest counter, by the runs that reached it since: an entry whose code every program
 * reaches by now sits far from the edge of what the campaign reaches, as in AFL++'s rare
 * schedule and FairFuzz), and by its yield (counters its mutants reached first, per mutant
 * tried: an entry mutated often for nothing has its energy spent, as in AFL's power
 * schedules). An entry read without its counters counts as one reached by a few runs.
 *
 * @example
 * ```ts
 * entryWeight(entry, (i) => map.hits(i)); // higher for rare code, or mutants that found much
 * ```
 */
export function entryWeight(entry: CorpusEntry, hits: CounterHits): number {
  let rarest = entry.counters.length === 0 ? 4 : Infinity;
  for (const c of entry.counters) rarest = Math.min(rarest, Math.max(1, hits(c)));
  return (1 + entry.found) / (1 + entry.picks) / rarest;
}

/**
 * Draws entries to mutate with probability proportional to {@link entryWeight}, and counts
 * each draw in its entry's `picks` (which the next draw sees).
 *
 * @example
 * ```ts
 * const pick = entryPicker(corpus.entries, (i) => map.hits(i));
 * const parent = pick(random);
 * ```
 */
export function entryPicker(
  entries: readonly CorpusEntry[],
  hits: CounterHits,
): (random: fc.Random) => CorpusEntry {
  if (entries.length === 0) throw new RangeError('entryPicker: the corpus is empty');
  const weights = entries.map((e) => entryWeight(e, hits));
  let total = weights.reduce((a, b) => a + b, 0);
  return (random) => {
    let x = (random.nextInt(0, 0x3fffffff) / 0x40000000) * total;
    let i = 0;
    while (i < entries.length - 1 && x >= weights[i]!) x -= weights[i++]!;
    const picked = entries[i]!;
    const w = weights[i]! * ((1 + picked.picks) / (2 + picked.picks));
    picked.picks++;
    total += w - weights[i]!;
    weights[i] = w;
    return picked;
  };
}
