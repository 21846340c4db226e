import type { Expr, Local, Stat } from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import { fuelGuard } from './fuel.js';
import type { Gen } from './generator.js';
import { fueledFor, kit, withLocals } from './kit.js';
import type { StatProduction } from './library/model.js';
import { node } from './nodes.js';
import { paramAnnotations } from './annotations.js';
import { reduceInt } from './reduce-int.js';

/**
 * Index expressions of a loop variable `i` (and an int `base`): in range, shifted, fractional,
 * negative, zero, past the end, halved and doubled, so that array fast paths in the VM and in
 * native code meet every kind of key.
 */
const keyShapes: ((i: Expr, base: Expr, n: number) => Expr)[] = [
  (i) => i,
  (i, base) => kit.bin('+', i, base),
  (i) => kit.bin('+', i, kit.num(0.5)),
  (i) => kit.neg(i),
  (i) => kit.bin('-', i, kit.num(1)),
  (i) => kit.bin('*', i, kit.num(2)),
  (i) => kit.bin('/', i, kit.num(2)),
  (i, _b, n) => kit.bin('-', kit.num(n + 1), i),
  (i) => kit.bin('%', i, kit.num(3)),
  (i) => kit.bin('*', kit.bin('-', i, kit.num(2)), kit.num(0.25)),
  (i) => kit.bin('+', i, kit.num(0)),
  (_i, base) => base,
];

/** The values a shape's tables hold: one scalar type per table, so folds stay simple. */
function elements(g: Gen, n: number, kind: 'int' | 'str' | 'num'): Expr[] {
  return Array.from({ length: n }, () =>
    kind === 'int' ? reduceInt(g, g.int(g.o.maxDepth)) : g.expr(kind, g.o.maxDepth),
  );
}

/** `{a, b, nil, d}`: an array, sometimes with a hole (never measured with `#`). */
function arrayWithHoles(g: Gen, values: Expr[]): Expr {
  // Empty slots in the array part from the start: `table.create(n)` has only those.
  if (g.c.chance(15)) return kit.lib('table', 'create', [kit.num(values.length)]);
  if (values.length > 2 && g.c.chance(50)) values[1 + g.c.int(values.length - 2)] = build.nil();
  return node.array(values);
}

/**
 * A table whose reads fall back: `__index` a function of the key (numbers doubled, other keys
 * a constant), or a table of keys an array has not (0, -1, 1.5, past the end).
 */
function fallback(
  g: Gen,
  n: number,
  kind: 'int' | 'str' | 'num',
  fresh: () => Local,
): [Stat[], Expr] {
  const mt = fresh();
  let index: Expr;
  if (g.c.chance(50)) {
    g.scope.pushFrame(false);
    const self = fresh();
    const k = fresh();
    const body = [
      node.ret([
        g.choose(
          kit.bin('==', kit.type(kit.ref(k)), kit.str('number')),
          kit.bin('*', kit.ref(k), kit.num(2)),
          kit.str('?'),
        ),
      ]),
    ];
    index = node.funcExpr(node.func([self, k], body));
    g.scope.popFrame();
  } else {
    // A table of fewer elements, itself falling back one level further half the time.
    const inner = node.array(elements(g, Math.min(n, 3), kind));
    index = g.c.chance(50)
      ? inner
      : kit.call('setmetatable', [
          inner,
          node.record([['__index', node.record([['n', kit.str('deep')]])]]),
        ]);
  }
  const t = fresh();
  const stats = [
    node.localStat([mt], [node.record([['__index', index]])]),
    node.localStat(
      [t],
      [kit.call('setmetatable', [arrayWithHoles(g, elements(g, n, kind)), kit.ref(mt)])],
    ),
  ];
  return [stats, kit.ref(t)];
}

/**
 * A function that reads (and sometimes writes) a table in a loop with keys of every kind, called
 * on plain tables, tables with holes and tables with `__index`: the same load site sees hits,
 * misses, fractional and negative keys and metatable fallbacks, in the interpreter and in native
 * code. What it reads is folded into a string and a number and printed.
 *
 * @example
 * ```ts
 * // local function f(t, b) local s, n = "", 0 for i = -1, 5 do ... local v = t[i + 0.5] ... end return s, n end
 * indexShape(g, 0);
 * ```
 */
