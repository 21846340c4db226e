import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nameTables, u64Mod } from '../../src/print/name-tables.js';
import { packageRoot } from '../../src/package-root.js';
import { haveShared, needsShared, sharedDir } from '../helpers/shared.js';

describe('nameTables', () => {
  it.runIf(haveShared)('loads a data file equal to the reference name tables', needsShared, () => {
    const shipped: unknown = JSON.parse(
      readFileSync(join(packageRoot, 'data', 'name-tables.json'), 'utf8'),
    );
    const reference: unknown = JSON.parse(
      readFileSync(join(sharedDir, 'reference', 'name-tables.json'), 'utf8'),
    );
    expect(shipped).toEqual(reference);
    expect(nameTables).toEqual(reference);
  });

  it('is read on first use: importing the light library reads no data file', () => {
    // A fresh process records every file read while `luau-fuzz` is imported.
    const probe = `
      import fs from 'node:fs';
      import { syncBuiltinESMExports } from 'node:module';
      const read = [];
      const readFileSync = fs.readFileSync;
      fs.readFileSync = function (path, ...rest) {
        read.push(String(path));
        return readFileSync.call(this, path, ...rest);
      };
      syncBuiltinESMExports();
      const lib = await import('./src/index.ts');
      const before = read.slice();
      lib.nameTables.names.length;
      console.log(JSON.stringify({ before, after: read }));
    `;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', probe],
      { cwd: packageRoot, encoding: 'utf8' },
    );
    const { before, after } = JSON.parse(out) as { before: string[]; after: string[] };
    expect(before.filter((p) => p.endsWith('name-tables.json'))).toEqual([]);
    expect(after.filter((p) => p.endsWith('name-tables.json'))).toHaveLength(1);
  });
});

describe('u64Mod', () => {
  it('reads negative int32 values as unsigned 64-bit when it reduces them', () => {
    for (const v of [-1, -2, -19, -2147483648, 0, 5, 2147483647]) {
      for (const n of [3, 11, 19, 217]) {
        const expected = Number(BigInt.asUintN(64, BigInt(v)) % BigInt(n));
        expect(u64Mod(v, n), `${v} mod ${n}`).toBe(expected);
      }
    }
  });
});
