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
