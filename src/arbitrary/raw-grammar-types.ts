import fc from 'fast-check';
import type { DescMessage } from '@bufbuild/protobuf';
import {
  AttrType,
  BuiltinTypeNameSchema,
  ExprAttrSchema,
  ExprConstantIntegerSchema,
  ExprLiteralSchema,
  ExprLiteralTableSchema,
  ExprSchema,
  GenericTypeNameSchema,
  LiteralTableItemSchema,
  LocalSchema,
  NameSchema,
  RegularTypeNameSchema,
  TableFieldAccess,
  TypeBooleanSchema,
  TypeExternSchema,
  TypeFunctionSchema,
  TypeIntersectionSchema,
  TypeLiteralSchema,
  TypeNameSchema,
  TypePrimitiveSchema,
  TypeRefSchema,
  TypeSchema,
  TypeStringSchema,
  TypeTableIndexerSchema,
  TypeTableItemSchema,
  TypeTableSchema,
  TypeTypeofSchema,
  TypeUnionSchema,
} from '../../gen/luau_pb.js';
import { hoisting } from './hoisting.js';
import { caseOf, messageOf } from './message-builder.js';
import type { LuauFeatures, ResolvedOptions } from './options.js';
import { nestedOfKind } from './descendants.js';

/**
 * What the areas of the raw grammar share: the tie to the other rules, the combinators with
 * the grammar's depth, and the leaves and lists every area uses.
 *
 * @example
 * ```ts
 * const typeOf = (p: RawParts) => p.t(TypeSchema);
 * ```
 */
export interface RawParts {
  /** The rule of a message, by its schema (tied lazily: rules may refer to each other). */
  t: (desc: DescMessage) => fc.Arbitrary<unknown>;
  /** One of some cases, sharing the grammar's depth. */
  choice: (...arbs: fc.MaybeWeightedArbitrary<unknown>[]) => fc.Arbitrary<unknown>;
  /** A list sharing the grammar's depth. */
  list: (
    arb: fc.Arbitrary<unknown>,
    maxLength: number,
    minLength?: number,
  ) => fc.Arbitrary<unknown>;
  none: fc.Arbitrary<readonly unknown[]>;
  lowByte: fc.Arbitrary<number>;
  /** The text of string literals (and string singleton types). */
  text: fc.Arbitrary<string>;
  /** The constant cases of expressions and attribute literals: `nil`, booleans, numbers, strings. */
  constants: readonly fc.Arbitrary<unknown>[];
  /** The grammar's depth settings, for `fc.option` and the like. */
  depth: {
    depthIdentifier: fc.DepthIdentifier;
    depthSize: ResolvedOptions['depthSize'];
    maxDepth: number;
  };
  generics: fc.Arbitrary<unknown>;
  genericPacks: fc.Arbitrary<unknown>;
  features: LuauFeatures;
}

/**
 * The type rules of the raw grammar, with the literals and attributes of functions.
 *
 * @example
 * ```ts
 * const rules = { ...rawTypes(parts), ...otherRules };
 * ```
 */
