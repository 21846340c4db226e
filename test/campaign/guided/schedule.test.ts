import { describe, expect, it } from 'vitest';
import { streamRandom } from '../../../src/arbitrary/index.js';
import { entryWeight, pickEntry, type CorpusEntry } from '../../../src/campaign/guided/index.js';

function entry(id: number, over: Partial<CorpusEntry> = {}): CorpusEntry {
  return {
    id,
    record: { kind: 'choices', choices: new Int32Array([id]) },
    origin: { kind: 'fresh', run: id },
    firstCounters: 4,
    keptAt: 0,
    picks: 0,
    found: 0,
    ...over,
  };
}

describe('the guided schedule', () => {
  it('weighs recent entries and entries whose mutants found much above the others', () => {
    const now = 10_000;
    const old = entryWeight(entry(0), now);
    expect(entryWeight(entry(1, { keptAt: now }), now)).toBeGreaterThan(2 * old);
    expect(entryWeight(entry(2, { found: 100, picks: 10 }), now)).toBeGreaterThan(2 * old);
    expect(entryWeight(entry(3, { picks: 20 }), now)).toBeLessThan(old / 5);
  });

  it('picks entries in proportion to their weights', () => {
    const entries = [entry(0), entry(1, { found: 300, picks: 1 })];
    const random = streamRandom(3);
    let second = 0;
    for (let k = 0; k < 2000; k++) if (pickEntry(entries, random, 5000).id === 1) second++;
    const w = entries.map((e) => entryWeight(e, 5000));
    const expected = (2000 * w[1]!) / (w[0]! + w[1]!);
    expect(Math.abs(second - expected)).toBeLessThan(60);
    expect(() => pickEntry([], random, 0)).toThrow(RangeError);
  });
});
