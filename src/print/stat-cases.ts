import type {
  Expr,
  ExprAttr,
  ExprCall,
  ExprFunction,
  LValue,
  Stat,
  StatAssign,
  StatBlock,
  StatClass,
  StatCompoundAssign,
  StatFor,
  StatForIn,
  StatFunction,
  StatIf,
  StatLocal,
  StatLocalFunction,
  StatRepeat,
  StatRequireIntoLocalHelper,
  StatTypeAlias,
  StatTypeFunction,
  StatWhile,
  Type,
} from '../tree/nodes.js';
import type { PrintContext } from './context.js';
import { printIfChain } from './if-chain.js';
import { printList } from './lists.js';
import { printLocalStat } from './local-stat.js';
import { genericListText, localText, regularTypeText, type GenericSpelling } from './names.js';

// The walk over a statement's cases both printers share; each printer passes its own
// printers of the other areas, its block layout and the statements it writes its own way.

const compoundOpText = [' += ', ' -= ', ' *= ', ' /= ', ' %= ', ' ^= ', ' ..= '];

/**
 * What a printer writes its own way in a statement, for {@link printStatCases}: its printers
 * of expressions and types, how a block is laid out, and the statements that differ
 * (`repeat`, `function`, `type function`) or the words that do.
 *
 * @example
 * ```ts
 * const spelling: StatSpelling<CompatContext> = { forEquals: '=', emptyReturn: 'return ', ... };
 * ```
 */
export interface StatSpelling<C extends PrintContext> {
  /** Between a numeric `for`'s variable and its start. */
  readonly forEquals: string;
  /** `return` without values. */
  readonly emptyReturn: string;
  /** A compound assignment's operator out of the table's range. */
  readonly unknownCompoundOp: string;
  /** A generic name (type aliases). */
  readonly generic: GenericSpelling;
  expr(ctx: C, expr: Expr | undefined): void;
  lvalue(ctx: C, v: LValue | undefined): void;
  /** A call statement's call (unset: the grammar's empty call). */
  call(ctx: C, call: ExprCall | undefined): void;
  type(ctx: C, type: Type | undefined): void;
  /**
   * A block after the words that open it, up to where the words that close it go (`end`,
   * `elseif`, `else`): the statements in a new scope and the line breaks around them.
   */
  body(ctx: C, block: StatBlock | undefined): void;
  /** What a `for … in` without values iterates. */
  noValues(ctx: C): void;
  /** The module number of `require(moduleN)` (`modulenum % 2`, whose sign may be kept). */
  moduleNumber(modulenum: number): number;
  /** The attributes written before `local function`. */
  attributes(attrs: readonly ExprAttr[]): string;
  /** A function's parameters, body and `end` (unset: an empty function). */
  functionPart(ctx: C, f: ExprFunction | undefined): void;
  repeat(ctx: C, s: StatRepeat): void;
  function(ctx: C, s: StatFunction): void;
  typeFunction(ctx: C, s: StatTypeFunction): void;
  /** The words before a `local` statement's names: `local `, `const `, `export local `. */
  localWords(ctx: C, s: StatLocal): string;
  /** The words before a local function's name: `local function `, `export function `. */
  localFunctionWords(ctx: C, s: StatLocalFunction): string;
  /** A class statement (grammar 735). */
  classStat(ctx: C, s: StatClass): void;
}

/** {@link StatSpelling.body} + `end`. */
function bodyEnd<C extends PrintContext>(
  ctx: C,
  block: StatBlock | undefined,
  spelling: StatSpelling<C>,
): void {
  spelling.body(ctx, block);
  ctx.w.write('end');
}

/** A loop's body in a loop of the current function frame, + `end`. */
function loopBodyEnd<C extends PrintContext>(
  ctx: C,
  block: StatBlock | undefined,
  spelling: StatSpelling<C>,
): void {
  ctx.enterLoop();
  bodyEnd(ctx, block, spelling);
  ctx.leaveLoop();
}

/**
 * Prints one `Stat` without what ends its line (unset → `do end`): the cases both printers
 * write alike, and the rest as `spelling` says.
 *
 * @example
 * ```ts
 * printStatCases(ctx, stat, compatSpelling); // `while x do\nend`
 * ```
 */
