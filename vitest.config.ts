import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SharedSkips } from './test/helpers/shared-skips.js';

// Commands that the embedded server runs see a private /tmp in their sandbox, so the files
// tests hand to projects (runtime wrappers, scratch tools) live under the checkout instead,
// which sandboxes see read-only. `.luau-fuzz/` is ignored by git.
const checkout = dirname(fileURLToPath(import.meta.url));
const tmp = join(checkout, '.luau-fuzz', 'tmp');
mkdirSync(tmp, { recursive: true });
process.env.TMPDIR = tmp;
// A checkout under /tmp (and ../shared beside it, when there is one) would be hidden by that
// private /tmp: the embedded servers the tests start show both read-only, as they are everywhere
// else. bubblewrap cannot mount onto a symbolic link (a `../shared` linked in, as in the copy
// scripts/plant-faults.ts makes), so the real path is shown.
const shared = join(checkout, '..', 'shared');
const readOnly = [checkout, ...(existsSync(shared) ? [realpathSync(shared)] : [])].join(':');
process.env.LUAU_FUZZ_READ_ONLY_PATHS = readOnly;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // One file per core, not vitest's cores − 1: most tests wait on the processes they start
    // (Luau, servers, sandboxes), and on two cores one worker left the second idle.
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    env: { TMPDIR: tmp, LUAU_FUZZ_READ_ONLY_PATHS: readOnly },
    // A clone of its own has no ../shared: what needs it is tagged, skipped, and counted once.
    tags: [
      {
        name: 'shared',
        description: 'needs ../shared beside the checkout: real Luau tools or reference data',
      },
    ],
    reporters: ['default', new SharedSkips(shared)],
  },
});
