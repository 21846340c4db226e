import { toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema, type ModuleSet } from '../../gen/luau_pb.js';
import { streamRandom } from '../../src/arbitrary/choice-record.js';
import { resolveOptions } from '../../src/arbitrary/options.js';
import { programRecords } from '../../src/arbitrary/program-record.js';
import { runnableModuleSet, type ChoiceSpan } from '../../src/arbitrary/runnable/index.js';
import {
  mutateSpans,
  spanMutations,
  type SpannedChoices,
} from '../../src/arbitrary/span-mutation.js';
import { printPretty } from '../../src/print/index.js';
import { LuauBatchRunner } from '../../src/runtime/index.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

function bytes(tree: ModuleSet): string {
  return Buffer.from(toBinary(ModuleSetSchema, tree)).toString('hex');
}

const options = resolveOptions({ level: 'runnable', profile: 'luau' });
const records = programRecords({ level: 'runnable', profile: 'luau' });

function spanned(run: number): SpannedChoices {
  const read = records.read(records.ofRun(11, run)).record;
  if (read.kind !== 'choices') throw new Error(`a record of kind ${read.kind}`);
  const spans: ChoiceSpan[] = [];
  runnableModuleSet(Array.from(read.choices), options, spans);
  return { choices: read.choices, spans };
}

describe('spans of a runnable record', () => {
  it('are bookkeeping: the program built while noting them is the same', () => {
    for (let run = 0; run < 20; run++) {
      const record = Array.from(spanned(run).choices);
      const spans: ChoiceSpan[] = [];
      expect(bytes(runnableModuleSet(record, options, spans))).toBe(
        bytes(runnableModuleSet(record, options)),
      );
      expect(spans.length).toBeGreaterThan(0);
    }
  });

  it('nest: two spans are disjoint or one holds the other, and each has choices', () => {
    for (let run = 0; run < 20; run++) {
      const { spans } = spanned(run);
      expect(spans.some((s) => s.kind === 'stat')).toBe(true);
      for (const a of spans) {
        expect(a.end).toBeGreaterThan(a.start);
        for (const b of spans) {
          const disjoint = a.end <= b.start || b.end <= a.start;
          const nested =
            (a.start <= b.start && b.end <= a.end) || (b.start <= a.start && a.end <= b.end);
          expect(disjoint || nested).toBe(true);
        }
      }
    }
  });
});

