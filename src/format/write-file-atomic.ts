import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Static, TSchema } from 'typebox';
import { checkValue } from './check.js';

/** Flushes a folder's entries (the rename) to disk where the system allows opening a folder. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not every platform can fsync a folder (Windows); the rename itself is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes a file whole or not at all: the data goes to a new temporary file in the same
 * folder, is flushed to disk, and the temporary file is renamed over `path`. A reader sees
 * the old file or the new one, never a part; after a crash or a failed write the old file is
 * still there and no temporary file is left behind.
 *
 * @example
 * ```ts
 * writeFileAtomic('out/progress.json', `${JSON.stringify(progress, null, 2)}\n`);
 * ```
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx');
  try {
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
  syncFolder(dir);
}

/**
 * Checks a value against its schema, then writes it as JSON with {@link writeFileAtomic}: a
 * value the reader would refuse is a {@link FormatError} and the file on disk stays as it was.
 *
 * @example
 * ```ts
 * writeJsonFile(join(dir, 'state.json'), GuidedState, state, { indent: 2 });
 * ```
 */
export function writeJsonFile<T extends TSchema>(
  path: string,
  schema: T,
  value: Static<T>,
  options: { indent?: number } = {},
): void {
  checkValue(schema, value, path);
  writeFileAtomic(path, `${JSON.stringify(value, null, options.indent)}\n`);
}
