import type fc from 'fast-check';
import { choiceRecord } from './record-arbitrary.js';

/** The record each built value came from, and which builder with which options built it. */
const records = new WeakMap<object, { readonly builder: string; readonly record: number[] }>();

/**
 * Values built from a record of choices ({@link choiceRecord}) that fast-check can shrink
 * without their generation context, as it must for values given in `examples`: every value
 * built here remembers its record (by object identity, so a copy or a decoded tree does not),
 * and the unmapper gives it back when the same builder built it. `builder` names the builder
 * and its options: a record rebuilt under other options would be another program. `parts`
 * counts the parts of a value (its top-level statements) for the shrinker to delete whole.
 *
 * A value built elsewhere (by hand, decoded from a file, cloned, or built under other
 * options) has no record: fast-check does not shrink it.
 *
 * @example
 * ```ts
 * const programs = builtFromRecord(`moduleSet ${JSON.stringify(options)}`, (r) =>
 *   runnableModuleSet(r, options),
 * );
 * ```
 */
export function builtFromRecord<T extends object>(
  builder: string,
  build: (record: readonly number[]) => T,
  parts?: (value: T) => number,
): fc.Arbitrary<T> {
  const options = parts === undefined ? {} : { parts: (r: readonly number[]) => parts(build(r)) };
  return choiceRecord(options).map(
    (record) => {
      const value = build(record);
      records.set(value, { builder, record });
      return value;
    },
    (value) => {
      const entry = typeof value === 'object' && value !== null ? records.get(value) : undefined;
      // fast-check reads a throwing unmapper as "cannot shrink this value".
      if (entry?.builder !== builder) throw new TypeError(`not built by ${builder}`);
      return entry.record;
    },
  );
}
