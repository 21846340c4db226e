import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { luauTools, type LuauTools } from '../../src/runtime/index.js';
import { sharedDir } from './shared.js';

/** The real Luau 0.715 tools beside the checkout (`../shared/tools/luau-715`). */
export const luauToolsDir: string = join(sharedDir, 'tools', 'luau-715');

/** Whether the tools are there; tests that need them are skipped when not. */
export const haveLuauTools: boolean = existsSync(join(luauToolsDir, 'luau'));

/**
 * The tools' executables; call only when {@link haveLuauTools}.
 *
 * @example
 * ```ts
 * describe.skipIf(!haveLuauTools)('…', () => { const { luau } = tools(); });
 * ```
 */
export function tools(): LuauTools {
  return luauTools(luauToolsDir);
}

/** The newest Luau release's `luau` beside the checkout (`../shared/tools/luau-735/luau`). */
export const luau735: string = join(sharedDir, 'tools', 'luau-735', 'luau');

/** Whether it is there; tests that need it are skipped when not. */
export const haveLuau735: boolean = existsSync(luau735);
