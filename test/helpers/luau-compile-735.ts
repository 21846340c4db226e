import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { grammar735 } from '../../src/tree/index.js';
import { required } from './required.js';
import { sharedDir } from './shared.js';

const compiler = join(sharedDir, 'tools', 'luau-735', 'luau-compile');

/**
 * Whether Luau 0.735's `luau-compile` is there (else the tests that need it are skipped, or
 * fail under CI).
 *
 * @example
 * ```ts
 * describe.runIf(haveCompiler735)('…', () => {});
 * ```
 */
export const haveCompiler735: boolean = required(
  `Luau 0.735's luau-compile (${compiler})`,
  existsSync(compiler),
);

let dir: string | undefined;
afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/**
 * The syntax errors Luau 0.735 (with the class flags) finds in each source, by file name.
 *
 * @example
 * ```ts
 * expect(compileErrors735(new Map([['a.luau', 'class C end']]))).toEqual([]);
 * ```
 */
export function compileErrors735(sources: ReadonlyMap<string, string>): string[] {
  dir ??= mkdtempSync(join(tmpdir(), 'luau-fuzz-735-'));
  const at = dir;
  const files = [...sources].map(([name, text]) => {
    writeFileSync(join(at, name), text);
    return name;
  });
  const run = spawnSync(compiler, [`--fflags=${grammar735.flags.join(',')}`, '--null', ...files], {
    cwd: at,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const errors = (run.stdout + run.stderr).split('\n').filter((l) => /Error/.test(l));
  if (run.status !== 0 && errors.length === 0) errors.push(`exit ${run.status}: ${run.stderr}`);
  return errors;
}
