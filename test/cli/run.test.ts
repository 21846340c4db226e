import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { defaultOut } from '../../src/cli/run.js';

describe('defaultOut', () => {
  it('is luau-fuzz-runs/<UTC time to the second>, a name every file system takes', () => {
    const before = new Date().toISOString().slice(0, 19);
    const dir = defaultOut();
    expect(dir).toMatch(/^luau-fuzz-runs\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d$/);
    const time = dir.slice('luau-fuzz-runs/'.length).replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3');
    expect(time >= before).toBe(true);
  });
});

describe('luau-fuzz run', () => {
  it.each([
    [['--count', '0'], '--count must be an integer ≥ 1, got 0'],
    [['--timeout', '-1'], '--timeout must be an integer ≥ 1, got -1'],
  ])('refuses %j naming the flag, before it creates a workspace', async (args, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-run-'));
    try {
      let stderr = '';
      const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
        stderr += String(chunk);
        return true;
      });
      const code = await main([
        'run',
        ...args,
        '--workspace-dir',
        join(dir, 'ws'),
        '--out',
        join(dir, 'c'),
      ]);
      spy.mockRestore();
      expect(code).toBe(1);
      expect(stderr).toContain(message);
      expect(existsSync(join(dir, 'ws'))).toBe(false);
      expect(existsSync(join(dir, 'c'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
