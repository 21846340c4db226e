import { ExprBinary_Op, ExprUnary_Op, type Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';

/**
 * Keeps an int local's value below 2^31 in magnitude (sums and products of ints stay exact
 * integers), at magnitudes from a few units to the full 31 bits.
 *
 * @example
 * ```ts
 * reduceInt(g, e); // (e) % 1000, math.fmod(e, 9), bit32.band(e, 255) or math.clamp(e, -k, k)
 * ```
 */
export function reduceInt(g: Gen, e: Expr): Expr {
  switch (g.choices.int(4)) {
    case 0:
      return build.binary(
        ExprBinary_Op.Mod,
        build.group(e),
        build.number(g.choices.pick([7, 100, 1000, 65536, 0x7fffffff])),
      );
    case 1:
      return g.lib('math', 'fmod', [e, build.number(g.choices.pick([9, 1000, 4096, 0x40000000]))]);
    case 2:
      return g.lib('bit32', 'band', [
        e,
        build.number(g.choices.pick([0xff, 0xfff, 0xfffff, 0x7fffffff, 0x7fff0000])),
      ]);
    default: {
      const k = g.choices.pick([100000, 0x7fffffff]);
      return g.lib('math', 'clamp', [
        e,
        build.unary(ExprUnary_Op.Minus, build.number(k)),
        build.number(k),
      ]);
    }
  }
}
