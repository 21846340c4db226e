import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestOptions } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { required } from './required.js';

/** The read-only reference directory beside the checkout (`../shared`). */
export const sharedDir: string = join(packageRoot, '..', 'shared');

/**
 * Whether `../shared` is there. A clone of its own has none: the tests that need it skip (with
 * {@link needsShared}, and the run says how many were skipped); under CI its absence fails them.
 *
 * @example
 * ```ts
 * describe.skipIf(!haveShared)('reference vectors', needsShared, () => {});
 * ```
 */
export const haveShared: boolean = required(
  `the shared directory beside the checkout (${sharedDir})`,
  existsSync(join(sharedDir, 'DESIGN.md')),
);

/**
 * The options of a test or suite that needs `../shared` (its tools, builds or reference data):
 * the `shared` tag, by which a run counts those it skipped and `--tags-filter` selects them.
 *
 * @example
 * ```ts
 * it.skipIf(!haveLuauTools)('runs on real Luau', { ...needsShared, timeout: 300_000 }, () => {});
 * ```
 */
export const needsShared: TestOptions = { tags: ['shared'] };