export function printStatCases<C extends PrintContext>(
  ctx: C,
  stat: Stat,
  spelling: StatSpelling<C>,
): void {
  const w = ctx.w;
  const o = stat.statOneof;
  switch (o.case) {
    case 'block':
      w.write('do');
      bodyEnd(ctx, o.value, spelling);
      return;
    case 'if':
      return printIf(ctx, o.value, spelling);
    case 'while':
      return printWhile(ctx, o.value, spelling);
    case 'repeat':
      return spelling.repeat(ctx, o.value);
    case 'break':
      // `break` outside a loop of the current function is an error: `do end`, as the reference does.
      w.write(ctx.inLoop() ? 'break' : 'do end');
      return;
    case 'continue':
      w.write(ctx.inLoop() ? 'continue' : 'do end');
      return;
    case 'return':
      w.write(o.value.list.length === 0 ? spelling.emptyReturn : 'return ');
      printList<Expr>(ctx, o.value.list, (e) => spelling.expr(ctx, e));
      return;
    case 'call':
      return spelling.call(ctx, o.value.expr);
    case 'local':
      return printLocal(ctx, o.value, spelling);
    case 'for':
      return printFor(ctx, o.value, spelling);
    case 'forIn':
      return printForIn(ctx, o.value, spelling);
    case 'assign':
      return printAssign(ctx, o.value, spelling);
    case 'compoundAssign':
      return printCompoundAssign(ctx, o.value, spelling);
    case 'function':
      return spelling.function(ctx, o.value);
    case 'localFunction':
      return printLocalFunction(ctx, o.value, spelling);
    case 'typeAlias':
      return printTypeAlias(ctx, o.value, spelling);
    case 'requireIntoLocal':
      return printRequire(ctx, o.value, spelling);
    case 'typeFunction':
      return spelling.typeFunction(ctx, o.value);
    case 'class':
      return spelling.classStat(ctx, o.value);
    case undefined:
      w.write('do end');
      return;
  }
}

/** `if … then … elseif … else … end`. */
function printIf<C extends PrintContext>(ctx: C, stat: StatIf, spelling: StatSpelling<C>): void {
  const w = ctx.w;
  printIfChain(ctx, stat, {
    ifWord: 'if ',
    thenWord: ' then',
    elseifWord: 'elseif ',
    printCond: (cond) => spelling.expr(ctx, cond),
    printThen: (then) => spelling.body(ctx, then),
    printElse: (last) => {
      if (last === undefined) {
        w.write('end');
        return;
      }
      w.write('else');
      bodyEnd(ctx, last, spelling);
    },
  });
}

/** A `local` statement; its names are declared after its values. */
function printLocal<C extends PrintContext>(ctx: C, s: StatLocal, spelling: StatSpelling<C>): void {
  printLocalStat(
    ctx,
    s,
    spelling.localWords(ctx, s),
    (t) => spelling.type(ctx, t),
    (e) => spelling.expr(ctx, e),
  );
  // Declared after the values, which cannot see them.
  if (s.vars.length === 0) ctx.declare('_');
  for (const v of s.vars) ctx.declare(localText(v));
}

/** A numeric `for`, its variable in scope in the body. */
function printFor<C extends PrintContext>(ctx: C, f: StatFor, spelling: StatSpelling<C>): void {
  const w = ctx.w;
  const name = localText(f.var);
  w.write('for ' + name + spelling.forEquals);
  spelling.expr(ctx, f.from);
  w.write(ctx.sep);
  spelling.expr(ctx, f.to);
  if (f.step !== undefined) {
    w.write(ctx.sep);
    spelling.expr(ctx, f.step);
  }
  w.write(' do');
  const mark = ctx.openScope();
  ctx.declare(name);
  loopBodyEnd(ctx, f.body, spelling);
  ctx.closeScope(mark);
}

/** A generic `for`, its variables in scope in the body. */
function printForIn<C extends PrintContext>(ctx: C, f: StatForIn, spelling: StatSpelling<C>): void {
  const w = ctx.w;
  const names = f.vars.length === 0 ? ['_'] : f.vars.map((v) => localText(v));
  w.write('for ' + names.join(ctx.sep) + ' in ');
  if (f.values.length === 0) spelling.noValues(ctx);
  else printList<Expr>(ctx, f.values, (e) => spelling.expr(ctx, e));
  w.write(' do');
  const mark = ctx.openScope();
  for (const name of names) ctx.declare(name);
  loopBodyEnd(ctx, f.body, spelling);
  ctx.closeScope(mark);
}

