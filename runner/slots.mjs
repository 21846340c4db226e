// @ts-check
// luau-fuzz runner: a limit on how many tasks (processes) run at once.

/**
 * At most `size` tasks at a time; the others wait their turn, in order.
 *
 * @example
 * ```js
 * const slots = new Slots(2);
 * await Promise.all(batches.map((b) => slots.use(() => runBatch(b))));
 * ```
 */
export class Slots {
  /** @param {number} size */
  constructor(size) {
    this.free = Math.max(1, size);
    /** @type {(() => void)[]} */
    this.waiting = [];
  }

  /**
   * Runs `task` once a slot is free.
   * @template T
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  async use(task) {
    if (this.free > 0) this.free--;
    else await new Promise((resolve) => this.waiting.push(() => resolve(undefined)));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.free++;
      else next();
    }
  }
}
