import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Bytes of disk used by the files under `dir` (allocated blocks, symbolic links not
 * followed).
 *
 * @example
 * ```ts
 * const mb = (await diskUsage(home)) / 2 ** 20;
 * ```
 */
export async function diskUsage(dir: string): Promise<number> {
  let total = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop() as string;
    let entries: string[];
    try {
      entries = await readdir(d);
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = join(d, e);
      try {
        const s = await lstat(p);
        total += s.blocks * 512;
        if (s.isDirectory()) stack.push(p);
      } catch {
        // removed meanwhile
      }
    }
  }
  return total;
}
