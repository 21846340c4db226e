import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'luau-fuzz'
    ) {
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
export const packageVersion: string = (
  JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }
).version;
