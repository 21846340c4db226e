/**
 * The fields of `defaults`, each taken from `given` where it is set there: one table of
 * defaults per options type, in place of a `given.x ?? default` per field.
 *
 * @example
 * ```ts
 * withDefaults({ retries: undefined, timeoutMs: 5 }, { retries: 4, timeoutMs: 30_000 });
 * // { retries: 4, timeoutMs: 5 }
 * ```
 */
export function withDefaults<D extends object>(
  given: { readonly [K in keyof D]?: D[K] | undefined },
  defaults: D,
): D {
  const out = { ...defaults };
  for (const k of Object.keys(defaults) as (keyof D)[]) {
    const v = given[k];
    if (v !== undefined) out[k] = v as D[keyof D];
  }
  return out;
}
