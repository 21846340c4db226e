import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';

/** Every file under `dir` (its path relative to `dir`) with its bytes. */
export function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) {
      const path = join(e.parentPath, e.name);
      out.set(relative(dir, path), readFileSync(path));
    }
  return out;
}

/**
 * The three ways a file goes bad: cut short (its first half), corrupt (a byte of its middle
 * replaced by one JSON does not allow there) and foreign (a JSON file of another format).
 */
export function badVersions(good: string): { truncated: string; corrupt: string; foreign: string } {
  const middle = Math.floor(good.length / 2);
  return {
    truncated: good.slice(0, middle),
    corrupt: `${good.slice(0, middle)}\u0001${good.slice(middle + 1)}`,
    foreign: `${JSON.stringify({ name: 'luau-fuzz', version: '0.0.0' }, null, 2)}\n`,
  };
}

/**
 * Writes `text` over `file`, runs `act`, and expects it to throw an error whose message
 * matches `message`, leaving every file under `dir` as it was, byte for byte.
 */
export async function expectRefused(
  dir: string,
  file: string,
  text: string,
  act: () => unknown,
  message: RegExp | string,
): Promise<void> {
  writeFileSync(file, text);
  const before = filesOf(dir);
  let error: unknown;
  try {
    await act();
  } catch (e) {
    error = e;
  }
  expect(error, `${relative(dir, file)} was read without an error`).toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(message);
  expect(filesOf(dir)).toEqual(before);
}

/**
 * Expects `read` to refuse `file` cut short, corrupt and foreign (see {@link badVersions}),
 * each time naming the file (after `prefix`), and to leave every file under `dir` as it was.
 */
export async function expectEachRefused(
  dir: string,
  file: string,
  read: () => unknown,
  options: { foreign?: RegExp; prefix?: string } = {},
): Promise<void> {
  const bad = badVersions(readFileSync(file, 'utf8'));
  const at = `^${`${options.prefix ?? ''}${file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  await expectRefused(dir, file, bad.truncated, read, new RegExp(`${at}: is cut short`));
  await expectRefused(dir, file, bad.corrupt, read, new RegExp(`${at}: is not JSON`));
  const foreign = options.foreign ?? new RegExp(`${at}: field '\\w+' is missing`);
  await expectRefused(dir, file, bad.foreign, read, foreign);
}
