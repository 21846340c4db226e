import type {
  Expr,
  ExprCall,
  ExprFunction,
  ExprIfElse,
  ExprIndexExpr,
  ExprIndexName,
  ExprInterpString,
  ExprPrefix,
  ExprTable,
  LValue,
} from '../../../gen/luau_pb.js';
import { printAttr } from './attr.js';
import type { CompatContext } from './context.js';
import { printFunctionPart } from './function.js';
import { printIfElseExpr } from '../if-chain.js';
import { printInterpString } from '../interp-string.js';
import { printList } from '../lists.js';
import { localText, nameText } from '../names.js';
import { binaryOpText, unaryOpText } from '../operators.js';

const nonLetters = /[^A-Za-z]/g;

/** `ExprConstantString` → `"` + only the ASCII letters of the value + `"`. */
export function stringText(val: string): string {
  return '"' + val.replace(nonLetters, '') + '"';
}

/**
 * A constant of an expression or of an attribute's literal: `nil`, `true`/`false`, the
 * number, the integer + `i`, the string's letters in quotes.
 */
export type Constant =
  | { case: 'nil' }
  | { case: 'bool'; value: { val: boolean } }
  | { case: 'number'; value: { val: number } }
  | { case: 'integer'; value: { val: bigint } }
  | { case: 'string'; value: { val: string } };

/** The text of a {@link Constant}. */
export function constantText(o: Constant): string {
  switch (o.case) {
    case 'nil':
      return 'nil';
    case 'bool':
      return o.value.val ? 'true' : 'false';
    case 'number':
      return String(o.value.val);
    case 'integer':
      return o.value.val.toString() + 'i';
    case 'string':
      return stringText(o.value.val);
  }
}

/** Prints an `Expr`; unset → `_`. */
export function printExpr(ctx: CompatContext, expr: Expr | undefined): void {
  printCase(ctx, expr?.exprOneof);
}

function printCase(ctx: CompatContext, o: Expr['exprOneof'] | undefined): void {
  const w = ctx.w;
  switch (o?.case) {
    case 'group':
      w.write('(');
      printExpr(ctx, o.value.expr);
      w.write(')');
      return;
    case 'nil':
    case 'bool':
    case 'number':
    case 'integer':
    case 'string':
      w.write(constantText(o));
      return;
    case 'local':
      w.write(localText(o.value.var));
      return;
    case 'global':
      w.write(nameText(o.value.name));
      return;
    case 'varargs':
      // `...` only inside a vararg frame, `_` elsewhere.
      w.write(ctx.isVararg() ? '...' : '_');
      return;
    case 'call':
      printCall(ctx, o.value);
      return;
    case 'indexName':
      printIndexName(ctx, o.value, '.');
      return;
    case 'indexExpr':
      printIndexExpr(ctx, o.value);
      return;
    case 'function':
      printFunctionExpr(ctx, o.value);
      return;
    case 'table':
      printTable(ctx, o.value);
      return;
    case 'unary':
      w.write(unaryOpText.spaced[o.value.op] ?? '');
      printExpr(ctx, o.value.expr);
      return;
    case 'binary':
      // No parentheses are added: the tree's groups are the only ones.
      printExpr(ctx, o.value.left);
      w.write(binaryOpText[o.value.op] ?? '');
      printExpr(ctx, o.value.right);
      return;
    case 'ifelse':
      printIfElse(ctx, o.value);
      return;
    case 'interpstring':
      printInterp(ctx, o.value);
      return;
    case undefined:
      w.write('_');
      return;
  }
}

/** Prints an `ExprPrefix`; unset → `_`. */
export function printPrefix(ctx: CompatContext, prefix: ExprPrefix | undefined): void {
  // A prefix's cases are expression cases, printed alike.
  printCase(ctx, prefix?.exprOneof);
}

/** Prints an `LValue`; unset → `_`. */
export function printLValue(ctx: CompatContext, v: LValue | undefined): void {
  // An assignment target's cases are expression cases, printed alike.
  printCase(ctx, v?.lvalueOneof);
}

/** `ExprCall`: an `index_name` callee uses `:` when `self`; any other callee ignores `self`. */
export function printCall(ctx: CompatContext, call: ExprCall): void {
  const f = call.func?.exprOneof;
  if (f?.case === 'indexName') printIndexName(ctx, f.value, call.self ? ':' : '.');
  else printPrefix(ctx, call.func);
  ctx.w.write('(');
  const args = call.args;
  printExprList(ctx, args);
  ctx.w.write(')');
}

export function printIndexName(ctx: CompatContext, e: ExprIndexName, sep: '.' | ':'): void {
  printPrefix(ctx, e.expr);
  ctx.w.write(sep + nameText(e.index));
}

export function printIndexExpr(ctx: CompatContext, e: ExprIndexExpr): void {
  printPrefix(ctx, e.expr);
  ctx.w.write('[');
  printExpr(ctx, e.index);
  ctx.w.write(']');
}

/** `ExprFunction` → each attribute + `\n`, then `function` + the function part. */
function printFunctionExpr(ctx: CompatContext, f: ExprFunction): void {
  for (const attr of f.attributes) {
    printAttr(ctx, attr);
    ctx.w.write('\n');
  }
  ctx.w.write('function');
  printFunctionPart(ctx, f);
}

/** `ExprTable` → `{` + per item (`Name=` | `[expr]=` | nothing) value `,` + `}`. */
function printTable(ctx: CompatContext, t: ExprTable): void {
  const w = ctx.w;
  w.write('{');
  for (const item of t.items) {
    const key = item.itemOneof;
    switch (key.case) {
      case 'keyName':
        w.write(nameText(key.value) + '=');
        break;
      case 'keyExpr':
        w.write('[');
        printExpr(ctx, key.value);
        w.write(']=');
        break;
      case undefined:
        break;
    }
    printExpr(ctx, item.value);
    w.write(',');
  }
  w.write('}');
}

/** `if c then t` + (` elseif c then t`)* + (` else e` | nothing). */
function printIfElse(ctx: CompatContext, e: ExprIfElse): void {
  printIfElseExpr(ctx, e, (x) => printExpr(ctx, x), '');
}

/** `` ` `` + string constants as quoted strings, other parts as `{expr}` + `` ` ``. */
function printInterp(ctx: CompatContext, e: ExprInterpString): void {
  printInterpString(ctx, e, stringText, (part) => {
    ctx.w.write('{');
    printExpr(ctx, part);
    ctx.w.write('}');
  });
}

/** Expressions joined by a bare `,` (call arguments, `return`, `local`, assignment and `for … in` lists). */
export function printExprList(ctx: CompatContext, list: readonly Expr[]): void {
  printList(ctx, list, (e) => printExpr(ctx, e));
}
