import type { Expr, ExprInterpString } from '../tree/nodes.js';
import type { PrintContext } from './context.js';

/**
 * An interpolated string between backquotes: each string constant as text (`textOf`, each
 * printer quotes its own way), each other part as `{expr}` (`printPart` writes the braces).
 *
 * @example
 * ```ts
 * printInterpString(ctx, e, interpText, (part) => printBraced(ctx, part));
 * ```
 */
export function printInterpString(
  ctx: PrintContext,
  e: ExprInterpString,
  textOf: (val: string) => string,
  printPart: (part: Expr) => void,
): void {
  const w = ctx.w;
  w.write('`');
  for (const part of e.parts) {
    const o = part.exprOneof;
    if (o.case === 'string') w.write(textOf(o.value.val));
    else printPart(part);
  }
  w.write('`');
}
