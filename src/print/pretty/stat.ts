import type {
  ExprFunction,
  ExprPrefix,
  Stat,
  StatBlock,
  StatFunction,
  StatRepeat,
  StatTypeFunction,
} from '../../tree/nodes.js';
import { localText, nameText, regularTypeText } from '../names.js';
import { attributesText } from './attr.js';
import type { PrettyContext } from './context.js';
import { printCall, printExpr, printFunctionExpr, globalText, printLValue } from './expr.js';
import { printFunctionPart } from './function.js';
import { genericText, isReserved } from './names.js';
import {
  endsBlock,
  isConst,
  isExported,
  printStatCases,
  type StatSpelling,
} from '../stat-cases.js';
import { printClass } from './class.js';
import { mayBeConst, mayExport } from './exports.js';
import { frameBlocks } from './frame-blocks.js';
import { printType } from './type.js';
import { declaredNames, mentionsLocal } from './repeat-scope.js';

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
  const outer = { topLevel: ctx.topLevel, block: ctx.block, at: ctx.at };
  const body = block.body;
  ctx.topLevel = !nested;
  ctx.block = body;
  let first = true;
  for (let i = 0; i < body.length; i++) {
    const stat = body[i]!;
    // A class may only be declared in the source's own block: elsewhere it is left out.
    if (nested && stat.statOneof.case === 'class') continue;
    ctx.at = i;
    const at = w.parts.length;
    if (nested || !first) w.newline();
    printStat(ctx, stat);
    if (!first && w.firstCharSince(at + 1) === '(') w.parts[at] = ';' + w.parts[at]!;
    first = false;
    if (endsBlock(stat)) break;
  }
  ctx.topLevel = outer.topLevel;
  ctx.block = outer.block;
  ctx.at = outer.at;
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

const spelling: StatSpelling<PrettyContext> = {
  forEquals: ' = ',
  emptyReturn: 'return',
  unknownCompoundOp: ' += ',
  generic: genericText,
  expr: (ctx, e) => printExpr(ctx, e),
  lvalue: printLValue,
  call: printCall,
  type: printType,
  body(ctx, block) {
    printBody(ctx, block);
    ctx.w.newline();
  },
  // `...` like compat, which outside a vararg function is repaired to `_`.
  noValues: (ctx) => ctx.w.write(ctx.isVararg() ? '...' : ctx.ref('_')),
  // Modules are `module0` and `module1` (compat can print `module-1`).
  moduleNumber: (n) => Math.abs(n),
  attributes: attributesText,
  functionPart: (ctx, f) => printFunctionPart(ctx, f, undefined, false),
  repeat: printRepeat,
  function: printFunctionStat,
  typeFunction: printTypeFunction,
  localWords(ctx, s) {
    if (!isConst(s) && !isExported(s)) return 'local ';
    const names = s.vars.length === 0 ? ['_'] : s.vars.map((v) => localText(v));
    const konst = isConst(s) && mayBeConst(ctx, names, s.values.length);
    return (
      (isExported(s) && mayExport(ctx, names) ? 'export ' : '') + (konst ? 'const ' : 'local ')
    );
  },
  localFunctionWords(ctx, s) {
    if (!isConst(s) && !isExported(s)) return 'local function ';
    const names = [localText(s.var)];
    // An exported function is constant too.
    if (!mayBeConst(ctx, names, 1)) return 'local function ';
    if (isExported(s) && mayExport(ctx, names)) return 'export function ';
    return isConst(s) ? 'const function ' : 'local function ';
  },
  classStat: printClass,
};

/** Prints one `Stat` (no line break); unset → `do end`. */
export function printStat(ctx: PrettyContext, stat: Stat): void {
  printStatCases(ctx, stat, spelling);
}

/** Whether a `continue` of this loop is nested in a top-level statement of `block`. */
function continuesLoop(stat: Stat): boolean {
  const kind = stat.statOneof.case;
  if (kind === 'continue') return true;
  // A loop owns the `continue`s of its body.
  if (kind === 'while' || kind === 'repeat' || kind === 'for' || kind === 'forIn') return false;
  return frameBlocks(stat).some((b) => b?.body.some(continuesLoop) === true);
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
  const wrap = s.cond !== undefined && mentionsLocal(ctx.grammar, s.cond, skipped);
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
    case 'builtinRef':
    case 'classinst':
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
