import type {
  Stat,
  StatBlock,
  StatFunction,
  StatIf,
  StatLocal,
  StatTypeFunction,
} from '../../../gen/luau_pb.js';
import { printAttr } from './attr.js';
import type { CompatContext } from './context.js';
import { printCall, printExpr, printExprList, printIndexName, printLValue } from './expr.js';
import { printFunctionPart } from './function.js';
import { printIfChain } from '../if-chain.js';
import { printLocalStat } from '../local-stat.js';
import { localText, regularTypeText } from '../names.js';
import { genericListText } from './name.js';
import { printType } from './type.js';

const compoundOps = [' += ', ' -= ', ' *= ', ' /= ', ' %= ', ' ^= ', ' ..= '];

/**
 * `StatBlock`: each statement in turn (a nested block as `do\n` + block + `end\n`); after a
 * `break`, `continue` or `return` the rest is dropped, by the statement's kind even when it
 * printed as `do end`.
 */
export function printBlock(ctx: CompatContext, block: StatBlock | undefined): void {
  if (block === undefined) return;
  for (const stat of block.body) {
    const kind = stat.statOneof.case;
    printStat(ctx, stat);
    if (kind === 'break' || kind === 'continue' || kind === 'return') return;
  }
}

/** Prints one `Stat` with its final newline; unset → `do end\n`. */
export function printStat(ctx: CompatContext, stat: Stat): void {
  const w = ctx.w;
  const o = stat.statOneof;
  switch (o.case) {
    case 'block':
      w.write('do\n');
      printBlock(ctx, o.value);
      w.write('end\n');
      return;
    case 'if':
      printIf(ctx, o.value);
      return;
    case 'while':
      w.write('while ');
      printExpr(ctx, o.value.cond);
      w.write(' do\n');
      printLoopBody(ctx, o.value.body);
      return;
    case 'repeat':
      w.write('repeat\n');
      ctx.enterLoop();
      printBlock(ctx, o.value.body);
      ctx.leaveLoop();
      w.write('until ');
      printExpr(ctx, o.value.cond);
      w.write('\n');
      return;
    case 'break':
      // Only inside a loop of the current function frame.
      w.write(ctx.inLoop() ? 'break\n' : 'do end\n');
      return;
    case 'continue':
      w.write(ctx.inLoop() ? 'continue\n' : 'do end\n');
      return;
    case 'return': {
      // The space stays when the list is empty.
      w.write('return ');
      const list = o.value.list;
      printExprList(ctx, list);
      w.write('\n');
      return;
    }
    case 'call':
      if (o.value.expr === undefined) w.write('_()');
      else printCall(ctx, o.value.expr);
      w.write('\n');
      return;
    case 'local':
      printLocal(ctx, o.value);
      return;
    case 'for': {
      const f = o.value;
      w.write('for ' + localText(f.var) + '=');
      printExpr(ctx, f.from);
      w.write(',');
      printExpr(ctx, f.to);
      if (f.step !== undefined) {
        w.write(',');
        printExpr(ctx, f.step);
      }
      w.write(' do\n');
      printLoopBody(ctx, f.body);
      return;
    }
    case 'forIn': {
      const f = o.value;
      w.write('for ' + (f.vars.length === 0 ? '_' : f.vars.map(localText).join(',')) + ' in ');
      // No values prints `...` whatever the frame.
      if (f.values.length === 0) w.write('...');
      printExprList(ctx, f.values);
      w.write(' do\n');
      printLoopBody(ctx, f.body);
      return;
    }
    case 'assign': {
      const { vars, values } = o.value;
      if (vars.length === 0) w.write('_');
      for (let i = 0; i < vars.length; i++) {
        if (i > 0) w.write(',');
        printLValue(ctx, vars[i]);
      }
      w.write(' = ');
      if (values.length === 0) w.write('nil');
      printExprList(ctx, values);
      w.write('\n');
      return;
    }
    case 'compoundAssign':
      printLValue(ctx, o.value.var);
      w.write(compoundOps[o.value.op] ?? '');
      printExpr(ctx, o.value.value);
      w.write('\n');
      return;
    case 'function':
      printFunctionStat(ctx, o.value);
      return;
    case 'localFunction':
      // Attributes of the function are not printed here.
      w.write('local function ' + localText(o.value.var));
      printFunction(ctx, o.value.func);
      w.write('\n');
      return;
    case 'typeAlias': {
      const a = o.value;
      w.write(
        (a.export ? 'export ' : '') +
          'type ' +
          regularTypeText(a.name) +
          genericListText(a.generics, a.genericpacks) +
          ' = ',
      );
      printType(ctx, a.type);
      w.write('\n');
      return;
    }
    case 'requireIntoLocal':
      // `%` truncates toward zero, so -1 is possible.
      w.write(
        'local ' +
          localText(o.value.var) +
          ' = require(module' +
          String(o.value.modulenum % 2 || 0) +
          ')\n',
      );
      return;
    case 'typeFunction':
      printTypeFunction(ctx, o.value);
      return;
    case undefined:
      w.write('do end\n');
      return;
  }
}

/** A loop's body in a loop of the current frame, then `end\n`. */
function printLoopBody(ctx: CompatContext, body: StatBlock | undefined): void {
  ctx.enterLoop();
  printBlock(ctx, body);
  ctx.leaveLoop();
  ctx.w.write('end\n');
}

function printFunction(ctx: CompatContext, f: StatFunction['func']): void {
  if (f === undefined) {
    // A missing required function prints as an empty one.
    ctx.w.write('()\n');
    ctx.w.write('end');
    return;
  }
  printFunctionPart(ctx, f);
}

/** `if c then\n` + block + (`elseif c then\n` + block)* + (`else\n` block | nothing) + `end\n`. */
function printIf(ctx: CompatContext, s: StatIf): void {
  printIfChain(ctx, s, {
    ifWord: 'if ',
    thenWord: ' then\n',
    elseifWord: 'elseif ',
    printCond: (cond) => printExpr(ctx, cond),
    printThen: (then) => printBlock(ctx, then),
    printElse: (last) => {
      if (last !== undefined) {
        ctx.w.write('else\n');
        printBlock(ctx, last);
      }
      ctx.w.write('end\n');
    },
  });
}

/** `local ` + vars (`_` when none) with `:type` when types are on, ` = values` when any. */
function printLocal(ctx: CompatContext, s: StatLocal): void {
  printLocalStat(
    ctx,
    s,
    (t) => printType(ctx, t),
    (e) => printExpr(ctx, e),
  );
  ctx.w.write('\n');
}

/**
 * `function ` + name + function part + `\n`: an index_name var uses `:` when `self`, an
 * index_expr var prints `_`. Attributes of the function are not printed.
 */
function printFunctionStat(ctx: CompatContext, s: StatFunction): void {
  ctx.w.write('function ');
  const o = s.var?.lvalueOneof;
  if (o?.case === 'indexName') printIndexName(ctx, o.value, s.self ? ':' : '.');
  else if (o?.case === 'indexExpr') ctx.w.write('_');
  else printLValue(ctx, s.var);
  printFunction(ctx, s.func);
  ctx.w.write('\n');
}

/** Each attribute + `\n`, (`export `) `type function ` + name + function part + `\n`. */
function printTypeFunction(ctx: CompatContext, s: StatTypeFunction): void {
  for (const attr of s.func?.attributes ?? []) {
    printAttr(ctx, attr);
    ctx.w.write('\n');
  }
  ctx.w.write((s.export ? 'export ' : '') + 'type function ' + regularTypeText(s.name));
  printFunction(ctx, s.func);
  ctx.w.write('\n');
}
