import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nameTables, u64Mod } from '../../src/print/name-tables.js';
import { packageRoot } from '../../src/package-root.js';
import { sharedDir } from '../helpers/shared.js';

describe('nameTables', () => {
  it('loads a data file equal to the reference name tables', () => {
    const shipped: unknown = JSON.parse(
      readFileSync(join(packageRoot, 'data', 'name-tables.json'), 'utf8'),
    );
    const reference: unknown = JSON.parse(
      readFileSync(join(sharedDir, 'reference', 'name-tables.json'), 'utf8'),
    );
    expect(shipped).toEqual(reference);
    expect(nameTables).toEqual(reference);
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
