import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { attempt, attemptFunction, attemptStats } from '../attempt.js';
import { fuelGuard } from '../../statements/fuel.js';
import type { Gen } from '../../generator.js';
import { kit, type BinaryOp } from '../kit.js';
import { arithEvents } from '../arith-events.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/**
 * What handles one metamethod event: a library function (`type` and `rawequal` take any
 * operands and never fail, `rawset` and `rawlen` only tables), a Lua function, or a table
 * (`__index`, `__newindex`).
 */
type Handler = 'type' | 'rawequal' | 'rawset' | 'rawlen' | 'lua' | 'table';

/** The events of a shared metatable and the handlers each may take. */
const events: [string, Handler[]][] = [
  ['__index', ['type', 'rawequal', 'lua', 'table']],
  ['__newindex', ['type', 'rawequal', 'rawset', 'lua', 'table']],
  ['__add', ['type', 'rawequal', 'lua']],
  ['__sub', ['type', 'lua']],
  ['__mul', ['rawequal', 'lua']],
  ['__div', ['type', 'lua']],
  ['__mod', ['rawequal', 'lua']],
  ['__pow', ['type', 'lua']],
  ['__idiv', ['type', 'rawequal', 'lua']],
  ['__concat', ['type', 'rawequal', 'lua']],
  // One operand: `rawequal` would see one argument on some paths and two on others.
  ['__unm', ['type', 'lua']],
  ['__len', ['type', 'rawlen', 'lua']],
  ['__eq', ['rawequal', 'type', 'lua']],
  ['__lt', ['rawequal', 'lua']],
  ['__le', ['rawequal', 'type', 'lua']],
  ['__call', ['type', 'rawequal', 'lua']],
  ['__iter', ['lua']],
  ['__tostring', ['type', 'lua']],
];

/** Order operators, their event, and whether the operands are swapped for it. */
const order: [BinaryOp, string][] = [
  ['<', '__lt'],
  ['<=', '__le'],
  ['>', '__lt'],
  ['>=', '__le'],
];

/** The shape's locals and which handler each event got. */
interface Site {
  g: Gen;
  mt: Local;
  idx: Local;
  log: Local;
  attempt: Local;
  p: Local;
  q: Local;
  t: Local;
  x: Local;
  s: Local;
  set: Map<string, Handler>;
}

/** The body of the Lua function that handles `event`, given its parameters `a, b, v`. */
function luaBody(site: Site, event: string, a: Local, b: Local, v: Local): Stat[] {
  const A = kit.ref(a);
  const B = kit.ref(b);
  switch (event) {
    case '__index':
      // Methods come from the index table; any other key reads back as itself.
      return [build.ret([kit.orElse(kit.call('rawget', [kit.ref(site.idx), B]), B)])];
    case '__newindex':
      return [
        build.assign(
          [kit.index(kit.ref(site.log), kit.bin('+', kit.len(kit.ref(site.log)), kit.num(1)))],
          [kit.bin('..', kit.text(B), kit.bin('..', kit.str('='), kit.type(kit.ref(v))))],
        ),
      ];
    case '__len':
      return [build.ret([kit.num(7)])];
    case '__unm':
      return [build.ret([kit.bin('..', kit.str('-'), kit.type(A))])];
    case '__eq':
    case '__lt':
    case '__le':
      return [build.ret([kit.call('rawequal', [A, B])])];
    case '__call':
      // A generic `for` calls it too: 1, 2, 3, then nil ends the loop.
      return [
        build.ifStat(kit.bin('==', kit.ref(v), build.nil()), [build.ret([kit.num(1)])]),
        build.ifStat(kit.bin('<', kit.ref(v), kit.num(3)), [
          build.ret([kit.bin('+', kit.ref(v), kit.num(1))]),
        ]),
        build.ret([build.nil()]),
      ];
    case '__iter':
      return [
        build.ret([build.global('next'), build.array([kit.num(10), kit.type(A), kit.num(30)])]),
      ];
    case '__tostring':
      return [build.ret([kit.bin('..', kit.str('P:'), kit.type(A))])];
    default:
      // Arithmetic and `..`: which operand came first and what the other is.
      return [build.ret([kit.bin('..', kit.type(A), kit.bin('..', kit.str(event), kit.type(B)))])];
  }
}

/** The expression that handles `event` with `handler`. */
function handlerExpr(site: Site, fresh: () => Local, event: string, handler: Handler): Expr {
  switch (handler) {
    case 'type':
    case 'rawequal':
    case 'rawset':
    case 'rawlen':
      return build.global(handler);
    case 'table':
      return kit.ref(site.idx);
    case 'lua':
      return site.g.scope.inFunction(false, () => {
        const [a, b, v] = [fresh(), fresh(), fresh()];
        return build.funcExpr(build.func([a, b, v], luaBody(site, event, a, b, v)));
      });
  }
}

