import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { freshLocals, fueledFor, kit, type Locals } from '../kit.js';
import { type Fresh, localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';
import { paramAnnotations } from '../../values/annotations.js';
import { reduceInt } from '../../values/reduce-int.js';

/**
 * Index expressions of a loop variable `i` (and an int `base`): in range, shifted, fractional,
 * negative, zero, past the end, halved and doubled, so that array fast paths in the VM and in
 * native code meet every kind of key.
 */
const keyShapes: ((i: Expr, base: Expr, n: number) => Expr)[] = [
  (i) => i,
  (i, base) => kit.bin('+', i, base),
  (i) => kit.bin('+', i, kit.num(0.5)),
  (i) => kit.bin('-', i, kit.num(0.5)),
  (i) => kit.bin('*', i, kit.num(1.5)),
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
    kind === 'int' ? reduceInt(g, g.int(g.options.maxDepth)) : g.expr(kind, g.options.maxDepth),
  );
}

/** `{a, b, nil, d}`: an array, sometimes with a hole (never measured with `#`). */
function arrayWithHoles(g: Gen, values: Expr[]): Expr {
  // Empty slots in the array part from the start: `table.create(n)` has only those.
  if (g.choices.chance(15)) return kit.lib('table', 'create', [kit.num(values.length)]);
  if (values.length > 2 && g.choices.chance(50))
    values[1 + g.choices.int(values.length - 2)] = build.nil();
  return build.array(values);
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
  if (g.choices.chance(50)) {
    g.scope.pushFrame(false);
    const self = fresh();
    const k = fresh();
    const body = [
      build.ret([
        g.choose(
          kit.bin('==', kit.type(kit.ref(k)), kit.str('number')),
          kit.bin('*', kit.ref(k), kit.num(2)),
          kit.str('?'),
        ),
      ]),
    ];
    index = build.funcExpr(build.func([self, k], body));
    g.scope.popFrame();
  } else {
    // A table of fewer elements, itself falling back one level further half the time.
    const inner = build.array(elements(g, Math.min(n, 3), kind));
    index = g.choices.chance(50)
      ? inner
      : kit.call('setmetatable', [
          inner,
          build.record([['__index', build.record([['n', kit.str('deep')]])]]),
        ]);
  }
  const t = fresh();
  const stats = [
    build.localStat([mt], [build.record([['__index', index]])]),
    build.localStat(
      [t],
      [kit.call('setmetatable', [arrayWithHoles(g, elements(g, n, kind)), kit.ref(mt)])],
    ),
  ];
  return [stats, kit.ref(t)];
}

type Kind = 'int' | 'str' | 'num';

/**
 * One key's read in the loop's body (after a write now and then), folded into the string `s`
 * and the number `sum`.
 */
function keyRead(
  g: Gen,
  kind: Kind,
  n: number,
  key: (typeof keyShapes)[number],
  [t, base, s, sum, i, v]: Locals<6>,
): Stat[] {
  const c = g.choices;
  const body: Stat[] = [];
  const k = key(kit.ref(i), kit.ref(base), n);
  if (c.chance(25)) {
    // A write first: a new key (fractional, negative) or an existing slot, emptied or set.
    const value = c.chance(30) ? build.nil() : g.expr(kind, g.options.maxDepth);
    body.push(build.assign([kit.index(kit.ref(t), k)], [value]));
  }
  body.push(build.localStat([v], [kit.index(kit.ref(t), key(kit.ref(i), kit.ref(base), n))]));
  body.push(
    build.assign(
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
    build.ifStat(
      numeric,
      [
        build.assign(
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
      [build.assign([kit.ref(sum)], [kit.bin('+', kit.ref(sum), kit.num(1))])],
    ),
  );
  return body;
}

/**
 * A table falling back to `plain`, with one key in its hash part from the start: zero,
 * negative, fractional. Its statements and the table.
 */
function keyedTable(g: Gen, fresh: Fresh, plain: Local, n: number, kind: Kind): [Stat[], Expr] {
  const keyed = fresh();
  const stats = [
    build.localStat(
      [keyed],
      [
        build.call(build.global('setmetatable'), [
          build.array([]),
          build.record([['__index', kit.ref(plain)]]),
        ]),
      ],
    ),
    build.assign(
      [kit.index(kit.ref(keyed), kit.num(g.choices.pick([0, -1, 1.5, n + 1])))],
      [g.expr(kind, g.options.maxDepth)],
    ),
  ];
  return [stats, kit.ref(keyed)];
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
  return localFunctionShape(g, { swarm: 'tables', room: 12 }, ({ f, fresh, endFrame }) => {
    const c = g.choices;
    const kind = c.pick(['int', 'str', 'num'] as const);
    const n = 2 + c.int(5);
    const locals = freshLocals(fresh, 6);
    const [t, base, s, sum, i] = locals;
    const keys = Array.from({ length: 1 + c.int(2) }, () => c.pick(keyShapes));
    const body = keys.flatMap((key) => keyRead(g, kind, n, key, locals));
    const lo = c.pick([-1, 0, 1, 1, 1]);
    const hi = c.pick([n, n + 1, n - 1, 0, 2 * n]);
    const fn = build.func(
      [t, base],
      [
        build.localStat([s, sum], [kit.str(''), kit.num(0)]),
        fueledFor(
          g,
          i,
          kit.num(lo),
          kit.num(hi),
          c.chance(20) ? kit.num(c.pick([2, -1])) : undefined,
          body,
        ),
        build.ret([kit.ref(s), kit.ref(sum)]),
      ],
      false,
      paramAnnotations(g, 2),
    );
    endFrame();
    const stats: Stat[] = [build.localFunction(f, fn)];
    const targets: Expr[] = [];
    const plain = fresh();
    stats.push(build.localStat([plain], [arrayWithHoles(g, elements(g, n, kind))]));
    targets.push(kit.ref(plain));
    if (g.choices.chance(70)) {
      const [more, meta] = fallback(g, n, kind, fresh);
      stats.push(...more);
      targets.push(meta);
    }
    if (g.choices.chance(40)) {
      const [more, keyed] = keyedTable(g, fresh, plain, n, kind);
      stats.push(...more);
      targets.push(keyed);
    }
    const calls = targets.map((x) =>
      build.call(build.local(f.name), [x, reduceInt(g, g.int(d + 1))]),
    );
    // The last call's two results, the others' first.
    stats.push(kit.print(calls));
    return [build.doBlock(stats)];
  });
};
