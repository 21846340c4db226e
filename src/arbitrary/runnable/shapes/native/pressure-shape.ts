import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { paramAnnotations } from '../../values/annotations.js';
import type { Gen } from '../../generator.js';
import { freshLocals, kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';

/** Numbers the chain mixes in: fractions, a large one, and small integers. */
const FACTORS = [0.5, 1.5, 3, 7, 0.25, 1e6, -2];
/** Fields of the table parameter: more than native code keeps slot addresses of at once. */
const FIELDS = 11;
/** Masks the integer chain folds in. */
const MASKS = [0xff, 0x5555, 0xffff, 0x7fffffff, 0xf0f0f0f];
/** Integer arguments: edges of 32 bits, and small ones. */
const INTS = [0, 1, 2 ** 31 - 1, 65535, 12345, 2 ** 30 + 7];
/** Number arguments: fractions, zero of either sign, large, and a string that coerces. */
const NUMBERS = [1.5, -0.5, 0, -0, 3, 1e10, 2 ** 31];

/**
 * One link of the number chain: an earlier value combined with a parameter, another value, or
 * a field of the table parameter read again.
 */
function link(g: Gen, earlier: Local[], a: Local, b: Local, t: Local | undefined): Expr {
  const c = g.choices;
  const x = kit.ref(c.pick(earlier));
  const y = c.chance(50) ? kit.ref(c.pick(earlier)) : kit.ref(c.pick([a, b]));
  if (t && c.chance(40)) return kit.bin('+', x, build.field(kit.ref(t), c.int(FIELDS)));
  switch (c.int(4)) {
    case 0:
      return kit.bin('+', kit.bin('*', x, kit.num(c.pick(FACTORS))), y);
    case 1:
      return kit.bin('-', x, kit.bin('*', y, kit.num(c.pick(FACTORS))));
    case 2:
      return kit.bin('*', x, kit.num(c.pick(FACTORS)));
    default:
      return kit.bin('+', kit.bin('/', x, kit.num(c.pick([2, 4, 8, 3]))), y);
  }
}

/**
 * An operand of a bit operation: an earlier integer, or the sum of two, or of one and a
 * constant, which native code adds as 32-bit integers without going through a number.
 */
function intOperand(g: Gen, ints: Local[]): Expr {
  const c = g.choices;
  const x = kit.ref(c.pick(ints));
  switch (c.int(4)) {
    case 0:
      return kit.bin('+', x, kit.ref(c.pick(ints)));
    case 1:
      return c.chance(50)
        ? kit.bin('+', kit.num(c.pick([1, 7, 255])), x)
        : kit.bin('+', x, kit.num(c.pick([1, 7, 255])));
    default:
      return x;
  }
}

/** `acc*3 + v` over every value, so each stays alive from its definition to the end. */
function sumOf(values: Local[]): Expr {
  let acc: Expr = kit.ref(values[0]!);
  for (const v of values.slice(1)) acc = kit.bin('+', kit.bin('*', acc, kit.num(0.5)), kit.ref(v));
  return acc;
}

/** The function's parameters: two numbers, one first read late, and maybe a table. */
interface Params {
  a: Local;
  j: Local;
  late: Local;
  t: Local | undefined;
}

/**
 * `count` numbers, each kept in a local (pushed to `body` and `nums`): from the parameters
 * alone at first, then from earlier values; the local of a call's result in the middle, if any.
 */
function numberChain(
  g: Gen,
  fresh: () => Local,
  { a, j, late, t }: Params,
  nums: Local[],
  body: Stat[],
): Local | undefined {
  const c = g.choices;
  const count = 17 + c.int(10);
  const callAt = c.chance(60) ? 4 + c.int(count - 4) : -1;
  let crossed: Local | undefined;
  for (let k = 0; k < count; k++) {
    const v = fresh();
    const e =
      nums.length < 2
        ? kit.bin('+', kit.bin('*', kit.ref(a), kit.num(c.pick(FACTORS))), kit.ref(j))
        : k === count - 3
          ? kit.bin('-', kit.ref(c.pick(nums)), kit.ref(late))
          : link(g, nums, a, j, t);
    body.push(build.localStat([v], [e]));
    nums.push(v);
    if (k === callAt) {
      // A call that is no builtin: every value live across it is saved and restored.
      crossed = fresh();
      body.push(build.localStat([crossed], [kit.len(kit.text(kit.ref(c.pick(nums))))]));
    }
  }
  return crossed;
}

/** 9 to 18 `bit32` operations, each on an earlier integer, the first on the parameter `j`. */
function intChain(g: Gen, fresh: () => Local, j: Local): { ints: Local[]; stats: Stat[] } {
  const c = g.choices;
  const ints: Local[] = [];
  const stats: Stat[] = [];
  const seed = kit.lib('bit32', 'band', [kit.ref(j), kit.num(0x7fffffff)]);
  const m = 9 + c.int(10);
  for (let k = 0; k < m; k++) {
    const v = fresh();
    const from = ints.length === 0 ? seed : intOperand(g, ints);
    const op = c.pick(['bxor', 'band', 'bor', 'lrotate'] as const);
    const arg = op === 'lrotate' ? kit.num(c.pick([1, 7, 31])) : kit.num(c.pick(MASKS));
    stats.push(build.localStat([v], [kit.lib('bit32', op, [from, arg])]));
    ints.push(v);
  }
  return { ints, stats };
}

/** Three calls of `f`, printed: with ordinary numbers and edges, and with a string. */
function pressureCalls(g: Gen, d: number, f: Local, t: Local | undefined): Stat[] {
  const c = g.choices;
  const table = () =>
    build.record(Array.from({ length: FIELDS }, (_, k) => [k, kit.num(c.pick(NUMBERS))]));
  const call = (x: Expr, k: Expr, l: Expr) =>
    build.call(build.local(f.name), t ? [x, k, l, table()] : [x, k, l]);
  const ints31 = () => kit.num(c.pick(INTS));
  const numbers = () => kit.num(c.pick(NUMBERS));
  return [
    kit.print([call(numbers(), ints31(), numbers())]),
    kit.print([call(g.num(d + 1), ints31(), numbers())]),
    // A string that coerces to a number: the guard on the late parameter fails partway.
    kit.print([call(numbers(), ints31(), kit.str(c.pick(['2.5', '-4', '0x10'])))]),
  ];
}

/**
 * A function whose body computes more numbers (and, where bit operations are on, more 32-bit
 * integers) than the machine has registers, every one used again at the end: native code must
 * spill values to the stack and reload them, pick which value to spill by its next use, and keep
 * the live values across a call in the middle. Called with ordinary numbers, edges, and a string
 * that coerces, which fails the number guard partway and leaves to the interpreter with the
 * spilled values in flight; the results are printed, so a value reloaded wrong shows.
 *
 * @example
 * ```ts
 * // local function f(a, j, p) local v1 = a * 1.5 + j ... local v20 = v3 - v17 * 7 return v1 * 0.5 + v2 ... end
 * pressureShape(g, 0);
 * ```
 */
export const pressureShape: StatProduction = (g, d) => {
  return localFunctionShape(g, { swarm: 'arithmetic', room: 10 }, ({ f, fresh, endFrame }) => {
    const c = g.choices;
    const [a, j] = freshLocals(fresh, 2);
    // A parameter first read late, after most values are live.
    const late = fresh();
    // A table whose fields are all read first, then again later.
    const t = c.chance(50) ? fresh() : undefined;
    const body: Stat[] = [];
    // The first values come from the parameters alone; later ones from any earlier value.
    const nums: Local[] = [];
    if (t) {
      for (let k = 0; k < FIELDS; k++) {
        const v = fresh();
        body.push(build.localStat([v], [build.field(kit.ref(t), k)]));
        nums.push(v);
      }
    }
    const crossed = numberChain(g, fresh, { a, j, late, t }, nums, body);
    const { ints, stats: intStats } = g.swarm.bits
      ? intChain(g, fresh, j)
      : { ints: [], stats: [] };
    // The integers first or last: first, they are live across the call too.
    if (c.chance(50)) body.push(...intStats);
    else body.unshift(...intStats);
    const rets: Expr[] = [sumOf(nums)];
    if (ints.length > 0)
      rets.push(
        kit.lib(
          'bit32',
          'bxor',
          ints.map((v) => kit.ref(v)),
        ),
      );
    if (crossed) rets.push(kit.ref(crossed));
    body.push(build.ret(rets));
    const params = t ? [a, j, late, t] : [a, j, late];
    const fn = build.func(params, body, false, paramAnnotations(g, params.length));
    endFrame();
    return [build.doBlock([build.localFunction(f, fn), ...pressureCalls(g, d, f, t)])];
  });
};
