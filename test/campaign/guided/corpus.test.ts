import { describe, expect, it } from 'vitest';
import { recordFromJson, recordToJson } from '../../../src/campaign/guided/index.js';
import { FormatError } from '../../../src/format/index.js';

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
    const problems = [
      [0, 'must be >= 1'],
      [2.5, 'must be integer, not number'],
      [17, 'must be <= 16'],
      ['2', 'must be integer, not string'],
    ] as const;
    for (const [scale, problem] of problems) {
      const read = (): unknown =>
        recordFromJson({ kind: 'choices', choices, scale }, 'c/000001.json');
      expect(read).toThrow(FormatError);
      expect(read).toThrow(`c/000001.json: field 'scale' ${problem}`);
    }
  });
});
