import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { luauToolsDir } from '../helpers/luau-tools.js';

/** The real Luau 0.715 tools beside the checkout (`../shared/tools/luau-715/`). */
export const luau715Dir: string = luauToolsDir;

/**
 * The real `luau` executable, when it is there. Tests that need it are skipped otherwise,
 * except under CI, and a missing `../shared` fails loudly ({@link luauToolsDir}'s module).
 */
export const realLuau: string | undefined = existsSync(join(luau715Dir, 'luau'))
  ? join(luau715Dir, 'luau')
  : undefined;

/**
 * The `luau` of one faulty build (`mutants/NAME/luau`), when it is there.
 *
 * @example
 * ```ts
 * const faulty = mutantLuau('fmod-fast-sign');
 * ```
 */
export function mutantLuau(name: string): string | undefined {
  const path = join(luau715Dir, 'mutants', name, 'luau');
  return existsSync(path) ? path : undefined;
}
