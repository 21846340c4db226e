import type {
  BuiltinTypeName,
  GenericTypeName,
  Local,
  Name,
  RegularTypeName,
  TypeName,
} from '../tree/nodes.js';
import type { ClassMetamethodName, ExprBuiltinRef } from '../tree/nodes.js';
import { nameTables, nameTables735, u64Mod } from './name-tables.js';

// The names both printers write alike; each printer spells generic names its own way and
// passes that spelling to `typeNameText` and `genericListText`.

// The 256 names of each numbered kind, made once (printing them is the hot path).
const numbered = (prefix: string): string[] => Array.from({ length: 256 }, (_, i) => prefix + i);
const customNames = numbered('n');
const localNames = numbered('l');
const typeNames = numbered('t');

/**
 * `Name`: a builtin name by `u64(builtin) mod names.length`, `n` + low byte of custom, else `_`.
 *
 * @example
 * ```ts
 * nameText(create(NameSchema, { nameOneof: { case: 'custom', value: 257 } })); // 'n1'
 * ```
 */
export function nameText(name: Name | undefined): string {
  const o = name?.nameOneof;
  switch (o?.case) {
    case 'builtin':
      return nameTables.names[u64Mod(o.value, nameTables.names.length)]!;
    case 'custom':
      return customNames[o.value & 0xff]!;
    case undefined:
      return '_';
  }
}

/**
 * `Local` → `l` + its low byte (two's complement AND, so 0..255).
 *
 * @example
 * ```ts
 * localText(create(LocalSchema, { name: -1 })); // 'l255'
 * ```
 */
export function localText(local: Local | undefined): string {
  return localNames[(local?.name ?? 0) & 0xff]!;
}

/**
 * `RegularTypeName` → `t` + its low byte.
 *
 * @example
 * ```ts
 * regularTypeText(create(RegularTypeNameSchema, { index: 3 })); // 't3'
 * ```
 */
export function regularTypeText(name: RegularTypeName | undefined): string {
  return typeNames[(name?.index ?? 0) & 0xff]!;
}

/**
 * `BuiltinTypeName` → `builtinTypeNames[u64(index) mod 19]`.
 *
 * @example
 * ```ts
 * builtinTypeText(create(BuiltinTypeNameSchema, { index: 0 })); // the first builtin type function
 * ```
 */
export function builtinTypeText(name: BuiltinTypeName | undefined): string {
  const table = nameTables.builtinTypeNames;
  return table[u64Mod(name?.index ?? 0, table.length)]!;
}

/** A printer's spelling of a generic name. */
export type GenericSpelling = (name: GenericTypeName | undefined) => string;

/**
 * `TypeName` → its regular, generic (as `generic` spells it) or builtin form, `any` when
 * unset.
 *
 * @example
 * ```ts
 * typeNameText(undefined, genericTypeText); // 'any'
 * ```
 */
export function typeNameText(name: TypeName | undefined, generic: GenericSpelling): string {
  const o = name?.exprOneof;
  switch (o?.case) {
    case 'regular':
      return regularTypeText(o.value);
    case 'generic':
      return generic(o.value);
    case 'builtin':
      return builtinTypeText(o.value);
    case undefined:
      return 'any';
  }
}

/**
 * The generic list of functions and aliases, only when there is any: `<` + generic names,
 * then pack names each followed by `...` (generic types come before generic type packs),
 * joined by `separator`, + `>`.
 *
 * @example
 * ```ts
 * genericListText([a], [b], genericText, ', '); // '<A, B...>'
 * ```
 */
export function genericListText(
  generics: readonly GenericTypeName[],
  packs: readonly GenericTypeName[],
  generic: GenericSpelling,
  separator: string,
): string {
  if (generics.length === 0 && packs.length === 0) return '';
  const names: string[] = [];
  for (const g of generics) names.push(generic(g));
  for (const p of packs) names.push(generic(p) + '...');
  return '<' + names.join(separator) + '>';
}

/**
 * `ExprBuiltinRef` → `library.function`: the library by its enum, the function by
 * `u64(method) mod` the library's count.
 *
 * @example
 * ```ts
 * builtinRefText(create(ExprBuiltinRefSchema, { library: 0, method: 0 })); // 'math.abs'
 * ```
 */
export function builtinRefText(ref: ExprBuiltinRef): string {
  const libraries = nameTables735.builtinLibraries;
  const library = libraries[u64Mod(ref.library, libraries.length)]!;
  return library.name + '.' + library.methods[u64Mod(ref.method, library.methods.length)]!;
}

/**
 * `ClassMetamethodName` → the metamethod at `u64(index) mod` the table's length.
 *
 * @example
 * ```ts
 * metamethodText(create(ClassMetamethodNameSchema, { index: 0 })); // '__call'
 * ```
 */
export function metamethodText(name: ClassMetamethodName): string {
  const table = nameTables735.classMetamethods;
  return table[u64Mod(name.index, table.length)]!;
}
