import { create } from '@bufbuild/protobuf';
import {
  GenericTypeNameSchema,
  RegularTypeNameSchema,
  TypeBooleanSchema,
  TypeFunctionSchema,
  TypeIntersectionSchema,
  TypeLiteralSchema,
  TypeNameSchema,
  TypeSchema,
  TypeStringSchema,
  TypeTableIndexerSchema,
  TypeTableItemSchema,
  TypeTableSchema,
  TypeTypeofSchema,
  TypeUnionSchema,
  type Expr,
  type GenericTypeName,
  type Type,
  type TypeName,
} from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import { primitive } from './types.js';

/**
 * Constructors of the type annotations the typed level writes beyond {@link annotation}'s:
 * generic parameters and packs, aliases, unions, intersections, singletons, table types with
 * fields and indexers, function types and `typeof(expr)`.
 *
 * @example
 * ```ts
 * ty.union(ty.prim('number'), ty.prim('nil')); // number | nil
 * ```
 */
export const ty = {
  /** A primitive type by name (`number`, `string`, `nil`, `unknown`, `any`, ...). */
  prim: primitive,
  /** The generic name `A` + `k` (`A`..`Z`). */
  genericName(k: number): GenericTypeName {
    return create(GenericTypeNameSchema, { index: k });
  },
  /** A use of generic `A` + `k`. */
  generic(k: number): Type {
    return literal(
      create(TypeNameSchema, {
        exprOneof: { case: 'generic', value: create(GenericTypeNameSchema, { index: k }) },
      }),
      [],
      [],
    );
  },
  /** A use of alias `t<k>`, with type arguments and generic packs (`t3<number, A...>`). */
  alias(k: number, args: Type[] = [], packs: number[] = []): Type {
    return literal(
      create(TypeNameSchema, {
        exprOneof: { case: 'regular', value: create(RegularTypeNameSchema, { index: k }) },
      }),
      args,
      packs.map((p) => create(GenericTypeNameSchema, { index: p })),
    );
  },
  /** `a | b`. */
  union(left: Type, right: Type): Type {
    return create(TypeSchema, {
      typeOneof: { case: 'union', value: create(TypeUnionSchema, { left, right }) },
    });
  },
  /** `a & b`. */
  intersection(left: Type, right: Type): Type {
    return create(TypeSchema, {
      typeOneof: { case: 'intersection', value: create(TypeIntersectionSchema, { left, right }) },
    });
  },
  /** `t | nil`: the optional type `t?`. */
  optional(t: Type): Type {
    return ty.union(t, primitive('nil'));
  },
  /** The string singleton type `"s"`. */
  str(val: string): Type {
    return create(TypeSchema, {
      typeOneof: { case: 'string', value: create(TypeStringSchema, { val }) },
    });
  },
  /** The boolean singleton type `true` or `false`. */
  bool(val: boolean): Type {
    return create(TypeSchema, {
      typeOneof: { case: 'boolean', value: create(TypeBooleanSchema, { val }) },
    });
  },
  /** `{n<k>: T, ..., [K]: V}`: fields named `n<k>`, and an indexer when given. */
  table(fields: [number, Type][], indexer?: [Type, Type]): Type {
    return create(TypeSchema, {
      typeOneof: {
        case: 'table',
        value: create(TypeTableSchema, {
          items: fields.map(([k, type]) =>
            create(TypeTableItemSchema, { key: build.customName(k), type }),
          ),
          ...(indexer === undefined
            ? {}
            : { indexer: create(TypeTableIndexerSchema, { key: indexer[0], value: indexer[1] }) }),
        }),
      },
    });
  },
  /** `{T}`: an array. */
  array(elem: Type): Type {
    return ty.table([], [primitive('number'), elem]);
  },
  /** `<A, ...>(args) -> rets`, generics numbered as in {@link ty.generic}. */
  fn(args: Type[], rets: Type[], generics: number[] = []): Type {
    return create(TypeSchema, {
      typeOneof: {
        case: 'function',
        value: create(TypeFunctionSchema, {
          generics: generics.map((k) => create(GenericTypeNameSchema, { index: k })),
          args,
          rets,
        }),
      },
    });
  },
  /** `typeof(expr)`. */
  typeOf(expr: Expr): Type {
    return create(TypeSchema, {
      typeOneof: { case: 'typeof', value: create(TypeTypeofSchema, { expr }) },
    });
  },
};

function literal(name: TypeName, generics: Type[], genericpacks: GenericTypeName[]): Type {
  return create(TypeSchema, {
    typeOneof: {
      case: 'literal',
      value: create(TypeLiteralSchema, { name, generics, genericpacks }),
    },
  });
}
