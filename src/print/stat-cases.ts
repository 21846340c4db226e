import type {
  Expr,
  ExprAttr,
  ExprCall,
  ExprFunction,
  LValue,
  Stat,
  StatBlock,
  StatClass,
  StatFunction,
  StatLocal,
  StatLocalFunction,
  StatRepeat,
  StatTypeFunction,
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
      printIfChain(ctx, o.value, {
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
      return;
    case 'while':
      w.write('while ');
      spelling.expr(ctx, o.value.cond);
      w.write(' do');
      loopBodyEnd(ctx, o.value.body, spelling);
      return;
    case 'repeat':
      spelling.repeat(ctx, o.value);
      return;
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
      spelling.call(ctx, o.value.expr);
      return;
    case 'local': {
      const s = o.value;
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
      return;
    }
    case 'for': {
      const f = o.value;
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
      return;
    }
    case 'forIn': {
      const f = o.value;
      const names = f.vars.length === 0 ? ['_'] : f.vars.map((v) => localText(v));
      w.write('for ' + names.join(ctx.sep) + ' in ');
      if (f.values.length === 0) spelling.noValues(ctx);
      else printList<Expr>(ctx, f.values, (e) => spelling.expr(ctx, e));
      w.write(' do');
      const mark = ctx.openScope();
      for (const name of names) ctx.declare(name);
      loopBodyEnd(ctx, f.body, spelling);
      ctx.closeScope(mark);
      return;
    }
    case 'assign': {
      const { vars, values } = o.value;
      if (vars.length === 0) w.write(ctx.ref('_'));
      printList<LValue>(ctx, vars, (v) => spelling.lvalue(ctx, v));
      w.write(' = ');
      if (values.length === 0) w.write('nil');
      else printList<Expr>(ctx, values, (e) => spelling.expr(ctx, e));
      return;
    }
    case 'compoundAssign':
      spelling.lvalue(ctx, o.value.var);
      w.write(compoundOpText[o.value.op] ?? spelling.unknownCompoundOp);
      spelling.expr(ctx, o.value.value);
      return;
    case 'function':
      spelling.function(ctx, o.value);
      return;
    case 'localFunction': {
      const f = o.value.func;
      const name = localText(o.value.var);
      w.write(
        spelling.attributes(f?.attributes ?? []) + spelling.localFunctionWords(ctx, o.value) + name,
      );
      // The name is in scope in its own body.
      ctx.declare(name);
      spelling.functionPart(ctx, f);
      return;
    }
    case 'typeAlias': {
      const a = o.value;
      w.write(
        (a.export ? 'export type ' : 'type ') +
          regularTypeText(a.name) +
          genericListText(a.generics, a.genericpacks, spelling.generic, ctx.sep) +
          ' = ',
      );
      spelling.type(ctx, a.type);
      return;
    }
    case 'requireIntoLocal': {
      const name = localText(o.value.var);
      const n = spelling.moduleNumber(o.value.modulenum % 2);
      w.write('local ' + name + ' = require(module' + String(n) + ')');
      ctx.declare(name);
      return;
    }
    case 'typeFunction':
      spelling.typeFunction(ctx, o.value);
      return;
    case 'class':
      spelling.classStat(ctx, o.value);
      return;
    case undefined:
      w.write('do end');
      return;
  }
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
