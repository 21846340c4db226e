import type { ExprFunction } from '../../tree/nodes.js';
import { localText } from '../names.js';
import type { PrettyContext } from './context.js';
import { genericListText } from './names.js';
import { printBody } from './stat.js';
import { printType } from './type.js';
import { printReturnTypes } from '../type-parts.js';

/**
 * `<generics>(params): returns`, the indented body and `end`. `self` (when given) is a first
 * parameter, declared explicitly or implicitly (`function a:b()`): `explicitSelf` says
 * whether to print it. Annotations print only when types are on. The body is a new frame
 * (vararg as the function says, no loop).
 */
export function printFunctionPart(
  ctx: PrettyContext,
  f: ExprFunction | undefined,
  self: 'self' | undefined,
  implicitSelf: boolean,
): void {
  const w = ctx.w;
  const mark = ctx.openScope();
  if (f === undefined) {
    w.write(self !== undefined && !implicitSelf ? '(self)' : '()');
    w.newline();
    w.write('end');
    return;
  }
  w.write(genericListText(f.generics, f.genericpacks) + '(');
  const { args, types } = f;
  let first = true;
  if (self !== undefined) {
    ctx.declare(self);
    if (!implicitSelf) {
      w.write(self);
      first = false;
    }
  }
  for (let i = 0; i < args.length; i++) {
    if (!first) w.write(', ');
    first = false;
    const name = localText(args[i]);
    w.write(name);
    if (ctx.types && i < types.length) {
      w.write(': ');
      printType(ctx, types[i]);
    }
  }
  if (f.vararg) w.write(first ? '...' : ', ...');
  w.write(')');
  printReturnTypes(ctx, f.rettypes, (t) => printType(ctx, t));
  // Parameters are in scope in the body only (their types are printed before).
  for (const arg of args) ctx.declare(localText(arg));
  ctx.enterFunction(f.vararg);
  printBody(ctx, f.body);
  ctx.leaveFunction();
  ctx.closeScope(mark);
  w.newline();
  w.write('end');
}
