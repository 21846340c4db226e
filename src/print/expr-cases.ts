import type {
  Expr,
  ExprBinary,
  ExprCall,
  ExprClassInst,
  ExprFunction,
  ExprIndexExpr,
  ExprInterpString,
  ExprPrefix,
  ExprTable,
  ExprUnary,
  Name,
  ParenlessCall,
} from '../tree/nodes.js';
import type { PrintContext } from './context.js';
import { printIfElseExpr } from './if-chain.js';
import { printList } from './lists.js';
import { builtinRefText, localText } from './names.js';

// The walk over an expression's cases both printers share (prefixes and assignment targets
// are expression cases too); each printer passes the texts and expressions it writes its own
// way.

/**
 * A constant of an expression or of an attribute's literal: `nil`, `true`/`false`, the
 * number, the integer + `i`, the string.
 */
export type Constant =
  | { case: 'nil' }
  | { case: 'bool'; value: { val: boolean } }
  | { case: 'number'; value: { val: number } }
  | { case: 'integer'; value: { val: bigint } }
  | { case: 'string'; value: { val: string } };

/** How a printer writes the constants that differ: integers and strings. */
export interface ConstantSpelling {
  integerText(val: bigint): string;
  stringText(val: string): string;
}

/**
 * The text of a {@link Constant}.
 *
 * @example
 * ```ts
 * literalText({ case: 'bool', value: { val: true } }, spelling); // 'true'
 * ```
 */
export function literalText(o: Constant, spelling: ConstantSpelling): string {
  switch (o.case) {
    case 'nil':
      return 'nil';
    case 'bool':
      return o.value.val ? 'true' : 'false';
    case 'number':
      return String(o.value.val);
    case 'integer':
      return spelling.integerText(o.value.val);
    case 'string':
      return spelling.stringText(o.value.val);
  }
}

/**
 * What a printer writes its own way in an expression, for {@link printExprCases}: constants,
 * names, the end of an `if` without `else`, and the expressions whose layout differs.
 *
 * @example
 * ```ts
 * const spelling: ExprSpelling<CompatContext> = { identifier: nameText, missingElse: '', ... };
 * ```
 */
export interface ExprSpelling<C extends PrintContext> extends ConstantSpelling {
  /** A name where an identifier is required: a global, a method. */
  identifier(name: Name | undefined): string;
  /** A field after its prefix (`.name`). */
  field(name: Name | undefined): string;
  /** What closes an `if` expression without a final `else`. */
  readonly missingElse: string;
  function(ctx: C, f: ExprFunction): void;
  table(ctx: C, t: ExprTable): void;
  unary(ctx: C, e: ExprUnary): void;
  binary(ctx: C, e: ExprBinary): void;
  interp(ctx: C, e: ExprInterpString): void;
  /** An instantiation of a class (grammar 735) where an expression goes. */
  classInst(ctx: C, e: ExprClassInst): void;
  /** The argument of a paren-less call that has none. */
  readonly emptyTable: string;
}

/**
 * Prints the case of an `Expr`, `ExprPrefix` or `LValue` (unset → `_`), one nesting level
 * deeper: the cases both printers write alike, and the rest as `spelling` says.
 *
 * @example
 * ```ts
 * printExprCases(ctx, expr?.exprOneof, compatSpelling); // `t[1]`
 * ```
 */
export function printExprCases<C extends PrintContext>(
  ctx: C,
  o: Expr['exprOneof'] | undefined,
  spelling: ExprSpelling<C>,
): void {
  ctx.deeper(1);
  printExprCase(ctx, o, spelling);
  ctx.shallower(1);
}

/** Prints the case of an expression, for {@link printExprCases} (which counts the nesting). */
function printExprCase<C extends PrintContext>(
  ctx: C,
  o: Expr['exprOneof'] | undefined,
  spelling: ExprSpelling<C>,
): void {
  const w = ctx.w;
  // The walk calls itself, not a closure made per node: making one would cost more than the
  // printing (under tsx each closure is also named when made).
  switch (o?.case) {
    case 'group':
      w.write('(');
      printExprCases(ctx, o.value.expr?.exprOneof, spelling);
      w.write(')');
      return;
    case 'nil':
    case 'bool':
    case 'number':
    case 'integer':
    case 'string':
      return w.write(literalText(o, spelling));
    case 'local':
      return w.write(ctx.ref(localText(o.value.var)));
    case 'global': {
      // `_` may be a local, so it is resolved.
      const text = spelling.identifier(o.value.name);
      return w.write(text === '_' ? ctx.ref(text) : text);
    }
    case 'varargs':
      // `...` outside a vararg function is a parse error: `_`, as the reference does.
      return w.write(ctx.isVararg() ? '...' : ctx.ref('_'));
    case 'call':
      return printCallCases(ctx, o.value, spelling);
    case 'indexName':
      printExprCases(ctx, o.value.expr?.exprOneof, spelling);
      return w.write(spelling.field(o.value.index));
    case 'indexExpr':
      return printIndexExpr(ctx, o.value, spelling);
    case 'function':
      return spelling.function(ctx, o.value);
    case 'table':
      return spelling.table(ctx, o.value);
    case 'unary':
      return spelling.unary(ctx, o.value);
    case 'binary':
      return spelling.binary(ctx, o.value);
    case 'ifelse': {
      const print = (e: Expr | undefined) => printExprCases(ctx, e?.exprOneof, spelling);
      return printIfElseExpr(ctx, o.value, print, spelling.missingElse);
    }
    case 'interpstring':
      return spelling.interp(ctx, o.value);
    case 'builtinRef':
      return w.write(builtinRefText(o.value));
    case 'classinst':
      return spelling.classInst(ctx, o.value);
    case undefined:
      return w.write(ctx.ref('_'));
  }
}

