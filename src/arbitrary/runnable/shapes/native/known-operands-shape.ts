import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { paramAnnotations } from '../../values/annotations.js';
import type { Gen } from '../../generator.js';
import { kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';
import { OPS } from './known-operand-ops.js';
import type { Operands } from './operand-op.js';
import { reduceInt } from '../../values/reduce-int.js';
import { primitive } from '../../values/types.js';
import { refusedOp } from './refused-ops.js';

/** Numbers whose conversion to 32 bits C defines, as `bit32` and integer buffer writes need. */
const BITS = [0, 1, -1, 2, 3, 5, 7, 31, 32, 33, -3, 0.5, -2.5, 200, -200, 65535, 2 ** 31 - 1];

/** Numbers at the edges arithmetic and comparisons treat specially. */
const WIDE = [-0, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 32, -0.5];

/** Steps of a numeric loop: never zero, never below a half, so a loop takes a few trips. */
const STEPS = [1, 2, -1, 0.5, -2.5, 3];

/**
 * A function whose locals hold constants the compiler cannot see (each is assigned again at
 * the end, so `-O2` keeps it a variable), and that applies a run of operations to them, to
 * its parameters and to literals: rounding and sign, `min`/`max`/`fmod`/`clamp`, every `bit32`
 * function with the identities 0 and -1 and shifts around 31 and 32, arithmetic of every
 * operator, comparisons as values and as jumps (negated too), truth tests, `type`/`typeof`
 * against every type name, string length, numeric loops whose step is computed, and buffer
 * writes read back at the same constant offset in another width. Native code knows what each
 * local holds from its store and folds every instruction whose operands it knows (constants
 * reaching each IR instruction, as after inlining), computes the others, and merges stores of
 * the same value; the interpreter computes all. Every result is returned and printed, for
 * constant arguments and a computed one.
 *
 * @example
 * ```ts
 * // local function f(p, q) local a, b, w, s, t = 5, -3, 0 / 0, 2, "ab"
 * //   local r1 = bit32.lrotate(a, p) local r2 = 1 if not (a < w) then r2 = 2 end ...
 * //   a, b, w, s, t = q, p, q, p, q return r1, r2, ..., a, b, w, s, t end
 * // print(f(7, -1)) print(f(0.5, 33)) print(f(x % 1000, 2))
 * knownOperandsShape(g, 0);
 * ```
 */
export const knownOperandsShape: StatProduction = (g, d) => {
  return localFunctionShape(g, { swarm: 'arithmetic', room: 40 }, ({ f, fresh, endFrame }) => {
    const c = g.choices;
    const l = knownLocals(g, fresh);
    const draws = operands(g, l, fresh);
    const initial = initialValues(g, l);
    const body: Stat[] = [
      build.localStat(
        initial.map(([v]) => v),
        initial.map(([, e]) => e),
      ),
    ];
    if (l.buf) body.push(build.localStat([l.buf], [g.lib('buffer', 'create', [kit.num(16)])]));
    const results = operationRun(g, draws, initial, fresh, body);
    // Assigned again, so that the compiler sees variables where native code sees constants.
    const again = initial.map(([v]) => v);
    body.push(
      build.assign(
        again.map((v) => kit.ref(v)),
        again.map((_, i) => kit.ref(i % 2 === 0 ? l.q : l.p)),
      ),
      build.ret([...results, ...again].map((v) => kit.ref(v))),
    );
    const fn = build.func([l.p, l.q], body, false, paramAnnotations(g, 2));
    endFrame();
    const call = (x: Expr, y: Expr) => kit.print([build.call(kit.ref(f), [x, y])]);
    return [
      build.doBlock([
        build.localFunction(f, fn),
        call(kit.num(c.pick(BITS)), kit.num(c.pick(BITS))),
        call(kit.num(c.pick(BITS)), kit.num(c.pick(BITS))),
        call(reduceInt(g, g.int(d + 1)), kit.num(c.pick(BITS))),
        ...typedMethod(g, fresh),
        ...refusedOp(g, fresh),
      ]),
    ];
  });
};

/**
 * The function's locals: parameters `p`, `q`; integers `a`, `b`, `k`, an edge `w`, a step `s`,
 * a string `t`, a boolean `u`, `n` nil, and a buffer where the program has buffers.
 */
interface KnownLocals {
  p: Local;
  q: Local;
  a: Local;
  b: Local;
  k: Local;
  w: Local;
  s: Local;
  t: Local;
  u: Local;
  n: Local;
  buf: Local | undefined;
}

/** The function's locals, declared in the order their names number them. */
function knownLocals(g: Gen, fresh: () => Local): KnownLocals {
  const [p, q] = [fresh(), fresh()];
  const [a, b, k] = [fresh(), fresh(), fresh()];
  const [w, s, t, u, n] = [fresh(), fresh(), fresh(), fresh(), fresh()];
  const buf = g.swarm.buffers ? fresh() : undefined;
  return { p, q, a, b, k, w, s, t, u, n, buf };
}

/** What the operations take as operands, and the earlier results among them. */
interface Draws {
  o: Operands;
  numeric: Local[];
  uints: Local[];
}

/**
 * Operands over the function's locals. Earlier numeric results feed later operations: folded
 * values fold further, and values computed before a call are used after it.
 */
function operands(g: Gen, l: KnownLocals, fresh: () => Local): Draws {
  const c = g.choices;
  const pickLocal = (ls: Local[]): Expr => kit.ref(c.pick(ls));
  // Mostly the locals native code knows, then the parameters, then literals.
  const bits = () =>
    c.pick([
      () => pickLocal([l.a, l.b, l.k]),
      () => pickLocal([l.a, l.b, l.k]),
      () => pickLocal([l.p, l.q]),
      () => kit.num(c.pick(BITS)),
    ])();
  const numeric: Local[] = [];
  const uints: Local[] = [];
  const wide = () => {
    if (numeric.length > 0 && c.chance(30)) return pickLocal(numeric);
    return c.chance(25) ? (c.chance(70) ? kit.ref(l.w) : kit.num(c.pick(WIDE))) : bits();
  };
  const { buf } = l;
  const o: Operands = {
    bits,
    wide,
    any: () => (c.chance(40) ? pickLocal([l.t, l.u, l.n]) : wide()),
    // luau-web converts numbers past 2^31 to 32 bits unlike C: its sums stay below 2^17.
    uint: () =>
      g.options.profile !== 'luau'
        ? g.lib('bit32', 'band', [bits(), kit.num(0xffff)])
        : uints.length > 0 && c.chance(70)
          ? pickLocal(uints)
          : bits(),
    step: () => kit.ref(l.s),
    text: () => kit.ref(l.t),
    buffer: buf ? () => kit.ref(buf) : undefined,
    fresh: () => fresh(),
    param: () => pickLocal([l.p, l.q]),
  };
  return { o, numeric, uints };
}

/** The constants the function's locals start with. */
function initialValues(g: Gen, l: KnownLocals): [Local, Expr][] {
  const c = g.choices;
  return [
    [l.a, kit.num(c.pick(BITS))],
    [l.b, kit.num(c.pick(BITS))],
    [l.k, kit.num(c.pick(BITS))],
    [l.w, kit.num(c.pick(WIDE))],
    [l.s, kit.num(c.pick(STEPS))],
    [l.t, kit.str(c.pick(['ab', '', 'Luau']))],
    [l.u, build.bool(c.chance(50))],
    [l.n, build.nil()],
  ];
}

/**
 * 16 to 27 operations, each kept in a local of its own (pushed to `body`), with stores of what
 * a local already holds between them; the locals, in order.
 */
function operationRun(
  g: Gen,
  { o, numeric, uints }: Draws,
  initial: [Local, Expr][],
  fresh: () => Local,
  body: Stat[],
): Local[] {
  const c = g.choices;
  const results: Local[] = [];
  const count = 16 + c.int(12);
  // Every operation once before any twice, in an order of their own.
  let pool: number[] = [];
  for (let i = 0; i < count; i++) {
    if (pool.length === 0) pool = OPS.map((_, j) => j);
    const [index] = pool.splice(c.int(pool.length), 1);
    const r = fresh();
    const op = OPS[index!]!(g, o);
    if (op.value) body.push(build.localStat([r], [op.value]));
    else body.push(build.localStat([r], [build.nil()]), ...op.stats!(kit.ref(r)));
    results.push(r);
    if (op.numeric) numeric.push(r);
    if (op.uint) uints.push(r);
    if (c.chance(15)) {
      // A store of the value a local already holds: native code drops it.
      const [l, e] = c.pick(initial.slice(0, 3));
      body.push(build.assign([kit.ref(l)], [e]));
    }
  }
  return results;
}

/**
 * `local function m(v: vector) return v:len() end  print((pcall(m, vector.create(1, 2, 3))))`:
 * a method call on a parameter native code knows to be a vector, which it hands to the VM
 * (vectors have no methods here: the call fails alike in every mode).
 */
function typedMethod(g: Gen, fresh: () => Local): Stat[] {
  if (!g.swarm.vectors || !g.has('vector.create') || !g.options.features.typeAnnotations) return [];
  const m = fresh();
  g.scope.pushFrame(false);
  const v = fresh();
  const fn = build.func(
    [v],
    [build.ret([build.call(build.indexName(kit.ref(v), build.name('len')), [], true)])],
    false,
    [primitive('vector')],
  );
  g.scope.popFrame();
  const arg = g.lib('vector', 'create', [kit.num(1), kit.num(2), kit.num(3)]);
  return [build.localFunction(m, fn), kit.print([kit.first(kit.call('pcall', [kit.ref(m), arg]))])];
}
