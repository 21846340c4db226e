import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Type from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FormatError,
  parseJsonLines,
  readJsonLines,
  writeJsonLines,
} from '../../src/format/index.js';

const Line = Type.Object({ i: Type.Integer(), origin: Type.String() });
const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-jsonl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function caught(f: () => unknown): FormatError {
  try {
    f();
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('parseJsonLines', () => {
  it('reads complete lines and sets apart a last line without its newline', () => {
    // Cut right after its `}`: a complete-looking value, but the write stopped before the newline.
    const text = '{"i":0,"origin":"fresh"}\n\n{"i":1,"origin":"fresh"}\n{"i":2,"origin":"fresh"}';
    const r = parseJsonLines(text, Line, 'programs.jsonl');
    expect(r.records.map((x) => x.i)).toEqual([0, 1]);
    expect(r.truncated).toEqual({ line: 4, text: '{"i":2,"origin":"fresh"}' });
    expect(r.completeBytes).toBe(text.lastIndexOf('\n') + 1);
  });

  it('names the line of a corrupt or foreign line before the last', () => {
    const corrupt = caught(() =>
      parseJsonLines('{"i":0,"origin":"a"}\n{"i":1,"ori\n{"i":2,"origin":"a"}\n', Line, 'p.jsonl'),
    );
    expect(corrupt).toMatchObject({ source: 'p.jsonl', line: 2 });
    expect(corrupt.message).toMatch(/^p\.jsonl:2: is cut short/);
    const foreign = caught(() =>
      parseJsonLines('{"i":0,"origin":"a"}\n{"i":"1","origin":"a"}\n', Line, 'p.jsonl'),
    );
    expect(foreign.message).toBe("p.jsonl:2: field 'i' must be integer, not string");
  });
});

describe('readJsonLines and writeJsonLines', () => {
  it('appends checked lines, and a file truncated to its complete lines takes more', () => {
    const file = join(dir, 'results.jsonl');
    writeJsonLines(file, Line, [{ i: 0, origin: 'fresh' }], { append: true });
    appendFileSync(file, '{"i":1,"orig');
    const r = readJsonLines(file, Line);
    expect(r.truncated?.line).toBe(2);
    truncateSync(file, r.completeBytes);
    writeJsonLines(file, Line, [{ i: 1, origin: 'mutant' }], { append: true });
    expect(readJsonLines(file, Line).records).toEqual([
      { i: 0, origin: 'fresh' },
      { i: 1, origin: 'mutant' },
    ]);
  });

  it('refuses to append a foreign value and leaves the file as it was', () => {
    const file = join(dir, 'kept.jsonl');
    writeFileSync(file, '{"i":0,"origin":"a"}\n');
    expect(() => writeJsonLines(file, Line, [{ i: 0.5, origin: 'a' }], { append: true })).toThrow(
      FormatError,
    );
    expect(readFileSync(file, 'utf8')).toBe('{"i":0,"origin":"a"}\n');
  });

  it('replaces the whole file, cut-short line included, and leaves no temporary file', () => {
    const sub = mkdtempSync(join(dir, 'whole-'));
    const file = join(sub, 'results.jsonl');
    writeFileSync(file, '{"i":0,"origin":"a"}\n{"i":1,"orig');
    writeJsonLines(file, Line, [{ i: 2, origin: 'b' }]);
    expect(readFileSync(file, 'utf8')).toBe('{"i":2,"origin":"b"}\n');
    expect(readdirSync(sub)).toEqual(['results.jsonl']);
    expect(() => writeJsonLines(file, Line, [{ i: 3, origin: 7 } as never])).toThrow(FormatError);
    expect(readFileSync(file, 'utf8')).toBe('{"i":2,"origin":"b"}\n');
  });

  it('reads a missing file as empty', () => {
    expect(readJsonLines(join(dir, 'none.jsonl'), Line)).toEqual({
      records: [],
      truncated: undefined,
      completeBytes: 0,
    });
  });
});