export const indexShape: StatProduction = (g, d) => {
  if (g.typed || g.pure > 0 || !g.swarm.tables || !g.roomFor(12)) return [];
  return withLocals(g, (fresh) => {
    const c = g.c;
    const kind = c.pick(['int', 'str', 'num'] as const);
    const n = 2 + c.int(5);
    const f = fresh();
    g.scope.pushFrame(false);
    const t = fresh();
    const base = fresh();
    const s = fresh();
    const sum = fresh();
    const i = fresh();
    const v = fresh();
    const keys = Array.from({ length: 1 + c.int(2) }, () => c.pick(keyShapes));
    const body: Stat[] = [];
    for (const key of keys) {
      const k = key(kit.ref(i), kit.ref(base), n);
      if (c.chance(25)) {
        // A write first: a new key (fractional, negative) or an existing slot, emptied or set.
        const value = c.chance(30) ? build.nil() : g.expr(kind, g.o.maxDepth);
        body.push(node.assign([kit.index(kit.ref(t), k)], [value]));
      }
      body.push(node.localStat([v], [kit.index(kit.ref(t), key(kit.ref(i), kit.ref(base), n))]));
      body.push(
        node.assign(
          [kit.ref(s)],
          [
            kit.lib('string', 'sub', [
              kit.bin('..', kit.ref(s), kit.bin('..', kit.text(kit.ref(v)), kit.str(','))),
              kit.num(1),
              kit.num(60),
            ]),
          ],
        ),
      );
      const numeric = kit.bin('==', kit.type(kit.ref(v)), kit.str('number'));
      body.push(
        node.ifStat(
          numeric,
          [
            node.assign(
              [kit.ref(sum)],
              [
                kit.bin(
                  '%',
                  kit.bin('+', kit.bin('*', kit.ref(sum), kit.num(31)), kit.ref(v)),
                  kit.num(1000003),
                ),
              ],
            ),
          ],
          [node.assign([kit.ref(sum)], [kit.bin('+', kit.ref(sum), kit.num(1))])],
        ),
      );
    }
    const lo = c.pick([-1, 0, 1, 1, 1]);
    const hi = c.pick([n, n + 1, n - 1, 0, 2 * n]);
    const fn = node.func(
      [t, base],
      [
        node.localStat([s, sum], [kit.str(''), kit.num(0)]),
        fueledFor(
          g,
          i,
          kit.num(lo),
          kit.num(hi),
          c.chance(20) ? kit.num(c.pick([2, -1])) : undefined,
          body,
        ),
        node.ret([kit.ref(s), kit.ref(sum)]),
      ],
      false,
      paramAnnotations(g, 2),
    );
    g.scope.popFrame();
    const stats: Stat[] = [node.localFunction(f, fn)];
    const targets: Expr[] = [];
    const plain = fresh();
    stats.push(node.localStat([plain], [arrayWithHoles(g, elements(g, n, kind))]));
    targets.push(kit.ref(plain));
    if (g.c.chance(70)) {
      const [more, meta] = fallback(g, n, kind, fresh);
      stats.push(...more);
      targets.push(meta);
    }
    if (g.c.chance(40)) {
      // Keys in the hash part from the start: zero, negative, fractional.
      const keyed = fresh();
      stats.push(
        node.localStat(
          [keyed],
          [
            build.call(build.global('setmetatable'), [
              node.array([]),
              node.record([['__index', kit.ref(plain)]]),
            ]),
          ],
        ),
      );
      stats.push(
        node.assign(
          [kit.index(kit.ref(keyed), kit.num(c.pick([0, -1, 1.5, n + 1])))],
          [g.expr(kind, g.o.maxDepth)],
        ),
      );
      targets.push(kit.ref(keyed));
    }
    const calls = targets.map((x) =>
      build.call(build.local(f.name), [x, reduceInt(g, g.int(d + 1))]),
    );
    // The last call's two results, the others' first.
    stats.push(kit.print(calls));
    return [node.doBlock(stats)];
  });
};

/** The kinds of value a polymorphic site takes. */
function polyValue(g: Gen, kind: number): Expr {
  switch (kind) {
    case 0:
      return g.num(g.o.maxDepth);
    case 1:
      return reduceInt(g, g.int(g.o.maxDepth));
    case 2:
      return g.str(g.o.maxDepth);
    case 3:
      return g.bool(g.o.maxDepth);
    case 4:
      return build.nil();
    default:
      return g.swarm.vectors && g.has('vector.create')
        ? kit.lib('vector', 'create', [
            kit.num(g.c.int(5) - 2),
            kit.num(0.5),
            reduceInt(g, g.int(g.o.maxDepth)),
          ])
        : kit.num(g.c.pick([0, -0, 1, 2 ** 31]));
  }
}

/**
 * A value site that changes type: a table of mixed values read in a loop into one local and one
 * table slot, each value passed to a function whose branches are guarded by its type and
 * compared with a number and a string constant (`==`, `~=`, `rawequal`), so that native code's
 * type guards pass on some iterations and fall back on others.
 *
 * @example
 * ```ts
 * // for i = 1, 5 do local x = vals[i]  slot.v = x  print(type(x), h(x, i), x == 2, x ~= "a") end
 * polyShape(g, 0);
 * ```
 */
