import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import { main } from '../../src/cli/main.js';
import { mainOutput } from '../helpers/cli-in-process.js';

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

  it('prints the trees to standard output with --out - (or --stdout), and writes nothing', async () => {
    const cwd = process.cwd();
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-gen-'));
    try {
      process.chdir(dir);
      const args = [
        'gen',
        '--count',
        '1',
        '--seed',
        '2',
        '--level',
        'runnable',
        '--profile',
        'luau-web',
        '--format',
        'luau',
      ];
      const dash = await mainOutput([...args, '--out', '-']);
      expect(dash.code).toBe(0);
      expect(dash.stdout).toMatch(/print\(/);
      expect(dash.stderr).toBe('luau-fuzz: 1 trees, seed 2\n');
      expect((await mainOutput([...args, '--stdout'])).stdout).toBe(dash.stdout);
      expect(readdirSync(dir)).toEqual([]);
      const binary = await mainOutput(['gen', '--count', '1', '--format', 'binpb', '--out', '-']);
      expect(binary.code).toBe(1);
      expect(binary.stderr).toMatch(/^luau-fuzz: --format binpb is binary/);
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a directory that is not empty unless --force, and then lists every tree in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-gen-'));
    try {
      expect((await mainOutput(['gen', '--count', '3', '--seed', '1', '--out', dir])).code).toBe(0);
      const refused = await mainOutput(['gen', '--count', '4', '--seed', '2', '--out', dir]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `luau-fuzz: --out ${dir} is not empty (give --force to add to it)\n`,
      );
      const added = await mainOutput([
        'gen',
        '--count',
        '4',
        '--seed',
        '2',
        '--out',
        dir,
        '--force',
      ]);
      expect(added.code).toBe(0);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
        unique: number;
        trees: { hash: string }[];
        runs: { seed: number }[];
      };
      const files = readdirSync(dir).filter((f) => f.endsWith('.textproto'));
      expect(manifest.trees.map((t) => `${t.hash}.textproto`).sort()).toEqual(files.sort());
      expect(manifest.unique).toBe(files.length);
      expect(manifest.runs.map((r) => r.seed)).toEqual([1, 2]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names --out when it is a file, in the one error style', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-gen-'));
    try {
      const file = join(dir, 'manifest.json');
      await mainOutput(['gen', '--count', '1', '--out', dir]);
      const r = await mainOutput(['gen', '--count', '1', '--out', file]);
      expect(r).toMatchObject({ code: 1, stderr: `luau-fuzz: --out ${file}: not a directory\n` });
      const usage = await mainOutput(['gen', '--count', 'x', '--out', dir]);
      expect(usage.stderr).toMatch(/^luau-fuzz: option '--count <n>' argument 'x' is invalid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('luau-fuzz workspace list', () => {
  it('creates no directory and no database for a mistyped --data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-ws-'));
    try {
      const typo = join(dir, 'typo');
      const r = await mainOutput(['workspace', 'list', '--data', typo]);
      expect(r).toMatchObject({
        code: 1,
        stderr: `luau-fuzz: --data ${typo}: no such directory\n`,
      });
      const empty = await mainOutput(['workspace', 'list', '--data', dir]);
      expect(empty.code).toBe(1);
      expect(empty.stderr).toMatch(/holds no workspace \(no workspace\.db/);
      expect(existsSync(typo)).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
