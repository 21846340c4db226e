import type { Expr, ExprIfElse } from '../tree/nodes.js';
import type { PrintContext } from './context.js';

/** The `else` of an `if` expression or statement: a final branch, a nested `if`, or none. */
export type ElseOneof<E, I> =
  | { case: 'else'; value: E }
  | { case: 'elseif'; value: I }
  | { case: undefined; value?: undefined };

/** An `if` expression or statement: condition, `then` part and its `else`. */
export interface IfLink<T, E, I> {
  cond?: Expr | undefined;
  then?: T | undefined;
  elseOneof: ElseOneof<E, I>;
}

/** The `then` part of an {@link IfLink} (an expression or a block). */
type ThenOf<I> = I extends IfLink<infer T, unknown, I> ? T : never;
/** The final `else` part of an {@link IfLink}. */
type ElseOf<I> = I extends IfLink<unknown, infer E, I> ? E : never;

/** How one printer spells an `if` chain; the callbacks print the parts that differ. */
export interface IfChainStyle<T, E> {
  /** Written before the first condition (`if `). */
  readonly ifWord: string;
  /** Written after each condition (` then`, ` then\n`, ` then `). */
  readonly thenWord: string;
  /** Written before each nested condition (`elseif `, ` else` + `if `). */
  readonly elseifWord: string;
  printCond(cond: Expr | undefined): void;
  printThen(then: T | undefined): void;
  /** The final `else` branch, or what closes a chain without one. */
  printElse(last: E | undefined): void;
}

/**
 * Prints an `if` chain of expressions or statements: `if c then t`, each nested `if` of the
 * `else` as `elseif` (one nesting level deeper each), then the final branch. The two printers
 * and both grammar areas share the walk and differ only in the words and parts of `style`.
 *
 * @example
 * ```ts
 * printIfChain(ctx, ifElse, {
 *   ifWord: 'if ', thenWord: ' then ', elseifWord: ' elseif ',
 *   printCond: (c) => printExpr(ctx, c), printThen: (t) => printExpr(ctx, t),
 *   printElse: (e) => { if (e !== undefined) { ctx.w.write(' else '); printExpr(ctx, e); } },
 * });
 * ```
 */
export function printIfChain<I extends IfLink<ThenOf<I>, ElseOf<I>, I>>(
  ctx: PrintContext,
  first: I,
  style: IfChainStyle<ThenOf<I>, ElseOf<I>>,
): void {
  const w = ctx.w;
  w.write(style.ifWord);
  let levels = 0;
  for (let s: I | undefined = first; s !== undefined;) {
    style.printCond(s.cond);
    w.write(style.thenWord);
    style.printThen(s.then);
    const o: ElseOneof<ElseOf<I>, I> = s.elseOneof;
    s = undefined;
    switch (o.case) {
      case 'else':
        style.printElse(o.value);
        break;
      case 'elseif':
        w.write(style.elseifWord);
        ctx.deeper(1);
        levels += 1;
        s = o.value;
        break;
      case undefined:
        style.printElse(undefined);
        break;
    }
  }
  ctx.shallower(levels);
}

/**
 * An `if` expression, `if c then a elseif c2 then b else d`; `missingElse` closes a chain
 * without a final `else` (compat prints nothing, Luau requires ` else nil`).
 *
 * @example
 * ```ts
 * printIfElseExpr(ctx, e, (x) => printExpr(ctx, x), ' else nil');
 * ```
 */
export function printIfElseExpr(
  ctx: PrintContext,
  e: ExprIfElse,
  printExpr: (expr: Expr | undefined) => void,
  missingElse: string,
): void {
  printIfChain(ctx, e, {
    ifWord: 'if ',
    thenWord: ' then ',
    elseifWord: ' elseif ',
    printCond: printExpr,
    printThen: printExpr,
    printElse: (last) => {
      if (last === undefined) {
        ctx.w.write(missingElse);
        return;
      }
      ctx.w.write(' else ');
      printExpr(last);
    },
  });
}