export const polyShape: StatProduction = (g, d) => {
  void d;
  if (g.typed || g.pure > 0 || !g.roomFor(14)) return [];
  return withLocals(g, (fresh) => {
    const c = g.c;
    const n = 3 + c.int(4);
    const h = fresh();
    g.scope.pushFrame(false);
    const vals = fresh();
    const slot = fresh();
    const i = fresh();
    const x = fresh();
    const r = fresh();
    const numK = kit.num(c.pick([0, 1, 2, -1, 0.5, 2 ** 31, -0]));
    const strK = kit.str(c.pick(['', 'a', '1', 'nil', 'true']));
    const isType = (ty: string) => kit.bin('==', kit.type(kit.ref(x)), kit.str(ty));
    const arith = c.pick(['+', '-', '*', '/', '//', '%'] as const);
    const branches: [Expr, Stat[]][] = [
      [
        isType('number'),
        [
          node.assign(
            [kit.ref(r)],
            [kit.bin(arith, kit.ref(x), kit.bin('+', kit.ref(i), kit.num(0.5)))],
          ),
        ],
      ],
      [
        isType('string'),
        [
          // A string of a number takes part in arithmetic as that number.
          node.assign(
            [kit.ref(r)],
            [
              g.choose(
                kit.bin('~=', kit.call('tonumber', [kit.ref(x)]), build.nil()),
                kit.bin(arith, kit.ref(x), kit.ref(i)),
                kit.bin('+', kit.len(kit.ref(x)), kit.ref(i)),
              ),
            ],
          ),
        ],
      ],
      [
        kit.bin('==', kit.ref(x), build.bool(true)),
        [node.assign([kit.ref(r)], [kit.neg(kit.ref(i))])],
      ],
      [
        kit.bin('==', kit.call('typeof', [kit.ref(x)]), kit.str('vector')),
        [
          node.assign(
            [kit.ref(r)],
            [
              kit.bin(
                '+',
                kit.index(
                  build.group(
                    c.pick([
                      () => kit.neg(kit.ref(x)),
                      () => kit.bin('/', kit.ref(x), kit.ref(i)),
                      () => kit.bin('/', kit.ref(i), kit.ref(x)),
                      () => kit.bin('//', kit.ref(x), kit.num(0.5)),
                      () => kit.ref(x),
                    ])(),
                  ),
                  kit.str(c.pick(['x', 'y', 'z'])),
                ),
                kit.ref(i),
              ),
            ],
          ),
        ],
      ],
    ];
    // The guards in a drawn order: each order is a different chain of type checks.
    const first = c.int(branches.length);
    const ordered = [...branches.slice(first), ...branches.slice(0, first)];
    let chain: Stat[] = [];
    for (const [cond, then] of ordered.reverse())
      chain = [node.ifStat(cond, then, chain.length > 0 ? chain : undefined)];
    const loop = fueledFor(g, i, kit.num(1), kit.num(n), undefined, [
      node.localStat([x], [kit.index(kit.ref(vals), kit.ref(i))]),
      node.assign([node.field(kit.ref(slot), 0)], [kit.ref(x)]),
      // The value as a key too (not nil or NaN, which no table takes): -0 and 0 are one key.
      node.ifStat(
        kit.bin(
          'and',
          kit.bin('~=', kit.ref(x), build.nil()),
          kit.bin('==', kit.ref(x), kit.ref(x)),
        ),
        [node.assign([kit.index(kit.ref(slot), kit.ref(x))], [kit.ref(i)])],
      ),
      node.localStat([r], [kit.num(0)]),
      ...chain,
      node.ifStat(kit.bin('==', kit.ref(x), numK), [
        node.assign([kit.ref(r)], [kit.bin('+', kit.ref(r), kit.num(100))]),
      ]),
      node.ifStat(kit.bin('~=', node.field(kit.ref(slot), 0), strK), [
        node.assign([kit.ref(r)], [kit.bin('-', kit.ref(r), kit.num(1))]),
      ]),
      kit.print([
        kit.type(kit.ref(x)),
        kit.ref(r),
        kit.bin('==', kit.ref(x), numK),
        kit.call('rawequal', [kit.ref(x), node.field(kit.ref(slot), 0)]),
        g.choose(
          kit.bin('==', kit.ref(x), build.nil()),
          kit.num(-1),
          kit.orElse(kit.call('rawget', [kit.ref(slot), kit.ref(x)]), kit.num(0)),
        ),
        kit.text(kit.ref(x)),
      ]),
    ]);
    const fn = node.func(
      [vals],
      [node.localStat([slot], [node.array([])]), loop],
      false,
      paramAnnotations(g, 1),
    );
    g.scope.popFrame();
    const tables = Array.from({ length: 1 + c.int(2) }, () => {
      const t = node.array(Array.from({ length: n }, () => polyValue(g, c.int(6))));
      // Misses fall back to a function of the key half the time.
      if (!c.chance(30)) return t;
      g.scope.pushFrame(false);
      const self = fresh();
      const k = fresh();
      const index = node.func(
        [self, k],
        [node.ret([kit.bin(c.pick(['*', '-'] as const), kit.ref(k), kit.num(-0.5))])],
      );
      g.scope.popFrame();
      return kit.call('setmetatable', [t, node.record([['__index', node.funcExpr(index)]])]);
    });
    return [
      node.doBlock([
        node.localFunction(h, fn),
        ...tables.map((t) => node.callStat(build.call(build.local(h.name), [t]))),
      ]),
    ];
  });
};

