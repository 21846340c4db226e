import { describe, expect, it } from 'vitest';
import { toBinary } from '@bufbuild/protobuf';
import { ModuleSetSchema, type ModuleSet } from '../../gen/luau_pb.js';
import {
  appendChoices,
  choicesAtScale,
  growRecord,
  MAX_SCALE,
  programRecords,
  recordMutations,
  streamRandom,
  type ProgramMutation,
  type ProgramRecord,
} from '../../src/arbitrary/index.js';
import { MAX_CHOICES } from '../../src/arbitrary/runnable/index.js';

function size(tree: ModuleSet): number {
  return toBinary(ModuleSetSchema, tree).length;
}

function scaleOf(r: ProgramRecord): number {
  if (r.kind !== 'choices') throw new Error(`a record of kind ${r.kind}`);
  return r.scale ?? 1;
}

const onlyGrow = Object.fromEntries(
  recordMutations.map((m) => [m, m === 'grow' ? 1 : 0]),
) as Partial<Record<ProgramMutation, number>>;

describe('appendChoices', () => {
  it('keeps the record’s choices, cut or lengthened with choices in range, alike for a seed', () => {
    const choices = Int32Array.of(7, 65_535, 0, 12);
    expect(Array.from(appendChoices(choices, 2, streamRandom(1)))).toEqual([7, 65_535]);
    const long = appendChoices(choices, 300, streamRandom(1));
    expect(long).toHaveLength(300);
    expect(Array.from(long.subarray(0, 4))).toEqual(Array.from(choices));
    expect(long.subarray(4).every((x) => x >= 0 && x < 0x10000)).toBe(true);
    expect(new Set(long.subarray(4)).size).toBeGreaterThan(200);
    expect(Array.from(appendChoices(choices, 300, streamRandom(1)))).toEqual(Array.from(long));
    expect(Array.from(appendChoices(choices, 300, streamRandom(2)))).not.toEqual(Array.from(long));
  });
});

describe('growRecord', () => {
  it('draws a larger scale among the doublings, the larger the likelier, and appends choices after the record, alike for a seed', () => {
    const choices = Int32Array.from({ length: 300 }, (_, i) => i);
    const drawn = new Map<number, number>();
    for (let seed = 0; seed < 300; seed++) {
      const a = growRecord(choices, 1, streamRandom(seed), MAX_CHOICES)!;
      const b = growRecord(choices, 1, streamRandom(seed), MAX_CHOICES)!;
      expect([2, 4, 8, 16]).toContain(a.scale);
      drawn.set(a.scale, (drawn.get(a.scale) ?? 0) + 1);
      // As many choices as it holds for each time the budget it is read with.
      expect(a.choices.length).toBe(300 * a.scale);
      expect(Array.from(a.choices.subarray(0, 300))).toEqual(Array.from(choices));
      expect(a.choices.subarray(300).every((x) => x >= 0 && x < 0x10000)).toBe(true);
      expect(b.scale).toBe(a.scale);
      expect(Array.from(b.choices)).toEqual(Array.from(a.choices));
    }
    // In proportion to the scale: 2/30, 4/30, 8/30, 16/30 of 300.
    expect(drawn.get(2)).toBeGreaterThan(5);
    expect(drawn.get(2)).toBeLessThan(drawn.get(4)!);
    expect(drawn.get(4)).toBeLessThan(drawn.get(8)!);
    expect(drawn.get(8)).toBeLessThan(drawn.get(16)!);
    expect(drawn.get(16)).toBeGreaterThan(130);
    const half = MAX_SCALE / 2;
    const empty = growRecord(new Int32Array(0), half, streamRandom(1), MAX_CHOICES)!;
    expect(empty.scale).toBe(MAX_SCALE);
    expect(empty.choices).toHaveLength(256);
    const long = growRecord(
      new Int32Array(MAX_CHOICES * (MAX_SCALE - 2)),
      half,
      streamRandom(1),
      MAX_CHOICES,
    )!;
    expect(long.scale).toBe(MAX_SCALE);
    expect(long.choices.length).toBe(choicesAtScale(MAX_CHOICES, MAX_SCALE));
    expect(growRecord(choices, MAX_SCALE, streamRandom(1), MAX_CHOICES)).toBeUndefined();
  });
});

describe('grown runnable records', () => {
  const records = programRecords({ level: 'runnable', profile: 'luau' });

  it('read with a larger node budget give larger programs, and keep their scale when read and mutated', () => {
    let larger = 0;
    for (let run = 0; run < 20; run++) {
      const parent = records.read(records.ofRun(9, run)).record;
      const grown = records.mutate(parent, streamRandom(run), [parent], onlyGrow);
      expect(grown.mutations).toEqual(['grow']);
      const scale = scaleOf(grown.record);
      expect(scale).toBeGreaterThan(1);
      const read = records.read(grown.record);
      expect(scaleOf(read.record)).toBe(scale);
      expect(size(records.build(read.record))).toBe(size(read.tree));
      if (size(read.tree) > size(records.build(parent))) larger++;
      // Other mutations keep the scale of the record they change.
      const other = records.mutate(read.record, streamRandom(run + 100), [parent], {
        ...onlyGrow,
        grow: 0,
        change: 1,
      });
      expect(other.mutations[0]).toBe('change');
      expect(scaleOf(other.record)).toBe(scale);
    }
    // A program ends by its budget or its record; a larger budget can also draw otherwise.
    expect(larger).toBeGreaterThan(12);
  });

  it('stop growing at MAX_SCALE: the mutation drawn there is another', () => {
    let record = records.ofRun(9, 1);
    for (let k = 0; k < 5; k++)
      record = records.mutate(record, streamRandom(k), [record], onlyGrow).record;
    expect(scaleOf(record)).toBe(MAX_SCALE);
    const again = records.mutate(record, streamRandom(9), [record], onlyGrow);
    expect(again.mutations[0]).not.toBe('grow');
    expect(scaleOf(again.record)).toBe(MAX_SCALE);
  });
});
