import type {
  BuiltinTypeName,
  GenericTypeName,
  Local,
  Name,
  RegularTypeName,
  TypeName,
} from '../../../gen/luau_pb.js';
import { nameTables, u64Mod } from '../name-tables.js';

// The 256 names of each numbered kind, made once (printing them is the hot path).
const numbered = (prefix: string): string[] => Array.from({ length: 256 }, (_, i) => prefix + i);
const customNames = numbered('n');
const localNames = numbered('l');
const typeNames = numbered('t');

/** `Name`: a builtin name by `u64(builtin) mod names.length`, `n` + low byte of custom, else `_`. */
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

/** `Local` → `l` + its low byte (two's complement AND, so 0..255). */
export function localText(local: Local | undefined): string {
  return localNames[(local?.name ?? 0) & 0xff]!;
}

/** `RegularTypeName` → `t` + its low byte. */
export function regularTypeText(name: RegularTypeName | undefined): string {
  return typeNames[(name?.index ?? 0) & 0xff]!;
}

/** `GenericTypeName` → the character `65 + index % 26` (`%` truncates, so -1 gives `@`). */
export function genericTypeText(name: GenericTypeName | undefined): string {
  return String.fromCharCode(65 + ((name?.index ?? 0) % 26));
}

/** `BuiltinTypeName` → `builtinTypeNames[u64(index) mod 19]`. */
export function builtinTypeText(name: BuiltinTypeName | undefined): string {
  const table = nameTables.builtinTypeNames;
  return table[u64Mod(name?.index ?? 0, table.length)]!;
}

/** `TypeName` → its regular, generic or builtin form, `any` when unset. */
export function typeNameText(name: TypeName | undefined): string {
  const o = name?.exprOneof;
  switch (o?.case) {
    case 'regular':
      return regularTypeText(o.value);
    case 'generic':
      return genericTypeText(o.value);
    case 'builtin':
      return builtinTypeText(o.value);
    case undefined:
      return 'any';
  }
}

/**
 * The generic list of functions and aliases, only when there is any:
 * `<` + generic names ++ pack names each followed by `...`, joined by `,` + `>`.
 */
export function genericListText(
  generics: readonly GenericTypeName[],
  packs: readonly GenericTypeName[],
): string {
  if (generics.length === 0 && packs.length === 0) return '';
  const names: string[] = [];
  for (const g of generics) names.push(genericTypeText(g));
  for (const p of packs) names.push(genericTypeText(p) + '...');
  return '<' + names.join(',') + '>';
}
