import { fromBinary } from '@bufbuild/protobuf';
import { fromText } from '@bufbuild/protobuf/txtpb';
import { describe, expect, it } from 'vitest';
import { needsShared } from '../helpers/shared.js';
import { printCompat } from '../../src/print/index.js';
import { grammar735 } from '../../src/tree/index.js';
import { compatVectors, haveVectors735, type CompatVector } from '../helpers/vectors.js';

const vectors = haveVectors735 ? compatVectors('compat-vectors-735.jsonl') : [];
const treeOf = (v: CompatVector) =>
  fromBinary(grammar735.moduleSet, Buffer.from(v.binpb_base64, 'base64'));

describe.runIf(haveVectors735)('printCompat, grammar 735', needsShared, () => {
  it('reads all 400 reference vectors', () => {
    expect(vectors).toHaveLength(400);
  });

  it.each([true, false])('matches every reference vector byte for byte with types %s', (types) => {
    const mismatched = vectors
      .filter((v) => {
        const printed = printCompat(treeOf(v), { grammar: grammar735, types });
        return JSON.stringify(printed) !== JSON.stringify(types ? v.types : v.notypes);
      })
      .map((v) => v.id);
    expect(mismatched).toEqual([]);
  });

  it('prints the same when the vector is read from its text format', () => {
    for (const v of vectors) {
      const tree = fromText(grammar735.moduleSet, v.textproto);
      expect(printCompat(tree, { grammar: grammar735 }), v.id).toEqual(v.types);
    }
  });
});
