import type {
  ExprFunction,
  ExprPrefix,
  Stat,
  StatBlock,
  StatFunction,
  StatIf,
  StatLocal,
  StatRepeat,
  StatTypeFunction,
} from '../../../gen/luau_pb.js';
import { localText, nameText, regularTypeText } from '../names.js';
import { attributesText } from './attr.js';
import type { PrettyContext } from './context.js';
import {
  printCall,
  printExpr,
  printExprList,
  printFunctionExpr,
  globalText,
  printLValue,
} from './expr.js';
import { printFunctionPart } from './function.js';
import { printIfChain } from '../if-chain.js';
import { printLocalStat } from '../local-stat.js';
import { genericListText, isReserved } from './names.js';
import { printType } from './type.js';
import { declaredNames, mentionsLocal } from './repeat-scope.js';

const compoundOpText = [' += ', ' -= ', ' *= ', ' /= ', ' %= ', ' ^= ', ' ..= '];

/** Whether a statement ends its block: nothing may follow `return`, `break` or `continue`. */
function endsBlock(stat: Stat): boolean {
  const kind = stat.statOneof.case;
  return kind === 'return' || kind === 'break' || kind === 'continue';
}

/**
 * The statements of a block, one per line at the current indentation. Statements after a
 * `return`, `break` or `continue` are dropped (as compat does, by kind, even when the
 * `break` itself was repaired). A statement that starts with `(` gets a `;` after the one
 * before it, else Luau reads it as a call of the previous line ("ambiguous syntax").
 */
export function printStatements(
  ctx: PrettyContext,
  block: StatBlock | undefined,
  nested: boolean,
): void {
  if (block === undefined) return;
  const w = ctx.w;
  let first = true;
  for (const stat of block.body) {
    const at = w.parts.length;
    if (nested || !first) w.newline();
    printStat(ctx, stat);
    if (!first && w.firstCharSince(at + 1) === '(') w.parts[at] = ';' + w.parts[at]!;
    first = false;
    if (endsBlock(stat)) return;
  }
}

/** An indented block in its own scope (the caller writes what opens and closes it). */
export function printBody(ctx: PrettyContext, block: StatBlock | undefined): void {
  ctx.deeper(2);
  const mark = ctx.openScope();
  ctx.w.indent();
  printStatements(ctx, block, true);
  ctx.w.dedent();
  ctx.closeScope(mark);
  ctx.nest -= 2;
}

/** `body` + newline + `end`. */
function printBodyEnd(ctx: PrettyContext, block: StatBlock | undefined): void {
  printBody(ctx, block);
  ctx.w.newline();
  ctx.w.write('end');
}

function printLoopBodyEnd(ctx: PrettyContext, block: StatBlock | undefined): void {
  ctx.enterLoop();
  printBodyEnd(ctx, block);
  ctx.leaveLoop();
}

