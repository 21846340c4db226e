import fc from 'fast-check';

/**
 * The choices one generation drew: every 32-bit value the arbitrary read from its random
 * source, in order of position, with the seed of the stream that continues past them and the
 * bias factor it ran with. Generating again from the same record gives the same value; any
 * other sequence of choices (a mutated record) gives another value the arbitrary can produce,
 * so a mutant is as valid as anything the generator draws.
 */
export interface ChoiceRecord {
  /** Seed of the values read past the end of {@link choices} (a deterministic stream). */
  readonly seed: number;
  /** fast-check's bias factor (`undefined`: unbiased). */
  readonly bias: number | undefined;
  /** The values read, position by position (signed 32-bit). */
  readonly choices: Int32Array;
}

/** What {@link generateFromRecord} drew, and the record that replays it. */
export interface RecordedValue<T> {
  readonly value: T;
  /** The choices actually read (those of the input up to the last position read, then the stream's). */
  readonly record: ChoiceRecord;
}

/** The value at `position` of the stream of `seed`: a hash, so any clone reads the same. */
function streamValue(seed: number, position: number): number {
  let h = (seed ^ Math.imul(position + 1, 0x9e3779b9)) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** The values a generation reads: the record's, then the stream's; remembers how far it read. */
class Tape {
  readonly #given: Int32Array;
  readonly #seed: number;
  /** Positions read so far (one past the last). */
  end = 0;

  constructor(given: Int32Array, seed: number) {
    this.#given = given;
    this.#seed = seed;
  }

  at(position: number): number {
    if (position >= this.end) this.end = position + 1;
    return position < this.#given.length
      ? this.#given[position]!
      : streamValue(this.#seed, position);
  }

  record(bias: number | undefined): ChoiceRecord {
    const choices = new Int32Array(this.end);
    choices.set(this.#given.subarray(0, Math.min(this.end, this.#given.length)));
    for (let p = this.#given.length; p < this.end; p++) choices[p] = streamValue(this.#seed, p);
    return { seed: this.#seed, bias, choices };
  }
}

/**
 * A pure-rand generator over a tape: each clone reads on from its own position, so a clone
 * replays what the original read after the same point, as with any pseudo-random generator.
 */
class TapeGenerator {
  readonly #tape: Tape;
  #position: number;

  constructor(tape: Tape, position: number) {
    this.#tape = tape;
    this.#position = position;
  }

  clone(): TapeGenerator {
    return new TapeGenerator(this.#tape, this.#position);
  }

  next(): number {
    return this.#tape.at(this.#position++);
  }

  jump(): void {
    // fast-check jumps only between runs of a property; a record is one run.
    this.#position += 1 << 20;
  }

  getState(): readonly number[] {
    return [this.#position];
  }
}

/**
 * Generates one value of `arbitrary` from a record of choices (or from a seed alone, which
 * records a fresh generation) and returns the record of what it read.
 *
 * @example
 * ```ts
 * const fresh = generateFromRecord(arb, { seed: 7, bias: 2, choices: new Int32Array(0) });
 * const again = generateFromRecord(arb, fresh.record); // again.value deep-equals fresh.value
 * ```
 */
export function generateFromRecord<T>(
  arbitrary: fc.Arbitrary<T>,
  record: ChoiceRecord,
): RecordedValue<T> {
  const tape = new Tape(record.choices, record.seed);
  const value = arbitrary.generate(new fc.Random(new TapeGenerator(tape, 0)), record.bias).value;
  return { value, record: tape.record(record.bias) };
}

/**
 * fast-check's bias factor of its `run`-th run (2 at first, growing with the logarithm of
 * the run), so that fresh records are biased as a sampled campaign's programs are.
 *
 * @example
 * ```ts
 * biasOfRun(0); // 2
 * biasOfRun(999); // 5
 * ```
 */
export function biasOfRun(run: number): number {
  return 2 + Math.trunc(Math.log(run + 1) * Math.LOG10E);
}

/**
 * A fast-check random source that draws the stream of `seed` (no record): deterministic, for
 * choices that must replay, such as how a record is mutated.
 *
 * @example
 * ```ts
 * const random = streamRandom(42);
 * random.nextInt(0, 9); // the same digit for every run with seed 42
 * ```
 */
export function streamRandom(seed: number): fc.Random {
  return new fc.Random(new TapeGenerator(new Tape(new Int32Array(0), seed | 0), 0));
}
