import * as pb from '../../../../gen/luau_pb.js';
import type { Expr, GenericTypeName, Type } from '../../../../gen/luau_pb.js';
import { nameTables } from '../../../print/index.js';
import { made } from '../../blank-message.js';
import { build } from '../../build.js';
import { primitive } from '../values/types.js';

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
  /** A builtin type function applied (`keyof<T>`, `index<T, K>`), by its name. */
  builtin(name: string, args: Type[]): Type {
    const index = nameTables.builtinTypeNames.indexOf(name);
    if (index < 0) throw new Error(`no builtin type function '${name}'`);
    const value = made(pb.BuiltinTypeNameSchema, { index });
    const typeName = made(pb.TypeNameSchema, { exprOneof: { case: 'builtin', value } });
    return made(pb.TypeSchema, {
      typeOneof: {
        case: 'literal',
        value: made(pb.TypeLiteralSchema, { name: typeName, generics: args, genericpacks: [] }),
      },
    });
  },
  /** The generic name `A` + `k` (`A`..`Z`). */
  genericName(k: number): GenericTypeName {
    return build.genericName(k);
  },
  /** A use of generic `A` + `k`. */
  generic(k: number): Type {
    return build.genericType(k);
  },
  /** A use of alias `t<k>`, with type arguments and generic packs (`t3<number, A...>`). */
  alias(k: number, args: Type[] = [], packs: number[] = []): Type {
    return build.aliasType(k, args, packs);
  },
  /** `a | b`. */
  union(left: Type, right: Type): Type {
    return build.unionType(left, right);
  },
  /** `a & b`. */
  intersection(left: Type, right: Type): Type {
    return build.intersectionType(left, right);
  },
  /** `t | nil`: the optional type `t?`. */
  optional(t: Type): Type {
    return ty.union(t, primitive('nil'));
  },
  /** The string singleton type `"s"`. */
  str(val: string): Type {
    return build.stringType(val);
  },
  /** The boolean singleton type `true` or `false`. */
  bool(val: boolean): Type {
    return build.booleanType(val);
  },
  /** `{n<k>: T, ..., [K]: V}`: fields named `n<k>`, and an indexer when given. */
  table(fields: [number, Type][], indexer?: [Type, Type]): Type {
    return build.tableType(fields, indexer);
  },
  /** `{T}`: an array. */
  array(elem: Type): Type {
    return ty.table([], [primitive('number'), elem]);
  },
  /** `<A, ...>(args) -> rets`, generics numbered as in {@link ty.generic}. */
  fn(args: Type[], rets: Type[], generics: number[] = []): Type {
    return build.functionType(args, rets, generics);
  },
  /** `typeof(expr)`. */
  typeOf(expr: Expr): Type {
    return build.typeofType(expr);
  },
};
