import { ExprBinary_Op, ExprUnary_Op, type Expr, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { cutString } from '../values/cut-string.js';
import type { Gen } from '../generator.js';
import type { LibraryModel, Production, StatProduction } from './model.js';
import { orElse } from './results.js';

const seps = [',', '', ' ', '; ', '|'];

/**
 * A position in `[1, #a + extra]` (callers make sure `#a + extra` is at least 1): the
 * boundaries as often as the rest, where a wrong shift shows — the front (`1`), the second or
 * third (`math.min(2, #a + 1)`), the last (`#a + extra`) — or anywhere (`int % (#a + extra) + 1`).
 */
function position(g: Gen, a: Expr, d: number, extra: number): Expr {
  const len = build.unary(ExprUnary_Op.Len, a);
  const n = extra === 0 ? len : build.binary(ExprBinary_Op.Add, len, build.number(extra));
  const how = g.choices.int(5);
  if (how === 0) return build.number(1);
  if (how === 1) return g.lib('math', 'min', [build.number(2 + g.choices.int(2)), n]);
  if (how === 2) return n;
  return build.binary(
    ExprBinary_Op.Add,
    build.binary(ExprBinary_Op.Mod, g.int(d + 1), build.group(n)),
    build.number(1),
  );
}

/** A value stored into an array: a string cut (see {@link cutString}), an int as it is. */
function element(g: Gen, elem: 'int' | 'str', d: number): Expr {
  return elem === 'str' ? cutString(g, g.str(d)) : g.int(d);
}

/** An array variable of either kind, with its element type. */
function someArray(g: Gen): { a: Expr; elem: 'int' | 'str'; name: number } | undefined {
  const kind = g.choices.chance(50) ? 'iarr' : 'sarr';
  const v = g.pickVar(kind) ?? g.pickVar(kind === 'iarr' ? 'sarr' : 'iarr');
  if (v === undefined) return undefined;
  return { a: g.ref(v.name), elem: v.kind.ty === 'iarr' ? 'int' : 'str', name: v.name };
}

/** A production storing a value into some array (none when there is no array): `make` gets both. */
function storing(
  make: (g: Gen, d: number, t: NonNullable<ReturnType<typeof someArray>>, v: Expr) => Stat[],
): StatProduction {
  return (g, d) => {
    const t = someArray(g);
    if (t === undefined) return [];
    return make(g, d, t, element(g, t.elem, d + 1));
  };
}

function arrayCopy(ty: 'iarr' | 'sarr'): Production {
  return (g, d) => {
    const src = g.expr(ty, d + 1);
    switch (g.choices.int(3)) {
      case 0:
        return g.lib('table', 'clone', [src]);
      case 1:
        return build.array([g.lib('table', 'unpack', [src])]);
      default:
        return g.lib('table', 'move', [
          src,
          build.number(1),
          build.unary(ExprUnary_Op.Len, g.expr(ty, d + 1)),
          build.number(1),
          build.array([]),
        ]);
    }
  };
}

const stats: StatProduction[] = [
  // table.insert at the end or at a position in [1, #a + 1].
  storing((g, d, t, v) => {
    if (g.choices.chance(50)) return [build.callStat(g.lib('table', 'insert', [t.a, v]))];
    return [build.callStat(g.lib('table', 'insert', [t.a, position(g, g.ref(t.name), d, 1), v]))];
  }),
  // table.remove from the end or a position, its value kept.
  (g, d) => {
    const t = someArray(g);
    if (t === undefined || !g.roomFor(1)) return [];
    const args = g.choices.chance(40) ? [t.a] : [t.a, position(g, g.ref(t.name), d, 1)];
    const dflt = t.elem === 'int' ? build.number(-1) : build.string('');
    const info = { ty: t.elem, mutable: true } as const;
    const value = build.binary(ExprBinary_Op.Or, g.lib('table', 'remove', args), dflt);
    return [build.localStat([g.declare(info)], [value], g.types([info]))];
  },
  // table.sort, by the default order or a pure comparator (a total order).
  (g) => {
    const t = someArray(g);
    if (t === undefined) return [];
    if (g.choices.chance(50)) return [build.callStat(g.lib('table', 'sort', [t.a]))];
    const [x, y] = [build.localVar(250), build.localVar(251)];
    const cmp = build.func(
      [x, y],
      [
        build.ret([
          build.binary(
            g.choices.pick([ExprBinary_Op.CompareGt, ExprBinary_Op.CompareLt]),
            build.local(250),
            build.local(251),
          ),
        ]),
      ],
      false,
      g.typed
        ? g.types([
            { ty: t.elem, mutable: true },
            { ty: t.elem, mutable: true },
          ])
        : [],
    );
    return [build.callStat(g.lib('table', 'sort', [t.a, build.funcExpr(cmp)]))];
  },
  // a[#a + 1] = v, or a[pos] = v inside [1, #a].
  storing((g, d, t, v) => {
    const len = build.unary(ExprUnary_Op.Len, g.ref(t.name));
    if (g.choices.chance(50)) {
      const end = build.binary(ExprBinary_Op.Add, len, build.number(1));
      return [build.assign([build.indexExpr(t.a, end)], [v])];
    }
    const cond = build.binary(ExprBinary_Op.CompareGt, len, build.number(0));
    return [
      build.ifStat(cond, [
        build.assign([build.indexExpr(t.a, position(g, g.ref(t.name), d, 0))], [v]),
      ]),
    ];
  }),
  // table.move within one array (shifts right by one), and table.clear.
  (g) => {
    const t = someArray(g);
    if (t === undefined) return [];
    if (g.choices.chance(80)) {
      return [
        build.callStat(
          g.lib('table', 'move', [
            t.a,
            build.number(1),
            build.unary(ExprUnary_Op.Len, g.ref(t.name)),
            build.number(2),
          ]),
        ),
      ];
    }
    return [build.callStat(g.lib('table', 'clear', [t.a]))];
  },
];

/**
 * `table`: insert (with and without position), remove, concat, sort (default order and a
 * pure comparator), unpack, pack, move, clone, find, create, clear; `#`, `rawlen`, `rawget`,
 * `select('#', ...)` and `ipairs` over dense arrays.
 *
 * @example
 * ```ts
 * tableModel.stats?.[0]?.(g, 0); // [table.insert(a, v)] when an array is in scope
 * ```
 */
export const tableModel: LibraryModel = {
  name: 'table',
  on: (g) => g.swarm.tables,
  exprs: {
    iarr: [
      arrayCopy('iarr'),
      (g, d) => g.lib('table', 'create', [build.number(g.choices.int(6)), g.int(d + 1)]),
    ],
    sarr: [
      arrayCopy('sarr'),
      // The string cut first: its pieces are the array's elements.
      (g, d) =>
        g.lib('string', 'split', [cutString(g, g.str(d + 1)), build.string(g.choices.pick(seps))]),
    ],
    str: [
      (g, d) =>
        g.lib('table', 'concat', [
          g.expr(g.choices.pick(['iarr', 'sarr']), d + 1),
          build.string(g.choices.pick(seps)),
        ]),
    ],
    int: [
      (g, d) => build.unary(ExprUnary_Op.Len, g.expr(g.choices.pick(['iarr', 'sarr']), d + 1)),
      (g, d) =>
        build.call(build.global('rawlen'), [g.expr(g.choices.pick(['iarr', 'sarr']), d + 1)]),
      (g, d) => g.lib('table', 'maxn', [g.expr(g.choices.pick(['iarr', 'sarr']), d + 1)]),
      (g, d) =>
        orElse(g.lib('table', 'find', [g.expr('iarr', d + 1), g.int(d + 1)]), build.number(0)),
      (g, d) =>
        build.call(build.global('select'), [
          build.string('#'),
          g.lib('table', 'unpack', [g.expr('iarr', d + 1)]),
        ]),
      (g, d) =>
        g.lib('math', g.choices.pick(['max', 'min']), [
          g.int(d + 1),
          g.lib('table', 'unpack', [g.expr('iarr', d + 1)]),
        ]),
      (g, d) =>
        build.indexExpr(
          g.lib('table', 'pack', [g.int(d + 1), g.num(d + 1), g.str(d + 1)]),
          build.string('n'),
        ),
    ],
  },
  stats,
};