/** Bounds of a numeric `for`: integer, fractional, negative, zero-trip and one-trip. */
const forBounds: [number, number, number | undefined][] = [
  [1, 3, undefined],
  [3, 1, -1],
  [0.5, 2, 0.5],
  [1, 0, undefined],
  [2, 2, undefined],
  [-2, 1, 0.75],
  [-3, -1, undefined],
  [5, 1, -2],
  [1, 2.5, undefined],
  [2 ** 31 - 2, 2 ** 31, undefined],
  [-1.5, -3, -0.5],
  [1, 1, -1],
  [10, 1, -3],
  [0, 1, 0.25],
];

/**
 * A function with a numeric loop over bounds it is given, called with integer, fractional,
 * negative, zero-trip and one-trip bounds and with bounds computed by the program: the loop's
 * trip count and its sum of the loop variable are returned (two results, expanded when last).
 *
 * @example
 * ```ts
 * // local function r(a, b, s) local n, acc = 0, 0 for i = a, b, s do n += 1 acc += i * 3 end return n, acc end
 * forBoundsShape(g, 0);
 * ```
 */
export const forBoundsShape: StatProduction = (g, d) => {
  if (g.typed || g.pure > 0 || !g.swarm.loops || !g.roomFor(10)) return [];
  return withLocals(g, (fresh) => {
    const c = g.c;
    const r = fresh();
    g.scope.pushFrame(false);
    const a = fresh();
    const b = fresh();
    const s = fresh();
    const count = fresh();
    const acc = fresh();
    const i = fresh();
    const factor = kit.num(c.pick([1, 3, -2, 0.5]));
    const loop = fueledFor(g, i, kit.ref(a), kit.ref(b), kit.ref(s), [
      node.assign([kit.ref(count)], [kit.bin('+', kit.ref(count), kit.num(1))]),
      node.assign([kit.ref(acc)], [kit.bin('+', kit.ref(acc), kit.bin('*', kit.ref(i), factor))]),
    ]);
    const fn = node.func(
      [a, b, s],
      [
        node.localStat([count, acc], [kit.num(0), kit.num(0)]),
        loop,
        node.ret([kit.ref(count), kit.ref(acc)]),
      ],
      false,
      paramAnnotations(g, 3),
    );
    g.scope.popFrame();
    const calls: Expr[] = [];
    const m = 2 + c.int(3);
    for (let k = 0; k < m; k++) {
      if (c.chance(25)) {
        calls.push(
          build.call(build.local(r.name), [
            reduceInt(g, g.int(d + 1)),
            reduceInt(g, g.int(d + 1)),
            kit.num(c.pick([1, -1, 2, 0.5])),
          ]),
        );
      } else {
        const [lo, hi, step] = c.pick(forBounds);
        calls.push(build.call(build.local(r.name), [kit.num(lo), kit.num(hi), kit.num(step ?? 1)]));
      }
    }
    return [node.doBlock([node.localFunction(r, fn), kit.print(calls)])];
  });
};

/** Buffer accessors: name suffix, width in bytes, and the values worth writing there. */
const bufferAccess: [string, number, number[]][] = [
  ['i8', 1, [127, -128, -1, 128, 255]],
  ['u8', 1, [255, 256, -1, 0, 128]],
  ['i16', 2, [32767, -32768, 65535, -1, 32768]],
  ['u16', 2, [65535, 65536, -1, 0, 32768]],
  ['i32', 4, [2 ** 31 - 1, -(2 ** 31), 2 ** 32 - 1, -1, 2 ** 31]],
  ['u32', 4, [2 ** 32 - 1, 2 ** 32, -1, 0, 2 ** 31]],
  ['f32', 4, [0.1, -0, 16777217, 3.4e38, 1.5]],
  ['f64', 8, [0.1, -0, 2 ** 53 + 2, 1e308, -2.5]],
];

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
  if (g.typed || g.pure > 0 || !g.swarm.buffers || !g.roomFor(10)) return [];
  return withLocals(g, (fresh) => {
    const c = g.c;
    const size = c.pick([8, 16, 9]);
    const w = fresh();
    g.scope.pushFrame(false);
    const b = fresh();
    const v = fresh();
    const n = fresh();
    const i = fresh();
    const body: Stat[] = [];
    const picks = Array.from({ length: 2 + c.int(3) }, () => c.pick(bufferAccess));
    for (const [name, width] of picks) {
      // Every offset in range: `% (room + 1)` keeps a computed one there.
      const room = size - width;
      const offset = c.pick([
        () => kit.bin('%', kit.ref(i), kit.num(room + 1)),
        () => kit.num(0),
        () => kit.num(room),
        () => kit.bin('%', kit.bin('-', kit.num(room), kit.ref(i)), kit.num(room + 1)),
      ])();
      body.push(node.callStat(kit.lib('buffer', `write${name}`, [kit.ref(b), offset, kit.ref(v)])));
      const [readName] = c.pick(bufferAccess.filter(([, wd]) => wd <= width));
      body.push(
        kit.print([
          kit.lib('buffer', `read${readName}`, [kit.ref(b), kit.num(0)]),
          kit.lib('buffer', `read${name}`, [kit.ref(b), kit.num(size - width)]),
        ]),
      );
    }
    const loop = fueledFor(g, i, kit.num(0), kit.ref(n), undefined, body);
    const fn = node.func(
      [b, v, n],
      [loop, node.ret([kit.lib('buffer', 'readu32', [kit.ref(b), kit.num(0)])])],
      false,
      paramAnnotations(g, 3),
    );
    g.scope.popFrame();
    const buf = fresh();
    const [, , values] = picks[0]!;
    const calls = Array.from({ length: 2 }, () =>
      build.call(build.local(w.name), [
        kit.ref(buf),
        // luau-web (WebAssembly) writes NaN and out-of-range values with other bits than x86:
        // its programs write small values every width holds.
        g.o.profile === 'luau-web'
          ? kit.num(c.pick([0, 1, 100, 127, 0.5, -0]))
          : c.chance(60)
            ? kit.num(c.pick(values))
            : g.num(d + 1),
        kit.num(c.pick([0, 1, 2])),
      ]),
    );
    const stats: Stat[] = [
      node.localStat([buf], [kit.lib('buffer', 'create', [kit.num(size)])]),
      node.localFunction(w, fn),
      kit.print(calls),
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
    return [node.doBlock(stats)];
  });
};