/** `vars = values` (`_ = nil` where either is empty). */
function printAssign<C extends PrintContext>(
  ctx: C,
  a: StatAssign,
  spelling: StatSpelling<C>,
): void {
  const w = ctx.w;
  const { vars, values } = a;
  if (vars.length === 0) w.write(ctx.ref('_'));
  printList<LValue>(ctx, vars, (v) => spelling.lvalue(ctx, v));
  w.write(' = ');
  if (values.length === 0) w.write('nil');
  else printList<Expr>(ctx, values, (e) => spelling.expr(ctx, e));
}

/** `local function name`, the name in scope in its own body. */
function printLocalFunction<C extends PrintContext>(
  ctx: C,
  s: StatLocalFunction,
  spelling: StatSpelling<C>,
): void {
  const w = ctx.w;
  const f = s.func;
  const name = localText(s.var);
  w.write(spelling.attributes(f?.attributes ?? []) + spelling.localFunctionWords(ctx, s) + name);
  // The name is in scope in its own body.
  ctx.declare(name);
  spelling.functionPart(ctx, f);
}

/** `type Name<generics> = T`, exported or not. */
function printTypeAlias<C extends PrintContext>(
  ctx: C,
  a: StatTypeAlias,
  spelling: StatSpelling<C>,
): void {
  const w = ctx.w;
  w.write(
    (a.export ? 'export type ' : 'type ') +
      regularTypeText(a.name) +
      genericListText(a.generics, a.genericpacks, spelling.generic, ctx.sep) +
      ' = ',
  );
  spelling.type(ctx, a.type);
}

/** `while cond do … end`. */
function printWhile<C extends PrintContext>(ctx: C, s: StatWhile, spelling: StatSpelling<C>): void {
  const w = ctx.w;
  w.write('while ');
  spelling.expr(ctx, s.cond);
  w.write(' do');
  loopBodyEnd(ctx, s.body, spelling);
}

/** `var op= value`. */
function printCompoundAssign<C extends PrintContext>(
  ctx: C,
  s: StatCompoundAssign,
  spelling: StatSpelling<C>,
): void {
  const w = ctx.w;
  spelling.lvalue(ctx, s.var);
  w.write(compoundOpText[s.op] ?? spelling.unknownCompoundOp);
  spelling.expr(ctx, s.value);
}

/** `local name = require(moduleN)`, the name then in scope. */
function printRequire<C extends PrintContext>(
  ctx: C,
  s: StatRequireIntoLocalHelper,
  spelling: StatSpelling<C>,
): void {
  const w = ctx.w;
  const name = localText(s.var);
  const n = spelling.moduleNumber(s.modulenum % 2);
  w.write('local ' + name + ' = require(module' + String(n) + ')');
  ctx.declare(name);
}

/**
 * Whether a statement ends its block: nothing may follow `return`, `break` or `continue`
 * (dropped by kind, even when the `break` itself was printed as `do end`).
 *
 * @example
 * ```ts
 * for (const stat of block.body) { printStat(ctx, stat); if (endsBlock(stat)) return; }
 * ```
 */
export function endsBlock(stat: Stat): boolean {
  const kind = stat.statOneof.case;
  return kind === 'return' || kind === 'break' || kind === 'continue';
}

/**
 * Whether a `local` statement or local function is `const` (grammar 735).
 *
 * @example
 * ```ts
 * const words = isConst(s) ? 'const ' : 'local ';
 * ```
 */
export function isConst(s: StatLocal | StatLocalFunction): boolean {
  return 'isConst' in s && s.isConst;
}

/**
 * Whether a `local` statement or local function is `export`ed (grammar 735).
 *
 * @example
 * ```ts
 * const words = isExported(s) ? 'export ' : '';
 * ```
 */
export function isExported(s: StatLocal | StatLocalFunction | StatClass): boolean {
  return 'isExported' in s && s.isExported;
}