/** Prints one `Stat` (no line break); unset → `do end`. */
export function printStat(ctx: PrettyContext, stat: Stat): void {
  const w = ctx.w;
  const o = stat.statOneof;
  switch (o.case) {
    case 'block':
      w.write('do');
      printBodyEnd(ctx, o.value);
      return;
    case 'if':
      printIf(ctx, o.value);
      return;
    case 'while':
      w.write('while ');
      printExpr(ctx, o.value.cond);
      w.write(' do');
      printLoopBodyEnd(ctx, o.value.body);
      return;
    case 'repeat':
      printRepeat(ctx, o.value);
      return;
    case 'break':
      // `break` outside a loop of the current function is an error: `do end` as compat does.
      w.write(ctx.inLoop() ? 'break' : 'do end');
      return;
    case 'continue':
      w.write(ctx.inLoop() ? 'continue' : 'do end');
      return;
    case 'return':
      w.write(o.value.list.length === 0 ? 'return' : 'return ');
      printExprList(ctx, o.value.list);
      return;
    case 'call':
      if (o.value.expr === undefined) w.write(ctx.ref('_') + '()');
      else printCall(ctx, o.value.expr);
      return;
    case 'local':
      printLocal(ctx, o.value);
      return;
    case 'for': {
      const f = o.value;
      const name = localText(f.var);
      w.write('for ' + name + ' = ');
      printExpr(ctx, f.from);
      w.write(', ');
      printExpr(ctx, f.to);
      if (f.step !== undefined) {
        w.write(', ');
        printExpr(ctx, f.step);
      }
      w.write(' do');
      const mark = ctx.openScope();
      ctx.declare(name);
      printLoopBodyEnd(ctx, f.body);
      ctx.closeScope(mark);
      return;
    }
    case 'forIn': {
      const f = o.value;
      const names = f.vars.length === 0 ? ['_'] : f.vars.map((v) => localText(v));
      w.write('for ' + names.join(', ') + ' in ');
      // No values: `...` like compat, which outside a vararg function is repaired to `_`.
      if (f.values.length === 0) w.write(ctx.isVararg() ? '...' : ctx.ref('_'));
      else printExprList(ctx, f.values);
      w.write(' do');
      const mark = ctx.openScope();
      for (const name of names) ctx.declare(name);
      printLoopBodyEnd(ctx, f.body);
      ctx.closeScope(mark);
      return;
    }
    case 'assign': {
      const { vars, values } = o.value;
      if (vars.length === 0) w.write(ctx.ref('_'));
      for (let i = 0; i < vars.length; i++) {
        if (i > 0) w.write(', ');
        printLValue(ctx, vars[i]);
      }
      w.write(' = ');
      if (values.length === 0) w.write('nil');
      else printExprList(ctx, values);
      return;
    }
    case 'compoundAssign':
      printLValue(ctx, o.value.var);
      w.write(compoundOpText[o.value.op] ?? ' += ');
      printExpr(ctx, o.value.value);
      return;
    case 'function':
      printFunctionStat(ctx, o.value);
      return;
    case 'localFunction': {
      const f = o.value.func;
      const name = localText(o.value.var);
      w.write(attributesText(f?.attributes ?? []) + 'local function ' + name);
      // The name is in scope in its own body.
      ctx.declare(name);
      printFunctionPart(ctx, f, undefined, false);
      return;
    }
    case 'typeAlias': {
      const a = o.value;
      w.write(
        (a.export ? 'export type ' : 'type ') +
          regularTypeText(a.name) +
          genericListText(a.generics, a.genericpacks) +
          ' = ',
      );
      printType(ctx, a.type);
      return;
    }
    case 'requireIntoLocal': {
      const name = localText(o.value.var);
      // Modules are `module0` and `module1` (compat can print `module-1`).
      w.write(
        'local ' + name + ' = require(module' + String(Math.abs(o.value.modulenum % 2)) + ')',
      );
      ctx.declare(name);
      return;
    }
    case 'typeFunction':
      printTypeFunction(ctx, o.value);
      return;
    case undefined:
      w.write('do end');
      return;
  }
}

/** `if cond then` body, each `elseif`, then `else` body `end` or `end`. */
function printIf(ctx: PrettyContext, s: StatIf): void {
  printIfChain(ctx, s, {
    ifWord: 'if ',
    thenWord: ' then',
    elseifWord: 'elseif ',
    printCond: (cond) => printExpr(ctx, cond),
    printThen: (then) => {
      printBody(ctx, then);
      ctx.w.newline();
    },
    printElse: (last) => {
      if (last === undefined) {
        ctx.w.write('end');
        return;
      }
      ctx.w.write('else');
      printBodyEnd(ctx, last);
    },
  });
}

/** Whether a `continue` of this loop is nested in a top-level statement of `block`. */
function continuesLoop(stat: Stat): boolean {
  const o = stat.statOneof;
  switch (o.case) {
    case 'continue':
      return true;
    case 'block':
      return o.value.body.some(continuesLoop);
    case 'if': {
      for (let s: StatIf | undefined = o.value; s !== undefined;) {
        if (s.then?.body.some(continuesLoop) === true) return true;
        const e: StatIf['elseOneof'] = s.elseOneof;
        if (e.case === 'else') return e.value.body.some(continuesLoop);
        s = e.case === 'elseif' ? e.value : undefined;
      }
      return false;
    }
    case 'while':
    case 'repeat':
    case 'for':
    case 'forIn':
      // A loop owns the `continue`s of its body.
      return false;
    case 'break':
    case 'return':
    case 'call':
    case 'local':
    case 'assign':
    case 'compoundAssign':
    case 'function':
    case 'localFunction':
    case 'typeAlias':
    case 'requireIntoLocal':
    case 'typeFunction':
    case undefined:
      // No nested statements of this frame (a function body is a new frame).
      return false;
  }
}

/**
 * `repeat` body `until cond` (the body's locals are in scope in `cond`). Luau refuses to
 * compile a `continue` that jumps over a local the condition uses, so when a nested
 * `continue` comes before the declaration of a local that `cond` names, the body is wrapped
 * in `do … end`.
 */
