import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { fuelGuard } from '../../statements/fuel.js';
import type { Gen } from '../../generator.js';
import { fueledFor, kit } from '../kit.js';
import { shapeLocals } from '../local-function-shape.js';
import { kernelCall } from '../native/native-shapes.js';
import type { StatProduction } from '../../library/model.js';
import { paramAnnotations } from '../../values/annotations.js';
import { reduceInt } from '../../values/reduce-int.js';

/** Numbers at the edges: signed zeros, halves, the 32- and 53-bit boundaries, infinities, NaN. */
const edges = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1.5,
  -2.5,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  Infinity,
  -Infinity,
  NaN,
  7,
  3,
];

/** An argument: a constant (the inliner folds it) or a value computed by the program. */
function argument(g: Gen, d: number): Expr {
  return g.choices.chance(50) ? kit.num(g.choices.pick(edges)) : g.num(d + 1);
}

/**
 * Bodies of a small function of two numbers `a`, `b` (with an upvalue `c` of the caller): each
 * small enough for `-O2` to inline at its call sites, and each doing something inlining must
 * keep: assigning a parameter, falling off the end (no result), several results, mutating a
 * captured local, recursing.
 */
const bodies: ((g: Gen, a: Expr, b: Expr, c: Expr, self: Local) => Stat[])[] = [
  (_g, a, b) => [build.assign([a], [kit.bin('+', kit.bin('*', a, kit.num(2)), b)]), build.ret([a])],
  (_g, a, b) => [build.ifStat(kit.bin('>', a, b), [build.ret([kit.bin('-', a, b)])])],
  (_g, a, b) => [build.ret([a, b, kit.bin('+', a, b)])],
  (_g, a, _b, c) => [build.assign([c], [kit.bin('+', c, a)]), build.ret([c])],
  (_g, a, b) => [
    build.ifStat(kit.bin('<', a, b), [build.ret([kit.str('lt')])], [build.ret([b, a])]),
  ],
  (_g, a, b) => [build.ret([kit.bin('//', kit.bin('+', a, b), kit.num(2)), kit.bin('%', a, b)])],
  (_g, a, b) => [build.assign([b], [kit.neg(b)]), build.ret([])],
  (g, a, b, _c, self) => [
    build.ifStat(kit.bin('<=', a, kit.num(0)), [build.ret([b])]),
    ...fuelGuard(g, build.ret([b])),
    build.ret([
      build.call(build.local(self.name), [
        kit.bin('-', a, kit.num(1)),
        kit.bin('+', b, kit.num(0.5)),
      ]),
    ]),
  ],
];

/**
 * A small local function called several times, with constant and computed arguments, in the
 * middle of an argument list (one result), at its end (all results), in a multiple assignment
 * and in `select("#", ...)`: what `-O2` inlines, compared with what `-O0` calls.
 *
 * @example
 * ```ts
 * // local function f(a, b) a = a * 2 + b return a end  print(f(1, 2), f(x, 0.5), (f(-0, y)))
 * inlineShape(g, 0);
 * ```
 */
export const inlineShape: StatProduction = (g, d) => {
  return shapeLocals(g, { swarm: 'closures', room: 10 }, (fresh) => {
    const c = g.choices;
    const captured = fresh();
    const f = fresh();
    g.scope.pushFrame(false);
    const a = fresh();
    const b = fresh();
    const body = c.pick(bodies)(g, kit.ref(a), kit.ref(b), kit.ref(captured), f);
    const fn = build.func([a, b], body, false, paramAnnotations(g, 2));
    g.scope.popFrame();
    const call = () => build.call(build.local(f.name), [argument(g, d), argument(g, d)]);
    const p = fresh();
    const q = fresh();
    const stats: Stat[] = [
      build.localStat([captured], [reduceInt(g, g.int(d + 1))]),
      build.localFunction(f, fn),
      kit.print([call(), kit.first(call()), call()]),
      build.localStat([p, q], [call()]),
      kit.print([
        kit.ref(p),
        kit.ref(q),
        kit.call('select', [kit.str('#'), call()]),
        kit.ref(captured),
      ]),
    ];
    if (c.chance(40)) {
      // A table built from a call's results, and a call inside a call.
      stats.push(
        kit.print([
          kit.len(build.array([call(), kit.num(0)])),
          build.call(build.local(f.name), [
            kit.orElse(kit.call('tonumber', [kit.first(call())]), kit.num(0)),
            argument(g, d),
          ]),
        ]),
      );
    }
    return [build.doBlock(stats)];
  });
};

/** Constant bounds `-O2` may unroll: few trips, steps other than 1. */
const unrollBounds: [number, number, number | undefined][] = [
  [1, 3, undefined],
  [1, 4, undefined],
  [0, 2, undefined],
  [4, 1, -1],
  [1, 7, 2],
  [2, 1, undefined],
  [1, 1, undefined],
  [-1, 1, undefined],
  [0, 1, 0.5],
  [3, -3, -2],
];

