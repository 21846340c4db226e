import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Type from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { FormatError, parseJson, readJsonFile } from '../../src/format/index.js';

const State = Type.Object({ programs: Type.Integer(), seeds: Type.Array(Type.String()) });
const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-format-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseJson', () => {
  it('returns a document of its format', () => {
    expect(parseJson('{"programs":2,"seeds":["a"]}', State, 's.json')).toEqual({
      programs: 2,
      seeds: ['a'],
    });
  });

  it('tells a cut-short document from one that is not JSON', () => {
    expect(() => parseJson('{"programs":2,"se', State, 's.json')).toThrow(
      's.json: is cut short (the JSON ends inside a value)',
    );
    expect(() => parseJson('', State, 's.json')).toThrow('s.json: is empty');
    expect(() => parseJson('{"programs":2,\n "seeds" []}', State, 's.json')).toThrow(
      /^s\.json: is not JSON/,
    );
  });
});

describe('readJsonFile', () => {
  it('names the file and the field of a foreign document, and leaves the file alone', () => {
    const file = join(dir, 'state.json');
    const text = '{"programs":"two","seeds":[]}\n';
    writeFileSync(file, text);
    const e = (() => {
      try {
        return readJsonFile(file, State);
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(FormatError);
    expect((e as FormatError).message).toBe(
      `${file}: field 'programs' must be integer, not string`,
    );
    expect((e as FormatError).source).toBe(file);
  });

  it('names the file of a truncated document', () => {
    const file = join(dir, 'options.json');
    writeFileSync(file, '{"programs": 3, "seeds": ["a",');
    expect(() => readJsonFile(file, State)).toThrow(`${file}: is cut short`);
  });

  it('passes on the error of a file that is not there, which names its path', () => {
    expect(() => readJsonFile(join(dir, 'none.json'), State)).toThrow(/ENOENT.*none\.json/);
  });
});
