import type { Type, TypeTable } from '../../tree/nodes.js';
import type { CompatContext } from './context.js';
import { printExpr } from './expr.js';
import { nameText } from '../names.js';
import { genericTypeText } from './name.js';
import { accessText, printTypeCases, type TypeSpelling } from '../type-parts.js';

const spelling: TypeSpelling<CompatContext> = {
  generic: genericTypeText,
  arrow: '->',
  table: printTableType,
  operands(ctx, op, left, right) {
    // Both operands always in parentheses.
    const w = ctx.w;
    w.write('(');
    printType(ctx, left);
    w.write(op === 'union' ? ')|(' : ')&(');
    printType(ctx, right);
    w.write(')');
  },
  // Only the printable ASCII bytes 0x21..0x7E, no escaping.
  stringText: (val) => '"' + val.replace(/[^\x21-\x7e]/g, '') + '"',
  expr: printExpr,
};

/** Prints a `Type`; unset → `any`. */
export function printType(ctx: CompatContext, type: Type | undefined): void {
  printTypeCases(ctx, type, spelling);
}

function printTableType(ctx: CompatContext, t: TypeTable): void {
  const w = ctx.w;
  w.write('{');
  for (const item of t.items) {
    w.write(accessText(item) + nameText(item.key) + ':');
    printType(ctx, item.type);
    w.write(',');
  }
  const ix = t.indexer;
  if (ix !== undefined) {
    w.write(accessText(ix) + '[');
    printType(ctx, ix.key);
    w.write(']:');
    printType(ctx, ix.value);
  }
  w.write('}');
}