/**
 * A loop with constant bounds (which `-O2` unrolls) whose body makes a closure capturing the
 * loop variable and updates an accumulator, preceded by a local holding a constant that is later
 * reassigned (constant propagation must stop at the assignment). Built from leaves only, so no
 * call inside runs more than once per trip.
 *
 * @example
 * ```ts
 * // local k = 5 local a = k * 3 k = k + x  local fs, acc = {}, 1
 * // for i = 4, 1, -1 do fs[#fs + 1] = function() return i * 3 + acc end acc = acc * 2 + i end
 * unrollShape(g, 0);
 * ```
 */
export const unrollShape: StatProduction = (g) => {
  return shapeLocals(g, { swarm: 'loops', room: 10 }, (fresh) => {
    const stats = reassignedConstant(g, fresh);
    const fs = fresh();
    const acc = fresh();
    stats.push(...capturingLoop(g, fresh, fs, acc));
    const j = fresh();
    // Each closure's result, with the accumulator it sees now.
    stats.push(
      kit.print([kit.ref(acc), kit.len(kit.ref(fs))]),
      fueledFor(g, j, kit.num(1), kit.len(kit.ref(fs)), undefined, [
        kit.print([build.call(kit.index(kit.ref(fs), kit.ref(j)), [])]),
      ]),
    );
    return [build.doBlock(stats)];
  });
};

/** `local k = c  local a = k op 3  k = k + x`: constant propagation must stop at the assignment. */
function reassignedConstant(g: Gen, fresh: () => Local): Stat[] {
  const c = g.choices;
  const k = fresh();
  const folded = fresh();
  const kValue = kit.num(c.pick(edges));
  const op = c.pick(['+', '-', '*', '/', '%', '//'] as const);
  return [
    build.localStat([k], [kValue]),
    build.localStat([folded], [kit.bin(op, kit.ref(k), kit.num(3))]),
    build.assign([kit.ref(k)], [kit.bin('+', kit.ref(k), g.num(g.options.maxDepth))]),
    kit.print([kit.ref(folded), kit.bin(op, kit.ref(k), kit.num(3)), kit.ref(k)]),
  ];
}

/**
 * `local fs, acc = {}, a  for i = lo, hi[, step] do fs[#fs + 1] = function() ... end acc = ...
 * end`: a loop with constant bounds whose body makes a closure capturing `i` and updates `acc`.
 */
function capturingLoop(g: Gen, fresh: () => Local, fs: Local, acc: Local): Stat[] {
  const c = g.choices;
  const leaf = () => g.num(g.options.maxDepth);
  const i = fresh();
  const [lo, hi, step] = c.pick(unrollBounds);
  const capture = build.funcExpr(
    build.func(
      [],
      [
        build.ret([
          kit.bin('+', kit.bin('*', kit.ref(i), kit.num(c.pick([3, -1, 0.5]))), kit.ref(acc)),
        ]),
      ],
    ),
  );
  const update = c.pick([
    () => kit.bin('+', kit.bin('*', kit.ref(acc), kit.num(2)), kit.ref(i)),
    () => kit.bin('-', kit.ref(acc), kit.bin('*', kit.ref(i), leaf())),
    () => kit.bin('+', kit.ref(acc), kit.bin('%', kit.ref(i), kit.num(2))),
  ])();
  const body: Stat[] = [
    build.assign(
      [kit.index(kit.ref(fs), kit.bin('+', kit.len(kit.ref(fs)), kit.num(1)))],
      [capture],
    ),
    build.assign([kit.ref(acc)], [update]),
  ];
  if (g.options.features.continue && c.chance(30))
    body.unshift(build.ifStat(kit.bin('==', kit.ref(i), kit.num(hi)), [build.cont()]));
  return [
    build.localStat([fs, acc], [build.array([]), kit.num(c.pick([0, 1, 0.5]))]),
    // Bounds written as plain constants without a step bound the loop as written; others take
    // fuel like every loop.
    step === undefined && lo >= 0 && hi >= 0
      ? build.forStat(i, kit.num(lo), kit.num(hi), undefined, body)
      : fueledFor(
          g,
          i,
          kit.num(lo),
          kit.num(hi),
          step === undefined ? undefined : kit.num(step),
          body,
        ),
  ];
}

/**
 * Builtins with several results, called in the middle of an argument list (first result only)
 * and at its end (every result), in table constructors and under `select`.
 */
