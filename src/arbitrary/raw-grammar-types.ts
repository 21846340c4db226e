import fc from 'fast-check';
import type { DescMessage } from '@bufbuild/protobuf';
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
 * const typeOf = (p: RawParts) => p.t(d('Type'));
 * ```
 */
export interface RawParts {
  /** The grammar's message of a name (`Expr`): the shared rules draw every grammar's messages. */
  d: (name: string) => DescMessage;
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
 * const cases = casesOf(p.t, d('TypeName'), ['regular', 'generic']);
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
  const { d, t, choice, list, none, text, depth, generics, genericPacks } = p;
  const f = p.features;
  const typeCases = casesOf(t, d('Type'), [
    ...['primitive', 'literal', 'boolean', 'string', 'extern', 'ref', 'table', 'function'],
    ...['typeof', 'union', 'intersection'],
  ]);

  const type = t(d('Type'));
  const access = fc.option(fc.constantFrom(TableFieldAccess.Read, TableFieldAccess.Write), {
    nil: undefined,
  });

  return {
    ...rawTypeNames(p),
    Type: hoisting(messageOf(d('Type'), { typeOneof: choice(...typeCases) }), (ty) =>
      nestedOfKind(d('Type'), ty as never),
    ),
    TypePrimitive: messageOf(d('TypePrimitive'), { kind: fc.integer({ min: 0, max: 10 }) }),
    TypeLiteral: messageOf(d('TypeLiteral'), {
      name: t(d('TypeName')),
      generics: f.generics ? list(type, 2) : none,
      genericpacks: genericPacks,
    }),
    TypeTableItem: messageOf(d('TypeTableItem'), {
      access,
      key: t(d('Name')),
      type: type,
    }),
    TypeTableIndexer: messageOf(d('TypeTableIndexer'), {
      access,
      key: type,
      value: type,
    }),
    TypeTable: messageOf(d('TypeTable'), {
      items: list(t(d('TypeTableItem')), 3),
      indexer: fc.option(t(d('TypeTableIndexer')), { nil: undefined, ...depth }),
    }),
    TypeFunction: messageOf(d('TypeFunction'), {
      generics,
      genericpacks: genericPacks,
      args: list(type, 3),
      rets: list(type, 2),
      attributes: none,
    }),
    TypeTypeof: messageOf(d('TypeTypeof'), { expr: t(d('Expr')) }),
    TypeUnion: messageOf(d('TypeUnion'), { left: type, right: type }),
    TypeIntersection: messageOf(d('TypeIntersection'), { left: type, right: type }),
    TypeExtern: messageOf(d('TypeExtern'), { kind: fc.integer({ min: 0, max: 2 }) }),
    TypeRef: messageOf(d('TypeRef'), {
      prefix: t(d('Local')),
      index: t(d('TypeName')),
    }),
    TypeBoolean: messageOf(d('TypeBoolean'), { val: fc.boolean() }),
    TypeString: messageOf(d('TypeString'), { val: text }),

    ...rawAttributes(p),
  };
}

/**
 * The rules of attribute literals and attributes. Only `@deprecated` takes an argument, a
 * table whose keys (`use`, `reason`) no name of the table spells: the resolvers keep it as `{}`.
 */
function rawAttributes(p: RawParts): Record<string, fc.Arbitrary<unknown>> {
  const { d, t, choice, list } = p;
  const f = p.features;
  return {
    ExprLiteral: messageOf(d('ExprLiteral'), {
      exprOneof: choice(
        ...p.constants,
        ...casesOf(t, d('ExprLiteral'), ['table', ...(f.integerLiterals ? ['integer'] : [])]),
      ),
    }),
    LiteralTableItem: messageOf(d('LiteralTableItem'), {
      keyName: fc.option(t(d('Name')), { nil: undefined }),
      value: t(d('ExprLiteral')),
    }),
    ExprLiteralTable: messageOf(d('ExprLiteralTable'), {
      items: list(t(d('LiteralTableItem')), 3),
    }),
    ExprAttr: messageOf(d('ExprAttr'), {
      type: fc.constantFrom(AttrType.Native, AttrType.Checked, AttrType.Deprecated),
      args: list(t(d('ExprLiteral')), 1),
      braced: fc.boolean(),
    }),
  };
}

/** The rules of type names: regular (aliases), generic, builtin. */
function rawTypeNames(p: RawParts): Record<string, fc.Arbitrary<unknown>> {
  const { d, t, lowByte } = p;
  return {
    RegularTypeName: messageOf(d('RegularTypeName'), { index: lowByte }),
    GenericTypeName: messageOf(d('GenericTypeName'), {
      index: fc.integer({ min: 0, max: 25 }),
    }),
    BuiltinTypeName: messageOf(d('BuiltinTypeName'), {
      index: fc.integer({ min: 0, max: 18 }),
    }),
    TypeName: messageOf(d('TypeName'), {
      exprOneof: fc.oneof(...casesOf(t, d('TypeName'), ['regular', 'generic', 'builtin'])),
    }),
  };
}
