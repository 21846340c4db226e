import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file that names the process serving a data directory. */
export const LOCK_FILE = 'server.pid';

/**
 * A data directory is in use by another live workspace server. The message names the
 * directory and the process; a command adds the flag that chooses another directory.
 *
 * @example
 * ```ts
 * try { lockDataDir(dir); } catch (e) { if (e instanceof DataDirBusyError) console.error(e.pid); }
 * ```
 */
export class DataDirBusyError extends Error {
  override readonly name = 'DataDirBusyError';
  /** The directory. */
  readonly dataDir: string;
  /** The process of the server using it. */
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(`another workspace server (pid ${pid}) is using ${dataDir}`);
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims a data directory for one server: two servers on one directory would kill each
 * other's project processes. A lock left by a process that is gone is taken over.
 * Returns the function that releases it.
 *
 * @throws {@link DataDirBusyError} when a live server holds it.
 *
 * @example
 * ```ts
 * const release = lockDataDir('/tmp/ws');
 * try { serve(); } finally { release(); }
 * ```
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, LOCK_FILE);
  const token = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  // The lock file appears with its content (a hard link of a finished file), so another
  // server never reads it empty and takes it for a stale one.
  const draft = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(draft, token, { mode: 0o600 });
  try {
    return claim(file, draft, token, dataDir);
  } finally {
    rmSync(draft, { force: true });
  }
}

function claim(file: string, draft: string, token: string, dataDir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      linkSync(draft, file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === token) rmSync(file);
        } catch {
          // already gone
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let holder = '';
      try {
        holder = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      const pid = Number(holder.split(':')[0]);
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new DataDirBusyError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock ${dataDir}`);
}
