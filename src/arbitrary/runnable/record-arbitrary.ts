import fc from 'fast-check';
import { expandRecord, MAX_CHOICES } from './choices.js';

/** How many parts (top-level statements, say) a prefix of a record builds. */
type Parts = (prefix: readonly number[]) => number;

/**
 * A shrink pass: the candidates of record `r` whose positions lie in `[from, to)`, each with
 * its position, in the order of their positions.
 */
type Pass = (
  r: readonly number[],
  from: number,
  to: number,
  parts: Parts | undefined,
) => Generator<[number[], number]>;

/**
 * Where a candidate came from: the pass and the position in the record it edited. The
 * candidates of a shrunk record start there (the passes before it already failed on the
 * record it came from), then go round to the ones before it.
 */
interface Cursor {
  readonly pass: number;
  readonly at: number;
}

const start: Cursor = { pass: 0, at: 0 };

function isCursor(context: unknown): context is Cursor {
  return (
    typeof context === 'object' &&
    context !== null &&
    Number.isInteger((context as Cursor).pass) &&
    Number.isInteger((context as Cursor).at)
  );
}

/** Shorter prefixes, shortest first: 0, n/2, 3n/4, … n-1 (what fast-check tries for a length). */
const prefixes: Pass = function* (r, from, to) {
  // The pass has one position, 0.
  if (from > 0 || to <= 0) return;
  const n = r.length;
  let gap = n;
  let last = -1;
  while (gap > 0) {
    const length = n - gap;
    if (length !== last) yield [r.slice(0, length), 0];
    last = length;
    gap = Math.floor(gap / 2);
  }
};

/** `r` without `[i, i + size)`, at every `i` in `[from, to)`. */
function deletions(size: number): Pass {
  return function* (r, from, to) {
    for (let i = from; i < Math.min(to, r.length - size + 1); i++) {
      // Deleting here gives the same record as deleting one place earlier.
      if (i > 0 && r[i - 1] === r[i + size - 1]) continue;
      yield [[...r.slice(0, i), ...r.slice(i + size)], i];
    }
  };
}

/** `r` with `[i, i + size)` set to 0, at every `i` in `[from, to)` (aligned on `size`). */
function zeroings(size: number): Pass {
  return function* (r, from, to) {
    for (let i = Math.ceil(from / size) * size; i < Math.min(to, r.length); i += size) {
      const end = Math.min(r.length, i + size);
      let zero = true;
      for (let k = i; k < end; k++) if (r[k] !== 0) zero = false;
      if (zero) continue;
      const out = r.slice();
      out.fill(0, i, end);
      yield [out, i];
    }
  };
}

/** `r` with one choice lowered, to 0, then to half, at every position in `[from, to)`. */
const lowerings: Pass = function* (r, from, to) {
  for (let i = from; i < Math.min(to, r.length); i++) {
    const x = r[i]!;
    if (x === 0) continue;
    for (const lower of x > 1 ? [0, x >>> 1] : [0]) {
      const out = r.slice();
      out[i] = lower;
      yield [out, i];
    }
  }
};

/** Choices at the start of a record that {@link repicks} lowers. */
const REPICK_FIRST = 8;

/** Choices after the lowered one that {@link repicks} picks again, one at a time. */
const REPICK_SPAN = 4;

/** Values {@link repicks} tries for the choice it picks again: 0 to this, less one. */
const REPICK_VALUES = 64;

/**
 * `r` with one of its first {@link REPICK_FIRST} choices lowered (to 0, or by 1 to 4: one
 * option or a few down, however many options it has) and one of the {@link REPICK_SPAN}
 * choices after it lowered to each value below {@link REPICK_VALUES}. The first choices draw what a whole program may use (its feature
 * families, say): lowering one alone changes how every later choice reads, so the statement
 * that showed the failure turns into another, and the program keeps what it drew — a
 * feature's shared prelude, for one. Choices are read modulo their number of options, so
 * small values of the choice that follows reach each of its options: one of them reads as the
 * statement again. Both choices only go down, so shrinking still ends.
 */
