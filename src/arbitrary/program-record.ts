import type { DescMessage, Message } from '@bufbuild/protobuf';
import fc from 'fast-check';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { choiceMutations, mutateRecord, type ChoiceMutation } from './choice-mutation.js';
import { biasOfRun, generateFromRecord, type ChoiceRecord } from './choice-record.js';
import { luauArbitraries } from './luau-arbitraries.js';
import { ScopedResolver } from './resolve-scoped.js';
import { mutateTree, subtreesOfKind, type TreeMutation } from './tree-mutation.js';
import { resolveOptions, type LuauArbitraryOptions, type ResolvedOptions } from './options.js';
import { MAX_CHOICES, runnableModuleSet, type ChoiceSpan } from './runnable/index.js';
import { mutateSpans, spanMutations, type SpanMutation } from './span-mutation.js';
import { choicesAtScale, growMutations, growRecord, type GrowMutation } from './grow-mutation.js';
import { choiceRecord } from './runnable/record-arbitrary.js';

/**
 * How a program was generated, enough to build it again: at the runnable and typed levels the
 * level's own record of choices (numbers below 65536, read type-directed by the generator),
 * with the scale of its node budget (a grown mutant's, see `growRecord`; absent: 1); at the
 * others, the values fast-check's arbitraries drew ({@link ChoiceRecord}).
 */
export type ProgramRecord =
  | { readonly kind: 'choices'; readonly choices: Int32Array; readonly scale?: number }
  | ({ readonly kind: 'draws' } & ChoiceRecord)
  | { readonly kind: 'tree'; readonly tree: ModuleSet };

/** What a mutant's record was made by. */
export type ProgramMutation = ChoiceMutation | SpanMutation | GrowMutation | TreeMutation;

/**
 * The mutations of the runnable and typed levels' records, which `mutate`'s weights choose
 * among.
 *
 * @example
 * ```ts
 * recordMutations.length; // 9
 * ```
 */
export const recordMutations: readonly (ChoiceMutation | SpanMutation | GrowMutation)[] = [
  ...choiceMutations,
  ...spanMutations,
  ...growMutations,
];

/** The levels whose programs are built from the level's own record of choices. */
function buildsFromChoices(options: LuauArbitraryOptions): boolean {
  const level = resolveOptions(options).level;
  return level === 'runnable' || level === 'typed';
}

/**
 * The programs of one set of generator options as records: the record of a campaign's `i`-th
 * program, a program built from a record, and mutants of a record that are programs of the
 * same level (a record is read by the generator, so any record is a valid one).
 *
 * @example
 * ```ts
 * const records = programRecords({ level: 'runnable', profile: 'luau' });
 * const r = records.ofRun(42, 0); // the record of program 0 of a campaign with seed 42
 * const tree = records.build(records.mutate(r, streamRandom(1), [r]).record);
 * ```
 */
export interface ProgramRecords {
  /** The record of the program a campaign with `seed` draws at `run` (the same tree). */
  ofRun(seed: number, run: number): ProgramRecord;
  /** The tree of a record. */
  build(record: ProgramRecord): ModuleSet;
  /**
   * The tree of a record, and the record cut after the last choice the generator read (the
   * same tree): what a corpus keeps, so that every choice a mutation changes is one read.
   */
  read(record: ProgramRecord): { tree: ModuleSet; record: ProgramRecord };
  /**
   * A mutant of `record`: 1 to 4 changes, insertions, deletions or splices of runs of choices;
   * at the runnable and typed levels, a mutation of one statement or block instead (see
   * `mutateSpans`) or the record grown (see `growRecord`), the first mutation drawn by
   * `weights` (per mutation, equal by default); at the levels built by fast-check, half the
   * time a mutation of the tree instead (see `mutateTree`), which gives a record of the tree
   * itself.
   */
  mutate(
    record: ProgramRecord,
    random: fc.Random,
    donors: readonly ProgramRecord[],
    weights?: Readonly<Partial<Record<ProgramMutation, number>>>,
  ): { record: ProgramRecord; mutations: readonly ProgramMutation[] };
  /** Tree mutations that left no valid tree (the level's validity could not be restored). */
  readonly discarded: number;
}

/**
 * The {@link ProgramRecords} of a set of generator options.
 *
 * @example
 * ```ts
 * const records = programRecords({ level: 'scoped', profile: 'luau' });
 * ```
 */
export function programRecords(options: LuauArbitraryOptions): ProgramRecords {
  const arbitrary = luauArbitraries(options).moduleSet;
  return buildsFromChoices(options) ? choiceRecords(options) : drawRecords(options, arbitrary);
}

