import * as pb from '../../gen/luau_pb.js';
import type { Expr, GenericTypeName, Type, TypeName } from '../../gen/luau_pb.js';
import { nameTables } from '../print/index.js';
import { made } from './blank-message.js';
import { exprBuilders } from './build-expr.js';

/** A `Type` of one case. */
function type(oneof: Type['typeOneof']): Type {
  return made(pb.TypeSchema, { typeOneof: oneof });
}

/** A named type `name<generics, genericpacks...>`. */
function literal(name: TypeName, generics: Type[], genericpacks: GenericTypeName[]): Type {
  return type({
    case: 'literal',
    value: made(pb.TypeLiteralSchema, { name, generics, genericpacks }),
  });
}

/** A type name of one case. */
function typeName(oneof: TypeName['exprOneof']): TypeName {
  return made(pb.TypeNameSchema, { exprOneof: oneof });
}

/**
 * The constructors of type annotations of {@link build} (which has them all). Types are not
 * shared: each call makes new messages.
 *
 * @example
 * ```ts
 * typeBuilders.unionType(typeBuilders.primitiveType('number'), typeBuilders.primitiveType('nil'));
 * ```
 */
export const typeBuilders = {
  /** A primitive type by its name in the printer's table (`number`, `string`, `nil`, `any`, ...). */
  primitiveType(name: string): Type {
    return type({
      case: 'primitive',
      value: made(pb.TypePrimitiveSchema, { kind: nameTables.primitiveTypes.indexOf(name) }),
    });
  },
  /** The generic name `A` + `k` (`A`..`Z`). */
  genericName(k: number): GenericTypeName {
    return made(pb.GenericTypeNameSchema, { index: k });
  },
  /** A use of generic `A` + `k`. */
  genericType(k: number): Type {
    return literal(typeName({ case: 'generic', value: typeBuilders.genericName(k) }), [], []);
  },
  /** A use of alias `t<k>`, with type arguments and generic packs (`t3<number, A...>`). */
  aliasType(k: number, args: Type[] = [], packs: number[] = []): Type {
    return literal(
      typeName({ case: 'regular', value: exprBuilders.regularTypeName(k) }),
      args,
      packs.map(typeBuilders.genericName),
    );
  },
  /** `left | right`. */
  unionType(left: Type, right: Type): Type {
    return type({ case: 'union', value: made(pb.TypeUnionSchema, { left, right }) });
  },
  /** `left & right`. */
  intersectionType(left: Type, right: Type): Type {
    return type({ case: 'intersection', value: made(pb.TypeIntersectionSchema, { left, right }) });
  },
  /** The string singleton type `"val"`. */
  stringType(val: string): Type {
    return type({ case: 'string', value: made(pb.TypeStringSchema, { val }) });
  },
  /** The boolean singleton type `true` or `false`. */
  booleanType(val: boolean): Type {
    return type({ case: 'boolean', value: made(pb.TypeBooleanSchema, { val }) });
  },
  /** `{n<k>: T, ..., [K]: V}`: fields named `n<k>`, and an indexer `[K]: V` when given. */
  tableType(fields: [number, Type][], indexer?: [Type, Type]): Type {
    const items = fields.map(([k, t]) =>
      made(pb.TypeTableItemSchema, { key: exprBuilders.customName(k), type: t }),
    );
    const m = made(pb.TypeTableSchema, { items });
    if (indexer !== undefined)
      m.indexer = made(pb.TypeTableIndexerSchema, { key: indexer[0], value: indexer[1] });
    return type({ case: 'table', value: m });
  },
  /** `<A, ...>(args) -> rets`, generics numbered as in {@link typeBuilders.genericType}. */
  functionType(args: Type[], rets: Type[], generics: number[] = []): Type {
    return type({
      case: 'function',
      value: made(pb.TypeFunctionSchema, {
        generics: generics.map(typeBuilders.genericName),
        genericpacks: [],
        args,
        rets,
        attributes: [],
      }),
    });
  },
  /** `typeof(expr)`. */
  typeofType(expr: Expr): Type {
    return type({ case: 'typeof', value: made(pb.TypeTypeofSchema, { expr }) });
  },
  /** A host type by its index in the name table's extern types (`Vector3`, `Instance`, ...). */
  externType(kind: number): Type {
    return type({ case: 'extern', value: made(pb.TypeExternSchema, { kind }) });
  },
};
