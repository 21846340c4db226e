import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { luauTools, type LuauTools } from '../../src/runtime/index.js';
import { required } from './required.js';
import { sharedDir } from './shared.js';

/** The real Luau 0.715 tools beside the checkout (`../shared/tools/luau-715`). */
export const luauToolsDir: string = join(sharedDir, 'tools', 'luau-715');

/**
 * Whether the tools are there; tests that need them are skipped when not, except under CI,
 * where their absence fails the test file ({@link required}).
 */
export const haveLuauTools: boolean = required(
  `the Luau 0.715 tools (${luauToolsDir})`,
  existsSync(join(luauToolsDir, 'luau')),
);

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

/** The newest release's `luau` beside the checkout (`../shared/tools/luau-735/luau`). */
export const luau735: string = join(sharedDir, 'tools', 'luau-735', 'luau');

/** Whether {@link luau735} is there (required under CI, like {@link haveLuauTools}). */
export const haveLuau735: boolean = required(
  `the Luau 0.735 tools (${luau735})`,
  existsSync(luau735),
);
