import { describe, expect, it } from 'vitest';
import { toBinary } from '@bufbuild/protobuf';
import { ModuleSetSchema, type ModuleSet } from '../../gen/luau_pb.js';
import {
  biasOfRun,
  generateFromRecord,
  streamRandom,
  type ChoiceRecord,
} from '../../src/arbitrary/choice-record.js';
import { choiceMutations, mutateRecord } from '../../src/arbitrary/choice-mutation.js';
import { campaignArbitrary, generatePrograms, sourcesOf } from '../../src/campaign/programs.js';
import {
  programRecords,
  recordMutations,
  type ProgramMutation,
} from '../../src/arbitrary/program-record.js';
import type { ValidityLevel } from '../../src/arbitrary/index.js';
import { LuauBatchRunner, type LuauBatchProgram } from '../../src/runtime/index.js';
import {
  candidateDivergences,
  engineModes,
  releaseLuau,
  runAlike,
  runNeutralised,
  type EngineMode,
  type KnownDivergence,
  type ModeOutcomes,
} from '../helpers/known-divergences.js';
import { haveLuauTools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

function arbitraryOf(level: ValidityLevel): ReturnType<typeof campaignArbitrary> {
  return campaignArbitrary({ level, profile: 'luau', maxNodes: null });
}

function fresh(seed: number, run = seed): ChoiceRecord {
  return { seed, bias: biasOfRun(run), choices: new Int32Array(0) };
}

function bytes(tree: ModuleSet): string {
  return Buffer.from(toBinary(ModuleSetSchema, tree)).toString('hex');
}

describe('choice records', () => {
  it.each<ValidityLevel>(['schema', 'syntax', 'scoped', 'typed', 'runnable'])(
    'replay the same %s tree from the record of a fresh generation, and from the seed alone',
    (level) => {
      const arb = arbitraryOf(level);
      for (let seed = 1; seed <= 20; seed++) {
        const first = generateFromRecord(arb, fresh(seed));
        expect(first.record.choices.length).toBeGreaterThan(0);
        const replayed = generateFromRecord(arb, first.record);
        expect(bytes(replayed.value)).toBe(bytes(first.value));
        expect(replayed.record.choices).toEqual(first.record.choices);
        expect(bytes(generateFromRecord(arb, fresh(seed)).value)).toBe(bytes(first.value));
      }
    },
  );

  it('give different programs for different seeds', () => {
    const arb = arbitraryOf('runnable');
    const programs = new Set(
      Array.from(
        { length: 30 },
        (_, s) => sourcesOf(generateFromRecord(arb, fresh(s)).value).program,
      ),
    );
    expect(programs.size).toBeGreaterThan(25);
  });

  it('mutate by every kind of change, deterministically for a seed of the mutation', () => {
    const arb = arbitraryOf('runnable');
    const parent = generateFromRecord(arb, fresh(3)).record;
    const donor = generateFromRecord(arb, fresh(4)).record;
    const seen = new Set<string>();
    for (let s = 0; s < 200; s++) {
      const a = mutateRecord(parent, streamRandom(s), { donors: [donor] });
      const b = mutateRecord(parent, streamRandom(s), { donors: [donor] });
      expect(b.record.choices).toEqual(a.record.choices);
      expect(b.mutations).toEqual(a.mutations);
      for (const m of a.mutations) seen.add(m);
    }
    expect([...seen].sort()).toEqual([...choiceMutations].sort());
  });

  it('bias the first runs as fast-check does', () => {
    expect([0, 8, 9, 98, 99, 999].map(biasOfRun)).toEqual([2, 2, 3, 3, 4, 5]);
  });
});

/**
 * `parents` records of `level` and `each` mutants of each (a mutant of a mutant now and then),
 * their first mutation drawn by `weights`.
 */
function mutants(
  level: ValidityLevel,
  parents: number,
  each: number,
  weights?: Partial<Record<ProgramMutation, number>>,
): { programs: LuauBatchProgram[]; changed: number; spans: number; grown: number } {
  const records = programRecords({ level, profile: 'luau' });
  const firsts = Array.from({ length: parents }, (_, s) => records.ofRun(100, s));
  const random = streamRandom(7);
  const programs: LuauBatchProgram[] = [];
  let changed = 0;
  let spans = 0;
  let grown = 0;
  for (const parent of firsts) {
    const parentProgram = sourcesOf(records.build(parent)).program;
    let record = parent;
    for (let k = 0; k < each; k++) {
      const mutated = records.mutate(record, random, firsts, weights);
      if (mutated.mutations[0]?.startsWith('span-') === true) spans++;
      if (mutated.record.kind === 'choices' && (mutated.record.scale ?? 1) > 1) grown++;
      const sources = sourcesOf(records.build(mutated.record));
      programs.push(sources);
      if (sources.program !== parentProgram) changed++;
      if (random.nextInt(0, 3) === 0) record = mutated.record;
    }
  }
  return { programs, changed, spans, grown };
}

/** Runs `programs` at -O0, -O2 and --codegen: the differences no known divergence explains. */
async function unexplained(programs: readonly LuauBatchProgram[]): Promise<string[]> {
  const batch = new LuauBatchRunner([...programs]);
  const byMode = {} as Record<EngineMode, Awaited<ReturnType<LuauBatchRunner['run']>>>;
  try {
    for (const m of engineModes)
      byMode[m] = await batch.run({ luau: releaseLuau('0.715'), args: m.split(' ') });
  } finally {
    batch.close();
  }
  // A difference is a failure unless a known divergence of Luau explains it: its matcher,
  // and for one with a neutraliser, the modes agreeing once it is neutralised.
  const failures: string[] = [];
  const show = (i: number, o: ModeOutcomes): string =>
    `mutant ${i}: ${engineModes.map((m) => `${m} ${o[m].status} ${o[m].error.slice(0, 200)}`).join(' | ')}\n${programs[i]!.program}`;
  const matched = new Map<string, number>();
  const toConfirm = new Map<KnownDivergence, number[]>();
  programs.forEach((program, i) => {
    const o = Object.fromEntries(engineModes.map((m) => [m, byMode[m][i]!])) as ModeOutcomes;
    if (runAlike(o)) return;
    const [known] = candidateDivergences('0.715', program, o);
    if (known === undefined) failures.push(show(i, o));
    else if (known.neutralise === undefined)
      matched.set(known.name, (matched.get(known.name) ?? 0) + 1);
    else toConfirm.set(known, [...(toConfirm.get(known) ?? []), i]);
  });
  for (const [divergence, indices] of toConfirm) {
    const runs = await runNeutralised(
      '0.715',
      divergence,
      indices.map((i) => programs[i]!),
    );
    indices.forEach((i, k) => {
      if (runAlike(runs[k]!)) matched.set(divergence.name, (matched.get(divergence.name) ?? 0) + 1);
      else failures.push(`neutralised for ${divergence.name}, still: ${show(i, runs[k]!)}`);
    });
  }
  console.log(`known divergences of Luau matched: ${JSON.stringify(Object.fromEntries(matched))}`);
  return failures;
}

describe('program records', () => {
  it.each<ValidityLevel>(['runnable', 'typed'])(
    "give the %s level's campaign programs from the level's own records",
    (level) => {
      const records = programRecords({ level, profile: 'luau' });
      const arb = arbitraryOf(level);
      for (const p of generatePrograms(arb, 42, [0, 1, 2, 3, 17])) {
        const record = records.ofRun(42, p.index);
        if (record.kind !== 'choices') throw new Error(`a record of kind ${record.kind}`);
        expect(bytes(records.build(record))).toBe(bytes(p.tree));
        // Cut after the last choice read, the record builds the same tree.
        const read = records.read(record);
        if (read.record.kind !== 'choices') throw new Error(`a record of kind ${read.record.kind}`);
        expect(read.record.choices.length).toBeLessThanOrEqual(record.choices.length);
        expect(bytes(read.tree)).toBe(bytes(p.tree));
        expect(bytes(records.build(read.record))).toBe(bytes(p.tree));
      }
    },
  );

  it.each<ValidityLevel>(['schema', 'syntax', 'scoped'])(
    'give %s programs from records of draws, again the same from the same record',
    (level) => {
      const records = programRecords({ level, profile: 'luau' });
      const record = records.ofRun(42, 3);
      expect(record.kind).toBe('draws');
      expect(bytes(records.build(record))).toBe(bytes(records.build(record)));
      const mutant = records.mutate(record, streamRandom(1), [record]).record;
      expect(bytes(records.build(mutant))).toBe(bytes(records.build(mutant)));
    },
  );
});

describe.skipIf(!haveLuauTools)('mutated choice records on Luau 0.715', needsShared, () => {
  it('give 1,000 runnable programs (profile luau) that run clean alike at -O0, -O2 and --codegen', async () => {
    const { programs, changed, spans, grown } = mutants('runnable', 50, 20);
    expect(programs).toHaveLength(1000);
    // A change past the last choice the program read leaves it as it was.
    expect(changed).toBeGreaterThan(600);
    // Four mutations in nine are of statements and blocks; one in nine grows the record.
    expect(spans).toBeGreaterThan(350);
    expect(grown).toBeGreaterThan(80);
    const failures = await unexplained(programs);
    expect(failures, failures.slice(0, 3).join('\n\n')).toEqual([]);
  }, 300_000);

  it('give typed programs by span mutations and growing alone that run clean alike', async () => {
    const only = Object.fromEntries(
      recordMutations.map((m) => [m, m.startsWith('span-') || m === 'grow' ? 1 : 0]),
    ) as Partial<Record<ProgramMutation, number>>;
    const { programs, changed, spans, grown } = mutants('typed', 30, 10, only);
    // A record without a span the mutation needs (no donor span of the kind) falls back.
    expect(spans).toBeGreaterThan(190);
    expect(grown).toBeGreaterThan(40);
    expect(changed).toBeGreaterThan(200);
    const failures = await unexplained(programs);
    expect(failures, failures.slice(0, 3).join('\n\n')).toEqual([]);
  }, 300_000);
});