export function rawTypes(p: RawParts): Record<string, fc.Arbitrary<unknown>> {
  const { t, choice, list, none, lowByte, text, depth, generics, genericPacks } = p;
  const f = p.features;
  const typeCases: fc.Arbitrary<unknown>[] = [
    caseOf('primitive', t(TypePrimitiveSchema)),
    caseOf('literal', t(TypeLiteralSchema)),
    caseOf('boolean', t(TypeBooleanSchema)),
    caseOf('string', t(TypeStringSchema)),
    caseOf('extern', t(TypeExternSchema)),
    caseOf('ref', t(TypeRefSchema)),
    caseOf('table', t(TypeTableSchema)),
    caseOf('function', t(TypeFunctionSchema)),
    caseOf('typeof', t(TypeTypeofSchema)),
    caseOf('union', t(TypeUnionSchema)),
    caseOf('intersection', t(TypeIntersectionSchema)),
  ];

  return {
    // Types.
    RegularTypeName: messageOf(RegularTypeNameSchema, { index: lowByte }),
    GenericTypeName: messageOf(GenericTypeNameSchema, { index: fc.integer({ min: 0, max: 25 }) }),
    BuiltinTypeName: messageOf(BuiltinTypeNameSchema, { index: fc.integer({ min: 0, max: 18 }) }),
    TypeName: messageOf(TypeNameSchema, {
      exprOneof: fc.oneof(
        caseOf('regular', t(RegularTypeNameSchema)),
        caseOf('generic', t(GenericTypeNameSchema)),
        caseOf('builtin', t(BuiltinTypeNameSchema)),
      ),
    }),
    Type: hoisting(messageOf(TypeSchema, { typeOneof: choice(...typeCases) }), (ty) =>
      nestedOfKind(TypeSchema, ty as never),
    ),
    TypePrimitive: messageOf(TypePrimitiveSchema, { kind: fc.integer({ min: 0, max: 10 }) }),
    TypeLiteral: messageOf(TypeLiteralSchema, {
      name: t(TypeNameSchema),
      generics: f.generics ? list(t(TypeSchema), 2) : none,
      genericpacks: genericPacks,
    }),
    TypeTableItem: messageOf(TypeTableItemSchema, {
      access: fc.option(fc.constantFrom(TableFieldAccess.Read, TableFieldAccess.Write), {
        nil: undefined,
      }),
      key: t(NameSchema),
      type: t(TypeSchema),
    }),
    TypeTableIndexer: messageOf(TypeTableIndexerSchema, {
      access: fc.option(fc.constantFrom(TableFieldAccess.Read, TableFieldAccess.Write), {
        nil: undefined,
      }),
      key: t(TypeSchema),
      value: t(TypeSchema),
    }),
    TypeTable: messageOf(TypeTableSchema, {
      items: list(t(TypeTableItemSchema), 3),
      indexer: fc.option(t(TypeTableIndexerSchema), { nil: undefined, ...depth }),
    }),
    TypeFunction: messageOf(TypeFunctionSchema, {
      generics,
      genericpacks: genericPacks,
      args: list(t(TypeSchema), 3),
      rets: list(t(TypeSchema), 2),
      attributes: none,
    }),
    TypeTypeof: messageOf(TypeTypeofSchema, { expr: t(ExprSchema) }),
    TypeUnion: messageOf(TypeUnionSchema, { left: t(TypeSchema), right: t(TypeSchema) }),
    TypeIntersection: messageOf(TypeIntersectionSchema, {
      left: t(TypeSchema),
      right: t(TypeSchema),
    }),
    TypeExtern: messageOf(TypeExternSchema, { kind: fc.integer({ min: 0, max: 2 }) }),
    TypeRef: messageOf(TypeRefSchema, { prefix: t(LocalSchema), index: t(TypeNameSchema) }),
    TypeBoolean: messageOf(TypeBooleanSchema, { val: fc.boolean() }),
    TypeString: messageOf(TypeStringSchema, { val: text }),

    // Literals and attributes. Only `@deprecated` takes an argument, a table whose keys
    // (`use`, `reason`) no name of the table spells: the resolvers keep it as `{}`.
    ExprLiteral: messageOf(ExprLiteralSchema, {
      exprOneof: choice(
        ...p.constants,
        caseOf('table', t(ExprLiteralTableSchema)),
        ...(f.integerLiterals ? [caseOf('integer', t(ExprConstantIntegerSchema))] : []),
      ),
    }),
    LiteralTableItem: messageOf(LiteralTableItemSchema, {
      keyName: fc.option(t(NameSchema), { nil: undefined }),
      value: t(ExprLiteralSchema),
    }),
    ExprLiteralTable: messageOf(ExprLiteralTableSchema, {
      items: list(t(LiteralTableItemSchema), 3),
    }),
    ExprAttr: messageOf(ExprAttrSchema, {
      type: fc.constantFrom(AttrType.Native, AttrType.Checked, AttrType.Deprecated),
      args: list(t(ExprLiteralSchema), 1),
      braced: fc.boolean(),
    }),
  };
}
