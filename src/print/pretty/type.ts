import type { Type, TypeTable } from '../../../gen/luau_pb.js';
import { localText, nameText } from '../names.js';
import type { PrettyContext } from './context.js';
import { printExpr, spaceBeforeLongBracket } from './expr.js';
import { genericListText, genericText, isReserved, typeNameText } from './names.js';
import { quoteString } from './string.js';
import {
  accessText,
  externTypeText,
  primitiveTypeText,
  printFunctionType,
  printTypeArguments,
} from '../type-parts.js';

/** Prints an operand of `|` (`union`) or `&`, in parentheses when needed. */
function printOperand(ctx: PrettyContext, type: Type | undefined, union: boolean): void {
  const kind = type?.typeOneof.case;
  // A function type would take the rest as its return type, and mixing `|` and `&` without
  // parentheses is an error.
  const parens = kind === 'function' || kind === (union ? 'intersection' : 'union');
  if (parens) ctx.w.write('(');
  printType(ctx, type);
  if (parens) ctx.w.write(')');
}

/** Prints a `Type`; unset → `any`. */
export function printType(ctx: PrettyContext, type: Type | undefined): void {
  ctx.deeper(2);
  const w = ctx.w;
  const print = (t: Type | undefined): void => printType(ctx, t);
  const o = type?.typeOneof;
  switch (o?.case) {
    case 'primitive':
      w.write(primitiveTypeText(o.value.kind));
      break;
    case 'extern':
      w.write(externTypeText(o.value.kind));
      break;
    case 'literal': {
      const { name, generics, genericpacks } = o.value;
      w.write(typeNameText(name));
      printTypeArguments(ctx, generics, genericpacks, print, genericText);
      break;
    }
    case 'table':
      printTableType(ctx, o.value);
      break;
    case 'function': {
      const f = o.value;
      printFunctionType(ctx, f, genericListText(f.generics, f.genericpacks), ' -> ', print);
      break;
    }
    case 'typeof':
      w.write('typeof(');
      printExpr(ctx, o.value.expr);
      w.write(')');
      break;
    case 'union':
      printOperand(ctx, o.value.left, true);
      w.write(' | ');
      printOperand(ctx, o.value.right, true);
      break;
    case 'intersection':
      printOperand(ctx, o.value.left, false);
      w.write(' & ');
      printOperand(ctx, o.value.right, false);
      break;
    case 'ref':
      w.write(localText(o.value.prefix) + '.' + typeNameText(o.value.index));
      break;
    case 'boolean':
      w.write(o.value.val ? 'true' : 'false');
      break;
    case 'string':
      w.write(quoteString(o.value.val));
      break;
    case undefined:
      w.write('any');
      break;
  }
  ctx.nest -= 2;
}

/** `{read name: T, [K]: V}`; a reserved-word key is written `["key"]: T`. */
function printTableType(ctx: PrettyContext, t: TypeTable): void {
  const w = ctx.w;
  w.write('{');
  let first = true;
  for (const item of t.items) {
    if (!first) w.write(', ');
    first = false;
    const key = nameText(item.key);
    w.write(accessText(item) + (isReserved(key) ? '["' + key + '"]: ' : key + ': '));
    printType(ctx, item.type);
  }
  const ix = t.indexer;
  if (ix !== undefined) {
    if (!first) w.write(', ');
    w.write(accessText(ix) + '[');
    const at = w.parts.length;
    printType(ctx, ix.key);
    spaceBeforeLongBracket(ctx, at);
    w.write(']: ');
    printType(ctx, ix.value);
  }
  w.write('}');
}
