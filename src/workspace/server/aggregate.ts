import type { AggregateValue } from '../wire/index.js';

/** How long a finished aggregated run answers requests with a value not above its own. */
export const AGGREGATE_CACHE_MS = 60_000;

interface Group<T> {
  value: AggregateValue;
  promise: Promise<T>;
}

interface Slot<T> {
  running?: Group<T> | undefined;
  queued?: { value: AggregateValue; promise: Promise<T>; start: () => void } | undefined;
  cached?: { value: AggregateValue; result: T; at: number; bytes: number } | undefined;
}

function notAbove(a: AggregateValue, b: AggregateValue): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a <= b;
  return String(a) <= String(b);
}

function max(a: AggregateValue, b: AggregateValue): AggregateValue {
  return notAbove(a, b) ? b : a;
}

/**
 * Merges repeated `project_exec` requests (seed §4.2 rule 5, notes): requests with the
 * same key (every field but `id` and `aggregate`) and a value not above that of the run in
 * progress, or of a result under 60 s old, share that answer; a greater value waits for the
 * current run and then runs once for every request queued with it. Cached results are
 * bounded in bytes (`maxCacheBytes`, measured by `sizeOf`): the oldest go first.
 *
 * @example
 * ```ts
 * const agg = new Aggregator<Output>((o) => JSON.stringify(o).length, 64e6);
 * const out = await agg.run(key, 17, () => execute(request));
 * ```
 */
export class Aggregator<T> {
  private readonly slots = new Map<string, Slot<T>>();
  /** Cached results, oldest first (a Map keeps insertion order). */
  private readonly cache = new Map<Slot<T>, string>();
  private cacheBytes = 0;

  constructor(
    private readonly sizeOf: (result: T) => number = () => 0,
    private readonly maxCacheBytes = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bytes held by cached results. */
  get cachedBytes(): number {
    return this.cacheBytes;
  }

  private uncache(s: Slot<T>): void {
    if (s.cached === undefined) return;
    this.cacheBytes -= s.cached.bytes;
    s.cached = undefined;
    this.cache.delete(s);
  }

  private store(key: string, s: Slot<T>, value: AggregateValue, result: T): void {
    this.uncache(s);
    const bytes = this.sizeOf(result);
    if (bytes > this.maxCacheBytes) return;
    s.cached = { value, result, at: this.now(), bytes };
    this.cache.set(s, key);
    this.cacheBytes += bytes;
    for (const [old, oldKey] of this.cache) {
      if (this.cacheBytes <= this.maxCacheBytes) break;
      this.uncache(old);
      if (old.running === undefined && old.queued === undefined) this.slots.delete(oldKey);
    }
  }

  run(key: string, value: AggregateValue, task: () => Promise<T>): Promise<T> {
    this.prune();
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = {};
      this.slots.set(key, slot);
    }
    const s = slot;
    if (s.running !== undefined && notAbove(value, s.running.value)) return s.running.promise;
    if (
      s.cached !== undefined &&
      this.now() - s.cached.at < AGGREGATE_CACHE_MS &&
      notAbove(value, s.cached.value)
    ) {
      return Promise.resolve(s.cached.result);
    }
    if (s.running === undefined) return this.start(key, s, value, task);
    if (s.queued !== undefined) {
      s.queued.value = max(s.queued.value, value);
      return s.queued.promise;
    }
    let resolveQueued: (p: Promise<T>) => void = () => {};
    const promise = new Promise<Promise<T>>((r) => (resolveQueued = r)).then((p) => p);
    s.queued = {
      value,
      promise,
      start: () => {
        const q = s.queued;
        s.queued = undefined;
        if (q !== undefined) resolveQueued(this.start(key, s, q.value, task));
      },
    };
    return promise;
  }

  private start(
    key: string,
    s: Slot<T>,
    value: AggregateValue,
    task: () => Promise<T>,
  ): Promise<T> {
    const promise = task();
    s.running = { value, promise };
    const done = (result: T | undefined, ok: boolean) => {
      s.running = undefined;
      if (ok) this.store(key, s, value, result as T);
      if (s.queued !== undefined) s.queued.start();
      else if (s.cached === undefined) this.slots.delete(key);
    };
    promise.then(
      (r) => done(r, true),
      () => done(undefined, false),
    );
    return promise;
  }

  private prune(): void {
    if (this.slots.size < 256) return;
    const t = this.now();
    for (const [k, s] of this.slots) {
      if (
        s.running === undefined &&
        s.queued === undefined &&
        (s.cached === undefined || t - s.cached.at >= AGGREGATE_CACHE_MS)
      ) {
        this.uncache(s);
        this.slots.delete(k);
      }
    }
  }
}
