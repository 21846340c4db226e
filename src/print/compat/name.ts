import type { GenericTypeName } from '../../tree/nodes.js';
import { genericListText as listText } from '../names.js';

/** `GenericTypeName` → the character `65 + index % 26` (`%` truncates, so -1 gives `@`). */
export function genericTypeText(name: GenericTypeName | undefined): string {
  return String.fromCharCode(65 + ((name?.index ?? 0) % 26));
}

/** The generic list of functions and aliases (`<A,B...>`), only when there is any. */
export function genericListText(
  generics: readonly GenericTypeName[],
  packs: readonly GenericTypeName[],
): string {
  return listText(generics, packs, genericTypeText, ',');
}
