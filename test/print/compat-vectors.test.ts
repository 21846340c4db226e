import { fromBinary } from '@bufbuild/protobuf';
import { fromText } from '@bufbuild/protobuf/txtpb';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { printCompat } from '../../src/print/index.js';
import { haveShared, needsShared } from '../helpers/shared.js';
import { compatVectors } from '../helpers/vectors.js';

const vectors = haveShared ? compatVectors() : [];

describe.skipIf(!haveShared)('printCompat', needsShared, () => {
  it('reads all 400 reference vectors', () => {
    expect(vectors).toHaveLength(400);
  });

  it('matches every reference vector byte for byte with types on', () => {
    const mismatched = vectors
      .filter((v) => {
        const tree = fromBinary(ModuleSetSchema, Buffer.from(v.binpb_base64, 'base64'));
        return JSON.stringify(printCompat(tree, { types: true })) !== JSON.stringify(v.types);
      })
      .map((v) => v.id);
    expect(mismatched).toEqual([]);
  });

  it('matches every reference vector byte for byte with types off', () => {
    const mismatched = vectors
      .filter((v) => {
        const tree = fromBinary(ModuleSetSchema, Buffer.from(v.binpb_base64, 'base64'));
        return JSON.stringify(printCompat(tree, { types: false })) !== JSON.stringify(v.notypes);
      })
      .map((v) => v.id);
    expect(mismatched).toEqual([]);
  });

  it('prints the same when the vector is read from its text format', () => {
    for (const v of vectors) {
      const tree = fromText(ModuleSetSchema, v.textproto);
      expect(printCompat(tree), v.id).toEqual(v.types);
    }
  });
});
