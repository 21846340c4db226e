import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { type BufferType, withWidth } from '../../library/buffer-widths.js';
import { paramAnnotations } from '../../values/annotations.js';
import { bufferValue, bufferWords } from './buffer-run-shape.js';
import type { Gen } from '../../generator.js';
import { freshLocals, kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';
import { primitive } from '../../values/types.js';

/** The buffers' size. */
const SIZE = 16;

/**
 * The widths a store and the loads of the same bytes share: the store's name, the loads that
 * read back what it wrote (signed and unsigned), the width in bytes, and values at its edges.
 */
const families = withWidth<[BufferType[], number[]]>([
  ['i8', ['i8', 'u8'], [127, -128, -1, 200, 0]],
  ['u8', ['u8', 'i8'], [255, 128, 0, 300, -7]],
  ['i16', ['i16', 'u16'], [32767, -32768, -1, 40000]],
  ['u16', ['u16', 'i16'], [65535, 32768, 70000, -2]],
  ['i32', ['i32', 'u32'], [2 ** 31 - 1, -(2 ** 31), -1, 2 ** 32 - 1]],
  ['u32', ['u32', 'i32'], [2 ** 32 - 1, 2 ** 31, 0, 7]],
  ['f32', ['f32'], [0.1, -0, 16777217, 1.5, 3.4e38]],
  ['f64', ['f64'], [0.1, -0, 2 ** 53 + 2, -2.5]],
]);

/** A value for a store: a parameter, a constant at the width's edges, or arithmetic on both. */
function value(g: Gen, v: Local, edges: number[]): Expr {
  return bufferValue(g, v, edges, '*', [3, -1, 0.5]);
}

/**
 * A function that stores to a buffer at constant offsets and reads the same bytes back at once,
 * signed and unsigned, and reads them twice: what native code forwards from a store to a load
 * (sign-extending, masking or rounding the stored value) and from a load to a load, unless a
 * store in between may overlap: a store at a neighbouring offset, at an offset only known at
 * run time, or to a second buffer parameter that is sometimes the same buffer. The reads are
 * returned and printed, with the buffer's words, so a load forwarded from the wrong store shows.
 *
 * @example
 * ```ts
 * // local function f(b: buffer, o: buffer, v: number, k: number) buffer.writei8(b, 3, v) local r1 = buffer.readu8(b, 3) ... return r1, ... end
 * bufferForwardShape(g, 0);
 * ```
 */
export const bufferForwardShape: StatProduction = (g, d) => {
  return localFunctionShape(g, { swarm: 'buffers', room: 10 }, ({ f, fresh, endFrame }) => {
    const c = g.choices;
    const [b, other, v, at] = freshLocals(fresh, 4);
    const { body, reads } = storesAndLoads(g, fresh, [b, other, v, at]);
    const types =
      g.options.features.typeAnnotations && c.chance(85)
        ? [primitive('buffer'), primitive('buffer'), primitive('number'), primitive('number')]
        : paramAnnotations(g, 4);
    body.push(build.ret(reads.map((r) => kit.ref(r))));
    const fn = build.func([b, other, v, at], body, false, types);
    endFrame();
    const buf = fresh();
    const second = fresh();
    const call = (o: Local, e: Expr, k: Expr) =>
      build.call(build.local(f.name), [kit.ref(buf), kit.ref(o), e, k]);
    const values = [-1, 2 ** 31, 255, 0.5, 65537, 3, -129];
    const stats: Stat[] = [
      build.localStat([buf], [kit.lib('buffer', 'create', [kit.num(SIZE)])]),
      build.localStat([second], [kit.lib('buffer', 'create', [kit.num(SIZE)])]),
      build.localFunction(f, fn),
      kit.print([call(second, kit.num(c.pick(values)), kit.num(c.int(SIZE)))]),
      kit.print([call(buf, kit.num(c.pick(values)), kit.num(c.int(SIZE)))]),
      // An `int`: a value every store converts as C defines (see `bufferValue`).
      kit.print([call(c.pick([buf, second]), g.int(d + 1), kit.num(c.int(SIZE)))]),
      kit.print([...bufferWords(buf, SIZE), ...bufferWords(second, SIZE)]),
    ];
    return [build.doBlock(stats)];
  });
};

/**
 * The function's body: 2 to 5 stores, each with loads of the same bytes (some before it), and
 * maybe a store between that may overlap; the locals the loads are kept in.
 */
function storesAndLoads(
  g: Gen,
  fresh: () => Local,
  [b, other, v, at]: [Local, Local, Local, Local],
): { body: Stat[]; reads: Local[] } {
  const c = g.choices;
  const reads: Local[] = [];
  const body: Stat[] = [];
  const read = (name: string, offset: Expr) => {
    const r = fresh();
    reads.push(r);
    body.push(build.localStat([r], [kit.lib('buffer', `read${name}`, [kit.ref(b), offset])]));
  };
  const write = (buf: Local, name: string, offset: Expr, e: Expr) =>
    body.push(build.callStat(kit.lib('buffer', `write${name}`, [kit.ref(buf), offset, e])));
  const pairs = 2 + c.int(4);
  for (let p = 0; p < pairs; p++) {
    const [store, width, loads, edges] = c.pick(families);
    const k = c.int(SIZE - width + 1);
    if (c.chance(25)) {
      // A load first: the store's bytes are then read over a value already known.
      read(c.pick(loads), kit.num(k));
    }
    write(b, store, kit.num(k), value(g, v, edges));
    switch (c.int(5)) {
      case 0:
        // A store that may overlap: to the neighbouring byte, or where `at` says.
        write(b, 'u8', kit.num(Math.min(k + 1, SIZE - 1)), kit.num(c.pick([0, 255, 77])));
        break;
      case 1:
        write(b, 'u8', kit.bin('%', kit.ref(at), kit.num(SIZE)), kit.num(c.pick([1, 128])));
        break;
      case 2:
        // The other buffer: the same one in some calls.
        write(other, store, kit.num(k), value(g, v, edges));
        break;
      default:
        break;
    }
    for (const name of c.pick([loads, [loads[0]!, loads[0]!], loads.slice(-1)])) {
      read(name, kit.num(k));
    }
  }
  return { body, reads };
}
