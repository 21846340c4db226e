import { AttrType } from '../../../gen/luau_pb.js';
import type { ExprAttr } from '../../tree/nodes.js';

const attrNames: Record<number, string> = {
  [AttrType.Checked]: 'checked',
  [AttrType.Native]: 'native',
  [AttrType.Deprecated]: 'deprecated',
};

/**
 * The attributes Luau accepts, by type with their real names (`@checked`, `@native`,
 * `@deprecated`), each at most once ("Cannot duplicate attribute"), with a trailing space,
 * all in one braced list (`@[native, checked] `) when the first is marked `braced`;
 * Unknown ones are dropped ("Invalid attribute"). Arguments are never printed: only
 * `@deprecated` takes one, a table whose keys are `use` or `reason`, and no `Name` of the
 * schema spells those keys.
 *
 * @example
 * ```ts
 * attributesText(f.attributes); // '@native @checked '
 * ```
 */
export function attributesText(attrs: readonly ExprAttr[]): string {
  if (attrs.length === 0) return '';
  const names: string[] = [];
  for (const attr of attrs) {
    const name = attrNames[attr.type];
    if (name === undefined || names.includes(name)) continue;
    names.push(name);
  }
  if (names.length === 0) return '';
  // Braced when the first attribute says so: `@[native, checked] `.
  if (attrs[0]!.braced) return '@[' + names.join(', ') + '] ';
  return names.map((n) => '@' + n + ' ').join('');
}
