/**
 * Freezes a message and everything it holds (oneof objects, sub-messages, lists), for a
 * message several trees share: changing it in place would change them all, so it throws.
 *
 * @example
 * ```ts
 * const one = frozenDeep(build.number(1));
 * Object.isFrozen(one.exprOneof); // true
 * ```
 */
export function frozenDeep<T extends object>(value: T): T {
  if (Object.isFrozen(value)) return value;
  for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) frozenDeep(v);
  return Object.freeze(value);
}

/**
 * Messages made once per key and then shared (frozen), for the leaves generated trees repeat
 * most: references to locals, names, globals, small constants. A generated tree is never
 * changed once built (one that is cut is copied first), so its leaves need not be its own.
 *
 * @example
 * ```ts
 * const locals = new SharedMessages((name: number) => create(LocalSchema, { name }));
 * locals.get(3) === locals.get(3); // true
 * ```
 */
export class SharedMessages<K, T extends object> {
  readonly #made = new Map<K, T>();

  constructor(private readonly make: (key: K) => T) {}

  /** The message of `key`, made (and frozen) the first time. */
  get(key: K): T {
    let m = this.#made.get(key);
    if (m === undefined) this.#made.set(key, (m = frozenDeep(this.make(key))));
    return m;
  }
}