const repicks: Pass = function* (r, from, to) {
  // A candidate's position is its rank in this list, so that a step resumes at its candidate.
  const perChoice = 5 * REPICK_SPAN * REPICK_VALUES;
  for (let i = Math.floor(from / perChoice); i < Math.min(r.length, REPICK_FIRST); i++) {
    const x = r[i]!;
    const lowered = [0, x - 1, x - 2, x - 3, x - 4];
    for (let k = 0; k < lowered.length; k++) {
      const l = lowered[k]!;
      if (l < 0 || l >= x || lowered.indexOf(l) < k) continue;
      for (let d = 0; d < REPICK_SPAN && i + 1 + d < r.length; d++) {
        const j = i + 1 + d;
        for (let v = 0; v < Math.min(r[j]!, REPICK_VALUES); v++) {
          const at = i * perChoice + (k * REPICK_SPAN + d) * REPICK_VALUES + v;
          if (at >= to) return;
          if (at < from) continue;
          const out = r.slice();
          out[i] = l;
          out[j] = v;
          yield [out, at];
        }
      }
    }
  }
};

/** Most builds of prefixes spent finding where a record's parts start. */
const MAX_PART_BUILDS = 400;

/**
 * Where the parts of a record start (its top-level statements, say): the positions `i` where
 * the prefix of `i + 1` choices builds more parts than the prefix of `i`, found by bisection
 * (a program stops growing where its record runs out, so a part begins where a longer prefix
 * first shows it).
 */
function partStarts(r: readonly number[], parts: Parts): number[] {
  const counts = new Map<number, number>();
  const count = (length: number): number => {
    let c = counts.get(length);
    if (c === undefined) {
      c = counts.size < MAX_PART_BUILDS ? parts(r.slice(0, length)) : NaN;
      counts.set(length, c);
    }
    return c;
  };
  const starts: number[] = [];
  const split = (lo: number, hi: number): void => {
    const a = count(lo);
    const b = count(hi);
    if (a === b || Number.isNaN(a) || Number.isNaN(b)) return;
    if (hi - lo === 1) {
      starts.push(lo);
      return;
    }
    const mid = (lo + hi) >>> 1;
    split(lo, mid);
    split(mid, hi);
  };
  split(0, r.length);
  return starts.sort((x, y) => x - y);
}

/**
 * `r` without runs of whole parts: half of them, a quarter, … one, from every part (deleting a
 * whole top-level statement keeps the choices after it read as they were).
 */
const partDeletions: Pass = function* (r, from, to, parts) {
  // The pass has one position, 0.
  if (parts === undefined || from > 0 || to <= 0) return;
  const starts = partStarts(r, parts);
  const ends = [...starts.slice(1), r.length];
  for (let run = Math.ceil(starts.length / 2); run >= 1; run = run === 1 ? 0 : Math.ceil(run / 2)) {
    for (let k = 0; k + run <= starts.length; k++) {
      yield [[...r.slice(0, starts[k]), ...r.slice(ends[k + run - 1])], 0];
    }
  }
};

/** The shrink passes, in the order a value's candidates are listed: the most drastic first. */
const passes: readonly Pass[] = [
  prefixes,
  partDeletions,
  ...[8, 4, 2, 1].map(deletions),
  ...[8, 4, 2].map(zeroings),
  lowerings,
  repicks,
];

/**
 * Every candidate of a record, each with its cursor: from `cursor` to the end of the passes,
 * then from the first pass up to `cursor`, so that each candidate is listed once.
 */
function* candidates(
  r: readonly number[],
  cursor: Cursor,
  parts: Parts | undefined,
): Generator<fc.Value<number[]>> {
  const first = Math.min(cursor.pass, passes.length - 1);
  const order = [
    ...passes.slice(first).map((pass, k) => ({
      pass,
      index: first + k,
      from: k === 0 ? cursor.at : 0,
      to: Infinity,
    })),
    ...passes
      .slice(0, first + 1)
      .map((pass, index) => ({ pass, index, from: 0, to: index === first ? cursor.at : Infinity })),
  ];
  for (const { pass, index, from, to } of order) {
    for (const [value, at] of pass(r, from, to, parts)) {
      yield new fc.Value(value, { pass: index, at } satisfies Cursor);
    }
  }
}