/** `e` itself where no operand can make it fail, else through `attempt`. */
function guarded(site: Site, safe: boolean, e: Expr): Expr {
  return safe && site.g.choices.chance(80) ? e : attempt(site.attempt, e);
}

/**
 * The uses of one operand `o` (a proxy or the table) through every operator path: arithmetic
 * and `..` on either side of numbers, strings and the other proxy, through constants and
 * locals; `-`, `#`, comparisons, field and key reads, method calls, calls, `tostring`.
 */
function uses(site: Site, o: Local, isTable: boolean): Expr[] {
  const { g, set } = site;
  const c = g.choices;
  const has = (event: string) => set.has(event);
  const h = (event: string) => set.get(event);
  const O = () => kit.ref(o);
  const other = (): Expr =>
    c.pick([
      () => kit.ref(site.x),
      () => kit.ref(site.s),
      () => kit.ref(site.q),
      () => kit.num(c.pick([2, -1, 0.5])),
      () => kit.str(c.pick(['s', '10'])),
    ])();
  const out: Expr[] = [];
  for (const [op, event] of arithEvents) {
    if (!c.chance(45)) continue;
    const e = c.chance(50) ? kit.bin(op, O(), other()) : kit.bin(op, other(), O());
    out.push(guarded(site, has(event), e));
  }
  if (c.chance(60)) out.push(guarded(site, h('__unm') !== undefined, kit.neg(O())));
  if (c.chance(60)) {
    const len = h('__len');
    out.push(guarded(site, len === 'lua' || (len === 'rawlen' && isTable), kit.len(O())));
  }
  // Equality never fails: raw identity without `__eq`, and across types no call at all.
  out.push(
    kit.bin(c.pick(['==', '~='] as const), O(), c.pick([O, () => kit.ref(site.q), other])()),
  );
  for (const [op, event] of order) {
    if (!c.chance(35)) continue;
    // Only two operands of one type and one metatable reach the handler.
    const which = c.int(3);
    const mate = [() => kit.ref(site.q), O, other][which]!();
    const same = which === 1 || (which === 0 && !isTable);
    out.push(guarded(site, same && has(event), kit.bin(op, O(), mate)));
  }
  const index = h('__index');
  const readSafe = index !== undefined;
  if (c.chance(70)) out.push(guarded(site, readSafe, build.indexName(O(), build.customName(1))));
  if (c.chance(50)) out.push(guarded(site, readSafe, kit.index(O(), kit.ref(site.s))));
  if (c.chance(40)) out.push(guarded(site, readSafe, kit.index(O(), kit.ref(site.x))));
  if (c.chance(60)) {
    const method = build.call(build.indexName(O(), build.customName(2)), [kit.ref(site.x)], true);
    out.push(guarded(site, index === 'table' || index === 'lua', method));
  }
  if (c.chance(60)) {
    out.push(
      guarded(site, has('__call'), build.call(O(), [c.pick([() => kit.ref(site.x), other])()])),
    );
  }
  // Without `__tostring` the text is an address.
  if (has('__tostring')) out.push(kit.text(O()));
  return out;
}

/**
 * Metamethods through every operator path, handled by library functions as well as by Lua
 * functions: two userdata from `newproxy` hold the same handlers as a table, and each is read,
 * written, called, compared, iterated and used as an operand of every arithmetic operator, on
 * either side, with numbers, strings and each other. The interpreter has fast paths for
 * userdata with library-function metamethods that tables never reach; native code falls back
 * to them. What may fail (a missing event, operands of two types) runs under `pcall` and
 * prints only that it failed.
 *
 * @example
 * ```ts
 * // local p = newproxy(true)  local mt = getmetatable(p)  mt.__add = rawequal ...
 * // print(p + 1, attempt(function() return 2 .. p end), p == q, #t)
 * proxyShape(g, 0);
 * ```
 */
