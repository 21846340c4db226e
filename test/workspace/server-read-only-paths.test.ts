import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSandbox } from '../../src/workspace/server/index.js';
import { startTestWorkspace } from './helpers.js';

const caps = probeSandbox();

describe.runIf(caps.bubblewrap)('readOnlyPaths', () => {
  it('shows a runtime under /tmp read-only inside the sandbox, and the data directory still not', async () => {
    // The runtime and the data directory both under one temporary directory (as in a clone
    // under /tmp, where ../shared/tools and the test's workspace sit side by side).
    // /tmp itself, not the tests' temporary directory (vitest.config.ts puts that in the checkout).
    const root = mkdtempSync('/tmp/luau-fuzz-read-only-');
    const tools = join(root, 'tools');
    mkdirSync(tools);
    const tool = join(tools, 'luau');
    writeFileSync(tool, '#!/bin/sh\necho "runtime ran"\n');
    chmodSync(tool, 0o755);
    const hidden = await startTestWorkspace({ dataDir: join(root, 'hidden') });
    const shown = await startTestWorkspace({ dataDir: join(root, 'ws'), readOnlyPaths: [root] });
    try {
      const before = await hidden.post('project_exec', {
        project_id: hidden.projectId,
        command: tool,
        err_on_exit: false,
      });
      expect(before.json, JSON.stringify(before.json)).not.toMatchObject({ exit_code: 0 });
      const run = await shown.post('project_exec', {
        project_id: shown.projectId,
        command: [
          tool,
          `touch ${tools}/written 2>/dev/null || echo read-only`,
          `cat ${root}/ws/api-key 2>/dev/null || echo key-hidden`,
          `ls -A ${root}/ws`,
        ].join('; '),
        err_on_exit: false,
      });
      // Of the data directory, only the way to the project's own home (no key, no database).
      expect(run.json?.stdout).toBe('runtime ran\nread-only\nkey-hidden\nprojects\n');
    } finally {
      await hidden.dispose();
      await shown.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
