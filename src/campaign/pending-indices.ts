/**
 * The indices a campaign still has to run, in order, without listing them: the programs not
 * done below the highest one done, then every index up to the count. A campaign with a time
 * budget and no count has no end (`Number.MAX_SAFE_INTEGER` programs), which no array holds.
 * It reads like the array it replaces: `length`, `slice(0, n)` to look ahead, `splice(0, n)`
 * to take.
 *
 * @example
 * ```ts
 * const pending = new PendingIndices(1000, new Set([0, 1, 5]));
 * pending.splice(0, 3); // [2, 3, 4]
 * pending.length; // 994
 * ```
 */
export class PendingIndices {
  /** Indices not done below the first index past every done one, in order. */
  #holes: number[];
  /** The first index past every done one. */
  #next: number;
  readonly #count: number;

  /** `count`: the campaign's programs; `done`: the indices finished already. */
  constructor(count: number, done: Iterable<number> = []) {
    let top = -1;
    const doneSet = new Set<number>();
    for (const i of done) {
      if (i >= count) continue;
      doneSet.add(i);
      if (i > top) top = i;
    }
    this.#holes = [];
    for (let i = 0; i < top; i++) if (!doneSet.has(i)) this.#holes.push(i);
    this.#next = top + 1;
    this.#count = count;
  }

  /** Indices still to take. */
  get length(): number {
    return this.#holes.length + (this.#count - this.#next);
  }

  /** The next `end` indices (from the start only), without taking them. */
  slice(start: 0, end: number): number[] {
    const out = this.#holes.slice(start, end);
    for (let i = this.#next; out.length < end && i < this.#count; i++) out.push(i);
    return out;
  }

  /** Every index still to take, in order (a campaign with a count, not an unlimited one). */
  *[Symbol.iterator](): IterableIterator<number> {
    yield* this.#holes;
    for (let i = this.#next; i < this.#count; i++) yield i;
  }

  /** Takes the next `n` indices (from the start only). */
  splice(start: 0, n: number): number[] {
    const out = this.slice(start, n);
    const fromHoles = Math.min(n, this.#holes.length);
    this.#holes = this.#holes.slice(fromHoles);
    this.#next += out.length - fromHoles;
    return out;
  }
}

/**
 * The queue of indices a program source takes from: a {@link PendingIndices}, or a plain
 * array of indices.
 */
export interface IndexQueue {
  readonly length: number;
  slice(start: 0, end: number): number[];
  splice(start: 0, n: number): number[];
}
