import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../package-root.js';

/**
 * The default folder of Luau command-line tools: `../shared/tools/luau-715` beside the
 * package (present in the project's development setup, absent elsewhere).
 *
 * @example
 * ```ts
 * if (existsSync(defaultLuauToolsDir)) console.log(luauTools().luau);
 * ```
 */
export const defaultLuauToolsDir: string = join(packageRoot, '..', 'shared', 'tools', 'luau-715');

/** A build of `luau` with one deliberate fault, from the tools folder's `mutants/`. */
export interface FaultyLuau {
  /** The folder name, which names the fault (`fold-mul-neg`). */
  readonly name: string;
  /** Path of its `luau`. */
  readonly luau: string;
}

/** The executables of a Luau tools folder. */
export interface LuauTools {
  readonly dir: string;
  readonly luau: string;
  readonly luauCompile: string;
  readonly luauAnalyze: string;
  /** Every `mutants/NAME/luau`, by name. */
  readonly faulty: readonly FaultyLuau[];
}

/**
 * The executables of a Luau tools folder (`luau`, `luau-compile`, `luau-analyze`, and the
 * faulty builds in `mutants/*`); throws an error naming the folder and the missing file when
 * `luau` is not there.
 *
 * @example
 * ```ts
 * const { luau, faulty } = luauTools('../shared/tools/luau-715');
 * ```
 */
export function luauTools(dir: string = defaultLuauToolsDir): LuauTools {
  const abs = resolve(dir);
  const luau = join(abs, 'luau');
  if (!existsSync(luau)) throw new Error(`no Luau tools in ${abs}: ${luau} is missing`);
  const mutants = join(abs, 'mutants');
  const faulty = existsSync(mutants)
    ? readdirSync(mutants, { withFileTypes: true })
        .filter((e) => e.isDirectory() && existsSync(join(mutants, e.name, 'luau')))
        .map((e) => ({ name: e.name, luau: join(mutants, e.name, 'luau') }))
        .sort((a, b) => (a.name < b.name ? -1 : 1))
    : [];
  return {
    dir: abs,
    luau,
    luauCompile: join(abs, 'luau-compile'),
    luauAnalyze: join(abs, 'luau-analyze'),
    faulty,
  };
}
