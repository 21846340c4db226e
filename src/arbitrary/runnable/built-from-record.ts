import type fc from 'fast-check';
import { tracedMap } from '../traced-map.js';
import { choiceRecord } from './record-arbitrary.js';

/**
 * Values built from a record of choices ({@link choiceRecord}), shrinking through the record,
 * also when given in fast-check's `examples` ({@link tracedMap}: only the very objects built
 * here, by a builder of the same name). `parts` counts the parts of a value (its top-level
 * statements) for the shrinker to delete whole.
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
  return tracedMap(choiceRecord(options), builder, build);
}
