import type {
  Expr,
  ExprCall,
  ExprFunction,
  ExprInterpString,
  ExprTable,
  LValue,
  Name,
} from '../../tree/nodes.js';
import { nameText } from '../names.js';
import { attributesText } from './attr.js';
import type { PrettyContext } from './context.js';
import {
  printCallCases,
  printExprCases,
  spaceBeforeLongBracket,
  type ExprSpelling,
} from '../expr-cases.js';
import { printFunctionPart } from './function.js';
import { printInterpString } from '../interp-string.js';
import { fieldText, identifierText, isReserved } from './names.js';
import { binaryOp, binaryOpText, unaryOp, unaryOpText } from '../operators.js';
import { leftNeedsParens, operandNeedsParens, rightNeedsParens } from './precedence.js';
import { interpText, quoteString } from './string.js';
import { printInstanceExpr } from './class.js';

const INT64_MIN = -(2n ** 63n);

const spelling: ExprSpelling<PrettyContext> = {
  integerText: (val) =>
    // `-9223372036854775808i` would negate a literal out of range.
    val === INT64_MIN ? '(-9223372036854775807i - 1i)' : val.toString() + 'i',
  stringText: quoteString,
  // A global or method name that is a reserved word gets `_` appended.
  identifier: identifierText,
  field: fieldText,
  // Luau requires the `else`.
  missingElse: ' else nil',
  function: (ctx, f) => printFunctionExpr(ctx, f, false),
  table: printTable,
  unary(ctx, e) {
    const w = ctx.w;
    w.write(unaryOpText.tight[unaryOp(e.op)]!);
    const at = w.parts.length;
    printExpr(ctx, e.expr, operandNeedsParens(e.expr));
    // `--` starts a comment: a minus before a negative operand needs a space.
    if (w.firstCharSince(at) === '-' && w.parts[at - 1] === '-') w.parts[at - 1] = '- ';
  },
  binary(ctx, e) {
    const { left, right } = e;
    const op = binaryOp(e.op);
    printExpr(ctx, left, leftNeedsParens(op, left));
    ctx.w.write(binaryOpText[op]!);
    printExpr(ctx, right, rightNeedsParens(op, right));
  },
  interp: printInterp,
  classInst: printInstanceExpr,
  emptyTable: '{}',
};

/** Prints an `Expr`, parenthesised when `parens`; unset → `_`. */
export function printExpr(ctx: PrettyContext, expr: Expr | undefined, parens = false): void {
  if (parens) ctx.w.write('(');
  printExprCases(ctx, expr?.exprOneof, spelling);
  if (parens) ctx.w.write(')');
}

/** A global's name: reserved words get `_` appended; `_` may be a local, so it is resolved. */
export function globalText(ctx: PrettyContext, name: Name | undefined): string {
  const text = identifierText(name);
  return text === '_' ? ctx.ref(text) : text;
}

/** Prints an `LValue`; unset → `_`. */
export function printLValue(ctx: PrettyContext, v: LValue | undefined): void {
  // An assignment target's cases are expression cases, printed alike.
  printExprCases(ctx, v?.lvalueOneof, spelling);
}

/** `f(args)`, or `obj:method(args)` when `self` and the callee is an `index_name`. */
export function printCall(ctx: PrettyContext, call: ExprCall | undefined): void {
  printCallCases(ctx, call, spelling);
}

/**
 * `function(…) … end`, after its valid attributes; `selfParam` adds an explicit `self`
 * parameter (a method printed as an assignment).
 */
export function printFunctionExpr(ctx: PrettyContext, f: ExprFunction, selfParam: boolean): void {
  ctx.w.write(attributesText(f.attributes) + 'function');
  printFunctionPart(ctx, f, selfParam ? 'self' : undefined, false);
}

/** `{name = v, [k] = v, v}`; a reserved-word key is written `["key"] = v`. */
function printTable(ctx: PrettyContext, t: ExprTable): void {
  const w = ctx.w;
  w.write('{');
  const items = t.items;
  for (let i = 0; i < items.length; i++) {
    if (i > 0) w.write(', ');
    const item = items[i]!;
    const key = item.itemOneof;
    switch (key.case) {
      case 'keyName': {
        const name = nameText(key.value);
        w.write(isReserved(name) ? '["' + name + '"] = ' : name + ' = ');
        break;
      }
      case 'keyExpr': {
        w.write('[');
        const at = w.parts.length;
        printExpr(ctx, key.value);
        spaceBeforeLongBracket(ctx, at);
        w.write('] = ');
        break;
      }
      case undefined:
        break;
    }
    printExpr(ctx, item.value);
  }
  w.write('}');
}

/**
 * `` `text{expr}text` ``: string constants are text (escaped, `{` and `` ` `` included);
 * other parts are `{expr}`, padded with spaces when the expression starts with `{` (`{{`
 * is an error) or ends with `}`.
 */
function printInterp(ctx: PrettyContext, e: ExprInterpString): void {
  const w = ctx.w;
  printInterpString(ctx, e, interpText, (part) => {
    w.write('{');
    const at = w.parts.length;
    printExpr(ctx, part);
    if (w.firstCharSince(at) === '{') {
      w.parts[at - 1] = '{ ';
      w.write(' }');
    } else {
      w.write('}');
    }
  });
}
