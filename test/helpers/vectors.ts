import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { required } from './required.js';
import { sharedDir } from './shared.js';

/** One reference vector: a tree and the sources the reference printer makes of it. */
export interface CompatVector {
  id: string;
  binpb_base64: string;
  textproto: string;
  types: string[];
  notypes: string[];
}

/** The reference vectors of grammar 735: trees of Luau 0.735's fuzzer schema and its printer's output. */
export const vectors735Path: string = join(sharedDir, 'reference', 'compat-vectors-735.jsonl');

/** Whether {@link vectors735Path} is there (required under CI). */
export const haveVectors735: boolean = required(
  `the reference vectors of grammar 735 (${vectors735Path})`,
  existsSync(vectors735Path),
);

/**
 * The 400 reference vectors of `shared/reference/compat-vectors.jsonl`, or of another file
 * of the same format there; none when the file is absent.
 *
 * @example
 * ```ts
 * for (const v of compatVectors()) expect(printCompat(decode(v))).toEqual(v.types);
 * ```
 */
export function compatVectors(file = 'compat-vectors.jsonl'): CompatVector[] {
  const path = join(sharedDir, 'reference', file);
  // Read where a skipped suite is collected too: none in a clone of its own (`haveShared` and
  // `haveVectors735` skip the tests, and fail under CI).
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CompatVector);
}