/**
 * Fast-call builtins of numbers: each spelled as a call of `x` (any number) and `k` (an int).
 *
 * @example
 * ```ts
 * kernelCalls[0]![1](x, k, g); // math.abs(x)
 * ```
 */
const kernelCalls: [string, (x: Expr, k: Expr, g: Gen) => Expr][] = [
  ['math.abs', (x) => kit.lib('math', 'abs', [x])],
  ['math.floor', (x) => kit.lib('math', 'floor', [x])],
  ['math.ceil', (x) => kit.lib('math', 'ceil', [x])],
  ['math.round', (x) => kit.lib('math', 'round', [x])],
  ['math.sign', (x) => kit.lib('math', 'sign', [x])],
  ['math.sqrt', (x) => kit.lib('math', 'sqrt', [kit.lib('math', 'abs', [x])])],
  ['math.fmod', (x, k) => kit.lib('math', 'fmod', [x, kit.bin('+', k, kit.num(1))])],
  ['math.max', (x, k) => kit.lib('math', 'max', [x, k])],
  ['math.min', (x, k) => kit.lib('math', 'min', [x, k, kit.num(0.5)])],
  ['math.clamp', (x) => kit.lib('math', 'clamp', [x, kit.num(-2.5), kit.num(2.5)])],
  ['math.pow', (x) => kit.lib('math', 'pow', [x, kit.num(2)])],
  ['math.ldexp', (x) => kit.lib('math', 'ldexp', [x, kit.num(3)])],
  ['math.modf', (x) => kit.first(kit.lib('math', 'modf', [x]))],
  ['math.rad', (x) => kit.lib('math', 'rad', [x])],
  ['math.deg', (x) => kit.lib('math', 'deg', [x])],
  [
    'math.exp',
    (x) => kit.lib('math', 'exp', [kit.lib('math', 'clamp', [x, kit.num(-20), kit.num(20)])]),
  ],
  [
    'math.log',
    (x) => kit.lib('math', 'log', [kit.bin('+', kit.lib('math', 'abs', [x]), kit.num(1))]),
  ],
  ['math.sin', (x) => kit.lib('math', 'sin', [x])],
  ['math.cos', (x) => kit.lib('math', 'cos', [x])],
  ['math.atan2', (x) => kit.lib('math', 'atan2', [x, kit.num(2)])],
  ['math.tanh', (x) => kit.lib('math', 'tanh', [x])],
  [
    'math.asin',
    (x, _k, g) =>
      kit.lib('math', g.c.pick(['asin', 'acos']), [
        kit.lib('math', 'clamp', [x, kit.num(-1), kit.num(1)]),
      ]),
  ],
  ['math.atan', (x) => kit.lib('math', 'atan', [x])],
  ['math.tan', (x) => kit.lib('math', 'tan', [x])],
  [
    'math.cosh',
    (x) => kit.lib('math', 'cosh', [kit.lib('math', 'clamp', [x, kit.num(-30), kit.num(30)])]),
  ],
  [
    'math.sinh',
    (x) => kit.lib('math', 'sinh', [kit.lib('math', 'clamp', [x, kit.num(-30), kit.num(30)])]),
  ],
  ['math.log10', (x) => kit.lib('math', 'log10', [kit.lib('math', 'abs', [x])])],
  [
    'math.log',
    (x, k) =>
      kit.lib('math', 'log', [
        kit.lib('math', 'abs', [x]),
        kit.bin('+', kit.bin('%', k, kit.num(9)), kit.num(2)),
      ]),
  ],
  ['math.max', (x, k) => kit.lib('math', 'max', [x, k, kit.num(-1), kit.bin('-', x, k)])],
  [
    '',
    (x, k, g) =>
      kit.bin(
        g.c.pick(['//', '%'] as const),
        x,
        kit.bin('+', kit.bin('%', k, kit.num(7)), kit.num(1)),
      ),
  ],
  [
    '',
    (_x, k, g) =>
      kit.lib('bit32', g.c.pick(['band', 'bor', 'bxor']), [
        k,
        kit.num(0x0ff0),
        kit.bin('*', k, kit.num(3)),
      ]),
  ],
  [
    '',
    (_x, k) =>
      kit.lib('bit32', 'extract', [
        kit.bin('*', k, kit.num(7)),
        kit.bin('%', k, kit.num(16)),
        kit.bin('+', kit.bin('%', k, kit.num(8)), kit.num(1)),
      ]),
  ],
  ['', (_x, k) => kit.lib('bit32', 'band', [k, kit.num(0xff0f)])],
  ['', (_x, k) => kit.lib('bit32', 'bxor', [k, kit.num(0x5555)])],
  ['', (_x, k) => kit.lib('bit32', 'bnot', [k])],
  ['', (_x, k, g) => kit.lib('bit32', 'lshift', [k, kit.num(g.c.pick([0, 1, 31, 32, 16]))])],
  ['', (_x, k, g) => kit.lib('bit32', 'rshift', [k, kit.num(g.c.pick([0, 1, 31, 32, 17]))])],
  [
    '',
    (_x, k, g) =>
      kit.lib('bit32', 'arshift', [
        kit.bin('-', k, kit.num(2 ** 20)),
        kit.num(g.c.pick([0, 3, 31, 32])),
      ]),
  ],
  ['', (_x, k, g) => kit.lib('bit32', 'lrotate', [k, kit.num(g.c.pick([1, 31, -3]))])],
  ['', (_x, k, g) => kit.lib('bit32', 'rrotate', [k, kit.num(g.c.pick([1, 31, -3]))])],
  ['', (_x, k, g) => kit.lib('bit32', 'extract', [k, kit.num(g.c.pick([0, 3, 31])), kit.num(1)])],
  [
    '',
    (_x, k, g) =>
      kit.lib('bit32', 'extract', [
        k,
        kit.num(g.c.pick([0, 4, 8])),
        kit.num(g.c.pick([1, 4, 8, 24])),
      ]),
  ],
  ['', (_x, k) => kit.lib('bit32', 'replace', [k, kit.num(5), kit.num(4), kit.num(3)])],
  ['', (_x, k) => kit.lib('bit32', 'countlz', [k])],
  ['', (_x, k) => kit.lib('bit32', 'countrz', [k])],
  [
    '',
    (_x, k) =>
      kit.orElse(
        kit.bin('and', kit.lib('bit32', 'btest', [k, kit.num(6)]), kit.num(1)),
        kit.num(0),
      ),
  ],
  ['', (x) => kit.len(kit.type(x))],
  ['', (x) => kit.len(kit.call('typeof', [x]))],
  ['', (x, k) => kit.call('select', [kit.num(2), x, k])],
  ['', (x) => kit.orElse(kit.call('tonumber', [kit.text(x)]), kit.num(-1))],
];