function printRepeat(ctx: PrettyContext, s: StatRepeat): void {
  const w = ctx.w;
  const body = s.body?.body ?? [];
  const skipped = new Set<string>();
  let continued = false;
  for (const stat of body) {
    if (continued) for (const name of declaredNames(stat)) skipped.add(name);
    if (endsBlock(stat)) break;
    if (!continued && continuesLoop(stat)) continued = true;
  }
  const wrap = s.cond !== undefined && mentionsLocal(s.cond, skipped);
  w.write('repeat');
  ctx.enterLoop();
  const mark = ctx.openScope();
  if (wrap) {
    ctx.deeper(2);
    w.indent();
    w.newline();
    w.write('do');
    printBodyEnd(ctx, s.body);
    w.dedent();
    ctx.nest -= 2;
  } else {
    ctx.deeper(2);
    w.indent();
    printStatements(ctx, s.body, true);
    w.dedent();
    ctx.nest -= 2;
  }
  ctx.leaveLoop();
  w.newline();
  w.write('until ');
  printExpr(ctx, s.cond);
  ctx.closeScope(mark);
}

/** `local a: T, b = x, y` (`local _` when there are no names); declared after the values. */
function printLocal(ctx: PrettyContext, s: StatLocal): void {
  printLocalStat(
    ctx,
    s,
    (t) => printType(ctx, t),
    (e) => printExpr(ctx, e),
  );
  if (s.vars.length === 0) ctx.declare('_');
  for (const v of s.vars) ctx.declare(localText(v));
}

/** `a.b.c` when a prefix is a chain of names (what a function name allows), else undefined. */
function nameChain(ctx: PrettyContext, p: ExprPrefix | undefined): string | undefined {
  const o = p?.exprOneof;
  switch (o?.case) {
    case 'local':
      return ctx.ref(localText(o.value.var));
    case 'global':
      return globalText(ctx, o.value.name);
    case 'indexName': {
      const field = nameText(o.value.index);
      if (isReserved(field)) return undefined;
      const head = nameChain(ctx, o.value.expr);
      return head === undefined ? undefined : head + '.' + field;
    }
    case undefined:
      return ctx.ref('_');
    case 'group':
    case 'call':
    case 'indexExpr':
      // Not a name: `function (a).b()` and `function f().b()` do not parse.
      return undefined;
  }
}

/**
 * `function a.b:c()`: Luau's function names are `Name {'.' Name} [':' Name]`. Any other
 * target (`f().x`, `t[k]`, a reserved-word field) is printed as the assignment it means,
 * `target = function(self, …) … end`, with `self` explicit for methods.
 */
function printFunctionStat(ctx: PrettyContext, s: StatFunction): void {
  const w = ctx.w;
  const f: ExprFunction | undefined = s.func;
  const o = s.var?.lvalueOneof;
  const method = s.self && o?.case === 'indexName';
  let target: string | undefined;
  if (o?.case === 'indexName') {
    const field = nameText(o.value.index);
    const head = isReserved(field) ? undefined : nameChain(ctx, o.value.expr);
    if (head !== undefined) target = head + (method ? ':' : '.') + field;
  } else if (o?.case !== 'indexExpr') {
    const mark = ctx.w.parts.length;
    printLValue(ctx, s.var);
    target = ctx.w.textSince(mark);
    ctx.w.parts.length = mark;
  }
  if (target !== undefined) {
    w.write(attributesText(f?.attributes ?? []) + 'function ' + target);
    printFunctionPart(ctx, f, method ? 'self' : undefined, true);
    return;
  }
  printLValue(ctx, s.var);
  w.write(' = ');
  if (f === undefined) {
    w.write(method ? 'function(self)' : 'function()');
    w.newline();
    w.write('end');
  } else {
    printFunctionExpr(ctx, f, method);
  }
}

/**
 * `type function t1(…) … end`. Attributes are dropped (Luau accepts none before `type
 * function`); the body cannot see enclosing locals (see `PrettyContext.ref`).
 */
function printTypeFunction(ctx: PrettyContext, s: StatTypeFunction): void {
  ctx.w.write((s.export ? 'export type function ' : 'type function ') + regularTypeText(s.name));
  const saved = ctx.enterTypeFunction();
  printFunctionPart(ctx, s.func, undefined, false);
  ctx.leaveTypeFunction(saved);
}
