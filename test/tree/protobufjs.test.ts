import { join } from 'node:path';
import {
  fromBinary,
  toBinary,
  toJson,
  type DescMessage,
  type JsonObject,
} from '@bufbuild/protobuf';
import fc from 'fast-check';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema, type ModuleSet } from '../../gen/luau_pb.js';
import { luauArbitraries } from '../../src/arbitrary/index.js';
import { packageRoot } from '../../src/package-root.js';
import { grammar735 } from '../../src/tree/index.js';
import { haveShared, needsShared } from '../helpers/shared.js';
import { compatVectors, haveVectors735 } from '../helpers/vectors.js';

// protobufjs reads proto/luau.proto itself: an implementation independent of protobuf-es.
const root = new protobuf.Root().loadSync(join(packageRoot, 'proto', 'luau.proto'), {
  keepCase: true,
});
const ModuleSetType = root.lookupType('luau.ModuleSet');
const toObjectOptions = { longs: String, enums: String, defaults: false, arrays: false };

function esContent(tree: ModuleSet): JsonObject {
  return toJson(ModuleSetSchema, tree, { useProtoFieldName: true }) as JsonObject;
}

/** Encodes with protobuf-es, decodes with protobufjs and back; bytes and content must agree. */
function crossCheck(
  tree: ModuleSet,
  schema: DescMessage = ModuleSetSchema,
  type: protobuf.Type = ModuleSetType,
): void {
  const esBytes = toBinary(schema, tree);
  const jsMessage = type.decode(esBytes);
  const jsBytes = type.encode(jsMessage).finish();
  expect(Buffer.from(jsBytes).equals(Buffer.from(esBytes))).toBe(true);
  expect(type.toObject(type.decode(esBytes), toObjectOptions)).toEqual(
    toJson(schema, tree, { useProtoFieldName: true }),
  );
  const fromJs = fromBinary(schema, jsBytes, { recursionLimit: 1000 });
  expect(Buffer.from(toBinary(schema, fromJs)).equals(Buffer.from(esBytes))).toBe(true);
}

describe('wire compatibility with protobufjs', () => {
  it.runIf(haveShared)('agrees on all 400 reference vectors', needsShared, () => {
    for (const v of compatVectors()) {
      const bytes = Buffer.from(v.binpb_base64, 'base64');
      crossCheck(fromBinary(ModuleSetSchema, bytes));
    }
  });

  it.runIf(haveVectors735)(
    'agrees on all 400 reference vectors of grammar 735',
    needsShared,
    () => {
      const type = new protobuf.Root()
        .loadSync(join(packageRoot, 'proto', grammar735.protoFile), { keepCase: true })
        .lookupType('luau.ModuleSet');
      for (const v of compatVectors('compat-vectors-735.jsonl')) {
        const tree = fromBinary(grammar735.moduleSet, Buffer.from(v.binpb_base64, 'base64'));
        crossCheck(tree as unknown as ModuleSet, grammar735.moduleSet, type);
      }
    },
  );

  it('agrees on schema-level trees in both directions', () => {
    const { moduleSet } = luauArbitraries({ level: 'schema' });
    fc.assert(
      fc.property(moduleSet, (tree) => {
        crossCheck(tree);
        // protobufjs encodes its own object form; protobuf-es must read the same tree.
        const jsBytes = ModuleSetType.encode(
          ModuleSetType.fromObject(
            ModuleSetType.toObject(
              ModuleSetType.decode(toBinary(ModuleSetSchema, tree)),
              toObjectOptions,
            ),
          ),
        ).finish();
        expect(esContent(fromBinary(ModuleSetSchema, jsBytes, { recursionLimit: 1000 }))).toEqual(
          esContent(tree),
        );
      }),
      { seed: 20261122, numRuns: 500 },
    );
  });
});