/** `prefix[index]`, a space before an index that opens with a long bracket. */
function printIndexExpr<C extends PrintContext>(
  ctx: C,
  e: ExprIndexExpr,
  spelling: ExprSpelling<C>,
): void {
  const w = ctx.w;
  printExprCases(ctx, e.expr?.exprOneof, spelling);
  w.write('[');
  const at = w.parts.length;
  printExprCases(ctx, e.index?.exprOneof, spelling);
  spaceBeforeLongBracket(ctx, at);
  w.write(']');
}

/** A call with parentheses: grammar 715's `ExprCall`, grammar 735's `ParenCall`. */
interface ParenCallNode {
  func?: ExprPrefix | undefined;
  self: boolean;
  args: readonly Expr[];
}

/**
 * A call: `f(args)`, or `obj:method(args)` when `self` and the callee is an `index_name` (any
 * other callee ignores `self`); in grammar 735 also `f "s"` and `f {…}`. An unset call is the
 * grammar's empty call: `_()` in 715, `_ { }` (an empty paren-less call) in 735.
 *
 * @example
 * ```ts
 * printCallCases(ctx, call, compatSpelling); // `a:b(c,d)`
 * ```
 */
export function printCallCases<C extends PrintContext>(
  ctx: C,
  call: ExprCall | undefined,
  spelling: ExprSpelling<C>,
): void {
  if (call === undefined) {
    if (ctx.grammar.has('ParenlessCall')) printParenless(ctx, undefined, spelling);
    else printParenCall(ctx, { self: false, args: [] }, spelling);
    return;
  }
  if (!('callOneof' in call)) {
    printParenCall(ctx, call, spelling);
    return;
  }
  const o = call.callOneof;
  switch (o.case) {
    case 'paren':
      printParenCall(ctx, o.value, spelling);
      return;
    case 'parenless':
      printParenless(ctx, o.value, spelling);
      return;
    case undefined:
      printParenless(ctx, undefined, spelling);
      return;
  }
}

/** `f "s"`, `f {…}`; no argument is an empty table. */
function printParenless<C extends PrintContext>(
  ctx: C,
  call: ParenlessCall | undefined,
  spelling: ExprSpelling<C>,
): void {
  printExprCases(ctx, call?.func?.exprOneof, spelling);
  ctx.w.write(' ');
  const a = call?.argOneof;
  switch (a?.case) {
    case 'string':
      ctx.w.write(spelling.stringText(a.value.val));
      return;
    case 'table':
      spelling.table(ctx, a.value);
      return;
    case undefined:
      ctx.w.write(spelling.emptyTable);
      return;
  }
}

function printParenCall<C extends PrintContext>(
  ctx: C,
  call: ParenCallNode,
  spelling: ExprSpelling<C>,
): void {
  const w = ctx.w;
  const f = call.func?.exprOneof;
  if (call.self && f?.case === 'indexName') {
    printExprCases(ctx, f.value.expr?.exprOneof, spelling);
    w.write(':' + spelling.identifier(f.value.index));
  } else {
    printExprCases(ctx, f, spelling);
  }
  w.write('(');
  printList(ctx, call.args, (e) => printExprCases(ctx, e.exprOneof, spelling));
  w.write(')');
}

/**
 * A space after the `[` just written (before `at`) when what followed starts with another `[`:
 * a long-bracket string there would read as `[[` (`t[ [[a]] ]`, `{[ [[a]] ] = 1}`). Compat
 * mode writes no long brackets, so it never adds one there.
 *
 * @example
 * ```ts
 * ctx.w.write('['); const at = ctx.w.parts.length; printKey(); spaceBeforeLongBracket(ctx, at);
 * ```
 */
export function spaceBeforeLongBracket(ctx: PrintContext, at: number): void {
  if (ctx.w.firstCharSince(at) === '[') ctx.w.parts.splice(at, 0, ' ');
}
