import { describe, expect, it } from 'vitest';
import { CorpusError, recordFromJson, recordToJson } from '../../../src/campaign/guided/index.js';

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

  it('refuse a scale that is no whole number from 1 to 16, naming the file and the field', () => {
    const json = recordToJson({ kind: 'choices', choices: Int32Array.of(3) });
    if (json.kind !== 'choices') throw new Error(`a record of kind ${json.kind}`);
    const { choices } = json;
    for (const scale of [0, 2.5, 17, '2']) {
      const read = (): unknown =>
        recordFromJson({ kind: 'choices', choices, scale }, 'c/000001.json');
      expect(read).toThrow(CorpusError);
      expect(read).toThrow(/c\/000001\.json: record\.scale is not an integer from 1 to 16/);
    }
  });
});
