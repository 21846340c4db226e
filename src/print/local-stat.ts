import type { Expr, StatLocal, Type } from '../tree/nodes.js';
import type { PrintContext } from './context.js';
import { printList } from './lists.js';
import { localText } from './names.js';

/**
 * `local a:T,b = x,y` in the printing's spacing: `words` (`local `, `const `, …), the names
 * (`_` when none), a type annotation
 * per name that has one when types are on, ` = ` and the values when there are any. What
 * follows (a newline, declaring the names) is the caller's.
 *
 * @example
 * ```ts
 * printLocalStat(ctx, s, 'local ', (t) => printType(ctx, t), (e) => printExpr(ctx, e));
 * ```
 */
export function printLocalStat(
  ctx: PrintContext,
  s: StatLocal,
  words: string,
  printType: (type: Type | undefined) => void,
  printExpr: (expr: Expr | undefined) => void,
): void {
  const w = ctx.w;
  const { vars, values, types } = s;
  w.write(words);
  if (vars.length === 0) w.write('_');
  for (let i = 0; i < vars.length; i++) {
    if (i > 0) w.write(ctx.sep);
    w.write(localText(vars[i]));
    if (ctx.types && i < types.length) {
      w.write(ctx.colon);
      printType(types[i]);
    }
  }
  if (values.length > 0) {
    w.write(' = ');
    printList<Expr>(ctx, values, printExpr);
  }
}
