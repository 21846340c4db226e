import { equals, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { decodeTree, encodeTree } from '../../src/tree/index.js';
import { haveShared, needsShared } from '../helpers/shared.js';
import { compatVectors } from '../helpers/vectors.js';

const vectors = haveShared ? compatVectors() : [];
const text = new TextEncoder();

describe.skipIf(!haveShared)('decodeTree', needsShared, () => {
  it('reads all 400 reference vectors', () => {
    expect(vectors).toHaveLength(400);
  });

  it.each(vectors.map((v) => [v.id, v] as const))(
    'round-trips vector %s between text format and binary',
    (_id, v) => {
      const fromText = decodeTree(ModuleSetSchema, text.encode(v.textproto), 'textproto');
      const binary = Buffer.from(v.binpb_base64, 'base64');
      expect(Buffer.from(toBinary(ModuleSetSchema, fromText)).toString('base64')).toBe(
        v.binpb_base64,
      );
      const fromBinary = decodeTree(ModuleSetSchema, binary, 'binpb');
      expect(equals(ModuleSetSchema, fromBinary, fromText)).toBe(true);
      const again = decodeTree(
        ModuleSetSchema,
        encodeTree(ModuleSetSchema, fromBinary, 'textproto'),
        'textproto',
      );
      expect(Buffer.from(encodeTree(ModuleSetSchema, again, 'binpb')).equals(binary)).toBe(true);
      const viaJson = decodeTree(
        ModuleSetSchema,
        encodeTree(ModuleSetSchema, again, 'json'),
        'json',
      );
      expect(equals(ModuleSetSchema, viaJson, fromBinary)).toBe(true);
    },
  );
});
