/**
 * The files of a corpus folder (`corpus/` of a guided campaign), one schema each: the entries
 * (`NNNNNN.json`), the map of counters reached (`map.json`), where the campaign stands
 * (`state.json`) and how each program was made (`programs.jsonl`). Their readers check them
 * against these and their writers write them whole (`src/format/`).
 */
import Type, { type Static } from 'typebox';
import { MAX_SCALE } from '../../arbitrary/index.js';

const count = Type.Integer({ minimum: 0 });
const base64 = Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$' });

/**
 * Where a corpus entry came from: a fresh draw (the campaign's run) or a mutant of an entry.
 *
 * @example
 * ```ts
 * const origin: EntryOrigin = { kind: 'mutant', parent: 3, mutations: ['splice'] };
 * ```
 */
export const EntryOrigin = Type.Union([
  Type.Object({ kind: Type.Literal('fresh'), run: Type.Integer() }),
  Type.Object({
    kind: Type.Literal('mutant'),
    parent: count,
    mutations: Type.Immutable(Type.Array(Type.String())),
  }),
]);
export type EntryOrigin = Static<typeof EntryOrigin>;

/**
 * A program record as JSON: its choices (32-bit little-endian, base64) or its tree (binary
 * `ModuleSet`, base64), as corpus entries and the program log keep it.
 *
 * @example
 * ```ts
 * const json: RecordJson = { kind: 'choices', choices: 'AQAAAA==', scale: 2 };
 * ```
 */
export const RecordJson = Type.Union([
  Type.Object({
    kind: Type.Literal('choices'),
    choices: base64,
    // A grown mutant's scale of its node budget (absent: 1).
    scale: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SCALE })),
  }),
  Type.Object({
    kind: Type.Literal('draws'),
    seed: Type.Integer(),
    bias: Type.Union([Type.Number(), Type.Null()]),
    choices: base64,
  }),
  Type.Object({ kind: Type.Literal('tree'), tree: base64 }),
]);
export type RecordJson = Static<typeof RecordJson>;

/**
 * A corpus entry as written to `corpus/NNNNNN.json`. Entries of older corpora lack the fields
 * marked optional, which read as nothing found yet.
 *
 * @example
 * ```ts
 * const entry = readJsonFile(join(dir, '000003.json'), EntryFile);
 * ```
 */
export const EntryFile = Type.Object({
  id: count,
  record: RecordJson,
  origin: Type.Optional(EntryOrigin),
  firstCounters: Type.Optional(count),
  /** Indices of the counters it reached first (base64, 32-bit little-endian). */
  counters: Type.Optional(base64),
  keptAt: Type.Optional(count),
  picks: Type.Optional(count),
  found: Type.Optional(count),
});
export type EntryFile = Static<typeof EntryFile>;

/**
 * `corpus/map.json`: the counters reached so far, of the coverage build `binaryId`.
 *
 * @example
 * ```ts
 * const map = readJsonFile(join(dir, 'map.json'), MapFile);
 * ```
 */
export const MapFile = Type.Object({
  binaryId: Type.String(),
  /** One byte per counter, 1 when reached (base64). */
  reached: base64,
  /** Per counter, the runs that reached it (32-bit little-endian, base64). */
  hits: Type.Optional(base64),
});
export type MapFile = Static<typeof MapFile>;

/**
 * `corpus/generator.json`: the generator options the corpus's records are read with (an
 * object; what its fields may hold is the generator's to check).
 *
 * @example
 * ```ts
 * const options = readJsonFile(join(dir, 'generator.json'), GeneratorFile);
 * ```
 */
export const GeneratorFile = Type.Record(Type.String(), Type.Unknown());
export type GeneratorFile = Static<typeof GeneratorFile>;

/**
 * One point of a guided campaign's course: after a step.
 *
 * @example
 * ```ts
 * const point: GuidedPoint = { t: 1.5, programs: 50, mutants: 0, counters: 8200, corpus: 31 };
 * ```
 */
export const GuidedPoint = Type.Object({
  /** Seconds of guided steps so far, over every session. */
  t: Type.Number({ minimum: 0 }),
  /** Programs tried. */
  programs: count,
  /** Of them, mutants. */
  mutants: count,
  /** Counters reached. */
  counters: count,
  /** Corpus entries. */
  corpus: count,
});
export type GuidedPoint = Static<typeof GuidedPoint>;

const Yields = Type.Object({
  fresh: Type.Number(),
  mutant: Type.Number(),
  cost: Type.Optional(Type.Object({ fresh: Type.Number(), mutant: Type.Number() })),
});
const OperatorYield = Type.Object({
  found: Type.Number(),
  expected: Type.Number(),
  mutants: Type.Number({ minimum: 0 }),
});
/**
 * What the programs of one origin (`fresh`, a mutation, …) found: counters reached first, of
 * programs tried.
 *
 * @example
 * ```ts
 * const y: OriginYield = { counters: 12, programs: 400 };
 * ```
 */
export const OriginYield = Type.Object({ counters: count, programs: count });
export type OriginYield = Static<typeof OriginYield>;

const stateFields = {
  /** Steps done (the next step's mutations are drawn from the seed and this). */
  step: count,
  /** The next fresh program's run. */
  nextRun: count,
  /** What the programs of each origin found over the whole campaign (absent before a step). */
  origins: Type.Optional(Type.Record(Type.String(), OriginYield)),
  /** Programs tried. */
  programs: count,
  timeline: Type.Array(GuidedPoint),
};

/**
 * `corpus/state.json`: where a guided campaign stands, the same for a campaign's guided
 * source and for `runGuided`: what its next step draws from (`step`, `nextRun`, what each
 * origin and each mutation found lately), the programs tried and its course (one point per
 * step, over every session).
 *
 * @example
 * ```ts
 * writeJsonFile(join(dir, 'state.json'), GuidedState, state);
 * ```
 */
export const GuidedState = Type.Object({
  ...stateFields,
  /** What fresh programs and mutants found lately (absent before the first step with both). */
  yields: Type.Optional(Yields),
  /** What each mutation's mutants found lately (absent before the first mutant). */
  operators: Type.Optional(Type.Record(Type.String(), OperatorYield)),
});
export type GuidedState = Static<typeof GuidedState>;

/**
 * `corpus/state.json` as campaigns of every version wrote it: yields as pairs of programs kept
 * and tried, or the mutations' yields as counters per mutant, before they were shares. Read
 * with it, then made a {@link GuidedState} (what is older starts again from nothing known).
 *
 * @example
 * ```ts
 * const saved = readJsonFile(join(dir, 'state.json'), GuidedStateFile);
 * ```
 */
export const GuidedStateFile = Type.Object({
  ...stateFields,
  yields: Type.Optional(
    Type.Union([
      Yields,
      Type.Object({ fresh: Type.Array(Type.Number()), mutant: Type.Array(Type.Number()) }),
    ]),
  ),
  operators: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Union([
        OperatorYield,
        Type.Object({ counters: Type.Number(), programs: Type.Number() }),
      ]),
    ),
  ),
});

/**
 * A line of `corpus/programs.jsonl`: how program `i` was made (a mutant with its record).
 *
 * @example
 * ```ts
 * const line: LoggedProgram = { i: 7, origin: { kind: 'fresh', run: 7 } };
 * ```
 */
export const LoggedProgram = Type.Object({
  i: count,
  origin: EntryOrigin,
  record: Type.Optional(RecordJson),
});
export type LoggedProgram = Static<typeof LoggedProgram>;
