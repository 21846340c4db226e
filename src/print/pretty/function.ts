import type { ExprFunction } from '../../tree/nodes.js';
import { genericListText, localText } from '../names.js';
import type { PrettyContext } from './context.js';
import { genericText } from './names.js';
import { printBody } from './stat.js';
import { printType } from './type.js';
import { printReturnTypes } from '../type-parts.js';

/**
 * `<generics>(params): returns`, the indented body and `end`. `self` (when given) is a first
 * parameter, declared explicitly or implicitly (`function a:b()`): `explicitSelf` says
 * whether to print it. With `selfFirst`, the function's own first parameter is written
 * `self` (a class constructor's must be) and its local is bound to it first thing in the
 * body. Annotations print only when types are on. The body is a new frame (vararg as the
 * function says, no loop).
 */
export function printFunctionPart(
  ctx: PrettyContext,
  f: ExprFunction | undefined,
  self: 'self' | undefined,
  implicitSelf: boolean,
  selfFirst = false,
): void {
  const w = ctx.w;
  const mark = ctx.openScope();
  if (f === undefined) {
    w.write(self !== undefined && !implicitSelf ? '(self)' : '()');
    w.newline();
    w.write('end');
    return;
  }
  const { args, bound } = printParams(ctx, f, self, implicitSelf, selfFirst);
  printReturnTypes(ctx, f.rettypes, (t) => printType(ctx, t));
  // Parameters are in scope in the body only (their types are printed before).
  for (const arg of args) ctx.declare(localText(arg));
  if (bound !== undefined) ctx.declare(localText(bound));
  ctx.enterFunction(f.vararg);
  if (bound !== undefined) {
    // `;`: a first statement that opens with `(` would otherwise call `self`.
    w.indent();
    w.newline();
    w.write('local ' + localText(bound) + ' = self;');
    w.dedent();
  }
  printBody(ctx, f.body);
  ctx.leaveFunction();
  ctx.closeScope(mark);
  w.newline();
  w.write('end');
}

/**
 * `<generics>(params`: `self` first when given and not implicit (declared either way), the
 * function's own parameters with their annotations, `...`. Returns the parameters to declare
 * in the body, and (with `selfFirst`) the one bound to `self`.
 */
function printParams(
  ctx: PrettyContext,
  f: ExprFunction,
  self: 'self' | undefined,
  implicitSelf: boolean,
  selfFirst: boolean,
): { args: ExprFunction['args']; bound: ExprFunction['args'][number] | undefined } {
  const w = ctx.w;
  w.write(genericListText(f.generics, f.genericpacks, genericText, ctx.sep) + '(');
  const { types } = f;
  // "__init's first parameter must be named self", and it takes no annotation.
  const bound = selfFirst ? f.args[0] : undefined;
  const args = selfFirst ? f.args.slice(1) : f.args;
  const at = selfFirst ? 1 : 0;
  let first = true;
  if (selfFirst) {
    w.write('self');
    first = false;
  }
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
    if (ctx.types && i + at < types.length) {
      w.write(': ');
      printType(ctx, types[i + at]);
    }
  }
  if (f.vararg) w.write(first ? '...' : ', ...');
  w.write(')');
  return { args, bound };
}