/**
 * The most candidates one record of `length` choices lists when shrinking: 4 deletions and 2
 * lowerings per choice, 7 zeroed blocks per 8 choices, a few prefixes, runs of parts (fewer
 * than 10 per part; parts are at most 400, or the choices), and for each of the first 8
 * choices 5 lowerings times 4 following choices times 64 values.
 *
 * @example
 * ```ts
 * shrinkCandidateBound(100); // 11956
 * ```
 */
export function shrinkCandidateBound(length: number): number {
  const repicked = Math.min(length, REPICK_FIRST) * 5 * REPICK_SPAN * REPICK_VALUES;
  return 7 * length + 16 + 10 * Math.min(length, MAX_PART_BUILDS) + repicked;
}

/**
 * Records of choices that shrink the way Hypothesis's shrinker does, on the record itself:
 * values are drawn as a seed and a length expanded by {@link expandRecord} (so the same seed
 * and path give the same records as the seed-and-length arbitrary did), and a record shrinks
 * by, most drastic first, shorter prefixes (halving), deletion of runs of whole parts (with
 * {@link ChoiceRecordOptions.parts}: top-level statements), deletion of blocks of 8, 4, 2 and 1
 * choices at every position (a short statement or expression, or part of one), zeroing of
 * blocks of 8, 4 and 2, lowering single choices (to 0, then to half), and lowering one of the
 * first choices together with one after it (see `repicks`: a first choice draws what the whole
 * program may use, and changes how every later choice reads). Any record is a
 * valid record, so every candidate builds a valid program. Candidates are listed lazily, at
 * most {@link shrinkCandidateBound} per record; after a successful candidate, the list of the
 * new record starts at the pass and position that succeeded and goes round to the ones
 * before, so a long record is not tried from its start again after each step, and what
 * shrinking ends with has had every candidate tried.
 *
 * Records given without context (fast-check's `examples`) shrink too: any array of at most
 * {@link MAX_CHOICES} non-negative integers.
 *
 * @example
 * ```ts
 * const program = choiceRecord().map((r) => runnableChunk(r, options));
 * ```
 */
export function choiceRecord(options: ChoiceRecordOptions = {}): fc.Arbitrary<number[]> {
  return new RecordArbitrary(options.parts);
}

/**
 * Options of {@link choiceRecord}.
 *
 * @example
 * ```ts
 * const options: ChoiceRecordOptions = { parts: (r) => runnableChunk(r, o).body.length };
 * ```
 */
export interface ChoiceRecordOptions {
  /**
   * How many parts (top-level statements, say) a record builds. With it, shrinking first
   * tries deleting whole parts: where each starts is found by building prefixes (at most 400
   * builds per shrunk record).
   */
  readonly parts?: (record: readonly number[]) => number;
}

class RecordArbitrary extends fc.Arbitrary<number[]> {
  constructor(private readonly parts: Parts | undefined) {
    super();
  }

  // The draw of the seed-and-length arbitrary this one replaces: the same random numbers.
  private readonly draw = fc.tuple(
    fc.noBias(fc.nat({ max: 0x7fffffff })),
    fc.noBias(fc.nat({ max: MAX_CHOICES })),
  );

  override generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<number[]> {
    const [seed, length] = this.draw.generate(mrng, biasFactor).value;
    return new fc.Value(expandRecord(seed, length), start);
  }

  override canShrinkWithoutContext(value: unknown): value is number[] {
    return (
      Array.isArray(value) &&
      value.length <= MAX_CHOICES &&
      value.every((x) => Number.isSafeInteger(x) && (x as number) >= 0)
    );
  }

  override shrink(value: number[], context: unknown): fc.Stream<fc.Value<number[]>> {
    return fc.stream(candidates(value, isCursor(context) ? context : start, this.parts));
  }
}
