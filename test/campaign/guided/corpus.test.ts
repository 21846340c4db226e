import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  Corpus,
  CorpusError,
  recordFromJson,
  recordToJson,
} from '../../../src/campaign/guided/index.js';

describe('records as JSON', () => {
  it('keep the scale of a grown record of choices, and leave it out at scale 1', () => {
    const grown = { kind: 'choices', choices: Int32Array.of(1, 65535, 7), scale: 4 } as const;
    const json = recordToJson(grown);
    expect(json).toEqual({ kind: 'choices', choices: expect.any(String), scale: 4 });
    expect(recordFromJson(JSON.parse(JSON.stringify(json)), 'e.json')).toEqual(grown);
    const plain = recordToJson({ kind: 'choices', choices: Int32Array.of(3) });
    expect(plain).not.toHaveProperty('scale');
    expect(recordFromJson(plain, 'e.json')).toEqual({ kind: 'choices', choices: Int32Array.of(3) });
  });

  it('refuse a scale that is no whole number from 1 to 8, naming the file and the field', () => {
    const json = recordToJson({ kind: 'choices', choices: Int32Array.of(3) });
    if (json.kind !== 'choices') throw new Error(`a record of kind ${json.kind}`);
    const { choices } = json;
    for (const scale of [0, 2.5, 9, '2']) {
      const read = (): unknown =>
        recordFromJson({ kind: 'choices', choices, scale }, 'c/000001.json');
      expect(read).toThrow(CorpusError);
      expect(read).toThrow(/c\/000001\.json: record\.scale is not an integer from 1 to 8/);
    }
  });
});

describe('corpus entries', () => {
  const dir = (): string => mkdtempSync(join(tmpdir(), 'luau-fuzz-corpus-'));
  const kept = {
    record: { kind: 'choices', choices: Int32Array.of(5) },
    origin: { kind: 'fresh', run: 0 },
    firstCounters: 1,
    counters: Int32Array.of(9),
    keptAt: 0,
  } as const;

  it('keep what their program costs, and read back without it when it was not written', () => {
    const d = dir();
    try {
      const corpus = Corpus.load(d);
      corpus.add({ ...kept, cost: 4321 });
      corpus.add(kept);
      const [a, b] = Corpus.load(d).entries;
      expect(a!.cost).toBe(4321);
      expect(b!.cost).toBeUndefined();
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('refuse a cost that is no positive number, naming the file', () => {
    const d = dir();
    try {
      Corpus.load(d).add({ ...kept, cost: 10 });
      const file = join(d, '000000.json');
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), cost: -1 }));
      expect(() => Corpus.load(d)).toThrow(CorpusError);
      expect(() => Corpus.load(d)).toThrow(/000000\.json: cost is not a positive number \(-1\)/);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