function multiResult(g: Gen, d: number): Expr {
  const c = g.choices;
  const s = () => kit.bin('..', g.str(d + 1), kit.str('xyz'));
  const n = () => g.num(d + 1);
  switch (c.int(9)) {
    case 0:
      return kit.lib('math', 'modf', [n()]);
    case 1:
      return kit.lib('math', 'frexp', [reduceInt(g, g.int(d + 1))]);
    case 2:
      return kit.lib('string', 'byte', [
        s(),
        kit.num(c.pick([1, -3, 0, 2])),
        kit.num(c.pick([3, -1, 100, 1])),
      ]);
    case 3:
      return kit.lib('string', 'find', [s(), kit.str(c.pick(['(%a)(%a)', 'x(y)', '()z', '%d*']))]);
    case 4:
      return kit.lib('string', 'gsub', [s(), kit.str(c.pick(['%a', 'y', '.'])), kit.str('%0%0')]);
    case 5:
      return kit.lib('table', 'unpack', [
        build.array([n(), n(), n()]),
        kit.num(c.pick([1, 2, 0, -1])),
        kit.num(c.pick([3, 2, 4, 1])),
      ]);
    case 6:
      return kit.call('select', [kit.num(c.pick([1, 2, -1, -2])), n(), n(), n()]);
    case 7:
      return kit.call('pcall', [build.global('tonumber'), s()]);
    default:
      return kit.lib('string', 'match', [
        s(),
        kit.str(c.pick(['(%a+)(%d*)', '(x)(y)(z)', '()', '(.)(.)'])),
      ]);
  }
}

/**
 * `print(multi(), multi())`, `{multi(), multi()}` counted and `select("#", multi())`: several
 * builtins with several results each, truncated in the middle and expanded at the end.
 *
 * @example
 * ```ts
 * // print(math.modf(x), string.byte(s, 1, 3))  print(select("#", string.find(s, "(%a)(%a)")))
 * multiResultShape(g, 0);
 * ```
 */
export const multiResultShape: StatProduction = (g, d) => {
  if (g.typed || g.pure > 0 || !g.roomFor(2)) return [];
  const c = g.choices;
  const stats: Stat[] = [kit.print([multiResult(g, d), multiResult(g, d), multiResult(g, d)])];
  if (c.chance(50))
    stats.push(
      kit.print([kit.call('select', [kit.str('#'), multiResult(g, d), multiResult(g, d)])]),
    );
  if (c.chance(50)) {
    // A constructor's last call expands into the array part: its slots read one by one.
    stats.push(
      kit.print(
        [2, 3, 4].map((k) =>
          kit.index(build.group(build.array([kit.num(1), multiResult(g, d)])), kit.num(k)),
        ),
      ),
    );
  }
  return stats;
};

/** Vector constants: folded by `-O2` when both operands are constants. */
function vectorConstant(g: Gen): Expr {
  const c = g.choices;
  return kit.lib('vector', 'create', [
    kit.num(c.pick(edges)),
    kit.num(c.pick([1, -2, 0.5])),
    kit.num(c.pick([0, 3, -0])),
  ]);
}

/**
 * Builtins and operators of constants only, which `-O2` folds at compile time and `-O0`
 * computes at run time: each fast-call builtin with edge values, vector arithmetic of constant
 * vectors (and of a number by a constant vector, and its negation), and comparisons of equal
 * constants.
 *
 * @example
 * ```ts
 * // print(math.floor(-2.5), bit32.lshift(7, 32), vector.create(1, -2, 0) * 0.5, 2 ^ 53 == 2 ^ 53)
 * foldShape(g, 0);
 * ```
 */
export const foldShape: StatProduction = (g) => {
  if (g.typed || g.pure > 0) return [];
  const c = g.choices;
  const values: Expr[] = Array.from({ length: 2 + c.int(3) }, () =>
    kernelCall(g)(
      kit.num(c.pick(edges)),
      kit.num(c.pick([0, 7, 255, 65535, 2 ** 31 - 1, 12345])),
      g,
    ),
  );
  if (g.swarm.vectors && g.has('vector.create')) {
    const op = c.pick(['+', '-', '*', '/', '//'] as const);
    // A vector adds and subtracts only vectors; it multiplies and divides by numbers too, and
    // floor-divides only by numbers (a vector by a vector rounds apart on luau-web).
    const right =
      op === '+' || op === '-' || (op !== '//' && c.chance(50))
        ? vectorConstant(g)
        : kit.num(c.pick([2, -0.5, 0, 3]));
    // A number on the left multiplies and divides each component (floor-divides: luau only).
    const numberLeft =
      (op === '*' || op === '/' || (op === '//' && g.options.profile === 'luau')) && c.chance(40);
    const v = numberLeft
      ? kit.bin(op, kit.num(c.pick([2, -0.5, 3])), vectorConstant(g))
      : kit.bin(op, vectorConstant(g), right);
    values.push(
      kit.index(build.group(v), kit.str(c.pick(['x', 'y', 'z']))),
      kit.index(build.group(kit.neg(vectorConstant(g))), kit.str(c.pick(['x', 'y', 'z']))),
      kit.bin('==', vectorConstant(g), vectorConstant(g)),
    );
  }
  const k = c.pick(edges);
  values.push(kit.bin(c.pick(['==', '<=', '<', '~='] as const), kit.num(k), kit.num(k)));
  return [kit.print(values)];
};
