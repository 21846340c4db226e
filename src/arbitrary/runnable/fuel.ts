import {
  ExprBinary_Op,
  StatCompoundAssign_Op,
  type Expr,
  type Stat,
} from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import type { Gen } from './generator.js';
import { node } from './nodes.js';

/**
 * The first statements of a loop body (`leave` = `break`) or of a recursive function
 * (`leave` = `return value`): stop when the chunk's fuel is gone, else take one unit.
 *
 * @example
 * ```ts
 * fuelGuard(g, node.brk()); // if l0[1] <= 0 then break end  l0[1] -= 1
 * ```
 */
export function fuelGuard(g: Gen, leave: Stat): Stat[] {
  const left = (): Expr => build.indexExpr(g.fuelRef(), build.number(1));
  g.nodes += 12;
  const take = g.o.features.compoundAssignment
    ? node.compound(StatCompoundAssign_Op.Sub, left(), build.number(1))
    : node.assign([left()], [build.binary(ExprBinary_Op.Sub, left(), build.number(1))]);
  return [
    node.ifStat(build.binary(ExprBinary_Op.CompareLe, left(), build.number(0)), [leave]),
    take,
  ];
}
