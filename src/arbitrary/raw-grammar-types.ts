import fc from 'fast-check';
import type { DescMessage } from '@bufbuild/protobuf';
import * as pb from '../../gen/luau_pb.js';
import { AttrType, TableFieldAccess } from '../../gen/luau_pb.js';
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
 * const typeOf = (p: RawParts) => p.t(pb.TypeSchema);
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
 * The cases `names` of `schema`'s oneof, in that order, each drawn by its message's rule.
 *
 * @example
 * ```ts
 * const cases = casesOf(p.t, pb.TypeNameSchema, ['regular', 'generic']);
 * ```
 */
export function casesOf(
  t: RawParts['t'],
  schema: DescMessage,
  names: readonly string[],
): fc.Arbitrary<unknown>[] {
  return names.map((name) => {
    const field = schema.oneofs[0]?.fields.find((x) => x.localName === name);
    if (field?.message === undefined) throw new Error(`${schema.name} has no case ${name}`);
    return caseOf(name, t(field.message));
  });
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
  const typeCases = casesOf(t, pb.TypeSchema, [
    ...['primitive', 'literal', 'boolean', 'string', 'extern', 'ref', 'table', 'function'],
    ...['typeof', 'union', 'intersection'],
  ]);

  const type = t(pb.TypeSchema);

  return {
    // Types.
    RegularTypeName: messageOf(pb.RegularTypeNameSchema, { index: lowByte }),
    GenericTypeName: messageOf(pb.GenericTypeNameSchema, {
      index: fc.integer({ min: 0, max: 25 }),
    }),
    BuiltinTypeName: messageOf(pb.BuiltinTypeNameSchema, {
      index: fc.integer({ min: 0, max: 18 }),
    }),
    TypeName: messageOf(pb.TypeNameSchema, {
      exprOneof: fc.oneof(...casesOf(t, pb.TypeNameSchema, ['regular', 'generic', 'builtin'])),
    }),
    Type: hoisting(messageOf(pb.TypeSchema, { typeOneof: choice(...typeCases) }), (ty) =>
      nestedOfKind(pb.TypeSchema, ty as never),
    ),
    TypePrimitive: messageOf(pb.TypePrimitiveSchema, { kind: fc.integer({ min: 0, max: 10 }) }),
    TypeLiteral: messageOf(pb.TypeLiteralSchema, {
      name: t(pb.TypeNameSchema),
      generics: f.generics ? list(type, 2) : none,
      genericpacks: genericPacks,
    }),
    TypeTableItem: messageOf(pb.TypeTableItemSchema, {
      access: fc.option(fc.constantFrom(TableFieldAccess.Read, TableFieldAccess.Write), {
        nil: undefined,
      }),
      key: t(pb.NameSchema),
      type: type,
    }),
    TypeTableIndexer: messageOf(pb.TypeTableIndexerSchema, {
      access: fc.option(fc.constantFrom(TableFieldAccess.Read, TableFieldAccess.Write), {
        nil: undefined,
      }),
      key: type,
      value: type,
    }),
    TypeTable: messageOf(pb.TypeTableSchema, {
      items: list(t(pb.TypeTableItemSchema), 3),
      indexer: fc.option(t(pb.TypeTableIndexerSchema), { nil: undefined, ...depth }),
    }),
    TypeFunction: messageOf(pb.TypeFunctionSchema, {
      generics,
      genericpacks: genericPacks,
      args: list(type, 3),
      rets: list(type, 2),
      attributes: none,
    }),
    TypeTypeof: messageOf(pb.TypeTypeofSchema, { expr: t(pb.ExprSchema) }),
    TypeUnion: messageOf(pb.TypeUnionSchema, { left: type, right: type }),
    TypeIntersection: messageOf(pb.TypeIntersectionSchema, { left: type, right: type }),
    TypeExtern: messageOf(pb.TypeExternSchema, { kind: fc.integer({ min: 0, max: 2 }) }),
    TypeRef: messageOf(pb.TypeRefSchema, {
      prefix: t(pb.LocalSchema),
      index: t(pb.TypeNameSchema),
    }),
    TypeBoolean: messageOf(pb.TypeBooleanSchema, { val: fc.boolean() }),
    TypeString: messageOf(pb.TypeStringSchema, { val: text }),

    // Literals and attributes. Only `@deprecated` takes an argument, a table whose keys
    // (`use`, `reason`) no name of the table spells: the resolvers keep it as `{}`.
    ExprLiteral: messageOf(pb.ExprLiteralSchema, {
      exprOneof: choice(
        ...p.constants,
        ...casesOf(t, pb.ExprLiteralSchema, ['table', ...(f.integerLiterals ? ['integer'] : [])]),
      ),
    }),
    LiteralTableItem: messageOf(pb.LiteralTableItemSchema, {
      keyName: fc.option(t(pb.NameSchema), { nil: undefined }),
      value: t(pb.ExprLiteralSchema),
    }),
    ExprLiteralTable: messageOf(pb.ExprLiteralTableSchema, {
      items: list(t(pb.LiteralTableItemSchema), 3),
    }),
    ExprAttr: messageOf(pb.ExprAttrSchema, {
      type: fc.constantFrom(AttrType.Native, AttrType.Checked, AttrType.Deprecated),
      args: list(t(pb.ExprLiteralSchema), 1),
      braced: fc.boolean(),
    }),
  };
}
