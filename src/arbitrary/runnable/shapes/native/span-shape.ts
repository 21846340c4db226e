import type { Expr, Local } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { attempt, attemptFunction, attemptStats } from '../attempt.js';
import type { Gen } from '../../generator.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/** Offsets around a length `n`: 0, ±1, n - 1, n, n + 1 and one inside. */
function offsets(n: number): number[] {
  return [0, 1, -1, n - 1, n, n + 1, 2, n - 8];
}

/** Counts around a length `n`: none, one, all, one too many, negative. */
function counts(n: number): number[] {
  return [0, 1, -1, n, n + 1, 2, n - 1];
}

/** The buffer calls of the probe, given the buffers and its offset and count parameters. */
type SpanCall = (g: Gen, b: Local, src: Local, at: Expr, count: Expr) => Expr;

const reads: SpanCall[] = [
  (_g, b, _s, at, count) => kit.lib('buffer', 'readstring', [kit.ref(b), at, count]),
  (_g, b, _s, at) => kit.lib('buffer', 'readu8', [kit.ref(b), at]),
  (_g, b, _s, at) => kit.lib('buffer', 'readi32', [kit.ref(b), at]),
];

/** `buffer.<fn>(b, at, v[, count])`, `v` a string or a byte drawn from `values`. */
function valueWrite(fn: string, values: (string | number)[], counted: boolean): SpanCall {
  return (g, b, _s, at, count) => {
    const v = g.choices.pick(values);
    const value = typeof v === 'string' ? kit.str(v) : kit.num(v);
    return kit.lib('buffer', fn, [kit.ref(b), at, value, ...(counted ? [count] : [])]);
  };
}

const writes: SpanCall[] = [
  valueWrite('writestring', ['xyz', '', 'q\0r'], true),
  valueWrite('writestring', ['xyz', ''], false),
  valueWrite('fill', [0, 65, 255, 256, -1], true),
  valueWrite('fill', [66, 0], false),
  // A copy within one buffer overlaps: `memmove`, forwards or backwards.
  (g, b, src, at, count) =>
    kit.lib('buffer', 'copy', [
      kit.ref(b),
      at,
      kit.ref(g.choices.chance(50) ? b : src),
      kit.num(g.choices.pick([0, 1, 3])),
      count,
    ]),
  (_g, b, src, at) => kit.lib('buffer', 'copy', [kit.ref(b), at, kit.ref(src)]),
  (_g, b, src, at, count) =>
    kit.lib('buffer', 'copy', [kit.ref(b), kit.num(0), kit.ref(src), at, count]),
  (_g, b, _s, at) => kit.lib('buffer', 'writeu16', [kit.ref(b), at, kit.num(65535)]),
];

/**
 * Only in the `luau` profile: `buffer.readinteger` and `writeinteger` (the `integer` library),
 * and `readf64` of any bytes, whose NaNs C libraries may print with or without their sign.
 */
const nativeReads: SpanCall[] = [
  (_g, b, _s, at) => kit.lib('buffer', 'readf64', [kit.ref(b), at]),
  (_g, b, _s, at) => kit.lib('buffer', 'readinteger', [kit.ref(b), at]),
  (g, b, _s, at) =>
    kit.lib('buffer', 'writeinteger', [
      kit.ref(b),
      at,
      kit.lib('integer', 'create', [kit.num(g.choices.pick([-1, 7, 2 ** 31]))]),
    ]),
];

/**
 * Buffer functions that take an offset and a count, at the values around 0, ±1, the length and
 * the length + 1, through the parameters of one function called with several pairs: reads and
 * writes of strings, `fill`, `copy` between buffers and within one (overlapping), fixed-width
 * accesses at the last offsets that fit and the first that do not. A refused access prints `!`;
 * the buffer's bytes after each call show what the accepted ones wrote.
 *
 * @example
 * ```ts
 * // local function span(o, k) print(attempt(function() return buffer.readstring(b, o, k) end))
 * //   print(attempt(function() buffer.copy(b, o, b, 1, k) end), buffer.tostring(b)) end
 * // span(0, 8)  span(7, 2)  span(-1, 1)
 * spanShape(g, 0);
 * ```
 */
export const spanShape: StatProduction = (g, d) => {
  void d;
  return shapeLocals(g, { swarm: 'buffers', room: 8 }, (fresh) => {
    const c = g.choices;
    const n = c.pick([8, 9, 16]);
    const [att, b, src, span] = [fresh(), fresh(), fresh(), fresh()];
    const pool = g.options.profile === 'luau' ? [...reads, ...nativeReads] : reads;
    const body = g.scope.inFunction(false, () => {
      const [o, k] = [fresh(), fresh()];
      const at = () => (c.chance(80) ? kit.ref(o) : kit.num(c.pick(offsets(n))));
      const count = () => (c.chance(80) ? kit.ref(k) : kit.num(c.pick(counts(n))));
      const stats = Array.from({ length: 2 + c.int(3) }, () => {
        const read = attempt(att, c.pick(pool)(g, b, src, at(), count()));
        const write = attemptStats(att, [build.callStat(c.pick(writes)(g, b, src, at(), count()))]);
        return kit.print([read, write, kit.lib('buffer', 'tostring', [kit.ref(b)])]);
      });
      return build.func([o, k], stats);
    });
    const text = 'abcdefghijklmnop'.slice(0, n);
    return [
      build.doBlock([
        attemptFunction(g, fresh, att),
        build.localStat([b], [kit.lib('buffer', 'fromstring', [kit.str(text)])]),
        build.localStat([src], [kit.lib('buffer', 'create', [kit.num(c.pick([0, 1, 4, n]))])]),
        build.localFunction(span, body),
        ...Array.from({ length: 2 + c.int(3) }, () =>
          build.callStat(
            build.call(kit.ref(span), [kit.num(c.pick(offsets(n))), kit.num(c.pick(counts(n)))]),
          ),
        ),
        kit.print([
          kit.lib('buffer', 'len', [kit.ref(b)]),
          kit.lib('buffer', 'tostring', [kit.ref(src)]),
        ]),
      ]),
    ];
  });
};