/**
 * One of the fast-call builtins of {@link kernelCalls} that the profile has (its results agree
 * across the runtimes the profile is compared on).
 *
 * @example
 * ```ts
 * kernelCall(g)(x, k, g); // math.floor(x) or similar
 * ```
 */
export function kernelCall(g: Gen): (x: Expr, k: Expr, g: Gen) => Expr {
  return g.c.pick(kernelCalls.filter(([name]) => name === '' || g.has(name)))[1];
}

/**
 * A function whose loop calls several fast-call builtins on a number and an int it is given
 * and on the loop variable, folding the results into an accumulator: what native code
 * translates builtin by builtin, called with ordinary values, edges and NaN.
 *
 * @example
 * ```ts
 * // local function k(x, j, n) local acc = 0 for i = 1, n do acc += math.floor(x * i) + bit32.band(j, 65295) end return acc end
 * kernelShape(g, 0);
 * ```
 */
export const kernelShape: StatProduction = (g, d) => {
  if (g.typed || g.pure > 0 || !g.swarm.arithmetic || !g.roomFor(10)) return [];
  return withLocals(g, (fresh) => {
    const c = g.c;
    const kf = fresh();
    g.scope.pushFrame(false);
    const x = fresh();
    const j = fresh();
    const n = fresh();
    const acc = fresh();
    const i = fresh();
    const xi = () => kit.bin(c.pick(['*', '+', '-', '/'] as const), kit.ref(x), kit.ref(i));
    const ji = () => kit.bin('+', kit.ref(j), kit.ref(i));
    const terms = Array.from({ length: 2 + c.int(4) }, () => kernelCall(g)(xi(), ji(), g));
    const body: Stat[] = terms.map((t) =>
      node.assign(
        [kit.ref(acc)],
        [kit.bin('+', kit.bin('*', kit.ref(acc), kit.num(c.pick([1, 3, 0.5]))), t)],
      ),
    );
    if (c.chance(30)) body.push(kit.print([kit.ref(acc)]));
    const fn = node.func(
      [x, j, n],
      [
        node.localStat([acc], [kit.num(0)]),
        fueledFor(g, i, kit.num(1), kit.ref(n), undefined, body),
        node.ret([kit.ref(acc)]),
      ],
      false,
      paramAnnotations(g, 3),
    );
    g.scope.popFrame();
    const calls = Array.from({ length: 2 + c.int(2) }, () =>
      build.call(build.local(kf.name), [
        c.chance(50)
          ? kit.num(c.pick([0.5, -2.5, 1e10, -0, 2 ** 31, 3, NaN, Infinity]))
          : g.num(d + 1),
        kit.bin('%', reduceInt(g, g.int(d + 1)), kit.num(2 ** 31)),
        kit.num(c.pick([1, 2, 4])),
      ]),
    );
    return [node.doBlock([node.localFunction(kf, fn), kit.print(calls)])];
  });
};

