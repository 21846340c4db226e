import type { ProfileReach } from './raw-profile.js';

/**
 * A profile whose counter layout is not the one the map was started with: another executable
 * (or another build of it) wrote it.
 *
 * @example
 * ```ts
 * try { map.add(reach); } catch (e) { if (e instanceof CounterLayoutError) warn(e.message); }
 * ```
 */
export class CounterLayoutError extends Error {
  override readonly name = 'CounterLayoutError';
}

/** Which counters of one build were reached so far, as bytes (0 or 1), in counter order. */
export interface CounterMapState {
  /** The build's first build id (hex). */
  readonly binaryId: string;
  /** One byte per counter: 1 when reached. */
  readonly reached: Uint8Array;
  /** Per counter, the runs that reached it (absent in maps saved without). */
  readonly hits?: Uint32Array | undefined;
}

/**
 * The counters of one instrumented executable reached so far, over every run added: `add`
 * answers which counters a run reached first.
 *
 * @example
 * ```ts
 * const map = new CounterMap();
 * map.add(profileReach(readRawProfile('a.profraw'))); // [0, 1, 2, …] the counters a reached
 * map.add(profileReach(readRawProfile('b.profraw'))); // only those b reached and a did not
 * map.reachedCount; // counters reached by either
 * ```
 */
export class CounterMap {
  #binaryId: string | undefined;
  #reached: Uint8Array | undefined;
  #hits: Uint32Array | undefined;
  #reachedCount = 0;

  /** Starts from nothing, or from a saved {@link CounterMapState}. */
  constructor(state?: CounterMapState) {
    if (state !== undefined) {
      this.#binaryId = state.binaryId;
      this.#reached = Uint8Array.from(state.reached);
      this.#hits =
        state.hits?.length === state.reached.length
          ? Uint32Array.from(state.hits)
          : Uint32Array.from(state.reached);
      for (const r of this.#reached) this.#reachedCount += r;
    }
  }

  /** Counters reached so far. */
  get reachedCount(): number {
    return this.#reachedCount;
  }

  /** Counters of the build (0 before the first run). */
  get counterCount(): number {
    return this.#reached?.length ?? 0;
  }

  /**
   * How many runs added so far reached counter `i`: how common the code it counts is.
   *
   * @example
   * ```ts
   * map.hits(first[0]); // 1 right after the run that reached it first
   * ```
   */
  hits(i: number): number {
    return this.#hits?.[i] ?? 0;
  }

  /**
   * Adds one run's counters; returns the indices of the counters it reached that no earlier
   * run did (empty when it reached nothing new), ascending.
   *
   * @throws {@link CounterLayoutError} when another build wrote the profile.
   */
  add(run: ProfileReach): number[] {
    const reached = this.#layout(run);
    const hits = this.#hits!;
    const first: number[] = [];
    for (const i of run.reached) {
      hits[i] = hits[i]! + 1;
      if (reached[i] === 0) {
        reached[i] = 1;
        first.push(i);
      }
    }
    this.#reachedCount += first.length;
    return first;
  }

  /**
   * How many counters the run reached that the map has not, without adding them.
   *
   * @throws {@link CounterLayoutError} when another build wrote the profile.
   */
  countNew(run: ProfileReach): number {
    const reached = this.#reached;
    if (reached === undefined) return run.reached.length;
    this.#layout(run);
    let n = 0;
    for (const i of run.reached) if (reached[i] === 0) n++;
    return n;
  }

  /** A copy of what was reached, to save and restore with the constructor. */
  state(): CounterMapState | undefined {
    if (this.#reached === undefined || this.#binaryId === undefined) return undefined;
    return {
      binaryId: this.#binaryId,
      reached: Uint8Array.from(this.#reached),
      hits: Uint32Array.from(this.#hits!),
    };
  }

  #layout(run: ProfileReach): Uint8Array {
    if (this.#reached === undefined) {
      this.#binaryId = run.binaryId;
      this.#reached = new Uint8Array(run.counterCount);
      this.#hits = new Uint32Array(run.counterCount);
    } else if (run.binaryId !== this.#binaryId || run.counterCount !== this.#reached.length) {
      throw new CounterLayoutError(
        `a profile of build ${run.binaryId || '(no build id)'} with ${run.counterCount} counters ` +
          `does not fit the map of build ${this.#binaryId || '(no build id)'} with ${this.#reached.length}`,
      );
    }
    return this.#reached;
  }
}
