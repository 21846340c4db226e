import type {
  Expr,
  ExprCall,
  ExprFunction,
  ExprInterpString,
  ExprPrefix,
  ExprTable,
  LValue,
} from '../../tree/nodes.js';
import { printAttr } from './attr.js';
import type { CompatContext } from './context.js';
import {
  literalText,
  printCallCases,
  printExprCases,
  type Constant,
  type ExprSpelling,
} from '../expr-cases.js';
import { printFunctionPart } from './function.js';
import { printInterpString } from '../interp-string.js';
import { nameText } from '../names.js';
import { binaryOpText, unaryOpText } from '../operators.js';

const nonLetters = /[^A-Za-z]/g;

/** `ExprConstantString` → `"` + only the ASCII letters of the value + `"`. */
export function stringText(val: string): string {
  return '"' + val.replace(nonLetters, '') + '"';
}

const spelling: ExprSpelling<CompatContext> = {
  integerText: (val) => val.toString() + 'i',
  stringText,
  identifier: nameText,
  field: (name) => '.' + nameText(name),
  // Nothing closes an `if` expression without `else`.
  missingElse: '',
  function: printFunctionExpr,
  table: printTable,
  unary(ctx, e) {
    ctx.w.write(unaryOpText.spaced[e.op] ?? '');
    printExpr(ctx, e.expr);
  },
  binary(ctx, e) {
    // No parentheses are added: the tree's groups are the only ones.
    printExpr(ctx, e.left);
    ctx.w.write(binaryOpText[e.op] ?? '');
    printExpr(ctx, e.right);
  },
  interp: printInterp,
  // Only a class statement instantiates: an instantiation anywhere else is `_`.
  classInst: (ctx) => ctx.w.write('_'),
  emptyTable: '{ }',
};

/** The text of a {@link Constant} of an expression or an attribute's literal. */
export function constantText(o: Constant): string {
  return literalText(o, spelling);
}

/** Prints an `Expr`; unset → `_`. */
export function printExpr(ctx: CompatContext, expr: Expr | undefined): void {
  printExprCases(ctx, expr?.exprOneof, spelling);
}

/** Prints an `ExprPrefix`; unset → `_`. */
export function printPrefix(ctx: CompatContext, prefix: ExprPrefix | undefined): void {
  // A prefix's cases are expression cases, printed alike.
  printExprCases(ctx, prefix?.exprOneof, spelling);
}

/** Prints an `LValue`; unset → `_`. */
export function printLValue(ctx: CompatContext, v: LValue | undefined): void {
  // An assignment target's cases are expression cases, printed alike.
  printExprCases(ctx, v?.lvalueOneof, spelling);
}

/** `ExprCall`: an `index_name` callee uses `:` when `self`; any other callee ignores `self`. */
export function printCall(ctx: CompatContext, call: ExprCall | undefined): void {
  printCallCases(ctx, call, spelling);
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

/** `` ` `` + string constants as quoted strings, other parts as `{expr}` + `` ` ``. */
function printInterp(ctx: CompatContext, e: ExprInterpString): void {
  printInterpString(ctx, e, stringText, (part) => {
    ctx.w.write('{');
    printExpr(ctx, part);
    ctx.w.write('}');
  });
}
