import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalRuntime } from '../../src/runtime/local-runtime.js';
import { parseRuntime } from '../../src/runtime/profile.js';
import { runnerSourceDir } from '../../src/runtime/runner-files.js';

const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-cmd-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A stand-in for the Luau CLI: prints its options, then runs the file with the bundled VM.
const fakeLuau = join(dir, 'luau');
writeFileSync(
  fakeLuau,
  `#!/bin/sh\necho "options:" "$@"\nfor last; do :; done\nexec node ${JSON.stringify(join(runnerSourceDir, 'main.mjs'))} luau "$last"\n`,
);
chmodSync(fakeLuau, 0o755);

describe('createLocalRuntime', () => {
  it('runs a luau-cli profile with its options and classifies like the Luau CLI', async () => {
    const rt = await createLocalRuntime(parseRuntime(`luau-cli:-O2:--codegen:path=${fakeLuau}`), {
      workers: 2,
      timeoutMs: 20_000,
    });
    try {
      const [ok, compile, runtime, withModule] = await Promise.all([
        rt.run({ id: 'ok', program: 'print(6 * 7)' }),
        rt.run({ id: 'c', program: 'local = 1' }),
        rt.run({ id: 'r', program: 'error("no")' }),
        rt.run({ id: 'm', program: 'print(require(module0).k)', module: 'return { k = "v" }' }),
      ]);
      expect(ok.status).toBe('ok');
      expect(ok.output).toMatch(/^options: -O2 --codegen \S+program\.luau\n42\n$/);
      expect(compile.status).toBe('compile-error');
      expect(runtime.status).toBe('runtime-error');
      expect(runtime.error).toContain('program:1: no');
      expect(withModule).toMatchObject({ status: 'ok' });
      expect(withModule.output.endsWith('\nv\n')).toBe(true);
    } finally {
      await rt.close();
    }
  });

  it('reports signals, shell signal exit codes and time limits of a command', async () => {
    const rt = await createLocalRuntime(parseRuntime('command:sh -c "kill -SEGV $$" {program}'), {
      timeoutMs: 1000,
    });
    const shellCode = await createLocalRuntime(parseRuntime('command:sh -c "exit 134" {program}'));
    const slow = await createLocalRuntime(parseRuntime('command:sh -c "sleep 30" {program}'), {
      timeoutMs: 300,
    });
    try {
      expect(await rt.run({ id: 's', program: '' })).toMatchObject({
        status: 'crash',
        signal: 'SIGSEGV',
      });
      expect(await shellCode.run({ id: 'a', program: '' })).toMatchObject({
        status: 'crash',
        signal: 'SIGABRT',
      });
      expect((await slow.run({ id: 't', program: '' })).status).toBe('timeout');
    } finally {
      await Promise.all([rt.close(), shellCode.close(), slow.close()]);
    }
  });
});