/** A record of choices, at a scale of the node budget (1: none written). */
function choicesRecord(choices: Int32Array, scale: number): ProgramRecord {
  return scale === 1 ? { kind: 'choices', choices } : { kind: 'choices', choices, scale };
}

/** The records of the levels the runnable generator builds from a record of choices. */
function choiceRecords(options: LuauArbitraryOptions): ProgramRecords {
  const resolved = resolveOptions(options);
  // A grown record is read with its scale times the options' node budget.
  const atScale = new Map<number, ResolvedOptions>([[1, resolved]]);
  const optionsOf = (scale: number): ResolvedOptions => {
    let at = atScale.get(scale);
    if (at === undefined)
      atScale.set(scale, (at = { ...resolved, maxNodes: resolved.maxNodes * scale }));
    return at;
  };
  // The same draws as the moduleSet arbitrary's, before it builds the tree.
  const records = choiceRecord();
  // A record's spans, noted by building it once (records of the corpus are mutated often).
  // Keyed by the record, not its choices: the same choices read at another scale (a grown
  // record's) are other spans.
  const spansOf = new WeakMap<ProgramRecord, readonly ChoiceSpan[]>();
  const spanned = (
    record: ProgramRecord,
  ): { choices: Int32Array; spans: readonly ChoiceSpan[] } => {
    if (record.kind !== 'choices') return { choices: new Int32Array(0), spans: [] };
    let spans = spansOf.get(record);
    if (spans === undefined) {
      const noted: ChoiceSpan[] = [];
      runnableModuleSet(Array.from(record.choices), optionsOf(scaleOf(record)), noted);
      spansOf.set(record, (spans = noted));
    }
    return { choices: record.choices, spans };
  };
  return {
    ofRun(seed, run) {
      const [choices] = fc.sample(records, { seed, path: String(run), numRuns: 1 });
      return { kind: 'choices', choices: Int32Array.from(choices!) };
    },
    build(record) {
      return runnableModuleSet(choicesOf(record), optionsOf(scaleOf(record)));
    },
    read: (record) => readChoices(record, optionsOf),
    mutate: (record, random, donors, weights) =>
      mutateChoices(record, random, donors, weights, spanned),
    discarded: 0,
  };
}

/** {@link ProgramRecords.read} of a record of choices. */
function readChoices(
  record: ProgramRecord,
  optionsOf: (scale: number) => ResolvedOptions,
): { tree: ModuleSet; record: ProgramRecord } {
  const choices = choicesOf(record);
  let end = 0;
  // The generator reads its record by index; this one notes how far.
  const watched = new Proxy(choices, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) end = Math.max(end, Number(key) + 1);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const tree = runnableModuleSet(watched, optionsOf(scaleOf(record)));
  return {
    tree,
    record: choicesRecord(Int32Array.from(choices.slice(0, end)), scaleOf(record)),
  };
}

/** {@link ProgramRecords.mutate} of a record of choices. */
function mutateChoices(
  record: ProgramRecord,
  random: fc.Random,
  donors: readonly ProgramRecord[],
  weights: Readonly<Partial<Record<ProgramMutation, number>>> | undefined,
  spanned: (record: ProgramRecord) => { choices: Int32Array; spans: readonly ChoiceSpan[] },
): { record: ProgramRecord; mutations: readonly ProgramMutation[] } {
  const first = weighted(random, weights);
  const scale = scaleOf(record);
  const maxLength = choicesAtScale(MAX_CHOICES, scale);
  if (first === 'grow') {
    const grown = growRecord(Int32Array.from(choicesOf(record)), scale, random, MAX_CHOICES);
    if (grown !== undefined)
      return { record: choicesRecord(grown.choices, grown.scale), mutations: ['grow'] };
  }
  if (first.startsWith('span-')) {
    const choices = mutateSpans(
      spanned(record),
      first as SpanMutation,
      random,
      donors.map(spanned),
      [0, 0xffff],
    );
    if (choices !== undefined)
      return {
        record: choicesRecord(choices.slice(0, maxLength), scale),
        mutations: [first as SpanMutation],
      };
  }
  const mutated = mutateRecord(
    { seed: 0, bias: undefined, choices: Int32Array.from(choicesOf(record)) },
    random,
    {
      donors: donors.map((d) => ({
        seed: 0,
        bias: undefined,
        choices: Int32Array.from(choicesOf(d)),
      })),
      values: [0, 0xffff],
      maxLength,
      ...(choiceMutations.includes(first as ChoiceMutation)
        ? { first: first as ChoiceMutation }
        : {}),
    },
  );
  return {
    record: choicesRecord(mutated.record.choices, scale),
    mutations: mutated.mutations,
  };
}

