import { AttrType, type ExprAttr, type ExprLiteral } from '../../../gen/luau_pb.js';
import { nameText } from '../compat/name.js';
import { quoteString } from './string.js';

const attrNames: Record<number, string> = {
  [AttrType.Checked]: 'checked',
  [AttrType.Native]: 'native',
  [AttrType.Deprecated]: 'deprecated',
};

/**
 * The argument of `@deprecated`, when Luau accepts it: one table whose fields are all
 * `use` or `reason` with a string value (`{use = "f2", reason = "slow"}`); else `undefined`.
 */
function deprecatedArg(args: readonly ExprLiteral[]): string | undefined {
  if (args.length !== 1) return undefined;
  const o = args[0]!.exprOneof;
  if (o.case !== 'table') return undefined;
  const fields: string[] = [];
  for (const item of o.value.items) {
    const key = nameText(item.keyName);
    const value = item.value?.exprOneof;
    if ((key !== 'use' && key !== 'reason') || value?.case !== 'string') return undefined;
    fields.push(key + ' = ' + quoteString(value.value.val));
  }
  return '{' + fields.join(', ') + '}';
}

/**
 * The attributes Luau accepts, with their real names and a trailing space: `@checked`,
 * `@native`, `@deprecated` (by type; Unknown ones are dropped), each at most once (a
 * duplicate is an error). `@deprecated` keeps its argument only when valid (see above); when
 * it has one, the braced form `@[native, deprecated{…}] ` is used.
 *
 * @example
 * ```ts
 * attributesText(f.attributes); // '@native @checked '
 * ```
 */
export function attributesText(attrs: readonly ExprAttr[]): string {
  if (attrs.length === 0) return '';
  const seen: string[] = [];
  let arg: string | undefined;
  for (const attr of attrs) {
    const name = attrNames[attr.type];
    if (name === undefined || seen.includes(name)) continue;
    seen.push(name);
    if (attr.type === AttrType.Deprecated) arg = deprecatedArg(attr.args);
  }
  if (seen.length === 0) return '';
  if (arg === undefined) return '@' + seen.join(' @') + ' ';
  return '@[' + seen.map((n) => (n === 'deprecated' ? n + arg : n)).join(', ') + '] ';
}
