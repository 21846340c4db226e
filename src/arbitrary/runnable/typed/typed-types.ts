import * as pb from '../../../../gen/luau_pb.js';
import type { Type } from '../../../../gen/luau_pb.js';
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
  genericName: build.genericName,
  /** A use of generic `A` + `k`. */
  generic: build.genericType,
  /** A use of alias `t<k>`, with type arguments and generic packs (`t3<number, A...>`). */
  alias: build.aliasType,
  /** `a | b`. */
  union: build.unionType,
  /** `a & b`. */
  intersection: build.intersectionType,
  /** `t | nil`: the optional type `t?`. */
  optional(t: Type): Type {
    return ty.union(t, primitive('nil'));
  },
  /** The string singleton type `"s"`. */
  str: build.stringType,
  /** The boolean singleton type `true` or `false`. */
  bool: build.booleanType,
  /** `{n<k>: T, ..., [K]: V}`: fields named `n<k>`, and an indexer when given. */
  table: build.tableType,
  /** `{T}`: an array. */
  array(elem: Type): Type {
    return ty.table([], [primitive('number'), elem]);
  },
  /** `<A, ...>(args) -> rets`, generics numbered as in {@link ty.generic}. */
  fn: build.functionType,
  /** `typeof(expr)`. */
  typeOf: build.typeofType,
};
