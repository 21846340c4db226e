import { TableFieldAccess } from '../../gen/luau_pb.js';
import type { Expr, GenericTypeName, Type, TypeFunction, TypeTable } from '../tree/nodes.js';
import type { PrintContext } from './context.js';
import { printList } from './lists.js';
import { nameTables, u64Mod } from './name-tables.js';
import { genericListText, localText, typeNameText, type GenericSpelling } from './names.js';

// The parts of a type both printers write alike, and the walk over a type's cases; each
// printer passes its own type printer and spellings.

/** A printer's `printType`. */
export type TypePrinter = (type: Type | undefined) => void;

/**
 * `read ` / `write ` before a table type's field or indexer, nothing when `access` is unset.
 *
 * @example
 * ```ts
 * accessText(create(TypeTableItemSchema, { access: TableFieldAccess.Read })); // 'read '
 * ```
 */
export function accessText(item: { access: TableFieldAccess }): string {
  // An optional field is set when it is an own property (protobuf-es keeps defaults on the
  // prototype).
  if (!Object.prototype.hasOwnProperty.call(item, 'access')) return '';
  return item.access === TableFieldAccess.Read
    ? 'read '
    : item.access === TableFieldAccess.Write
      ? 'write '
      : '';
}

/**
 * A primitive type's name by `u64(kind) mod` the table's length.
 *
 * @example
 * ```ts
 * primitiveTypeText(1); // 'boolean'
 * ```
 */
export function primitiveTypeText(kind: number): string {
  return nameTables.primitiveTypes[u64Mod(kind, nameTables.primitiveTypes.length)]!;
}

/**
 * An extern (host) type's name by `u64(kind) mod` the table's length.
 *
 * @example
 * ```ts
 * externTypeText(1); // 'Instance'
 * ```
 */
export function externTypeText(kind: number): string {
  return nameTables.externTypes[u64Mod(kind, nameTables.externTypes.length)]!;
}

/**
 * The type arguments of a type reference, `<T,U...>` (generic types, then packs with `...`),
 * nothing when there are none.
 *
 * @example
 * ```ts
 * printTypeArguments(ctx, lit.generics, lit.genericpacks, print, genericTypeText);
 * ```
 */
export function printTypeArguments(
  ctx: PrintContext,
  generics: readonly Type[],
  packs: readonly GenericTypeName[],
  printType: TypePrinter,
  genericText: (name: GenericTypeName) => string,
): void {
  if (generics.length === 0 && packs.length === 0) return;
  const w = ctx.w;
  w.write('<');
  printList(ctx, generics, printType);
  if (generics.length > 0 && packs.length > 0) w.write(ctx.sep);
  printList(ctx, packs, (p) => w.write(genericText(p) + '...'));
  w.write('>');
}

/**
 * A function type `<A>(T,U)->R`: the arguments, `arrow`, and one return type alone or none or
 * several as a parenthesised pack.
 *
 * @example
 * ```ts
 * printFunctionType(ctx, f, genericListText(f.generics, f.genericpacks), ' -> ', print);
 * ```
 */
export function printFunctionType(
  ctx: PrintContext,
  f: TypeFunction,
  generics: string,
  arrow: string,
  printType: TypePrinter,
): void {
  const w = ctx.w;
  w.write(generics + '(');
  printList(ctx, f.args, printType);
  w.write(')' + arrow);
  const one = f.rets.length === 1;
  if (!one) w.write('(');
  printList(ctx, f.rets, printType);
  if (!one) w.write(')');
}

/**
 * The return annotation of a function when types are on and it has any: `:T`, or `:(T,U)`
 * for two or more.
 *
 * @example
 * ```ts
 * printReturnTypes(ctx, f.rettypes, print); // `: (number, string)` in pretty mode
 * ```
 */
export function printReturnTypes(
  ctx: PrintContext,
  rets: readonly Type[],
  printType: TypePrinter,
): void {
  if (!ctx.types || rets.length === 0) return;
  const pack = rets.length >= 2;
  ctx.w.write(pack ? ctx.colon + '(' : ctx.colon);
  printList(ctx, rets, printType);
  if (pack) ctx.w.write(')');
}

/**
 * What a printer writes its own way in a type, for {@link printTypeCases}: generic names,
 * the arrow of a function type, table types, `|` and `&`, string singletons, and the
 * expression of `typeof`.
 *
 * @example
 * ```ts
 * const spelling: TypeSpelling<CompatContext> = { generic: genericTypeText, arrow: '->', ... };
 * ```
 */
export interface TypeSpelling<C extends PrintContext> {
  /** A generic name. */
  readonly generic: GenericSpelling;
  /** Between a function type's arguments and its results. */
  readonly arrow: string;
  /** Prints a table type. */
  table(ctx: C, table: TypeTable): void;
  /** Prints `left | right` or `left & right`. */
  operands(ctx: C, op: 'union' | 'intersection', left?: Type, right?: Type): void;
  /** The text of a string singleton type. */
  stringText(val: string): string;
  /** Prints the expression of `typeof(expr)`. */
  expr(ctx: C, expr: Expr | undefined): void;
  /** The name of an extern type (default {@link externTypeText}). */
  extern?(ctx: C, kind: number): string;
}

/**
 * Prints a `Type` (unset → `any`): the cases both printers write alike, and the rest as
 * `spelling` says.
 *
 * @example
 * ```ts
 * printTypeCases(ctx, type, compatSpelling); // `(number)|(nil)`
 * ```
 */
export function printTypeCases<C extends PrintContext>(
  ctx: C,
  type: Type | undefined,
  spelling: TypeSpelling<C>,
): void {
  const w = ctx.w;
  // The parser counts a type two levels.
  ctx.deeper(2);
  const o = type?.typeOneof;
  switch (o?.case) {
    case 'primitive':
      w.write(primitiveTypeText(o.value.kind));
      break;
    case 'extern':
      w.write(spelling.extern?.(ctx, o.value.kind) ?? externTypeText(o.value.kind));
      break;
    case 'literal': {
      const { name, generics, genericpacks } = o.value;
      w.write(typeNameText(name, spelling.generic));
      const print = (t: Type | undefined): void => printTypeCases(ctx, t, spelling);
      printTypeArguments(ctx, generics, genericpacks, print, spelling.generic);
      break;
    }
    case 'table':
      spelling.table(ctx, o.value);
      break;
    case 'function': {
      const f = o.value;
      const generics = genericListText(f.generics, f.genericpacks, spelling.generic, ctx.sep);
      const print = (t: Type | undefined): void => printTypeCases(ctx, t, spelling);
      printFunctionType(ctx, f, generics, spelling.arrow, print);
      break;
    }
    case 'typeof':
      w.write('typeof(');
      spelling.expr(ctx, o.value.expr);
      w.write(')');
      break;
    case 'union':
    case 'intersection':
      spelling.operands(ctx, o.case, o.value.left, o.value.right);
      break;
    case 'ref':
      w.write(localText(o.value.prefix) + '.' + typeNameText(o.value.index, spelling.generic));
      break;
    case 'boolean':
      w.write(o.value.val ? 'true' : 'false');
      break;
    case 'string':
      w.write(spelling.stringText(o.value.val));
      break;
    case undefined:
      w.write('any');
      break;
  }
  ctx.shallower(2);
}