/** The records of the levels fast-check builds: its draws, or a mutated tree itself. */
function drawRecords(
  options: LuauArbitraryOptions,
  arbitrary: fc.Arbitrary<ModuleSet>,
): ProgramRecords {
  const resolved = resolveOptions(options);
  const treeOptions = treeMutationOptions(arbitrary, resolved);
  const build = (record: ProgramRecord): ModuleSet =>
    record.kind === 'tree' ? record.tree : generateFromRecord(arbitrary, drawsOf(record)).value;
  let discarded = 0;
  return {
    ofRun(seed, run) {
      // fast-check's own stream for the run is not this one: a fresh record of the run's bias.
      const drawn = generateFromRecord(arbitrary, {
        seed: (Math.imul(seed, 0x9e3779b1) ^ run) | 0,
        bias: biasOfRun(run),
        choices: new Int32Array(0),
      });
      return { kind: 'draws', ...drawn.record };
    },
    build,
    read(record) {
      if (record.kind === 'tree') return { tree: record.tree, record };
      const drawn = generateFromRecord(arbitrary, drawsOf(record));
      return { tree: drawn.value, record: { kind: 'draws', ...drawn.record } };
    },
    mutate(record, random, donors) {
      if (record.kind === 'tree' || random.nextInt(0, 1) === 0) {
        const tree = build(record);
        const donorTrees = donors.map(build);
        for (let attempt = 0; attempt < 4; attempt++) {
          const out = mutateTree(tree, random, { ...treeOptions, donors: donorTrees });
          if (out.tree !== undefined)
            return { record: { kind: 'tree', tree: out.tree }, mutations: [out.mutation] };
          discarded++;
        }
        if (record.kind === 'tree') return { record, mutations: [] };
      }
      const mutated = mutateRecord(drawsOf(record), random, {
        donors: donors.filter((d) => d.kind === 'draws').map(drawsOf),
      });
      return { record: { kind: 'draws', ...mutated.record }, mutations: mutated.mutations };
    },
    get discarded() {
      return discarded;
    },
  };
}

/** How tree mutations of a level built by fast-check draw fresh subtrees and keep it valid. */
function treeMutationOptions(arbitrary: fc.Arbitrary<ModuleSet>, resolved: ResolvedOptions) {
  return {
    // A subtree of a fresh program of the level: drawn where the level draws that kind, so
    // it keeps what its place asks of it (a string in a type, say).
    fresh: (desc: DescMessage, random: fc.Random): Message | undefined => {
      const tree = generateFromRecord(arbitrary, {
        seed: random.nextInt(-0x80000000, 0x7fffffff),
        bias: undefined,
        choices: new Int32Array(0),
      }).value;
      const same = subtreesOfKind(tree, desc);
      return same.length === 0 ? undefined : same[random.nextInt(0, same.length - 1)];
    },
    ...(resolved.level === 'schema'
      ? {}
      : { revalidate: (tree: ModuleSet) => new ScopedResolver(resolved).moduleSet(tree) }),
  };
}

// The first mutation of a record of choices, by weight (each weight at least 0).
function weighted(
  random: fc.Random,
  weights: Readonly<Partial<Record<ProgramMutation, number>>> | undefined,
): ChoiceMutation | SpanMutation | GrowMutation {
  const w = recordMutations.map((m) => Math.max(0, weights?.[m] ?? 1));
  const total = w.reduce((a, b) => a + b, 0);
  if (total <= 0) return recordMutations[random.nextInt(0, recordMutations.length - 1)]!;
  let x = random.nextDouble() * total;
  for (let i = 0; i < w.length; i++) if ((x -= w[i]!) < 0) return recordMutations[i]!;
  return recordMutations[recordMutations.length - 1]!;
}

function scaleOf(record: ProgramRecord): number {
  return record.kind === 'choices' ? (record.scale ?? 1) : 1;
}

function choicesOf(record: ProgramRecord): readonly number[] {
  if (record.kind !== 'choices')
    throw new TypeError(`a record of kind ${record.kind} given to a level built from choices`);
  return Array.from(record.choices);
}

function drawsOf(record: ProgramRecord): ChoiceRecord {
  if (record.kind !== 'draws')
    throw new TypeError(
      `a record of kind ${record.kind} where one of fast-check's draws is needed`,
    );
  return { seed: record.seed, bias: record.bias, choices: record.choices };
}
