import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Type from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FormatError,
  readJsonFile,
  writeFileAtomic,
  writeJsonFile,
} from '../../src/format/index.js';

const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const Progress = Type.Object({ done: Type.Integer({ minimum: 0 }), finished: Type.Boolean() });

describe('writeFileAtomic', () => {
  it('replaces a file whole and leaves no temporary file', () => {
    const file = join(dir, 'a.json');
    writeFileSync(file, 'old');
    writeFileAtomic(file, 'new text');
    writeFileAtomic(file, new Uint8Array([104, 105]));
    expect(readFileSync(file, 'utf8')).toBe('hi');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('keeps the old file and leaves no temporary file when the rename fails', () => {
    const sub = join(dir, 'sub');
    mkdirSync(join(sub, 'target'), { recursive: true });
    writeFileSync(join(sub, 'kept'), 'kept');
    // A folder cannot be replaced by a file: the rename fails after the data was written.
    expect(() => writeFileAtomic(join(sub, 'target'), 'x')).toThrow(/EISDIR|ENOTEMPTY|EPERM/);
    expect(readdirSync(sub).sort()).toEqual(['kept', 'target']);
    expect(readFileSync(join(sub, 'kept'), 'utf8')).toBe('kept');
  });

  it('fails in a folder that is not there, naming the path, and writes nothing', () => {
    expect(() => writeFileAtomic(join(dir, 'none', 'b.json'), 'x')).toThrow(/ENOENT.*none/);
  });
});

describe('writeJsonFile', () => {
  it('writes a value its reader accepts', () => {
    const file = join(dir, 'progress.json');
    writeJsonFile(file, Progress, { done: 3, finished: false }, { indent: 2 });
    expect(readFileSync(file, 'utf8')).toBe('{\n  "done": 3,\n  "finished": false\n}\n');
    expect(readJsonFile(file, Progress)).toEqual({ done: 3, finished: false });
  });

  it('refuses a value of another shape and leaves the file as it was', () => {
    const file = join(dir, 'progress.json');
    const before = readFileSync(file, 'utf8');
    expect(() => writeJsonFile(file, Progress, { done: -1, finished: false } as never)).toThrow(
      FormatError,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