export const proxyShape: StatProduction = (g, d) => {
  void d;
  return shapeLocals(g, { room: 16 }, (fresh) => {
    const c = g.choices;
    const site: Site = {
      g,
      mt: fresh(),
      idx: fresh(),
      log: fresh(),
      attempt: fresh(),
      p: fresh(),
      q: fresh(),
      t: fresh(),
      x: fresh(),
      s: fresh(),
      set: new Map(),
    };
    for (const [event, handlers] of events) {
      if (c.chance(55)) site.set.set(event, c.pick(handlers));
    }
    const local = (l: Local, e: Expr) => build.localStat([l], [e]);
    const stats: Stat[] = [
      local(site.log, build.array([])),
      local(site.idx, indexTable(site, fresh)),
      attemptFunction(g, fresh, site.attempt),
      ...proxies(site, fresh),
      local(site.t, kit.call('setmetatable', [build.record([[3, kit.num(4)]]), kit.ref(site.mt)])),
      local(site.x, kit.num(c.pick([3, -1, 0, 2.5]))),
      local(site.s, kit.str(c.pick(['n1', 'k', '12']))),
    ];
    const operands: [Local, boolean][] = [
      [site.p, g.options.profile !== 'luau'],
      [site.t, true],
    ];
    for (const [o, isTable] of operands) {
      const all = uses(site, o, isTable);
      for (let i = 0; i < all.length; i += 4) stats.push(kit.print(all.slice(i, i + 4)));
      stats.push(...writes(site, o, isTable));
      stats.push(...iteration(site, fresh, o, isTable));
    }
    stats.push(
      kit.print([
        kit.bin('==', kit.call('getmetatable', [kit.ref(site.t)]), kit.ref(site.mt)),
        kit.bin('==', kit.call('getmetatable', [kit.ref(site.s)]), build.nil()),
        kit.call('rawequal', [kit.ref(site.p), kit.ref(site.q)]),
        kit.lib('table', 'concat', [kit.ref(site.log), kit.str(',')]),
        kit.call('rawget', [kit.ref(site.t), kit.str('n1')]),
      ]),
    );
    return [build.doBlock(stats)];
  });
};

/** The index table: a field, and a method of `self` and one more parameter. */
function indexTable(site: Site, fresh: () => Local): Expr {
  const { g } = site;
  return build.record([
    [1, kit.num(g.choices.pick([5, -2, 0.25]))],
    [
      2,
      g.scope.inFunction(false, () => {
        const [self, a] = [fresh(), fresh()];
        return build.funcExpr(
          build.func([self, a], [build.ret([kit.type(kit.ref(self)), kit.ref(a)])]),
        );
      }),
    ],
  ]);
}

/**
 * The two proxies: the first's metatable gets the handlers, the second gets a metatable of its
 * own holding the same handlers (the same closures).
 */
function proxies(site: Site, fresh: () => Local): Stat[] {
  // luau-web has no `newproxy`: there the proxies are tables of their own.
  const proxy = () =>
    site.g.options.profile === 'luau'
      ? kit.call('newproxy', [build.bool(true)])
      : kit.call('setmetatable', [build.array([]), build.array([])]);
  // The name table has no `__tostring`: a string key.
  const key = (t: Expr, event: string) =>
    event === '__tostring' ? kit.index(t, kit.str(event)) : kit.field(t, event);
  const stats: Stat[] = [
    build.localStat([site.p], [proxy()]),
    build.localStat([site.mt], [kit.call('getmetatable', [kit.ref(site.p)])]),
  ];
  for (const [event, handler] of site.set) {
    const value = handlerExpr(site, fresh, event, handler);
    stats.push(build.assign([key(kit.ref(site.mt), event)], [value]));
  }
  stats.push(build.localStat([site.q], [proxy()]));
  for (const event of site.set.keys()) {
    const target = key(kit.call('getmetatable', [kit.ref(site.q)]), event);
    stats.push(build.assign([target], [key(kit.ref(site.mt), event)]));
  }
  return stats;
}

/** Stores into `o` by name and by key, then what they left. */
function writes(site: Site, o: Local, isTable: boolean): Stat[] {
  const c = site.g.choices;
  const h = site.set.get('__newindex');
  // A table stores raw whatever `__newindex` is; a proxy needs one that takes userdata.
  const safe = isTable || (h !== undefined && h !== 'rawset');
  const stores: Stat[] = [
    build.assign([build.indexName(kit.ref(o), build.customName(1))], [kit.ref(site.x)]),
    build.assign([kit.index(kit.ref(o), kit.ref(site.s))], [kit.num(c.pick([8, -3]))]),
  ];
  if (safe && c.chance(70)) return stores;
  return stores.map((st) => kit.print([attemptStats(site.attempt, [st])]));
}

/** `for a, b in o do`: `__iter`, a callable `o`, the table's own entries, or a failure. */
function iteration(site: Site, fresh: () => Local, o: Local, isTable: boolean): Stat[] {
  const { g } = site;
  if (!g.choices.chance(60)) return [];
  const [a, b] = [fresh(), fresh()];
  const iter = site.set.get('__iter');
  const call = site.set.get('__call');
  // A library function as `__call` never returns nil: such a loop would only end with the fuel.
  if (iter === undefined && call !== undefined && call !== 'lua') return [];
  const safe = iter !== undefined || call === 'lua' || isTable;
  const loop = build.forIn(
    [a, b],
    [kit.ref(o)],
    [...fuelGuard(g, build.brk()), kit.print([kit.type(kit.ref(a)), kit.type(kit.ref(b))])],
  );
  if (safe) return [loop];
  return [kit.print([attemptStats(site.attempt, [loop])])];
}
