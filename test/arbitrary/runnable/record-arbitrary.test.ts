import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choiceRecord,
  expandRecord,
  MAX_CHOICES,
  shrinkCandidateBound,
} from '../../../src/arbitrary/runnable/index.js';

/** The seed-and-length draw the record arbitrary replaced. */
const seedAndLength = fc
  .tuple(fc.noBias(fc.nat({ max: 0x7fffffff })), fc.noBias(fc.nat({ max: MAX_CHOICES })))
  .map(([seed, length]) => expandRecord(seed, length));

/** Every shrink candidate of a record, with its context. */
function allCandidates(
  arb: fc.Arbitrary<number[]>,
  r: number[],
  context?: unknown,
): fc.Value<number[]>[] {
  return [...arb.shrink(r, context)];
}

/** Smaller in the order shrinking must descend: shorter, or as long with a lower sum. */
function smaller(a: readonly number[], b: readonly number[]): boolean {
  const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
  return a.length < b.length || (a.length === b.length && sum(a) < sum(b));
}

describe('choiceRecord', () => {
  it('draws the records the seed-and-length arbitrary drew for the same seed and path', () => {
    for (const seed of [1, 715]) {
      expect(fc.sample(choiceRecord(), { seed, numRuns: 30 })).toEqual(
        fc.sample(seedAndLength, { seed, numRuns: 30 }),
      );
      expect(fc.sample(choiceRecord(), { seed, path: '7', numRuns: 1 })).toEqual(
        fc.sample(seedAndLength, { seed, path: '7', numRuns: 1 }),
      );
    }
  });

  it('gives the same records for the same seed, and different ones for another', () => {
    const a = fc.sample(choiceRecord(), { seed: 3, numRuns: 20 });
    expect(fc.sample(choiceRecord(), { seed: 3, numRuns: 20 })).toEqual(a);
    expect(fc.sample(choiceRecord(), { seed: 4, numRuns: 20 })).not.toEqual(a);
  });

  it('lists only valid records, each smaller than the record, within the bound', () => {
    const arb = choiceRecord({ parts: (r) => r.filter((x) => x % 7 === 0).length });
    const records = [
      ...fc.sample(choiceRecord(), { seed: 9, numRuns: 6 }).map((r) => r.slice(0, 300)),
      [0, 0, 5, 0, 1],
      [],
    ];
    for (const r of records) {
      const copy = r.slice();
      const list = allCandidates(arb, r);
      expect(r).toEqual(copy); // the record itself is never changed
      expect(list.length).toBeLessThanOrEqual(shrinkCandidateBound(r.length));
      for (const { value } of list) {
        expect(arb.canShrinkWithoutContext(value)).toBe(true);
        expect(smaller(value, r)).toBe(true);
      }
    }
  });

  it('tries shorter prefixes first, from the empty record up, halving the cut', () => {
    const r = expandRecord(5, 64);
    const first = allCandidates(choiceRecord(), r)
      .slice(0, 7)
      .map((v) => v.value.length);
    expect(first).toEqual([0, 32, 48, 56, 60, 62, 63]);
  });

  it('then deletes blocks of 8, 4, 2 and 1 choices, zeroes blocks, and lowers single choices', () => {
    const r = [9, 8, 7, 6, 5, 4, 3, 2, 1, 9];
    const values = allCandidates(choiceRecord(), r).map((v) => v.value);
    expect(values).toContainEqual([1, 9]); // the first 8 deleted
    expect(values).toContainEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]); // the last one deleted
    expect(values).toContainEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 9]); // the first 8 zeroed
    expect(values).toContainEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 4]); // the last one halved
    expect(values).toContainEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]); // the last one lowered to 0
  });

  it('deletes whole parts when it can count them', () => {
    // Parts start at every multiple of 10: 0, 20 and 30 in this record.
    const r = [20, 1, 2, 30, 3, 40];
    const arb = choiceRecord({ parts: (prefix) => prefix.filter((x) => x % 10 === 0).length });
    const values = allCandidates(arb, r).map((v) => v.value);
    expect(values).toContainEqual([30, 3, 40]); // the first part
    expect(values).toContainEqual([20, 1, 2, 40]); // the second
    expect(values).toContainEqual([40]); // the first two
  });

  it('resumes where the last step succeeded and still lists every candidate once', () => {
    const arb = choiceRecord();
    const r = expandRecord(11, 40);
    const all = allCandidates(arb, r);
    const middle = all[Math.floor(all.length / 2)]!;
    const resumed = allCandidates(arb, r, middle.context);
    expect(resumed[0]!.value).toEqual(middle.value);
    const key = (v: fc.Value<number[]>) => v.value.join(',');
    expect(resumed.map(key).sort()).toEqual(all.map(key).sort());
  });

  it('lowers a first choice that changes how the next reads, picking the next again', () => {
    // Choice 0 draws a feature (odd: on) that adds a prelude and changes how choice 1 reads:
    // one of 7 statements with it, one of 5 without. The failure: statement 3.
    const build = (r: readonly number[]) => {
      const on = (r[0] ?? 0) % 2 === 1;
      return { prelude: on ? 100 : 0, statement: (r[1] ?? 0) % (on ? 7 : 5) };
    };
    const details = fc.check(
      fc.property(choiceRecord(), (r) => build(r).statement !== 3),
      { seed: 1, numRuns: 1, examples: [[[1, 17]]] },
    );
    // Lowering either choice alone loses statement 3 (17 % 5 is 2), so the prelude stayed.
    expect(details.counterexample).toEqual([[0, 3]]);
    expect(build(details.counterexample![0]!).prelude).toBe(0);
  });

  it('shrinks records given without context, and refuses what is not a record', () => {
    const arb = choiceRecord();
    expect(arb.canShrinkWithoutContext([0, 1, 65535])).toBe(true);
    expect(arb.canShrinkWithoutContext([])).toBe(true);
    expect(arb.canShrinkWithoutContext([1, -1])).toBe(false);
    expect(arb.canShrinkWithoutContext([1.5])).toBe(false);
    expect(arb.canShrinkWithoutContext(['1'])).toBe(false);
    expect(arb.canShrinkWithoutContext(new Array<number>(MAX_CHOICES + 1).fill(0))).toBe(false);
    expect(arb.canShrinkWithoutContext({ length: 0 })).toBe(false);
  });

  it('shrinks a failing record to the few choices the failure needs', () => {
    // Fails when three choices are at least 60000: the minimum keeps exactly three.
    const details = fc.check(
      fc.property(choiceRecord(), (r) => r.filter((x) => x >= 60_000).length < 3),
      { seed: 2, numRuns: 100 },
    );
    expect(details.failed).toBe(true);
    const [shrunk] = details.counterexample!;
    expect(shrunk).toHaveLength(3);
    expect(shrunk!.every((x) => x >= 60_000)).toBe(true);
  });
});
