import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The `.luau` files of a folder (not its subfolders), in name order, with their sources.
 *
 * @throws Error when the folder does not exist or holds no `.luau` file.
 * @example
 * ```ts
 * const conformance = readLuauFiles('../shared/reference/luau-conformance-715');
 * conformance.map(({ name, program }) => [name, program.length]);
 * ```
 */
export function readLuauFiles(dir: string): { name: string; program: string }[] {
  const abs = resolve(dir);
  let names: string[];
  try {
    names = readdirSync(abs);
  } catch {
    throw new Error(`no such folder: ${abs}`);
  }
  const files = names
    .filter((n) => n.endsWith('.luau') && statSync(join(abs, n)).isFile())
    .sort()
    .map((name) => ({ name, program: readFileSync(join(abs, name), 'utf8') }));
  if (files.length === 0) throw new Error(`no .luau files in ${abs}`);
  return files;
}