/**
 * A function whose loop computes with vectors: component-wise operators with vectors and
 * numbers (`+`, `-`, `*`, `/`, `//`, unary minus), the vector library's functions of one and
 * several vectors, and components read back, called with constant and computed vectors: the
 * float arithmetic native code keeps in SIMD registers.
 *
 * @example
 * ```ts
 * // local function v(a, b, n) local acc = a for i = 1, n do acc = acc * 0.5 + vector.floor(b / i) end return acc.x, acc.y, acc.z end
 * vectorShape(g, 0);
 * ```
 */
export const vectorShape: StatProduction = (g, d) => {
  if (g.typed || g.pure > 0 || !g.swarm.vectors || !g.has('vector.create') || !g.roomFor(10))
    return [];
  return withLocals(g, (fresh) => {
    const c = g.c;
    const vf = fresh();
    g.scope.pushFrame(false);
    const a = fresh();
    const b = fresh();
    const n = fresh();
    const acc = fresh();
    const i = fresh();
    const vecTerm = (): Expr =>
      c.pick([
        () => kit.bin(c.pick(['+', '-'] as const), kit.ref(acc), kit.ref(b)),
        () =>
          kit.bin(
            c.pick(['*', '/', '//'] as const),
            kit.ref(acc),
            kit.bin('+', kit.ref(i), kit.num(c.pick([0.5, 1, -2]))),
          ),
        () => kit.bin('*', kit.ref(a), kit.ref(b)),
        () => kit.bin('/', kit.ref(b), kit.ref(a)),
        () => kit.neg(kit.ref(acc)),
        () => kit.lib('vector', c.pick(['abs', 'floor', 'ceil', 'sign']), [kit.ref(acc)]),
        () => kit.lib('vector', c.pick(['max', 'min']), [kit.ref(acc), kit.ref(b)]),
        () => {
          // The upper bound at least the lower one in every component.
          const lo = () => kit.lib('vector', 'create', [kit.num(-1), kit.num(-2), kit.num(-3)]);
          return kit.lib('vector', 'clamp', [
            kit.ref(acc),
            lo(),
            kit.lib('vector', 'max', [kit.ref(b), lo()]),
          ]);
        },
        () =>
          kit.lib('vector', 'create', [
            kit.index(kit.ref(acc), kit.str('y')),
            kit.ref(i),
            kit.index(kit.ref(b), kit.str('x')),
          ]),
      ])();
    const body: Stat[] = Array.from({ length: 1 + c.int(3) }, () =>
      node.assign([kit.ref(acc)], [vecTerm()]),
    );
    const comps = ['x', 'y', 'z'].map((k) => kit.index(kit.ref(acc), kit.str(k)));
    const fn = node.func(
      [a, b, n],
      [
        node.localStat([acc], [kit.ref(a)]),
        fueledFor(g, i, kit.num(1), kit.ref(n), undefined, body),
        node.ret(comps),
      ],
      false,
      paramAnnotations(g, 3),
    );
    g.scope.popFrame();
    const vec = (): Expr =>
      kit.lib(
        'vector',
        'create',
        c.chance(50)
          ? [
              kit.num(c.pick([1, -0.5, 3])),
              kit.num(c.pick([0, 2.5, -4])),
              kit.num(c.pick([-1, 1e-3, 7])),
            ]
          : // Components the program computes, never NaN (`vector.clamp` refuses NaN bounds).
            [reduceInt(g, g.int(d + 1)), reduceInt(g, g.int(d + 1)), kit.num(c.pick([0, 1]))],
      );
    const calls = Array.from({ length: 2 }, () =>
      build.call(build.local(vf.name), [vec(), vec(), kit.num(c.pick([1, 2, 3]))]),
    );
    return [node.doBlock([node.localFunction(vf, fn), kit.print(calls)])];
  });
};

/**
 * A class: methods in a table that is its own `__index`, one of them mutating `self`, a subclass
 * whose lookups go one level further, `__iter` for generalized iteration over an array field,
 * and method calls (`o:m(x)`) on objects of both, and of a method neither has (under `pcall`):
 * the method-call fast paths and their fallbacks.
 *
 * @example
 * ```ts
 * // local C = {} C.__index = C  C.n0 = function(self, x) self.n1 = self.n1 * 2 + x return self.n1 end
 * // local o = setmetatable({n1 = 1, n3 = {4, 5}}, C)  print(o:n0(3), o:n2())  for k, v in o do ... end
 * methodShape(g, 0);
 * ```
 */
