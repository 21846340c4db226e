import type { Type, TypeTable } from '../../tree/nodes.js';
import { nameText } from '../names.js';
import type { PrettyContext } from './context.js';
import { printExpr } from './expr.js';
import { spaceBeforeLongBracket } from '../expr-cases.js';
import { genericText, isReserved } from './names.js';
import { quoteString } from './string.js';
import { accessText, externTypeText, printTypeCases, type TypeSpelling } from '../type-parts.js';
import { u64Mod } from '../name-tables.js';

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

const spelling: TypeSpelling<PrettyContext> = {
  generic: genericText,
  arrow: ' -> ',
  table: printTableType,
  operands(ctx, op, left, right) {
    const union = op === 'union';
    printOperand(ctx, left, union);
    ctx.w.write(union ? ' | ' : ' & ');
    printOperand(ctx, right, union);
  },
  stringText: quoteString,
  expr: (ctx, e) => printExpr(ctx, e),
  // A checked class is the program's own extern type (0.735's checker types classes as such).
  extern: (ctx, kind) => {
    const names = ctx.classTypes;
    return names.length > 0 ? names[u64Mod(kind, names.length)]! : externTypeText(kind);
  },
};

/** Prints a `Type`; unset → `any`. */
export function printType(ctx: PrettyContext, type: Type | undefined): void {
  printTypeCases(ctx, type, spelling);
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
    // `["s"]` is read as a property named s (and refused when s holds \0): a string
    // singleton key is parenthesised to stay an indexer.
    const singleton = ix.key?.typeOneof.case === 'string';
    w.write(accessText(ix) + (singleton ? '[(' : '['));
    const at = w.parts.length;
    printType(ctx, ix.key);
    spaceBeforeLongBracket(ctx, at);
    w.write(singleton ? ')]: ' : ']: ');
    printType(ctx, ix.value);
  }
  w.write('}');
}
