import { readFileSync } from 'node:fs';
import type { Static, TSchema } from 'typebox';
import { parseJson } from './parse-json.js';

/**
 * Reads a JSON file and checks it against a schema: a file that is not JSON, is cut short
 * or holds another shape is a {@link FormatError} naming the file, the field and the fault.
 * A file that cannot be read throws node's error, which names the path.
 *
 * @example
 * ```ts
 * const options = readJsonFile(join(dir, 'options.json'), CampaignOptionsFile);
 * ```
 */
export function readJsonFile<T extends TSchema>(path: string, schema: T): Static<T> {
  return parseJson(readFileSync(path, 'utf8'), schema, path);
}