export const methodShape: StatProduction = (g, d) => {
  if (g.typed || g.pure > 0 || !g.swarm.metatables || !g.roomFor(12)) return [];
  return withLocals(g, (fresh) => {
    const c = g.c;
    const cls = fresh();
    const sub = fresh();
    const method = (params: number, body: (self: Expr, args: Expr[]) => Stat[]): Expr => {
      g.scope.pushFrame(false);
      const self = fresh();
      const args = Array.from({ length: params }, () => fresh());
      const fn = node.func(
        [self, ...args],
        body(
          kit.ref(self),
          args.map((a) => kit.ref(a)),
        ),
      );
      g.scope.popFrame();
      return node.funcExpr(fn);
    };
    const field = (t: Expr, k: number) => node.field(t, k);
    const stats: Stat[] = [
      node.localStat([cls], [node.array([])]),
      node.assign([kit.index(kit.ref(cls), kit.str('__index'))], [kit.ref(cls)]),
      node.assign(
        [field(kit.ref(cls), 0)],
        [
          method(1, (self, [x]) => [
            node.assign(
              [field(self, 1)],
              [kit.bin('+', kit.bin('*', field(self, 1), kit.num(c.pick([2, -1, 0.5]))), x!)],
            ),
            node.ret([field(self, 1)]),
          ]),
        ],
      ),
      node.assign(
        [field(kit.ref(cls), 2)],
        [method(0, (self) => [node.ret([kit.len(field(self, 3))])])],
      ),
      // Objects of one class are equal by a field: `==` between two of them asks `__eq`.
      node.assign(
        [kit.index(kit.ref(cls), kit.str('__eq'))],
        [
          (() => {
            g.scope.pushFrame(false);
            const a = fresh();
            const b = fresh();
            const fn = node.func(
              [a, b],
              [node.ret([kit.bin('==', field(kit.ref(a), 1), field(kit.ref(b), 1))])],
            );
            g.scope.popFrame();
            return node.funcExpr(fn);
          })(),
        ],
      ),
      node.assign(
        [kit.index(kit.ref(cls), kit.str('__iter'))],
        [method(0, (self) => [node.ret([build.global('next'), field(self, 3)])])],
      ),
      node.localStat(
        [sub],
        [kit.call('setmetatable', [node.array([]), node.record([['__index', kit.ref(cls)]])])],
      ),
      node.assign([kit.index(kit.ref(sub), kit.str('__index'))], [kit.ref(sub)]),
      node.assign(
        [kit.index(kit.ref(sub), kit.str('__iter'))],
        [kit.index(kit.ref(cls), kit.str('__iter'))],
      ),
    ];
    if (c.chance(50)) {
      // An override in the subclass.
      stats.push(
        node.assign(
          [field(kit.ref(sub), 2)],
          [method(0, (self) => [node.ret([kit.neg(field(self, 1))])])],
        ),
      );
    }
    const objects = [cls, sub].map((k) => {
      const o = fresh();
      const values = Array.from({ length: 1 + c.int(4) }, () => reduceInt(g, g.int(g.o.maxDepth)));
      stats.push(
        node.localStat(
          [o],
          [
            kit.call('setmetatable', [
              node.record([
                [1, g.num(d + 1)],
                [3, node.array(values)],
              ]),
              kit.ref(k),
            ]),
          ],
        ),
      );
      return o;
    });
    const call = (o: Expr, k: number, args: Expr[]) => build.call(node.field(o, k), args, true);
    const twin = fresh();
    stats.push(
      node.localStat(
        [twin],
        [
          kit.call('setmetatable', [
            node.record([
              [1, kit.num(c.pick([0, 1, -0.5]))],
              [3, node.array([])],
            ]),
            kit.ref(cls),
          ]),
        ],
      ),
      kit.print([
        kit.bin('==', kit.ref(objects[0]!), kit.ref(twin)),
        kit.bin('~=', kit.ref(twin), kit.ref(objects[0]!)),
        kit.call('rawequal', [kit.ref(twin), kit.ref(objects[0]!)]),
      ]),
    );
    for (const o of objects) {
      stats.push(
        kit.print([
          call(kit.ref(o), 0, [g.num(d + 1)]),
          call(kit.ref(o), 0, [kit.num(c.pick([1, -0.5, 3]))]),
          call(kit.ref(o), 2, []),
        ]),
      );
    }
    const s = fresh();
    const k = fresh();
    const v = fresh();
    stats.push(
      node.localStat([s], [kit.num(0)]),
      node.forIn(
        [k, v],
        [kit.ref(c.pick(objects))],
        [
          ...fuelGuard(g, node.brk()),
          node.assign(
            [kit.ref(s)],
            [kit.bin('+', kit.ref(s), kit.bin('*', kit.ref(k), kit.ref(v)))],
          ),
        ],
      ),
      kit.print([
        kit.ref(s),
        kit.first(
          kit.call('pcall', [
            node.funcExpr(node.func([], [node.ret([call(kit.ref(objects[0]!), 5, [])])])),
          ]),
        ),
      ]),
    );
    return [node.doBlock(stats)];
  });
};
