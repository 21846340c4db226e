import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import type { Gen } from '../../generator.js';
import { build } from '../../../build.js';
import { withWidth } from '../../library/buffer-widths.js';
import { freshLocals, fueledFor, kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';
import { paramAnnotations } from '../../values/annotations.js';

/**
 * Buffer accessors: name suffix, width in bytes, and the values worth writing there.
 *
 * @example
 * ```ts
 * const [name, width] = bufferAccess[0]!; // i8, 1
 * ```
 */
export const bufferAccess = withWidth<[number[]]>([
  ['i8', [127, -128, -1, 128, 255]],
  ['u8', [255, 256, -1, 0, 128]],
  ['i16', [32767, -32768, 65535, -1, 32768]],
  ['u16', [65535, 65536, -1, 0, 32768]],
  ['i32', [2 ** 31 - 1, -(2 ** 31), 2 ** 32 - 1, -1, 2 ** 31]],
  ['u32', [2 ** 32 - 1, 2 ** 32, -1, 0, 2 ** 31]],
  ['f32', [0.1, -0, 16777217, 3.4e38, 1.5]],
  ['f64', [0.1, -0, 2 ** 53 + 2, 1e308, -2.5]],
]);

/** A buffer accessor's name suffix, width in bytes, and the values worth writing there. */
type Access = (typeof bufferAccess)[number];

/**
 * The loop body: for each accessor picked, a write at an offset in range (0, the last that
 * fits, or one computed from the loop variable `i`), then reads of the bytes with other widths.
 */
function writesReadBack(
  g: Gen,
  picks: Access[],
  size: number,
  [b, v, i]: [Local, Local, Local],
): Stat[] {
  const c = g.choices;
  const body: Stat[] = [];
  for (const [name, width] of picks) {
    // Every offset in range: `% (room + 1)` keeps a computed one there.
    const room = size - width;
    const offset = c.pick([
      () => kit.bin('%', kit.ref(i), kit.num(room + 1)),
      () => kit.num(0),
      () => kit.num(room),
      () => kit.bin('%', kit.bin('-', kit.num(room), kit.ref(i)), kit.num(room + 1)),
    ])();
    body.push(build.callStat(kit.lib('buffer', `write${name}`, [kit.ref(b), offset, kit.ref(v)])));
    const [readName] = c.pick(bufferAccess.filter(([, wd]) => wd <= width));
    body.push(
      kit.print([
        kit.lib('buffer', `read${readName}`, [kit.ref(b), kit.num(0)]),
        kit.lib('buffer', `read${name}`, [kit.ref(b), kit.num(size - width)]),
      ]),
    );
  }
  return body;
}

/** Two calls of `w` on `buf` with a value every width it writes converts alike. */
function bufferCalls(g: Gen, d: number, w: Local, buf: Local, picks: Access[]): Expr[] {
  const c = g.choices;
  // The value goes to every width the function writes: past 2^63 (3.4e38, 1e308), only
  // where they all are floats, since C leaves its conversion to an integer undefined.
  const floats = picks.every(([name]) => name.startsWith('f'));
  const values = picks[0]![2].filter((x) => floats || Math.abs(x) < 2 ** 63);
  return Array.from({ length: 2 }, () =>
    build.call(build.local(w.name), [
      kit.ref(buf),
      // luau-web (WebAssembly) writes out-of-range values with other bits than x86: its
      // programs write small values every width holds. Elsewhere a finite `int`: a NaN,
      // an infinity or a number past 2^63 converts to an integer as C leaves undefined.
      g.options.profile === 'luau-web'
        ? kit.num(c.pick([0, 1, 100, 127, 0.5, -0]))
        : c.chance(60)
          ? kit.num(c.pick(values))
          : g.int(d + 1),
      kit.num(c.pick([0, 1, 2])),
    ]),
  );
}

/**
 * A function that writes a buffer with every width and signedness at boundary offsets (0, the
 * last that fits, and the loop variable's), with values at the edges of each width, then reads
 * the bytes back with other widths: stores forwarded to loads, sign and zero extension,
 * truncation and float rounding, in the interpreter and in native code. Offsets past the end
 * are tried under `pcall`.
 *
 * @example
 * ```ts
 * // local function w(b, v, n) for i = 0, n do buffer.writei16(b, i, v) ... print(buffer.readu8(b, i)) end end
 * bufferShape(g, 0);
 * ```
 */
export const bufferShape: StatProduction = (g, d) => {
  return localFunctionShape(g, { swarm: 'buffers', room: 10 }, ({ f: w, fresh, endFrame }) => {
    const c = g.choices;
    const size = c.pick([8, 16, 9]);
    const [b, v, n, i] = freshLocals(fresh, 4);
    const picks = Array.from({ length: 2 + c.int(3) }, () => c.pick(bufferAccess));
    const body = writesReadBack(g, picks, size, [b, v, i]);
    const loop = fueledFor(g, i, kit.num(0), kit.ref(n), undefined, body);
    const fn = build.func(
      [b, v, n],
      [loop, build.ret([kit.lib('buffer', 'readu32', [kit.ref(b), kit.num(0)])])],
      false,
      paramAnnotations(g, 3),
    );
    endFrame();
    const buf = fresh();
    const stats: Stat[] = [
      build.localStat([buf], [kit.lib('buffer', 'create', [kit.num(size)])]),
      build.localFunction(w, fn),
      kit.print(bufferCalls(g, d, w, buf, picks)),
    ];
    if (c.chance(50)) {
      // Past the end: an error in every mode, and the buffer unchanged.
      const [name, width] = c.pick(bufferAccess);
      const at = kit.num(c.pick([size - width + 1, -1, size]));
      stats.push(
        kit.print([
          kit.first(
            kit.call('pcall', [kit.field(build.global('buffer'), `read${name}`), kit.ref(buf), at]),
          ),
          kit.lib('buffer', 'readu32', [kit.ref(buf), kit.num(size - 4)]),
        ]),
      );
    }
    return [build.doBlock(stats)];
  });
};
