import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { needsShared } from '../helpers/shared.js';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { luauArbitraries } from '../../src/arbitrary/index.js';
import { packageRoot } from '../../src/package-root.js';
import { decodeTree, encodeTree, grammar735 } from '../../src/tree/index.js';
import { required } from '../helpers/required.js';
import { compatVectors, haveVectors735 } from '../helpers/vectors.js';

// `protoc --encode` parses text format with the C++ TextFormat parser: the reader of Luau's
// own fuzzer corpora (libprotobuf-mutator). CI installs it (Debian's protobuf-compiler).
const protoc = required('protoc on the PATH', spawnSync('protoc', ['--version']).status === 0);

function cppEncode(text: Uint8Array, protoFile = 'luau.proto'): Buffer {
  return execFileSync(
    'protoc',
    [`--proto_path=${join(packageRoot, 'proto')}`, '--encode=luau.ModuleSet', protoFile],
    { input: text, maxBuffer: 64 * 2 ** 20 },
  );
}

describe.skipIf(!protoc)('encodeTree as textproto', () => {
  it('is read by the C++ TextFormat parser into the same tree', () => {
    const trees = fc.sample(luauArbitraries({ level: 'schema' }).moduleSet, {
      seed: 7,
      numRuns: 150,
    });
    for (const tree of trees) {
      const text = encodeTree(ModuleSetSchema, tree, 'textproto');
      expect(cppEncode(text).equals(Buffer.from(toBinary(ModuleSetSchema, tree)))).toBe(true);
    }
  });

  it.runIf(haveVectors735)('is read so for trees of grammar 735 too', needsShared, () => {
    const vectors = compatVectors('compat-vectors-735.jsonl').filter((_, i) => i % 4 === 0);
    for (const v of vectors) {
      const bytes = Buffer.from(v.binpb_base64, 'base64');
      const tree = decodeTree(grammar735.moduleSet, bytes, 'binpb');
      const text = encodeTree(grammar735.moduleSet, tree, 'textproto');
      expect(cppEncode(text, grammar735.protoFile).equals(bytes), v.id).toBe(true);
    }
  });
});
