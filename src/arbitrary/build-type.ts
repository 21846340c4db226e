import * as pb from '../../gen/luau_pb.js';
import type { Expr, GenericTypeName, Type, TypeName, TypeTableItem } from '../../gen/luau_pb.js';
import { nameTables } from '../print/index.js';
import { blank, messageKind } from './blank-message.js';
import { exprBuilders } from './build-expr.js';

const TYPE = messageKind(pb.TypeSchema);
const PRIMITIVE = messageKind(pb.TypePrimitiveSchema);
const LITERAL = messageKind(pb.TypeLiteralSchema);
const TYPE_NAME = messageKind(pb.TypeNameSchema);
const GENERIC_NAME = messageKind(pb.GenericTypeNameSchema);
const UNION = messageKind(pb.TypeUnionSchema);
const INTERSECTION = messageKind(pb.TypeIntersectionSchema);
const STRING = messageKind(pb.TypeStringSchema);
const BOOLEAN = messageKind(pb.TypeBooleanSchema);
const TABLE = messageKind(pb.TypeTableSchema);
const TABLE_ITEM = messageKind(pb.TypeTableItemSchema);
const INDEXER = messageKind(pb.TypeTableIndexerSchema);
const FUNCTION = messageKind(pb.TypeFunctionSchema);
const TYPEOF = messageKind(pb.TypeTypeofSchema);
const EXTERN = messageKind(pb.TypeExternSchema);

/** A `Type` of one case. */
function type(oneof: Type['typeOneof']): Type {
  const m = blank(TYPE);
  m.typeOneof = oneof;
  return m;
}

/** A named type `name<generics, genericpacks...>`. */
function literal(name: TypeName, generics: Type[], genericpacks: GenericTypeName[]): Type {
  const m = blank(LITERAL);
  m.name = name;
  m.generics = generics;
  m.genericpacks = genericpacks;
  return type({ case: 'literal', value: m });
}

/** A type name of one case. */
function typeName(oneof: TypeName['exprOneof']): TypeName {
  const m = blank(TYPE_NAME);
  m.exprOneof = oneof;
  return m;
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
    const m = blank(PRIMITIVE);
    m.kind = nameTables.primitiveTypes.indexOf(name);
    return type({ case: 'primitive', value: m });
  },
  /** The generic name `A` + `k` (`A`..`Z`). */
  genericName(k: number): GenericTypeName {
    const m = blank(GENERIC_NAME);
    m.index = k;
    return m;
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
    const m = blank(UNION);
    m.left = left;
    m.right = right;
    return type({ case: 'union', value: m });
  },
  /** `left & right`. */
  intersectionType(left: Type, right: Type): Type {
    const m = blank(INTERSECTION);
    m.left = left;
    m.right = right;
    return type({ case: 'intersection', value: m });
  },
  /** The string singleton type `"val"`. */
  stringType(val: string): Type {
    const m = blank(STRING);
    m.val = val;
    return type({ case: 'string', value: m });
  },
  /** The boolean singleton type `true` or `false`. */
  booleanType(val: boolean): Type {
    const m = blank(BOOLEAN);
    m.val = val;
    return type({ case: 'boolean', value: m });
  },
  /** `{n<k>: T, ..., [K]: V}`: fields named `n<k>`, and an indexer `[K]: V` when given. */
  tableType(fields: [number, Type][], indexer?: [Type, Type]): Type {
    const m = blank(TABLE);
    const items = new Array<TypeTableItem>(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const [k, t] = fields[i]!;
      const item = blank(TABLE_ITEM);
      item.key = exprBuilders.customName(k);
      item.type = t;
      items[i] = item;
    }
    m.items = items;
    if (indexer !== undefined) {
      const x = blank(INDEXER);
      x.key = indexer[0];
      x.value = indexer[1];
      m.indexer = x;
    }
    return type({ case: 'table', value: m });
  },
  /** `<A, ...>(args) -> rets`, generics numbered as in {@link typeBuilders.genericType}. */
  functionType(args: Type[], rets: Type[], generics: number[] = []): Type {
    const m = blank(FUNCTION);
    m.generics = generics.map(typeBuilders.genericName);
    m.genericpacks = [];
    m.args = args;
    m.rets = rets;
    m.attributes = [];
    return type({ case: 'function', value: m });
  },
  /** `typeof(expr)`. */
  typeofType(expr: Expr): Type {
    const m = blank(TYPEOF);
    m.expr = expr;
    return type({ case: 'typeof', value: m });
  },
  /** A host type by its index in the name table's extern types (`Vector3`, `Instance`, ...). */
  externType(kind: number): Type {
    const m = blank(EXTERN);
    m.kind = kind;
    return type({ case: 'extern', value: m });
  },
};
