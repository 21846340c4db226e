import type { GenericTypeName, Name } from '../../tree/nodes.js';
import { nameText } from '../names.js';
import { luauKeywords as reserved } from '../keywords.js';

export function isReserved(name: string): boolean {
  return reserved.has(name);
}

/**
 * A `Name` where an identifier is required (global, method, table-type key): the table's
 * name, with `_` appended when it is a reserved word (`nil` → `nil_`), so it stays a name.
 */
export function identifierText(name: Name | undefined): string {
  const text = nameText(name);
  return reserved.has(text) ? text + '_' : text;
}

/** `.name`, or `["name"]` when the name is a reserved word (the same field, and it parses). */
export function fieldText(name: Name | undefined): string {
  const text = nameText(name);
  return reserved.has(text) ? '["' + text + '"]' : '.' + text;
}

/** A generic name: a capital letter `A`..`Z` (the index modulo 26, never negative). */
export function genericText(name: GenericTypeName | undefined): string {
  return String.fromCharCode(65 + ((((name?.index ?? 0) % 26) + 26) % 26));
}
