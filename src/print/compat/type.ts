import type { Type, TypeTable } from '../../../gen/luau_pb.js';
import type { CompatContext } from './context.js';
import { printExpr } from './expr.js';
import { localText, nameText } from '../names.js';
import { genericListText, genericTypeText, typeNameText } from './name.js';
import {
  accessText,
  externTypeText,
  primitiveTypeText,
  printFunctionType,
  printTypeArguments,
} from '../type-parts.js';

/** Prints a `Type`; unset → `any`. */
export function printType(ctx: CompatContext, type: Type | undefined): void {
  const w = ctx.w;
  const print = (t: Type | undefined): void => printType(ctx, t);
  const o = type?.typeOneof;
  switch (o?.case) {
    case 'primitive':
      w.write(primitiveTypeText(o.value.kind));
      return;
    case 'extern':
      w.write(externTypeText(o.value.kind));
      return;
    case 'literal': {
      const { name, generics, genericpacks } = o.value;
      w.write(typeNameText(name));
      printTypeArguments(ctx, generics, genericpacks, print, genericTypeText);
      return;
    }
    case 'table':
      printTableType(ctx, o.value);
      return;
    case 'function': {
      const f = o.value;
      printFunctionType(ctx, f, genericListText(f.generics, f.genericpacks), '->', print);
      return;
    }
    case 'typeof':
      w.write('typeof(');
      printExpr(ctx, o.value.expr);
      w.write(')');
      return;
    case 'union':
    case 'intersection':
      // Both operands always in parentheses.
      w.write('(');
      printType(ctx, o.value.left);
      w.write(o.case === 'union' ? ')|(' : ')&(');
      printType(ctx, o.value.right);
      w.write(')');
      return;
    case 'ref':
      w.write(localText(o.value.prefix) + '.' + typeNameText(o.value.index));
      return;
    case 'boolean':
      w.write(o.value.val ? 'true' : 'false');
      return;
    case 'string':
      // Only the printable ASCII bytes 0x21..0x7E, no escaping.
      w.write('"' + o.value.val.replace(/[^\x21-\x7e]/g, '') + '"');
      return;
    case undefined:
      w.write('any');
      return;
  }
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
