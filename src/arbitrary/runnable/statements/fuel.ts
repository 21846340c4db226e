import {
  ExprBinary_Op,
  StatCompoundAssign_Op,
  type Expr,
  type Stat,
} from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';

/**
 * The first statements of a loop body (`leave` = `break`) or of a recursive function
 * (`leave` = `return value`): stop when the chunk's fuel is gone, else take one unit. A loop
 * with its own count (`cap`, a local) also stops when that is gone, and takes one from it.
 *
 * @example
 * ```ts
 * fuelGuard(g, build.brk()); // if l0[1] <= 0 then break end  l0[1] -= 1
 * fuelGuard(g, build.brk(), 7); // if l7 <= 0 or l0[1] <= 0 then break end  l7 -= 1  l0[1] -= 1
 * ```
 */
export function fuelGuard(g: Gen, leave: Stat, cap?: number): Stat[] {
  const left = (): Expr => build.indexExpr(g.fuelRef(), build.number(1));
  g.nodes += 12;
  const take = (x: () => Expr): Stat =>
    g.options.features.compoundAssignment
      ? build.compound(StatCompoundAssign_Op.Sub, x(), build.number(1))
      : build.assign([x()], [build.binary(ExprBinary_Op.Sub, x(), build.number(1))]);
  const empty = (x: Expr): Expr => build.binary(ExprBinary_Op.CompareLe, x, build.number(0));
  if (cap === undefined) return [build.ifStat(empty(left()), [leave]), take(left)];
  g.nodes += 8;
  const own = (): Expr => build.local(cap);
  return [
    build.ifStat(build.binary(ExprBinary_Op.Or, empty(own()), empty(left())), [leave]),
    take(own),
    take(left),
  ];
}
