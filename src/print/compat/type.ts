import { TableFieldAccess, type Type, type TypeTable } from '../../../gen/luau_pb.js';
import { nameTables, u64Mod } from '../name-tables.js';
import type { CompatContext } from './context.js';
import { printExpr } from './expr.js';
import { localText, nameText } from '../names.js';
import { genericListText, genericTypeText, typeNameText } from './name.js';

function accessText(item: { access: TableFieldAccess }): string {
  // `access` is optional: only an own property is a set field (protobuf-es keeps defaults on
  // the prototype).
  if (!Object.prototype.hasOwnProperty.call(item, 'access')) return '';
  return item.access === TableFieldAccess.Read
    ? 'read '
    : item.access === TableFieldAccess.Write
      ? 'write '
      : '';
}

/** Prints a `Type`; unset → `any`. */
export function printType(ctx: CompatContext, type: Type | undefined): void {
  const w = ctx.w;
  const o = type?.typeOneof;
  switch (o?.case) {
    case 'primitive':
      w.write(nameTables.primitiveTypes[u64Mod(o.value.kind, nameTables.primitiveTypes.length)]!);
      return;
    case 'extern':
      w.write(nameTables.externTypes[u64Mod(o.value.kind, nameTables.externTypes.length)]!);
      return;
    case 'literal': {
      const { name, generics, genericpacks } = o.value;
      w.write(typeNameText(name));
      if (generics.length === 0 && genericpacks.length === 0) return;
      // Type arguments: generic *types*, then pack names with `...`.
      w.write('<');
      let first = true;
      for (const g of generics) {
        if (!first) w.write(',');
        first = false;
        printType(ctx, g);
      }
      for (const p of genericpacks) {
        if (!first) w.write(',');
        first = false;
        w.write(genericTypeText(p) + '...');
      }
      w.write('>');
      return;
    }
    case 'table':
      printTableType(ctx, o.value);
      return;
    case 'function': {
      const f = o.value;
      w.write(genericListText(f.generics, f.genericpacks) + '(');
      for (let i = 0; i < f.args.length; i++) {
        if (i > 0) w.write(',');
        printType(ctx, f.args[i]);
      }
      w.write(')->');
      const wrap = f.rets.length !== 1;
      if (wrap) w.write('(');
      for (let i = 0; i < f.rets.length; i++) {
        if (i > 0) w.write(',');
        printType(ctx, f.rets[i]);
      }
      if (wrap) w.write(')');
      return;
    }
    case 'typeof':
      w.write('typeof(');
      printExpr(ctx, o.value.expr);
      w.write(')');
      return;
    case 'union':
      w.write('(');
      printType(ctx, o.value.left);
      w.write(')|(');
      printType(ctx, o.value.right);
      w.write(')');
      return;
    case 'intersection':
      w.write('(');
      printType(ctx, o.value.left);
      w.write(')&(');
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
