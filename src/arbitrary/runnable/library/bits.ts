import { ExprBinary_Op, ExprUnary_Op } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { LibraryModel, Production } from './model.js';

/**
 * A shift or rotation count over the whole range the library defines: constants anywhere in
 * [0, 31] (and sometimes negative, shifting the other way, or 32 and past it, shifting every
 * bit out), or a value reduced to [0, 31] or to [-32, 31].
 */
function shift(g: Gen, d: number) {
  switch (g.choices.weighted([6, 1, 3])) {
    case 0:
      return build.number(g.choices.int(32));
    case 1: {
      const k = g.choices.pick([32, 33, 40, 63, 64, 100]);
      return g.choices.chance(50)
        ? build.unary(ExprUnary_Op.Minus, build.number(k - 30))
        : build.number(k);
    }
    default: {
      const m = build.group(
        build.binary(ExprBinary_Op.Mod, g.int(d + 1), build.number(g.choices.chance(70) ? 32 : 64)),
      );
      return g.choices.chance(70) ? m : build.binary(ExprBinary_Op.Sub, m, build.number(32));
    }
  }
}

/**
 * Words with bits set all over (golden-ratio and hash constants), as int32 constants: bit32
 * reads a negative number modulo 2^32.
 */
const fullWords = [-1640531527, -559038737, 0x7f4a7c15, -2048144789, 0x27d4eb2f, 0x165667b1];

/**
 * An operand over the whole 32-bit range (bit32 reads any number modulo 2^32): an int, or an
 * int spread over the high bits (`x * 65536`, `x * 16777216`), moved below zero, or offset by
 * a word with bits set all over (`x + 0x7f4a7c15`), so that small ints too give results whose
 * high bits are not all zero (a shift right by 20 of a small int is 0, whatever the shift does).
 */
function word(g: Gen, d: number) {
  switch (g.choices.weighted([4, 3, 1, 3])) {
    case 0:
      return g.int(d + 1);
    case 1:
      return build.binary(
        ExprBinary_Op.Mul,
        g.int(d + 1),
        build.number(g.choices.pick([65536, 16777216, 0x10001, 0x1000193])),
      );
    case 2:
      return build.binary(ExprBinary_Op.Sub, g.int(d + 1), build.number(0x7fffffff));
    default:
      return build.binary(
        g.choices.pick([ExprBinary_Op.Add, ExprBinary_Op.Sub]),
        g.int(d + 1),
        build.number(g.choices.pick(fullWords)),
      );
  }
}

/**
 * `bit32`: every function, on integer operands (bit32 converts through a 64-bit integer,
 * defined for the magnitudes `int` values have), with constant and computed shifts.
 *
 * @example
 * ```ts
 * bitsModel.exprs.int?.[0]?.(g, 0); // bit32.band(a, b, ...)
 * ```
 */
export const bitsModel: LibraryModel = {
  name: 'bit32',
  on: (g) => g.swarm.bits,
  exprs: {
    // One production per function: each is as likely as the others.
    int: [
      ...['band', 'bor', 'bxor'].map(
        (f): Production =>
          (g, d) =>
            g.lib(
              'bit32',
              f,
              Array.from({ length: 1 + g.choices.int(4) }, () => word(g, d)),
            ),
      ),
      (g, d) => g.lib('bit32', 'bnot', [word(g, d)]),
      ...['lshift', 'rshift', 'arshift', 'lrotate', 'rrotate'].map(
        (f): Production =>
          (g, d) =>
            g.lib('bit32', f, [word(g, d), shift(g, d)]),
      ),
      ...['countlz', 'countrz'].map(
        (f): Production =>
          (g, d) =>
            g.lib('bit32', f, [word(g, d)]),
      ),
      (g, d) => {
        const f = g.choices.int(29);
        return g.lib('bit32', 'extract', [
          word(g, d),
          build.number(f),
          build.number(1 + g.choices.int(32 - f)),
        ]);
      },
      (g, d) => {
        const f = g.choices.int(29);
        return g.lib('bit32', 'replace', [
          word(g, d),
          word(g, d),
          build.number(f),
          build.number(1 + g.choices.int(32 - f)),
        ]);
      },
    ],
    bool: [(g, d) => g.lib('bit32', 'btest', [word(g, d), word(g, d)])],
  },
};
