import { ExprBinary_Op, type Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import { BUFFER_SIZE } from '../values/types.js';
import { widthsOf } from './buffer-widths.js';
import type { LibraryModel } from './model.js';

const widths = widthsOf(['u8', 'i8', 'u16', 'i16', 'u32', 'i32']);

const floatWidths = widthsOf(['f32', 'f64']);

function offset(g: Gen, size: number): Expr {
  return build.number(g.choices.int(BUFFER_SIZE - size + 1));
}

function bufVar(g: Gen): Expr | undefined {
  const v = g.pickVar('buf');
  return v === undefined ? undefined : g.ref(v.name);
}

/**
 * A write into buffer `b` (the name of its `buffer` function and its arguments): an integer
 * or a float at a width, a string, `fill` with a byte, or `copy` of another buffer's half.
 */
function bufferWrite(g: Gen, b: Expr, d: number): [string, Expr[]] {
  const kind = g.choices.int(5);
  switch (kind) {
    case 0:
    case 1: {
      const [w, size] = g.choices.pick(kind === 0 ? widths : floatWidths);
      return [`write${w}`, [b, offset(g, size), g.int(d + 1)]];
    }
    case 2: {
      const off = g.choices.int(BUFFER_SIZE);
      const s = g.lib('string', 'sub', [
        g.str(d + 1),
        build.number(1),
        build.number(BUFFER_SIZE - off),
      ]);
      return ['writestring', [b, build.number(off), s]];
    }
    case 3: {
      const off = g.choices.int(BUFFER_SIZE);
      const v = build.binary(ExprBinary_Op.Mod, g.int(d + 1), build.number(256));
      return [
        'fill',
        [b, build.number(off), v, build.number(g.choices.int(BUFFER_SIZE - off + 1))],
      ];
    }
    default: {
      const src = bufVar(g)!;
      const off = g.choices.int(BUFFER_SIZE / 2);
      return ['copy', [b, build.number(off), src, build.number(0), build.number(BUFFER_SIZE / 2)]];
    }
  }
}

/**
 * `buffer`: buffers of {@link BUFFER_SIZE} bytes written and read at offsets inside them, with
 * integer and float widths (floats written from finite values only: a NaN's sign bit differs
 * between platforms), strings, `fill`, `copy`, `len`, `tostring`.
 *
 * @example
 * ```ts
 * bufferModel.exprs.int?.[0]?.(g, 0); // buffer.readi32(b, 4)
 * ```
 */
export const bufferModel: LibraryModel = {
  name: 'buffer',
  on: (g) => g.swarm.buffers,
  exprs: {
    buf: [
      (g) => g.lib('buffer', 'create', [build.number(BUFFER_SIZE)]),
      (g) =>
        g.lib('buffer', 'fromstring', [
          g.lib('string', 'rep', [
            build.string(g.choices.pick(['ab', 'xy', '\u0001z', '09'])),
            build.number(BUFFER_SIZE / 2),
          ]),
        ]),
    ],
    int: [
      (g) => {
        const b = bufVar(g);
        if (b === undefined) return build.number(0);
        const [w, size] = g.choices.pick(widths);
        return g.lib('buffer', `read${w}`, [b, offset(g, size)]);
      },
      (g) => {
        const b = bufVar(g);
        return b === undefined ? build.number(BUFFER_SIZE) : g.lib('buffer', 'len', [b]);
      },
    ],
    num: [
      (g) => {
        const b = bufVar(g);
        if (b === undefined) return build.number(0);
        const w = g.choices.pick(floatWidths);
        return g.lib('buffer', `read${w[0]}`, [b, offset(g, w[1])]);
      },
    ],
    str: [
      (g) => {
        const b = bufVar(g);
        if (b === undefined) return build.string('');
        const off = g.choices.int(BUFFER_SIZE);
        const s = g.lib('buffer', 'readstring', [
          b,
          build.number(off),
          build.number(g.choices.int(BUFFER_SIZE - off + 1)),
        ]);
        // NUL bytes replaced in a NUL-free profile (see `Gen.nulFree`).
        return g.nulFree()
          ? build.group(g.lib('string', 'gsub', [s, build.string('\u0000'), build.string('.')]))
          : s;
      },
    ],
  },
  stats: [
    (g, d) => {
      const b = bufVar(g);
      if (b === undefined) return [];
      const [name, args] = bufferWrite(g, b, d);
      return [build.callStat(g.lib('buffer', name, args))];
    },
  ],
};