describe('span mutations', () => {
  const parent = spanned(3);
  const donor = spanned(4);
  const inside = (s: SpannedChoices, kind: ChoiceSpan['kind']): ChoiceSpan[] =>
    s.spans.filter((p) => p.kind === kind && p.start < s.choices.length);
  const cut = (s: ChoiceSpan, n: number): ChoiceSpan => ({ ...s, end: Math.min(s.end, n) });

  it('delete one statement’s choices, or repeat them right after it', () => {
    const stats = inside(parent, 'stat').map((s) => cut(s, parent.choices.length));
    for (let seed = 0; seed < 30; seed++) {
      const deleted = mutateSpans(parent, 'span-delete', streamRandom(seed), [], [0, 0xffff])!;
      const removed = parent.choices.length - deleted.length;
      // Exactly one statement span's choices are gone, those around it kept in order.
      const which = stats.filter(
        (s) =>
          s.end - s.start === removed &&
          deleted.subarray(0, s.start).every((c, i) => c === parent.choices[i]) &&
          deleted.subarray(s.start).every((c, i) => c === parent.choices[s.end + i]),
      );
      expect(which.length).toBeGreaterThan(0);
      const twice = mutateSpans(parent, 'span-duplicate', streamRandom(seed), [], [0, 0xffff])!;
      const added = twice.length - parent.choices.length;
      expect(
        stats.some(
          (s) =>
            s.end - s.start === added &&
            twice.subarray(s.end, s.end + added).every((c, i) => c === parent.choices[s.start + i]),
        ),
      ).toBe(true);
    }
  });

  it('put a donor’s span of the same kind in place of one, or fresh choices of its length', () => {
    const runs = new Set(
      ['stat', 'block'].flatMap((k) =>
        inside(donor, k as ChoiceSpan['kind']).map((s) =>
          Array.from(donor.choices.subarray(s.start, Math.min(s.end, donor.choices.length))).join(),
        ),
      ),
    );
    let found = 0;
    for (let seed = 0; seed < 30; seed++) {
      const spliced = mutateSpans(parent, 'span-splice', streamRandom(seed), [donor], [0, 0xffff]);
      if (spliced === undefined) continue;
      // Some run of the donor's spans sits in the child where a span of the parent was.
      const parentSpans = parent.spans.filter((s) => s.start < parent.choices.length);
      const hit = parentSpans.some((s) => {
        const tail = parent.choices.length - Math.min(s.end, parent.choices.length);
        const run = Array.from(spliced.subarray(s.start, spliced.length - tail)).join();
        return runs.has(run);
      });
      if (hit) found++;
      const fresh = mutateSpans(parent, 'span-fresh', streamRandom(seed), [], [0, 0xffff])!;
      expect(fresh.length).toBe(parent.choices.length);
      expect(fresh.every((c) => c >= 0 && c <= 0xffff)).toBe(true);
    }
    expect(found).toBeGreaterThan(20);
  });

  /** The mutants of seeds 0 to 19 of each mutation, and the seeds that changed nothing. */
  function mutants(): { trees: ModuleSet[]; unchanged: Record<string, number[]> } {
    const parentTree = bytes(records.build({ kind: 'choices', choices: parent.choices }));
    const trees: ModuleSet[] = [];
    const unchanged: Record<string, number[]> = {};
    for (const op of spanMutations) {
      unchanged[op] = [];
      for (let seed = 0; seed < 20; seed++) {
        const a = mutateSpans(parent, op, streamRandom(seed), [donor], [0, 0xffff]);
        const b = mutateSpans(parent, op, streamRandom(seed), [donor], [0, 0xffff]);
        expect(a).toEqual(b);
        expect(a, `${op} seed ${seed}`).toBeDefined();
        const tree = records.build({ kind: 'choices', choices: a! });
        if (bytes(tree) === parentTree) unchanged[op]!.push(seed);
        else trees.push(tree);
      }
    }
    return { trees, unchanged };
  }

  it('are drawn alike for one seed, and give another program but for a duplicate of the last statement', () => {
    // A mutant that builds the parent's program again is no mutation. Only a duplicate can
    // be one: of the record's last statement, whose copy no statement reads.
    expect(mutants().unchanged).toEqual({
      'span-fresh': [],
      'span-splice': [],
      'span-delete': [],
      'span-duplicate': [1, 2, 3, 5, 8, 14],
    });
  });

  it.runIf(haveLuauTools)(
    'give programs of the level: every mutant runs clean in Luau',
    needsShared,
    async () => {
      const { trees } = mutants();
      expect(trees).toHaveLength(74);
      const programs = trees.map((t) => {
        const chunks = printPretty(t);
        const program = chunks[chunks.length - 1] ?? '';
        return chunks.length === 2 ? { program, module: chunks[0] } : { program };
      });
      const batch = new LuauBatchRunner(programs);
      try {
        const outcomes = await batch.run({ luau: tools().luau, args: ['-O2'] });
        expect(
          outcomes.flatMap((o, i) => (o.status === 'ok' ? [] : [`#${i} ${o.status}: ${o.error}`])),
        ).toEqual([]);
      } finally {
        batch.close();
      }
    },
  );

  it('act on nothing where there is no statement', () => {
    // No statement to act on: nothing.
    expect(
      mutateSpans(
        { choices: new Int32Array(0), spans: [] },
        'span-delete',
        streamRandom(1),
        [],
        [0, 1],
      ),
    ).toBeUndefined();
  });
});
