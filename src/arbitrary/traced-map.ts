import type fc from 'fast-check';

/** The source value each built value came from, and which builder with which options built it. */
const sources = new WeakMap<object, { readonly builder: string; readonly source: unknown }>();

/**
 * `source.map(build)` that fast-check can shrink without generation context, as it must for
 * values given in `examples`: every value built here remembers the source value it was built
 * from (by object identity, so a copy or a decoded tree does not), and the unmapper gives it
 * back when the same builder built it. `builder` names the builder and its options: a source
 * rebuilt under other options would be another value.
 *
 * A value built elsewhere (by hand, decoded from a file, cloned, or built under other
 * options) has no source here: fast-check does not shrink it.
 *
 * @example
 * ```ts
 * const programs = tracedMap(choiceRecord(), `moduleSet ${JSON.stringify(options)}`, (r) =>
 *   runnableModuleSet(r, options),
 * );
 * ```
 */
export function tracedMap<S, T extends object>(
  source: fc.Arbitrary<S>,
  builder: string,
  build: (source: S) => T,
): fc.Arbitrary<T> {
  return source.map(
    (s) => {
      const value = build(s);
      sources.set(value, { builder, source: s });
      return value;
    },
    (value) => {
      const entry = typeof value === 'object' && value !== null ? sources.get(value) : undefined;
      // fast-check reads a throwing unmapper as "cannot shrink this value".
      if (entry?.builder !== builder) throw new TypeError(`not built by ${builder}`);
      return entry.source as S;
    },
  );
}
