/**
 * The files of a campaign directory, one schema each: the results log (`results.jsonl`),
 * where the campaign stands (`progress.json`) and a finding's record (`findings/<hash>/
 * outcome.json`). Their readers check them against these and their writers write them whole
 * (`src/format/`), and what other campaigns read of `summary.json`. `options.json` has its own
 * (the campaign's settings).
 */
import Type, { type Static } from 'typebox';
import { ProgramOutcome } from '../runtime/index.js';
import { CheckOutcome, FindingKind } from './classify.js';
import { GuidedPoint, OriginYield } from './guided/corpus-formats.js';

const count = Type.Integer({ minimum: 0 });
const outcomes = Type.Immutable(Type.Array(ProgramOutcome));

/**
 * One finished program, as recorded in `results.jsonl` (one line each, exactly once).
 *
 * @example
 * ```ts
 * const record: ProgramRecord = { i: 0, outcomes: [outcome], nodes: 12 };
 * ```
 */
export const ProgramRecord = Type.Object({
  /** The program's index. */
  i: count,
  /** One outcome per runtime (empty when the tree could not be printed). */
  outcomes,
  /** The finding it is, if any. */
  finding: Type.Optional(FindingKind),
  /** The type checker's verdict (`--analyze`), kept for a finding of the checker. */
  check: Type.Optional(CheckOutcome),
  /** Messages in its tree. */
  nodes: count,
  /** Its message kinds and their counts (node-kind coverage). */
  kinds: Type.Optional(Type.Record(Type.String(), count)),
  /** The project it ran in. */
  project: Type.Optional(Type.String()),
  /** Why its tree could not be printed. */
  printError: Type.Optional(Type.String()),
});
export type ProgramRecord = Static<typeof ProgramRecord>;

/**
 * A throughput sample: programs done at a time since the campaign began.
 *
 * @example
 * ```ts
 * const sample: ProgressSample = { t: 12.5, done: 400 };
 * ```
 */
export const ProgressSample = Type.Object({
  /** Seconds since the start (of all sessions). */
  t: Type.Number({ minimum: 0 }),
  /** Programs done. */
  done: count,
});
export type ProgressSample = Static<typeof ProgressSample>;

/**
 * `progress.json`: where a campaign stands.
 *
 * @example
 * ```ts
 * const progress = readJsonFile(join(dir, 'progress.json'), CampaignProgress);
 * ```
 */
export const CampaignProgress = Type.Object({
  /** Programs finished. */
  done: count,
  /** Programs in the campaign. */
  total: count,
  /** Seconds spent running, over every session. */
  elapsedSeconds: Type.Number({ minimum: 0 }),
  /** Sessions (a resume starts a new one). */
  sessions: count,
  /** True once every program is done and the findings are saved. */
  finished: Type.Boolean(),
  /** Throughput over time. */
  samples: Type.Array(ProgressSample),
});
export type CampaignProgress = Static<typeof CampaignProgress>;

/**
 * A group of runtimes whose outcomes of one program have the same status, signal and output.
 *
 * @example
 * ```ts
 * const g: RuntimeGroup = { runtimes: ['luau-web'], status: 'ok', outputHash, output: '1\n' };
 * ```
 */
export const RuntimeGroup = Type.Object({
  /** The runtime specs, in campaign order. */
  runtimes: Type.Immutable(Type.Array(Type.String())),
  // How the program ended under them: the outcome's fields, the output and message those of
  // the group's first runtime.
  ...Type.Pick(ProgramOutcome, ['status', 'signal', 'outputHash', 'output', 'error']).properties,
});
export type RuntimeGroup = Static<typeof RuntimeGroup>;

/**
 * One program that showed a finding.
 *
 * @example
 * ```ts
 * const o: FindingOccurrence = { index: 57, outcomes, nodes: 130 };
 * ```
 */
export const FindingOccurrence = Type.Object({
  /** The program's index in the campaign. */
  index: count,
  /** Its outcomes (one per runtime). */
  outcomes,
  /** Messages in its tree. */
  nodes: count,
  /** The type checker's verdict, for a finding of the checker (`--analyze`). */
  check: Type.Optional(CheckOutcome),
});
export type FindingOccurrence = Static<typeof FindingOccurrence>;

/**
 * `outcome.json` of a finding directory, beside the campaign's generator settings it also
 * holds (which the generator checks, see `readGeneratorSettings`): one problem (signature) and
 * every program that showed it.
 *
 * @example
 * ```ts
 * const record = readJsonFile(join(dir, 'outcome.json'), FindingFile);
 * ```
 */
