import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import { main } from '../../src/cli/main.js';

afterEach(() => vi.restoreAllMocks());

describe('luau-fuzz gen', () => {
  it('records the generator version beside the seed and options in manifest.json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-gen-'));
    try {
      vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      expect(
        await main(['gen', '--count', '3', '--seed', '4', '--max-depth', '3', '--out', dir]),
      ).toBe(0);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
        seed: number;
        generatorVersion: number;
        options: { maxDepth: number; level: string };
      };
      expect(manifest).toMatchObject({
        seed: 4,
        generatorVersion: GENERATOR_VERSION,
        options: { maxDepth: 3, level: 'syntax' },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
