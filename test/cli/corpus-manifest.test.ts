import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mainOutput } from '../helpers/cli-in-process.js';
import { expectEachRefused, expectRefused } from '../helpers/refused-file.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("gen's manifest.json", () => {
  it('is refused cut short, corrupt or foreign by gen --force, naming it, and nothing is added', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-manifest-'));
    dirs.push(dir);
    expect((await mainOutput(['gen', '--count', '3', '--seed', '1', '--out', dir])).code).toBe(0);
    const file = join(dir, 'manifest.json');
    const at = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const add = async (): Promise<void> => {
      const r = await mainOutput(['gen', '--count', '3', '--seed', '2', '--out', dir, '--force']);
      if (r.code !== 0) throw new Error(r.stderr);
    };
    await expectEachRefused(dir, file, add, { prefix: 'luau-fuzz: ' });
    const foreign = JSON.stringify({
      seed: 1,
      trees: [{ hash: 'x', nodes: 1, depth: 1, module: false }],
    });
    await expectRefused(
      dir,
      file,
      foreign,
      add,
      new RegExp(`^luau-fuzz: ${at}: field 'trees\\[0\\]\\.hash' must match`),
    );
  });
});

describe('workspace set-allowance --upgrades', () => {
  it('names the flag and the field that is wrong', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-upgrades-'));
    dirs.push(dir);
    const set = (json: string) =>
      mainOutput([
        'workspace',
        'set-allowance',
        '--data',
        dir,
        '--account',
        'a',
        '--upgrades',
        json,
      ]);
    expect((await set('{"memory": 4000')).stderr).toBe(
      'luau-fuzz: --upgrades: is cut short (the JSON ends inside a value)\n',
    );
    expect((await set('{"memory": "lots"}')).stderr).toBe(
      "luau-fuzz: --upgrades: field 'memory' must be number, not string\n",
    );
  });
});
