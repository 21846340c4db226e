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
  Name,
} from '../../../gen/luau_pb.js';
import { localText, nameText } from '../names.js';
import { attributesText } from './attr.js';
import type { PrettyContext } from './context.js';
import { printFunctionPart } from './function.js';
import { printIfElseExpr } from '../if-chain.js';
import { printInterpString } from '../interp-string.js';
import { printList } from '../lists.js';
import { fieldText, identifierText, isReserved } from './names.js';
import { binaryOp, binaryOpText, unaryOp, unaryOpText } from '../operators.js';
import { leftNeedsParens, operandNeedsParens, rightNeedsParens } from './precedence.js';
import { interpText, quoteString } from './string.js';

const INT64_MIN = -(2n ** 63n);

/** Prints an `Expr`, parenthesised when `parens`; unset → `_`. */
export function printExpr(ctx: PrettyContext, expr: Expr | undefined, parens = false): void {
  printCase(ctx, expr?.exprOneof, parens);
}

function printCase(ctx: PrettyContext, o: Expr['exprOneof'] | undefined, parens: boolean): void {
  ctx.deeper(1);
  const w = ctx.w;
  if (parens) w.write('(');
  switch (o?.case) {
    case 'group':
      w.write('(');
      printExpr(ctx, o.value.expr);
      w.write(')');
      break;
    case 'nil':
      w.write('nil');
      break;
    case 'bool':
      w.write(o.value.val ? 'true' : 'false');
      break;
    case 'number':
      w.write(String(o.value.val));
      break;
    case 'integer':
      // `-9223372036854775808i` would negate a literal out of range.
      w.write(
        o.value.val === INT64_MIN ? '(-9223372036854775807i - 1i)' : o.value.val.toString() + 'i',
      );
      break;
    case 'string':
      w.write(quoteString(o.value.val));
      break;
    case 'local':
      w.write(ctx.ref(localText(o.value.var)));
      break;
    case 'global':
      w.write(globalText(ctx, o.value.name));
      break;
    case 'varargs':
      // `...` outside a vararg function is a parse error: printed `_` as compat does.
      w.write(ctx.isVararg() ? '...' : ctx.ref('_'));
      break;
    case 'call':
      printCall(ctx, o.value);
      break;
    case 'indexName':
      printIndexName(ctx, o.value);
      break;
    case 'indexExpr':
      printIndexExpr(ctx, o.value);
      break;
    case 'function':
      printFunctionExpr(ctx, o.value, false);
      break;
    case 'table':
      printTable(ctx, o.value);
      break;
    case 'unary': {
      const operand = o.value.expr;
      w.write(unaryOpText.tight[unaryOp(o.value.op)]!);
      const at = w.parts.length;
      printExpr(ctx, operand, operandNeedsParens(operand));
      // `--` starts a comment: a minus before a negative operand needs a space.
      if (w.firstCharSince(at) === '-' && w.parts[at - 1] === '-') w.parts[at - 1] = '- ';
      break;
    }
    case 'binary': {
      const { left, right } = o.value;
      const op = binaryOp(o.value.op);
      printExpr(ctx, left, leftNeedsParens(op, left));
      w.write(binaryOpText[op]!);
      printExpr(ctx, right, rightNeedsParens(op, right));
      break;
    }
    case 'ifelse':
      printIfElse(ctx, o.value);
      break;
    case 'interpstring':
      printInterp(ctx, o.value);
      break;
    case undefined:
      w.write(ctx.ref('_'));
      break;
  }
  if (parens) w.write(')');
  ctx.nest -= 1;
}

/** A global's name: reserved words get `_` appended; `_` may be a local, so it is resolved. */
export function globalText(ctx: PrettyContext, name: Name | undefined): string {
  const text = identifierText(name);
  return text === '_' ? ctx.ref(text) : text;
}

/** Prints an `ExprPrefix`; unset → `_`. */
export function printPrefix(ctx: PrettyContext, prefix: ExprPrefix | undefined): void {
  // A prefix's cases are expression cases, printed alike.
  printCase(ctx, prefix?.exprOneof, false);
}

/** Prints an `LValue`; unset → `_`. */
export function printLValue(ctx: PrettyContext, v: LValue | undefined): void {
  // An assignment target's cases are expression cases, printed alike.
  printCase(ctx, v?.lvalueOneof, false);
}

/** `f(args)`, or `obj:method(args)` when `self` and the callee is an `index_name`. */
export function printCall(ctx: PrettyContext, call: ExprCall): void {
  const w = ctx.w;
  const f = call.func?.exprOneof;
  if (call.self && f?.case === 'indexName') {
    printPrefix(ctx, f.value.expr);
    // A method name must be an identifier: a reserved word gets `_` appended.
    w.write(':' + identifierText(f.value.index));
  } else {
    printPrefix(ctx, call.func);
  }
  w.write('(');
  printExprList(ctx, call.args);
  w.write(')');
}

export function printExprList(ctx: PrettyContext, list: readonly Expr[]): void {
  printList(ctx, list, (e) => printExpr(ctx, e));
}

export function printIndexName(ctx: PrettyContext, e: ExprIndexName): void {
  printPrefix(ctx, e.expr);
  ctx.w.write(fieldText(e.index));
}

/**
 * A space after the `[` just written (before `at`) when what followed starts with another `[`:
 * a long-bracket string there would read as `[[` (`t[ [[a]] ]`, `{[ [[a]] ] = 1}`).
 */
export function spaceBeforeLongBracket(ctx: PrettyContext, at: number): void {
  if (ctx.w.firstCharSince(at) === '[') ctx.w.parts.splice(at, 0, ' ');
}

export function printIndexExpr(ctx: PrettyContext, e: ExprIndexExpr): void {
  printPrefix(ctx, e.expr);
  ctx.w.write('[');
  const at = ctx.w.parts.length;
  printExpr(ctx, e.index);
  spaceBeforeLongBracket(ctx, at);
  ctx.w.write(']');
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

/** `if c then a elseif c2 then b else d`; Luau requires the `else`, so a missing one is `else nil`. */
function printIfElse(ctx: PrettyContext, e: ExprIfElse): void {
  printIfElseExpr(ctx, e, (x) => printExpr(ctx, x), ' else nil');
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
