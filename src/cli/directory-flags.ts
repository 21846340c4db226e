import { mkdirSync, readdirSync, statSync } from 'node:fs';

/** A `--out` or `--data` directory as found on disk. */
type Found = 'missing' | 'empty' | 'non-empty';

function inspect(flag: string, dir: string): Found {
  let stats;
  try {
    stats = statSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new Error(`${flag} ${dir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, {
      cause: e,
    });
  }
  if (!stats.isDirectory()) throw new Error(`${flag} ${dir}: not a directory`);
  return readdirSync(dir).length === 0 ? 'empty' : 'non-empty';
}

/**
 * Checks, before any work, that a flag's directory can be written to: missing (then created
 * here, parents included) or a directory; with `refuseNonEmpty`, also empty unless `force`.
 * Every error names the flag and the path.
 *
 * @example
 * ```ts
 * outputDirectory('--out', 'corpus', { refuseNonEmpty: true, force: false });
 * // Error: --out corpus is not empty (give --force to add to it)
 * ```
 */
export function outputDirectory(
  flag: string,
  dir: string,
  options: { refuseNonEmpty?: boolean; force?: boolean; create?: boolean } = {},
): void {
  const found = inspect(flag, dir);
  if (found === 'non-empty' && options.refuseNonEmpty === true && options.force !== true)
    throw new Error(`${flag} ${dir} is not empty (give --force to add to it)`);
  if (found === 'missing' && options.create !== false) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (e) {
      throw new Error(
        `${flag} ${dir}: cannot create (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
        {
          cause: e,
        },
      );
    }
  }
}

/**
 * Checks that a flag names an existing directory, for requests that only read it (nothing is
 * created for a mistyped path).
 *
 * @example
 * ```ts
 * existingDirectory('--data', '/srv/workspace'); // Error: --data /srv/workspace: no such directory
 * ```
 */
export function existingDirectory(flag: string, dir: string): void {
  if (inspect(flag, dir) === 'missing') throw new Error(`${flag} ${dir}: no such directory`);
}
