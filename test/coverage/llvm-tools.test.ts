import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findLlvmTools, LlvmToolsMissingError } from '../../src/coverage/index.js';

const dirs: string[] = [];
function binDir(files: string[]): string {
  const d = mkdtempSync(join(tmpdir(), 'llvm-bin-'));
  dirs.push(d);
  for (const f of files) {
    writeFileSync(join(d, f), '#!/bin/sh\n');
    chmodSync(join(d, f), 0o755);
  }
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('findLlvmTools', () => {
  it('takes plain names first, else the highest versioned ones, along the search path', () => {
    const versioned = binDir(['llvm-profdata-13', 'llvm-profdata-14', 'llvm-cov-14', 'llvm-cov-9']);
    const plain = binDir(['llvm-profdata', 'llvm-cov']);
    expect(findLlvmTools({ path: `${versioned}:${plain}` })).toEqual({
      profdata: join(versioned, 'llvm-profdata-14'),
      cov: join(versioned, 'llvm-cov-14'),
    });
    expect(findLlvmTools({ path: `${plain}:${versioned}` })).toEqual({
      profdata: join(plain, 'llvm-profdata'),
      cov: join(plain, 'llvm-cov'),
    });
  });

  it('looks only in --llvm-bin when given', () => {
    const plain = binDir(['llvm-profdata', 'llvm-cov']);
    const empty = binDir([]);
    expect(() => findLlvmTools({ llvmBin: empty, path: plain })).toThrow(
      /^llvm-profdata and llvm-cov not found in --llvm-bin .*--llvm-bin DIR\.$/,
    );
    expect(() => findLlvmTools({ llvmBin: join(empty, 'none') })).toThrow(
      /^--llvm-bin: no such folder: /,
    );
  });

  it('names only the tool that is missing', () => {
    const half = binDir(['llvm-profdata-14']);
    expect(() => findLlvmTools({ path: half })).toThrow(LlvmToolsMissingError);
    expect(() => findLlvmTools({ path: half })).toThrow(/^llvm-cov not found on the PATH/);
    const other = binDir(['llvm-cov']);
    expect(() => findLlvmTools({ path: other })).toThrow(/^llvm-profdata not found on the PATH/);
  });
});
