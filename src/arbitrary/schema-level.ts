import { ScalarType, type DescField, type DescMessage, type DescOneof } from '@bufbuild/protobuf';
import { FeatureSet_FieldPresence } from '@bufbuild/protobuf/wkt';
import fc from 'fast-check';
import type { LuauArbitraries } from './arbitraries-shape.js';
import { nestedOfKind } from './descendants.js';
import { hoisting } from './hoisting.js';
import { caseOf, messageOf } from './message-builder.js';
import { messageKey } from './message-key.js';
import type { ResolvedOptions } from './options.js';
import { anyInt32, anyInt64, anyProtoString } from './scalars.js';
import { grammarOf } from './grammar-of.js';

/** Recursive kinds whose values shrink by hoisting a nested value of the same kind. */
const hoisted = new Set(['Stat', 'Expr', 'Type']);

type Tie = (name: string) => fc.Arbitrary<unknown>;

interface Shape {
  depthIdentifier: fc.DepthIdentifier;
  depthSize: fc.DepthSize;
  maxDepth: number;
  maxLength: number;
}

/**
 * The `schema` level, built from the message descriptors of the options' grammar (every
 * message of its schema reachable from `ModuleSet`): every required field set, optional
 * fields and oneofs sometimes unset, any int32/int64/string values. Oneofs list "unset" first
 * and every recursion goes through a oneof, an optional field or a list sharing one depth
 * identifier, so trees stay finite and shrink towards unset fields and empty lists.
 *
 * @example
 * ```ts
 * const { moduleSet } = schemaArbitraries(resolveOptions({ level: 'schema' }));
 * ```
 */
export function schemaArbitraries(options: ResolvedOptions): LuauArbitraries {
  const shape: Shape = {
    depthIdentifier: fc.createDepthIdentifier(),
    depthSize: options.depthSize,
    maxDepth: options.maxDepth,
    maxLength: options.maxStatements,
  };
  const { messages } = grammarOf(options).file;
  const byName = fc.letrec((tie) => {
    const out: Record<string, fc.Arbitrary<unknown>> = {};
    for (const desc of messages) {
      const arb = messageArbitrary(desc, tie, shape);
      out[desc.name] = hoisted.has(desc.name)
        ? hoisting(arb, (m) => nestedOfKind(desc, m as never))
        : arb;
    }
    return out;
  });
  const result: Record<string, fc.Arbitrary<unknown>> = {};
  for (const desc of messages) {
    const arb = byName[desc.name];
    if (arb !== undefined) result[messageKey(desc.name)] = arb;
  }
  return result as unknown as LuauArbitraries;
}

function messageArbitrary(desc: DescMessage, tie: Tie, shape: Shape): fc.Arbitrary<unknown> {
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  for (const member of desc.members) {
    parts[member.localName] =
      member.kind === 'oneof'
        ? oneofArbitrary(member, tie, shape)
        : fieldArbitrary(member, tie, shape);
  }
  return messageOf(desc, parts);
}

function oneofArbitrary(oneof: DescOneof, tie: Tie, shape: Shape): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      withCrossShrink: true,
      depthIdentifier: shape.depthIdentifier,
      depthSize: shape.depthSize,
      maxDepth: shape.maxDepth,
    },
    fc.constant(undefined),
    ...oneof.fields.map((field) => caseOf(field.localName, singleValue(field, tie))),
  );
}

function fieldArbitrary(field: DescField, tie: Tie, shape: Shape): fc.Arbitrary<unknown> {
  if (field.fieldKind === 'list') {
    const element =
      field.listKind === 'message'
        ? tie(field.message.name)
        : field.listKind === 'enum'
          ? enumValue(field.enum.values.map((v) => v.number))
          : scalarValue(field.scalar);
    return fc.array(element, {
      maxLength: shape.maxLength,
      depthIdentifier: shape.depthIdentifier,
    });
  }
  if (field.fieldKind === 'map') throw new Error(`map fields are not in the schema: ${field.name}`);
  const value = singleValue(field, tie);
  if (field.presence === FeatureSet_FieldPresence.LEGACY_REQUIRED) return value;
  return fc.option(value, {
    nil: undefined,
    depthIdentifier: shape.depthIdentifier,
    depthSize: shape.depthSize,
    maxDepth: shape.maxDepth,
  });
}

function singleValue(field: DescField, tie: Tie): fc.Arbitrary<unknown> {
  switch (field.fieldKind) {
    case 'message':
      return tie(field.message.name);
    case 'enum':
      return enumValue(field.enum.values.map((v) => v.number));
    case 'scalar':
      return scalarValue(field.scalar);
    default:
      throw new Error(`unexpected ${field.fieldKind} field ${field.name}`);
  }
}

function enumValue(numbers: number[]): fc.Arbitrary<number> {
  return fc.constantFrom(...numbers);
}

function scalarValue(scalar: ScalarType): fc.Arbitrary<unknown> {
  switch (scalar) {
    case ScalarType.INT32:
      return anyInt32();
    case ScalarType.INT64:
      return anyInt64();
    case ScalarType.BOOL:
      return fc.boolean();
    case ScalarType.STRING:
      return anyProtoString();
    default:
      throw new Error(`scalar type ${ScalarType[scalar]} is not in the schema`);
  }
}
