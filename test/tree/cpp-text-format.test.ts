import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { luauArbitraries } from '../../src/arbitrary/index.js';
import { packageRoot } from '../../src/package-root.js';
import { encodeTree } from '../../src/tree/index.js';
import { required } from '../helpers/required.js';

// `protoc --encode` parses text format with the C++ TextFormat parser: the reader of Luau's
// own fuzzer corpora (libprotobuf-mutator). CI installs it (Debian's protobuf-compiler).
const protoc = required('protoc on the PATH', spawnSync('protoc', ['--version']).status === 0);

function cppEncode(text: Uint8Array): Buffer {
  return execFileSync(
    'protoc',
    [`--proto_path=${join(packageRoot, 'proto')}`, '--encode=luau.ModuleSet', 'luau.proto'],
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
});
