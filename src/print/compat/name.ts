import type { GenericTypeName } from '../../tree/nodes.js';

/** `GenericTypeName` → the character `65 + index % 26` (`%` truncates, so -1 gives `@`). */
export function genericTypeText(name: GenericTypeName | undefined): string {
  return String.fromCharCode(65 + ((name?.index ?? 0) % 26));
}
