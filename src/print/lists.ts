import type { PrintContext } from './context.js';

/**
 * Prints `items` one by one with the printing's separator between them (`,` in compat mode,
 * `, ` in pretty mode).
 *
 * @example
 * ```ts
 * printList(ctx, call.args, (arg) => printExpr(ctx, arg)); // `a,b` or `a, b`
 * ```
 */
export function printList<T>(
  ctx: PrintContext,
  items: readonly T[],
  printItem: (item: T) => void,
): void {
  for (let i = 0; i < items.length; i++) {
    if (i > 0) ctx.w.write(ctx.sep);
    printItem(items[i]!);
  }
}
