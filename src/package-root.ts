import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Type from 'typebox';
import { readJsonFile } from './format/index.js';

/** What is read of a `package.json` on the way up: its name (of any type, in another package). */
const PackageName = Type.Object({ name: Type.Optional(Type.Unknown()) });

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readJsonFile(manifest, PackageName).name === 'luau-fuzz') {
      return dir;
    }
    if (dirname(dir) === dir) throw new Error(`luau-fuzz: no package.json above ${from}`);
  }
}

/**
 * The directory of the installed luau-fuzz package (from sources or from `dist/` alike):
 * where `proto/`, `data/` and `package.json` are.
 *
 * @example
 * ```ts
 * const proto = join(packageRoot, 'proto', 'luau.proto');
 * ```
 */
export const packageRoot: string = findRoot(dirname(fileURLToPath(import.meta.url)));

/** The version of the luau-fuzz package. */
export const packageVersion: string = readJsonFile(
  join(packageRoot, 'package.json'),
  Type.Object({ version: Type.String() }),
).version;
