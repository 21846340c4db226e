import type {
  Stat,
  StatBlock,
  StatFunction,
  StatRepeat,
  StatTypeFunction,
} from '../../tree/nodes.js';
import { printAttr } from './attr.js';
import type { CompatContext } from './context.js';
import { printCall, printExpr, printLValue, printPrefix } from './expr.js';
import { printFunctionPart } from './function.js';
import { nameText, regularTypeText } from '../names.js';
import { genericTypeText } from './name.js';
import {
  endsBlock,
  isConst,
  isExported,
  printStatCases,
  type StatSpelling,
} from '../stat-cases.js';
import { printClass } from './class.js';
import { printType } from './type.js';

/**
 * `StatBlock`: each statement in turn (a nested block as `do\n` + block + `end\n`); after a
 * `break`, `continue` or `return` the rest is dropped, by the statement's kind even when it
 * printed as `do end`.
 */
export function printBlock(ctx: CompatContext, block: StatBlock | undefined): void {
  if (block === undefined) return;
  ctx.blockDepth++;
  for (const stat of block.body) {
    // A class may only be declared in the source's own block: elsewhere it is left out.
    if (stat.statOneof.case === 'class' && ctx.blockDepth !== 0) continue;
    printStat(ctx, stat);
    if (endsBlock(stat)) break;
  }
  ctx.blockDepth--;
}

const spelling: StatSpelling<CompatContext> = {
  forEquals: '=',
  // The space stays when the list is empty.
  emptyReturn: 'return ',
  unknownCompoundOp: '',
  generic: genericTypeText,
  expr: printExpr,
  lvalue: printLValue,
  call: printCall,
  type: printType,
  body(ctx, block) {
    ctx.w.write('\n');
    printBlock(ctx, block);
  },
  // No values prints `...` whatever the frame.
  noValues: (ctx) => ctx.w.write('...'),
  // `%` truncates toward zero, so -1 is possible.
  moduleNumber: (n) => n,
  // Attributes of the function are not printed here.
  attributes: () => '',
  functionPart: printFunction,
  repeat: printRepeat,
  function: printFunctionStat,
  typeFunction: printTypeFunction,
  localWords: (_ctx, s) => (isExported(s) ? 'export ' : '') + (isConst(s) ? 'const ' : 'local '),
  localFunctionWords: (_ctx, s) =>
    isExported(s) ? 'export function ' : isConst(s) ? 'const function ' : 'local function ',
  classStat: printClass,
};

/** Prints one `Stat` with its final newline; unset → `do end\n`. */
export function printStat(ctx: CompatContext, stat: Stat): void {
  printStatCases(ctx, stat, spelling);
  ctx.w.write('\n');
}

/** `repeat\n` + block in a loop of the current frame + `until ` + cond. */
function printRepeat(ctx: CompatContext, s: StatRepeat): void {
  ctx.w.write('repeat\n');
  ctx.enterLoop();
  printBlock(ctx, s.body);
  ctx.leaveLoop();
  ctx.w.write('until ');
  printExpr(ctx, s.cond);
}

/** A function part; a missing required function prints as an empty one. */
export function printFunction(ctx: CompatContext, f: StatFunction['func']): void {
  if (f === undefined) {
    // A missing required function prints as an empty one.
    ctx.w.write('()\n');
    ctx.w.write('end');
    return;
  }
  printFunctionPart(ctx, f);
}

/**
 * `function ` + name + function part: an index_name var uses `:` when `self`, an
 * index_expr var prints `_`. Attributes of the function are not printed.
 */
function printFunctionStat(ctx: CompatContext, s: StatFunction): void {
  ctx.w.write('function ');
  const o = s.var?.lvalueOneof;
  if (o?.case === 'indexName') {
    printPrefix(ctx, o.value.expr);
    ctx.w.write((s.self ? ':' : '.') + nameText(o.value.index));
  } else if (o?.case === 'indexExpr') ctx.w.write('_');
  else printLValue(ctx, s.var);
  printFunction(ctx, s.func);
}

/** Each attribute + `\n`, (`export `) `type function ` + name + function part. */
function printTypeFunction(ctx: CompatContext, s: StatTypeFunction): void {
  for (const attr of s.func?.attributes ?? []) {
    printAttr(ctx, attr);
    ctx.w.write('\n');
  }
  ctx.w.write((s.export ? 'export ' : '') + 'type function ' + regularTypeText(s.name));
  printFunction(ctx, s.func);
}