export const FindingFile = Type.Object({
  /** The directory name: SHA-256 (16 hex digits) of the signature. */
  hash: Type.String(),
  /** What kind of finding it is. */
  kind: FindingKind,
  /** What tells it apart from other findings: kind, runtimes involved, normalized message. */
  signature: Type.String(),
  /** How the runtimes split on the original program: groups of identical outcomes. */
  groups: Type.Immutable(Type.Array(RuntimeGroup)),
  /**
   * The generator version that drew the representative (`null`: unknown, recorded before
   * versions were; absent in records of then). Another version replays another program from
   * (seed, index), so `luau-fuzz shrink` then works from `original.binpb` only when told
   * `--rederive`.
   */
  generatorVersion: Type.Optional(Type.Union([count, Type.Null()])),
  /** The campaign's runtimes. */
  runtimes: Type.Immutable(Type.Array(Type.String())),
  /** The campaign's type checker (`--analyze`), for a finding of the checker. */
  analyze: Type.Optional(Type.String()),
  /** The representative program (the group's smallest), which `original.*` holds. */
  original: FindingOccurrence,
  /** The shrunk program (`shrunk.*`, written only when `shrunk.shrunk` is true). */
  shrunk: Type.Object({
    /** Messages in its tree (the original's when not shrunk). */
    nodes: count,
    /** Its outcomes (one per runtime; the original's when not shrunk). */
    outcomes,
    /** The checker's verdict on it, for a finding of the checker. */
    check: Type.Optional(CheckOutcome),
    /** Candidates run while shrinking. */
    attempts: count,
    /** Time spent shrinking, in ms. */
    timeMs: Type.Number({ minimum: 0 }),
    /** Whether the original failed again when re-run. */
    reproduced: Type.Boolean(),
    /** Whether it was shrunk (false: past the campaign's shrink budget, or not shrinking; no `shrunk.*` files). */
    shrunk: Type.Boolean(),
    /**
     * True while it waits to be shrunk: a finding is saved as found, its smallest program the
     * representative, and shrunk once the campaign has run its programs (by `--resume` when
     * the campaign stopped first). Absent in records written before findings were saved as
     * found: false.
     */
    pending: Type.Optional(Type.Boolean()),
  }),
  /** Every program of the campaign with this signature (the representative first). */
  occurrences: Type.Immutable(Type.Array(FindingOccurrence)),
  /**
   * A false positive's other causes: for each error class of the representative besides its
   * first (its detail), the program shrunk to keep that one (`cause-<k>.*`, k from 1).
   * Absent: none shrunk.
   */
  causes: Type.Optional(
    Type.Immutable(
      Type.Array(
        Type.Object({
          /** The error class kept (a normalized message). */
          error: Type.String(),
          /** Messages in the shrunk tree. */
          nodes: count,
          /** The checker's verdict on it. */
          check: CheckOutcome,
          /** Candidates run while shrinking. */
          attempts: count,
          /** Time spent shrinking, in ms. */
          timeMs: Type.Number({ minimum: 0 }),
        }),
      ),
    ),
  ),
});
export type FindingFile = Static<typeof FindingFile>;

const counts = Type.Record(Type.String(), count);

/**
 * `summary.json`: what a campaign did, as printed in its summary; read back to write its
 * report again (`report DIR --compare OTHER…`) and for the other campaigns' courses. The
 * settings beside each finding are its record's (see {@link FindingFile}); what the corpus
 * reaches of the engine (`guided.engine`) is checked as measured or unavailable.
 *
 * @example
 * ```ts
 * const { guided } = readJsonFile(join(dir, 'summary.json'), SummaryFile);
 * ```
 */
export const SummaryFile = Type.Object({
  dir: Type.String(),
  seed: Type.Integer(),
  level: Type.String(),
  runtimes: Type.Immutable(Type.Array(Type.String())),
  total: Type.Number({ minimum: 0 }),
  durationSeconds: Type.Optional(Type.Number({ minimum: 0 })),
  done: count,
  stopped: Type.Boolean(),
  elapsedSeconds: Type.Number({ minimum: 0 }),
  programsPerSecond: Type.Number({ minimum: 0 }),
  statuses: Type.Immutable(Type.Array(counts)),
  unprintable: count,
  findingKinds: counts,
  findings: Type.Immutable(Type.Array(FindingFile)),
  projects: Type.Immutable(
    Type.Array(Type.Object({ projectId: Type.String(), batches: count, programs: count })),
  ),
  guided: Type.Optional(
    Type.Object({
      coverage: Type.String(),
      mutationShare: Type.Optional(Type.Union([Type.Number(), Type.Literal('auto')])),
      // Where it ended: the counts of the timeline's last point.
      ...Type.Pick(GuidedPoint, ['programs', 'mutants', 'counters', 'corpus']).properties,
      timeline: Type.Immutable(Type.Array(GuidedPoint)),
      origins: Type.Optional(Type.Record(Type.String(), OriginYield)),
      engine: Type.Optional(
        Type.Union([
          Type.Object({ measured: Type.Object({}) }),
          Type.Object({ unavailable: Type.String() }),
        ]),
      ),
    }),
  ),
});
