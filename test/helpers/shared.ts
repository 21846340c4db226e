import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../src/package-root.js';
import { required } from './required.js';

/** The read-only reference directory beside the checkout (`../shared`). */
export const sharedDir: string = join(packageRoot, '..', 'shared');

/**
 * Whether `../shared` is there. A clone of its own has none: the tests that need it skip (tag
 * them `shared`, and the run says how many were skipped); under CI its absence fails them.
 *
 * @example
 * ```ts
 * describe.skipIf(!haveShared)('reference vectors', { tags: ['shared'] }, () => {});
 * ```
 */
export const haveShared: boolean = required(
  `the shared directory beside the checkout (${sharedDir})`,
  existsSync(join(sharedDir, 'DESIGN.md')),
);
