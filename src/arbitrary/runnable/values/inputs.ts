import type { Expr, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Choices } from '../choices.js';
import { intLiteral, numLiteral, strLiteral } from './literals.js';
import { annotation } from './types.js';

/** Most constants one input table holds: past it, leaves reuse the ones there. */
const MAX_INPUTS = 24;

/** One input table: its local and the constants it holds, in order. */
interface InputTable {
  readonly local: number;
  readonly values: Expr[];
  /** Indexes (from 1) of the values that are integers (number tables only). */
  readonly ints: number[];
}

/**
 * The chunk's input tables: constants that reach the program through memory (`l1[3]`), so
 * that operators and library calls also see values the compiler cannot fold, while literals
 * in place still reach the constant folder. A table gets a value when a leaf first asks for
 * one; the chunk declares the tables first (`local l1 = {0.5, -7, 2 ^ 53}`), and nothing
 * assigns them.
 *
 * @example
 * ```ts
 * const inputs = new Inputs(numLocal, strLocal);
 * inputs.num(c); // l1[1], with l1 = {<a number constant>}
 * inputs.declarations(false); // [local l1 = {...}, local l2 = {...}]
 * ```
 */
export class Inputs {
  private readonly nums: InputTable;
  private readonly strs: InputTable;

  constructor(numLocal: number, strLocal: number) {
    this.nums = { local: numLocal, values: [], ints: [] };
    this.strs = { local: strLocal, values: [], ints: [] };
  }

  /** A number read from memory: a constant there already, or a new one. */
  num(c: Choices): Expr {
    const t = this.nums;
    if (t.values.length > 0 && (t.values.length >= MAX_INPUTS || c.chance(40)))
      return read(t, 1 + c.int(t.values.length));
    t.values.push(numLiteral(c));
    return read(t, t.values.length);
  }

  /** An integer read from memory (`int`: below 2^31 in magnitude). */
  int(c: Choices): Expr {
    const t = this.nums;
    if (t.ints.length > 0 && (t.values.length >= MAX_INPUTS || c.chance(40)))
      return read(t, t.ints[c.int(t.ints.length)]!);
    if (t.values.length >= MAX_INPUTS) return intLiteral(c);
    t.values.push(intLiteral(c));
    t.ints.push(t.values.length);
    return read(t, t.values.length);
  }

  /** A string read from memory (`nulFree`: without NUL bytes). */
  str(c: Choices, nulFree: boolean): Expr {
    const t = this.strs;
    if (t.values.length > 0 && (t.values.length >= MAX_INPUTS || c.chance(40)))
      return read(t, 1 + c.int(t.values.length));
    t.values.push(strLiteral(c, nulFree));
    return read(t, t.values.length);
  }

  /** The `local` statements of the tables used (annotated at the typed level). */
  declarations(typed: boolean): Stat[] {
    const out: Stat[] = [];
    for (const [t, ty] of [
      [this.nums, 'iarr'],
      [this.strs, 'sarr'],
    ] as const) {
      if (t.values.length === 0) continue;
      const types = typed ? [annotation({ ty, mutable: false })] : [];
      out.push(build.localStat([build.localVar(t.local)], [build.array(t.values)], types));
    }
    return out;
  }
}

function read(t: InputTable, k: number): Expr {
  return build.indexExpr(build.local(t.local), build.number(k));
}
