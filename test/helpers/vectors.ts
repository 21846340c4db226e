import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDir } from './shared.js';

/** One reference vector: a tree and the sources the reference printer makes of it. */
export interface CompatVector {
  id: string;
  binpb_base64: string;
  textproto: string;
  types: string[];
  notypes: string[];
}

/**
 * The 400 reference vectors of `shared/reference/compat-vectors.jsonl`.
 *
 * @example
 * ```ts
 * for (const v of compatVectors()) expect(printCompat(decode(v))).toEqual(v.types);
 * ```
 */
export function compatVectors(): CompatVector[] {
  return readFileSync(join(sharedDir, 'reference', 'compat-vectors.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CompatVector);
}
