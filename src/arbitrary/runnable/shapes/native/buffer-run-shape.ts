import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { paramAnnotations } from '../../values/annotations.js';
import { bufferAccess } from './buffer-shape.js';
import type { Gen } from '../../generator.js';
import { freshLocals, kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import { libIndex } from '../../library/lib-index.js';
import type { StatProduction } from '../../library/model.js';
import { primitive } from '../../values/types.js';

/** The buffer's size: every `base + k` access of a call in range fits. */
const SIZE = 24;
/** Bases of the calls that stay in range, and of the one that runs off an end. */
const BASES = [2, 3, 4];
const OUTSIDE = [14, 20, -1, 23];
/** Bases of the calls whose offsets are `base * scale + k` (a record of `scale` bytes each). */
const SCALED_BASES = [1, 2];

/**
 * `base + k` (or `base * scale + k`), spelled `base - k` for a negative `k`: what native code
 * folds into one check.
 */
function at(base: () => Expr, k: number): Expr {
  if (k === 0) return base();
  return k < 0 ? kit.bin('-', base(), kit.num(-k)) : kit.bin('+', base(), kit.num(k));
}

/**
 * A value to store in a buffer of one width: the parameter, a constant of its edges, or the
 * parameter mixed with `op` and one of `by` (luau-web: small values only). The functions'
 * callers pass finite parameters below 2^34 (`int`, constants): every value stored then
 * converts to an integer as C defines (truncated toward zero within 64 bits, then wrapped to
 * the width, the edges just past a width included), and no NaN reaches a float's bytes, whose
 * sign bit Luau leaves unspecified (native code computes `x * -1` of a NaN with the other sign).
 *
 * @example
 * ```ts
 * bufferValue(g, v, [255, 256, -1], '+', [1, 0.5, -1]); // l3 + 0.5
 * ```
 */
export function bufferValue(
  g: Gen,
  v: Local,
  edges: number[],
  op: '+' | '*',
  by: readonly number[],
): Expr {
  if (g.options.profile === 'luau-web') {
    // WebAssembly converts out-of-range numbers with other bits than x86: small values only.
    return g.choices.chance(50)
      ? kit.num(g.choices.pick([0, 1, 100, 127]))
      : kit.bin('%', kit.ref(v), kit.num(128));
  }
  return g.choices.pick([
    () => kit.ref(v),
    () => kit.num(g.choices.pick(edges)),
    () => kit.bin(op, kit.ref(v), kit.num(g.choices.pick(by))),
  ])();
}

/**
 * `buffer.readu32` of every 4-byte word of `buf` (`size` bytes): what the calls left in it.
 *
 * @example
 * ```ts
 * kit.print(bufferWords(buf, 16)); // print(buffer.readu32(b, 0), ..., buffer.readu32(b, 12))
 * ```
 */
export function bufferWords(buf: Local, size: number): Expr[] {
  return Array.from({ length: size / 4 }, (_, w) =>
    kit.lib('buffer', 'readu32', [kit.ref(buf), kit.num(w * 4)]),
  );
}

/**
 * One access of the run: a write, or a read kept as a result (sign-extended, zero-extended,
 * byte-swapped, or of bits), at `base + k` or at a constant offset.
 */
function access(
  g: Gen,
  b: Local,
  base: Local,
  scaled: () => Expr,
  v: Local,
  reads: Expr[],
  fresh: () => Local,
  fixed: number[],
): Stat[] {
  const c = g.choices;
  // A read is kept in a local where it happens: later writes may overwrite its bytes.
  const keep = (e: Expr): Stat[] => {
    const r = fresh();
    reads.push(kit.ref(r));
    return [build.localStat([r], [e])];
  };
  const [name, width, edges] = c.pick(bufferAccess);
  // k from -2 to 12 - width: with a base from 2 to 4, the access stays inside SIZE bytes.
  const k = -2 + c.int(15 - width);
  // Or one of the function's few constant offsets: a load there after a store or a load of the
  // same bytes is what native code forwards.
  const offset = c.chance(50) ? at(scaled, k) : kit.num(c.pick(fixed));
  switch (c.int(5)) {
    case 0:
    case 1:
      return [
        build.callStat(
          kit.lib('buffer', `write${name}`, [
            kit.ref(b),
            offset,
            bufferValue(g, v, edges, '+', [1, 0.5, -1]),
          ]),
        ),
      ];
    case 2:
      return keep(kit.lib('buffer', `read${name}`, [kit.ref(b), offset]));
    case 3:
      return keep(
        libIndex('bit32', 'byteswap', [
          kit.lib('buffer', 'readu32', [kit.ref(b), at(scaled, k < 8 ? k : 0)]),
        ]),
      );
    default: {
      // Bits at a bit offset from the base's byte, 0 to 32 of them.
      const count = c.pick([0, 1, 7, 8, 13, 32]);
      const bit = kit.bin('+', kit.bin('*', kit.ref(base), kit.num(8)), kit.num(c.int(40)));
      if (c.chance(50)) {
        return keep(libIndex('buffer', 'readbits', [kit.ref(b), bit, kit.num(count)]));
      }
      const bits =
        g.options.profile === 'luau-web'
          ? kit.num(c.pick([0, 5, 255]))
          : kit.bin('%', kit.ref(v), kit.num(2 ** 32));
      return [
        build.callStat(libIndex('buffer', 'writebits', [kit.ref(b), bit, kit.num(count), bits])),
      ];
    }
  }
}

/**
 * A function of straight-line buffer accesses at `base + k` for small constants `k` (negative
 * too), of every width, with reads of what the writes just stored, byte-swapped reads and bit
 * fields: what native code merges into one range check per base and forwards from stores to
 * loads. Called with bases that stay in range and, under `pcall`, one that runs off an end
 * partway; the buffer's words are printed after each call, so a write that was lost or
 * misplaced shows.
 *
 * @example
 * ```ts
 * // local function f(b: buffer, a: number, v: number) buffer.writei16(b, a + 3, v) return buffer.readu8(b, a + 4), buffer.readi8(b, a - 1) end
 * bufferRunShape(g, 0);
 * ```
 */
export const bufferRunShape: StatProduction = (g, d) => {
  return localFunctionShape(g, { swarm: 'buffers', room: 10 }, ({ f, fresh, endFrame }) => {
    const c = g.choices;
    const [b, base, v] = freshLocals(fresh, 3);
    const reads: Expr[] = [];
    const body: Stat[] = [];
    const n = 4 + c.int(6);
    const fixed = [c.int(SIZE - 7), c.int(SIZE - 7)];
    // Offsets from the base alone, from the base times a record size, or from the base as a
    // 32-bit integer (`bit32.band` of it), which native code keeps as an integer offset.
    const form = c.pick([1, 1, 2, 4, 'int'] as const);
    const int = form === 'int' ? fresh() : undefined;
    if (int)
      body.push(build.localStat([int], [kit.lib('bit32', 'band', [kit.ref(base), kit.num(7)])]));
    const scaled = () =>
      form === 'int'
        ? kit.ref(int!)
        : form === 1
          ? kit.ref(base)
          : kit.bin('*', kit.ref(base), kit.num(form));
    const bases = form === 2 || form === 4 ? SCALED_BASES : BASES;
    for (let k = 0; k < n; k++) body.push(...access(g, b, base, scaled, v, reads, fresh, fixed));
    if (reads.length === 0) reads.push(kit.lib('buffer', 'readi8', [kit.ref(b), at(scaled, -1)]));
    // `b: buffer` tells native code the buffer's type: only then does it forward a store to a
    // load at a constant offset.
    const types =
      g.options.features.typeAnnotations && c.chance(85)
        ? [primitive('buffer'), primitive('number'), primitive('number')]
        : paramAnnotations(g, 3);
    const fn = build.func([b, base, v], [...body, build.ret(reads.slice(-8))], false, types);
    endFrame();
    const buf = fresh();
    return [
      build.doBlock([
        build.localStat([buf], [kit.lib('buffer', 'create', [kit.num(SIZE)])]),
        build.localFunction(f, fn),
        ...runCalls(g, d, f, buf, bases),
      ]),
    ];
  });
};

/**
 * Calls of `f` on `buf` with bases in range, each followed by the buffer's words, and maybe
 * one under `pcall` with a base that runs off an end partway.
 */
function runCalls(g: Gen, d: number, f: Local, buf: Local, bases: number[]): Stat[] {
  const c = g.choices;
  const words = bufferWords(buf, SIZE);
  const call = (baseArg: Expr, vArg: Expr) =>
    build.call(build.local(f.name), [kit.ref(buf), baseArg, vArg]);
  const stats: Stat[] = [
    kit.print([call(kit.num(c.pick(bases)), kit.num(c.pick([-1, 2 ** 31, 255, 0.5, 65537])))]),
    kit.print([call(kit.num(c.pick(bases)), g.int(d + 1))]),
    kit.print(words),
  ];
  if (c.chance(50)) {
    stats.push(
      kit.print([
        kit.first(
          kit.call('pcall', [
            kit.ref(f),
            kit.ref(buf),
            kit.num(c.pick(OUTSIDE)),
            kit.num(c.pick([7, -3])),
          ]),
        ),
        ...words,
      ]),
    );
  }
  return stats;
}
