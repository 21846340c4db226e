import { AttrType } from '../../../gen/luau_pb.js';
import type { ExprAttr, ExprLiteral } from '../../tree/nodes.js';
import type { CompatContext } from './context.js';
import { constantText } from './expr.js';
import { nameText } from '../names.js';

/** `ExprLiteral` → its table / nil / bool / number / integer / string form; nothing when unset. */
export function printLiteral(ctx: CompatContext, lit: ExprLiteral | undefined): void {
  const w = ctx.w;
  const o = lit?.exprOneof;
  if (o?.case === undefined) return;
  if (o.case !== 'table') {
    w.write(constantText(o));
    return;
  }
  // `{` + per item: Name (`_` when unset) `=` value `,` + `}`.
  w.write('{');
  for (const item of o.value.items) {
    w.write(nameText(item.keyName) + '=');
    printLiteral(ctx, item.value);
    w.write(',');
  }
  w.write('}');
}

/**
 * `ExprAttr`: the name is `deprecated` for Deprecated, else the Name of `name` (`_` when
 * unset) whatever the type. `@name`, or braced `@[name` + (` arg` | `(args)`) + `]`.
 */
export function printAttr(ctx: CompatContext, attr: ExprAttr): void {
  const w = ctx.w;
  const name = attr.type === AttrType.Deprecated ? 'deprecated' : nameText(attr.name);
  if (!attr.braced) {
    w.write('@' + name);
    return;
  }
  w.write('@[' + name);
  const args = attr.args;
  if (args.length === 1) {
    w.write(' ');
    printLiteral(ctx, args[0]);
  } else if (args.length >= 2) {
    w.write('(');
    for (let i = 0; i < args.length; i++) {
      if (i > 0) w.write(',');
      printLiteral(ctx, args[i]);
    }
    w.write(')');
  }
  w.write(']');
}
