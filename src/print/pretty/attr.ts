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
 * Unknown ones are dropped ("Invalid attribute"). Of the arguments, only a table given to
 * `@deprecated` in a braced list is printed, and as `{}`: that is the one argument Luau takes
 * (a table whose keys are `use` or `reason`, which no `Name` of the schema spells), and only a
 * braced list takes arguments.
 *
 * @example
 * ```ts
 * attributesText(f.attributes); // '@native @checked '
 * ```
 */
export function attributesText(attrs: readonly ExprAttr[]): string {
  if (attrs.length === 0) return '';
  const names: string[] = [];
  const entries: string[] = [];
  for (const attr of attrs) {
    const name = attrNames[attr.type];
    if (name === undefined || names.includes(name)) continue;
    names.push(name);
    // `@[deprecated {}]`: one literal table, with no field Luau refuses.
    const table = attr.type === AttrType.Deprecated && attr.args.length === 1;
    entries.push(table && attr.args[0]!.exprOneof.case === 'table' ? `${name} {}` : name);
  }
  if (names.length === 0) return '';
  // Braced when the first attribute says so: `@[native, checked] `.
  if (attrs[0]!.braced) return '@[' + entries.join(', ') + '] ';
  return names.map((n) => '@' + n + ' ').join('');
}
