import { describe, expect, it } from 'vitest';
import { streamRandom } from '../../../src/arbitrary/index.js';
import { entryPicker, entryWeight, type CorpusEntry } from '../../../src/campaign/guided/index.js';

function entry(id: number, over: Partial<CorpusEntry> = {}): CorpusEntry {
  return {
    id,
    record: { kind: 'choices', choices: new Int32Array([id]) },
    origin: { kind: 'fresh', run: id },
    firstCounters: 2,
    counters: Int32Array.of(2 * id, 2 * id + 1),
    keptAt: 0,
    picks: 0,
    found: 0,
    ...over,
  };
}

describe('the guided schedule', () => {
  it('weighs entries by the rarest code they reached first, and by what their mutants found', () => {
    // Counter 1 of entry 0 is reached by 50 runs, 0 by 100; entry 1's counters by 2 and 200.
    const hits = (c: number): number => [100, 50, 2, 200][c] ?? 1;
    const common = entryWeight(entry(0), hits);
    expect(common).toBeCloseTo(1 / 50);
    expect(entryWeight(entry(1), hits)).toBeCloseTo(1 / 2);
    expect(entryWeight(entry(0, { found: 100, picks: 10 }), hits)).toBeGreaterThan(5 * common);
    expect(entryWeight(entry(0, { picks: 20 }), hits)).toBeLessThan(common / 10);
    // Read without its counters: as rare as code four runs reached.
    expect(entryWeight(entry(0, { counters: new Int32Array(0) }), hits)).toBeCloseTo(1 / 4);
  });

  it('weighs an entry by what its program costs against the mean', () => {
    const hits = (): number => 1;
    expect(entryWeight(entry(0, { cost: 6000 }), hits, 2000)).toBeCloseTo(1 / 3);
    expect(entryWeight(entry(0, { cost: 1000 }), hits, 2000)).toBeCloseTo(2);
    // Without its cost (a corpus written before costs were kept): as one of the mean's.
    expect(entryWeight(entry(0), hits, 2000)).toBeCloseTo(1);
    // Three times the cost and three times the yield: alike.
    const random = streamRandom(5);
    let dear = 0;
    for (let k = 0; k < 2000; k++) {
      const entries = [entry(0, { cost: 2000 }), entry(1, { cost: 6000, found: 2 })];
      if (entryPicker(entries, hits)(random).id === 1) dear++;
    }
    expect(Math.abs(dear - 1000)).toBeLessThan(80);
  });

  it('picks entries in proportion to their weights, and counts the picks', () => {
    const hits = (): number => 1;
    const random = streamRandom(3);
    let second = 0;
    const draws = 2000;
    for (let k = 0; k < draws; k++) {
      // Fresh entries each time: one whose mutants found 3 for every 1 of the other.
      const entries = [entry(0), entry(1, { found: 3 })];
      if (entryPicker(entries, hits)(random).id === 1) second++;
    }
    expect(Math.abs(second - draws * 0.8)).toBeLessThan(60);
    const entries = [entry(0), entry(1)];
    const pick = entryPicker(entries, hits);
    for (let k = 0; k < 100; k++) pick(random);
    expect(entries[0]!.picks + entries[1]!.picks).toBe(100);
    // A picked entry weighs less the next time: the picks even out.
    expect(Math.abs(entries[0]!.picks - entries[1]!.picks)).toBeLessThan(10);
    expect(() => entryPicker([], hits)).toThrow(RangeError);
  });
});
