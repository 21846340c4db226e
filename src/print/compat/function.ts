import type { ExprFunction } from '../../tree/nodes.js';
import type { CompatContext } from './context.js';
import { genericListText, localText } from '../names.js';
import { genericTypeText } from './name.js';
import { printBlock } from './stat.js';
import { printType } from './type.js';
import { printReturnTypes } from '../type-parts.js';

/**
 * The function part shared by expressions and statements: generic list, `(` args (with
 * `:type` when types are on and there is one), `...` when vararg, `)`, return types when
 * types are on (parenthesised only when 2 or more), `\n`, the body in a new frame, `end`.
 */
export function printFunctionPart(ctx: CompatContext, f: ExprFunction): void {
  const w = ctx.w;
  w.write(genericListText(f.generics, f.genericpacks, genericTypeText, ctx.sep) + '(');
  const { args, types } = f;
  for (let i = 0; i < args.length; i++) {
    if (i > 0) w.write(',');
    w.write(localText(args[i]));
    if (ctx.types && i < types.length) {
      w.write(':');
      printType(ctx, types[i]);
    }
  }
  if (f.vararg) w.write(args.length > 0 ? ',...' : '...');
  w.write(')');
  printReturnTypes(ctx, f.rettypes, (t) => printType(ctx, t));
  w.write('\n');
  ctx.enterFunction(f.vararg);
  printBlock(ctx, f.body);
  ctx.leaveFunction();
  w.write('end');
}
