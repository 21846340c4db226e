import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../src/package-root.js';

/** The read-only specification directory beside the checkout (`../shared`). */
export const sharedDir: string = join(packageRoot, '..', 'shared');

if (!existsSync(join(sharedDir, 'DESIGN.md'))) {
  throw new Error(`the shared specification directory is missing: ${sharedDir}`);
}
