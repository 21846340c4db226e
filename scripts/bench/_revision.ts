// The sources of a git revision (src, gen, data, package.json) unpacked into a temporary
// folder beside this checkout's node_modules, for benchmarks that compare a revision's code
// with the checkout's in one run. (A leading `_`: not a benchmark of its own.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot } from '../../src/package-root.js';

/** A revision's sources, unpacked. */
export interface Revision {
  /** `REV (short commit)`. */
  readonly label: string;
  /** The folder it is unpacked in (src, gen, data, package.json and a node_modules link). */
  readonly dir: string;
  /** Imports a module of the revision by its path from the package root. */
  load<T>(path: string): Promise<T>;
  /** Removes the unpacked folder. */
  remove(): void;
}

/** The short commit `rev` names in this checkout's repository. */
export function gitRevision(rev: string): string {
  return execFileSync('git', ['rev-parse', '--short', rev], {
    cwd: packageRoot,
    encoding: 'utf8',
  }).trim();
}

/** Whether the checkout's `src` or `gen` has uncommitted changes. */
export function dirtyCheckout(): boolean {
  return (
    execFileSync('git', ['status', '--porcelain', '--', 'src', 'gen'], {
      cwd: packageRoot,
      encoding: 'utf8',
    }).trim() !== ''
  );
}

/** Unpacks revision `rev` (any name `git rev-parse` takes); throws when git cannot. */
export function unpackRevision(rev: string): Revision {
  const commit = gitRevision(rev);
  const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-revision-'));
  try {
    const tar = join(dir, 'tree.tar');
    execFileSync('git', ['archive', '-o', tar, commit, 'src', 'gen', 'data', 'package.json'], {
      cwd: packageRoot,
    });
    execFileSync('tar', ['-xf', tar], { cwd: dir });
    symlinkSync(join(packageRoot, 'node_modules'), join(dir, 'node_modules'));
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    label: `${rev} (${commit})`,
    dir,
    load: async <T>(path: string) => (await import(pathToFileURL(join(dir, path)).href)) as T,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
