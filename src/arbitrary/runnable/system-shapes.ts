import type { Expr, Stat } from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import { fuelGuard } from './fuel.js';
import type { Gen } from './generator.js';
import { kit, withLocals } from './kit.js';
import type { StatProduction } from './library/model.js';
import { node } from './nodes.js';
import { reduceInt } from './reduce-int.js';

/** An int in `[0, m)`, computed by the program. */
function below(g: Gen, d: number, m: number): Expr {
  return kit.bin('%', reduceInt(g, g.int(d + 1)), kit.num(m));
}

/** `string.pack` formats with values in their range, and how to make a value fit. */
const packFormats: [string, number, boolean][] = [
  ['<i4', 2 ** 31, true],
  ['>I2', 65536, false],
  ['<d', 0, true],
  ['<f', 0, true],
  ['B', 256, false],
  ['b', 128, true],
  ['<h', 32768, true],
  ['>j', 2 ** 31, true],
  ['n', 0, true],
  ['<i8', 2 ** 31, true],
  ['>i3', 2 ** 23, true],
  ['<I5', 2 ** 32, false],
  ['=H', 65536, false],
  ['!4 i2', 32768, true],
];

/**
 * `string.pack` of values that fit, `string.unpack` of the result (each value and the next
 * position), `string.packsize`, and strings packed with a length prefix or a terminator.
 */
function packStats(g: Gen, d: number): Stat[] {
  const c = g.c;
  const specs = Array.from({ length: 1 + c.int(3) }, () => c.pick(packFormats));
  const fmt = specs.map(([f]) => f).join(c.pick(['', ' ']));
  // Signed formats take values around zero, unsigned ones from zero up.
  const values = specs.map(([, range, signed]) =>
    range === 0
      ? g.num(d + 1)
      : kit.bin('-', below(g, d, range), kit.num(signed && c.chance(50) ? range / 2 : 0)),
  );
  const withString = c.chance(40);
  const format = withString ? `${fmt}${c.pick(['s1', 's2'])}` : fmt;
  if (withString) values.push(kit.lib('string', 'sub', [g.str(d + 1), kit.num(1), kit.num(12)]));
  return withLocals(g, (fresh) => {
    const p = fresh();
    return [
      node.localStat([p], [kit.lib('string', 'pack', [kit.str(format), ...values])]),
      kit.print([kit.len(kit.ref(p)), kit.lib('string', 'unpack', [kit.str(format), kit.ref(p)])]),
      kit.print(
        withString
          ? [kit.lib('string', 'packsize', [kit.str(fmt)]), kit.ref(p)]
          : [kit.lib('string', 'packsize', [kit.str(fmt)])],
      ),
    ];
  });
}

/** Date formats of `os.date` in UTC (`!`): the same on every machine. */
const dateFormats = [
  '!%Y-%m-%d %H:%M:%S',
  '!%j %U %w %a %b',
  '!%c',
  '!%x %X %p',
  '!%y%%',
  '!%A %B %d',
];

/**
 * `os.date` in UTC of computed times, its table form's fields, and `os.time` of a date table
 * (local time: the same for every run on one machine), differences through `os.difftime`.
 */
function osStats(g: Gen, d: number): Stat[] {
  const c = g.c;
  const t = () => kit.bin('*', below(g, d, 2 ** 20), kit.num(c.pick([1, 60, 3600, 86400])));
  const fields = ['year', 'month', 'day', 'hour', 'min', 'sec', 'wday', 'yday'];
  const out: Stat[] = [kit.print([kit.lib('os', 'date', [kit.str(c.pick(dateFormats)), t()])])];
  if (c.chance(50)) {
    out.push(
      kit.print(
        Array.from({ length: 2 }, () =>
          kit.index(
            build.group(kit.lib('os', 'date', [kit.str('!*t'), t()])),
            kit.str(c.pick(fields)),
          ),
        ),
      ),
    );
  }
  if (c.chance(50)) {
    const date = node.record([
      ['year', kit.bin('+', kit.num(1990), below(g, d, 40))],
      ['month', kit.bin('+', kit.num(1), below(g, d, 14))],
      ['day', kit.bin('+', kit.num(1), below(g, d, 33))],
      ['hour', kit.num(12)],
    ]);
    out.push(
      kit.print([
        kit.lib('os', 'difftime', [
          kit.lib('os', 'time', [date]),
          kit.lib('os', 'time', [
            node.record([
              ['year', kit.num(2000)],
              ['month', kit.num(1)],
              ['day', kit.num(1)],
              ['hour', kit.num(12)],
            ]),
          ]),
        ]),
      ]),
    );
  }
  return out;
}

/**
 * `math.random` right after `math.randomseed` (a deterministic sequence), `math.noise`, and
 * what the standard library gives without a value to print: the type of `newproxy()`, of
 * `collectgarbage("count")` after a collection, and `debug.info` of a function's arity.
 */
function miscStats(g: Gen, d: number): Stat[] {
  const c = g.c;
  switch (c.int(7)) {
    case 4:
      return longStringStats(g, d);
    case 5:
      return threadStats(g, d);
    case 6:
      return [
        kit.print([
          kit.type(kit.lib('debug', 'traceback', [])),
          kit.type(kit.call('getfenv', [kit.num(c.pick([0, 1]))])),
          kit.type(kit.lib('coroutine', 'running', [])),
        ]),
      ];
    case 0:
      return [
        node.callStat(kit.lib('math', 'randomseed', [reduceInt(g, g.int(d + 1))])),
        kit.print([
          kit.lib('math', 'random', []),
          kit.lib('math', 'random', [kit.num(c.pick([1, 6, 100, 1000]))]),
          kit.lib('math', 'random', [kit.num(c.pick([-5, 0, 1])), kit.num(c.pick([5, 1, 1000]))]),
        ]),
      ];
    case 1:
      return [
        kit.print([
          kit.lib('math', 'noise', [g.num(d + 1)]),
          kit.lib('math', 'noise', [g.num(d + 1), g.num(d + 1), kit.num(c.pick([0, 0.5, -3.25]))]),
        ]),
      ];
    case 2:
      return [
        kit.print([
          kit.type(kit.call('newproxy', [build.bool(c.chance(50))])),
          kit.call('collectgarbage', [kit.str('collect')]),
          kit.type(kit.call('collectgarbage', [kit.str('count')])),
          kit.type(kit.call('gcinfo', [])),
        ]),
      ];
    default: {
      const fns = g.vars('fn').filter((v) => v.kind.params !== undefined);
      const f = fns.length > 0 ? kit.ref(node.local(c.pick(fns).name)) : build.global('print');
      return [
        kit.print([
          kit.lib('debug', 'info', [f, kit.str('a')]),
          kit.lib('debug', 'info', [kit.num(1), kit.str('l')]),
        ]),
      ];
    }
  }
}

/**
 * Strings past the library's small buffers: `string.rep`, `string.format` and `table.concat`
 * results of a few hundred bytes, printed as their length and a slice.
 */
function longStringStats(g: Gen, d: number): Stat[] {
  const c = g.c;
  const piece = () =>
    kit.bin('..', kit.lib('string', 'sub', [g.str(d + 1), kit.num(1), kit.num(8)]), kit.str('|'));
  const long = c.pick([
    () => kit.lib('string', 'rep', [piece(), kit.num(c.pick([40, 100, 300]))]),
    () => {
      // A width or precision of up to 99: `%s` of a string, `%d` and `%f` of a number.
      const spec = c.pick(['%99s', '%-90d|', '%.99f']);
      return kit.lib('string', 'format', [
        kit.str(spec),
        spec === '%99s'
          ? piece()
          : kit.num(c.pick(spec === '%.99f' ? [1.5, -7, 2 ** 40] : [-7, 0, 2 ** 40])),
      ]);
    },
    () =>
      kit.lib('table', 'concat', [
        kit.lib('table', 'create', [kit.num(c.pick([50, 200])), piece()]),
        kit.str(c.pick(['', ','])),
      ]),
  ])();
  return withLocals(g, (fresh) => {
    const s = fresh();
    return [
      node.localStat([s], [long]),
      kit.print([
        kit.len(kit.ref(s)),
        kit.lib('string', 'sub', [
          kit.ref(s),
          kit.num(c.pick([-20, 90, 1])),
          kit.num(c.pick([-1, 130, 30])),
        ]),
      ]),
    ];
  });
}

/**
 * Coroutines at their edges: resumed after they are dead, closed, wrapped ones raising, errors
 * handled by `xpcall` with a handler that sees the message, and `utf8.codes` iterated under
 * `pcall` (a string cut in a character raises).
 */
function threadStats(g: Gen, d: number): Stat[] {
  const c = g.c;
  return withLocals(g, (fresh) => {
    const co = fresh();
    const p = fresh();
    const ch = fresh();
    const acc = fresh();
    g.scope.pushFrame(false);
    const x = fresh();
    const body = node.func(
      [x],
      [
        node.callStat(kit.lib('coroutine', 'yield', [kit.bin('+', kit.ref(x), kit.num(1))])),
        node.ret([kit.str('done')]),
      ],
    );
    g.scope.popFrame();
    g.scope.pushFrame(false);
    const m = fresh();
    const handler = node.func(
      [m],
      [node.ret([kit.bin('..', kit.str('handled:'), kit.type(kit.ref(m)))])],
    );
    g.scope.popFrame();
    const raising = node.func([], [node.callStat(kit.call('error', [g.str(d + 1)]))]);
    return [
      node.localStat([co], [kit.lib('coroutine', 'create', [node.funcExpr(body)])]),
      kit.print([
        kit.lib('coroutine', 'resume', [kit.ref(co), kit.num(c.int(9))]),
        kit.lib('coroutine', 'resume', [kit.ref(co)]),
        kit.lib('coroutine', 'status', [kit.ref(co)]),
      ]),
      kit.print([kit.lib('coroutine', 'resume', [kit.ref(co)])]),
      kit.print([
        kit.lib('coroutine', 'close', [
          kit.lib('coroutine', 'create', [node.funcExpr(node.func([], []))]),
        ]),
      ]),
      kit.print([kit.call('xpcall', [node.funcExpr(raising), node.funcExpr(handler)])]),
      node.localStat([acc], [kit.str('')]),
      node.localStat(
        [p],
        [
          kit.call('pcall', [
            node.funcExpr(
              node.func(
                [],
                [
                  node.forIn(
                    [fresh(), ch],
                    [
                      kit.lib('utf8', 'codes', [
                        kit.lib('string', 'sub', [g.str(d + 1), kit.num(1), kit.num(24)]),
                      ]),
                    ],
                    [
                      ...fuelGuard(g, node.brk()),
                      node.assign(
                        [kit.ref(acc)],
                        [
                          kit.bin(
                            '..',
                            kit.ref(acc),
                            kit.bin('..', kit.text(kit.ref(ch)), kit.str(' ')),
                          ),
                        ],
                      ),
                    ],
                  ),
                ],
              ),
            ),
          ]),
        ],
      ),
      kit.print([kit.ref(p), kit.ref(acc)]),
    ];
  });
}

/**
 * Library functions that need a statement of their own (values packed and unpacked, dates,
 * seeded random numbers, noise, the garbage collector), each result printed. In the `luau`
 * profile only: the native command-line tool is the one with `os` and `debug`.
 *
 * @example
 * ```ts
 * // local p = string.pack("<i4>I2", a, b) print(#p, string.unpack("<i4>I2", p))
 * systemShape(g, 0);
 * ```
 */
export const systemShape: StatProduction = (g, d) => {
  if (g.typed || g.pure > 0 || g.o.profile !== 'luau' || !g.roomFor(3)) return [];
  switch (g.c.int(3)) {
    case 0:
      return g.swarm.strings ? [node.doBlock(packStats(g, d))] : [];
    case 1:
      return osStats(g, d);
    default:
      return miscStats(g, d);
  }
};

/** Operations that raise an error, each a statement or expression of values in scope. */
const failing: ((g: Gen) => Stat[])[] = [
  (g) => [
    node.ret([
      kit.index(
        build.group(kit.index(build.group(node.array([])), g.int(g.o.maxDepth))),
        kit.num(1),
      ),
    ]),
  ],
  (g) => [node.ret([kit.bin('+', node.array([]), g.num(g.o.maxDepth))])],
  (g) => [node.ret([kit.len(g.num(g.o.maxDepth))])],
  (g) => [node.ret([kit.bin('..', g.bool(g.o.maxDepth), kit.str('x'))])],
  (g) => [node.ret([kit.bin('<', node.array([]), g.num(g.o.maxDepth))])],
  (g) => [node.ret([kit.bin('<', g.str(g.o.maxDepth), g.num(g.o.maxDepth))])],
  (g) => [
    node.ret([
      build.call(build.group(kit.index(build.group(node.array([])), g.num(g.o.maxDepth))), []),
    ]),
  ],
  (g) => [node.ret([node.field(build.group(g.num(g.o.maxDepth)), 0)])],
  (g) => [node.callStat(kit.call('error', [kit.bin('..', kit.str('e:'), g.str(g.o.maxDepth))]))],
  (g) => [node.callStat(kit.call('error', [node.record([[0, g.num(g.o.maxDepth)]])]))],
  () => [node.callStat(kit.call('error', []))],
  (g) => [node.callStat(kit.call('assert', [build.bool(false), g.str(g.o.maxDepth)]))],
  () => [node.callStat(kit.call('assert', [build.nil()]))],
  (g) => [node.ret([kit.lib('string', 'rep', [g.str(g.o.maxDepth), kit.num(2 ** 40)])])],
  (g) => [node.ret([kit.lib('string', 'char', [kit.num(g.c.pick([256, -1, 300]))])])],
  (g) => [node.ret([kit.lib('math', 'floor', [g.str(g.o.maxDepth)])])],
  (g) => [
    node.ret([
      kit.lib('bit32', 'extract', [
        g.int(g.o.maxDepth),
        kit.num(g.c.pick([32, -1, 30])),
        kit.num(g.c.pick([3, 0, 5])),
      ]),
    ]),
  ],
  (g) => [
    node.ret([
      kit.lib('table', 'insert', [
        node.array([]),
        kit.num(g.c.pick([3, -1, 0])),
        g.num(g.o.maxDepth),
      ]),
    ]),
  ],
  (g) => [node.ret([kit.call('select', [kit.num(g.c.pick([0, -5])), g.num(g.o.maxDepth)])])],
  (g) => [node.ret([kit.call('setmetatable', [g.num(g.o.maxDepth), node.array([])])])],
  () => [node.ret([kit.lib('string', 'sub', [])])],
  (g) => [node.ret([kit.lib('utf8', 'char', [kit.num(g.c.pick([-1, 0x110000]))])])],
  (g) => [
    node.ret([
      kit.call('tostring', [
        kit.call('setmetatable', [
          node.array([]),
          node.record([
            ['__tostring', node.funcExpr(node.func([], [node.ret([g.num(g.o.maxDepth)])]))],
          ]),
        ]),
      ]),
    ]),
  ],
  (g) => [
    node.ret([
      kit.lib('buffer', 'readi32', [
        kit.lib('buffer', 'create', [kit.num(4)]),
        kit.num(g.c.pick([1, -1, 4])),
      ]),
    ]),
  ],
  (g) => [
    node.ret([
      kit.lib('string', 'format', [kit.str(g.c.pick(['%d', '%q %s', '%y', '%5'])), kit.num(1.5)]),
    ]),
  ],
];

/**
 * A protected call of an operation that raises an error: the status and the message, with the
 * chunk's name cut off where it stands before the line number (runtimes name chunks
 * differently), so a wrong message, line or error value shows as a difference. Also errors
 * raised at levels 1 to 3 through functions held in a table (which `-O2` does not inline).
 *
 * @example
 * ```ts
 * // local ok, e = pcall(function() return #x end)  print(ok, (string.gsub(tostring(e), "^.-:(%d+): ", "%1: ")))
 * errorShape(g, 0);
 * ```
 */
export const errorShape: StatProduction = (g, d) => {
  // Not on luau-web: another release of Luau, whose library refuses other arguments.
  if (
    g.typed ||
    g.pure > 0 ||
    g.recursive > 0 ||
    !g.swarm.errors ||
    g.o.profile !== 'luau' ||
    !g.roomFor(6)
  )
    return [];
  void d;
  return withLocals(g, (fresh) => {
    const c = g.c;
    const ok = fresh();
    const e = fresh();
    let thunk: Expr;
    const stats: Stat[] = [];
    if (c.chance(30)) {
      // error(msg, level) two calls down, through a table's functions.
      const h = fresh();
      const level = 1 + c.int(3);
      stats.push(node.localStat([h], [node.array([])]));
      stats.push(
        node.assign(
          [node.field(kit.ref(h), 0)],
          [
            node.funcExpr(
              node.func([], [node.callStat(kit.call('error', [kit.str('lvl'), kit.num(level)]))]),
            ),
          ],
        ),
      );
      stats.push(
        node.assign(
          [node.field(kit.ref(h), 1)],
          [
            node.funcExpr(
              node.func([], [node.callStat(build.call(node.field(kit.ref(h), 0), []))]),
            ),
          ],
        ),
      );
      thunk = node.funcExpr(
        node.func([], [node.callStat(build.call(node.field(kit.ref(h), 1), []))]),
      );
    } else {
      g.scope.pushFrame(false);
      thunk = node.funcExpr(node.func([], c.pick(failing)(g)));
      g.scope.popFrame();
    }
    // A table raised as the error prints as its type: its address differs from run to run.
    const message = g.choose(
      kit.bin('==', kit.type(kit.ref(e)), kit.str('string')),
      kit.first(kit.lib('string', 'gsub', [kit.ref(e), kit.str('^.-:(%d+): '), kit.str('%1: ')])),
      kit.type(kit.ref(e)),
    );
    stats.push(
      node.localStat([ok, e], [kit.call('pcall', [thunk])]),
      kit.print([kit.ref(ok), message]),
    );
    return [node.doBlock(stats)];
  });
};

/**
 * Positions around a length `n`: 0, ±1, ±n, n + 1 and n - 1, the values library functions
 * treat specially.
 */
function positions(n: number): number[] {
  return [0, 1, -1, n, -n, n + 1, n - 1, 2];
}

/**
 * Library functions that take a position, a count or a length, called with the values around
 * 0, ±1, ±length and length + 1 on a fresh array or string, under `pcall` where a position can
 * be refused, with what they return and what the table holds after.
 *
 * @example
 * ```ts
 * // local t = {4, 5, 6}  print(pcall(table.remove, t, 4))  print(table.concat(t, ","))
 * positionShape(g, 0);
 * ```
 */
export const positionShape: StatProduction = (g, d) => {
  if (g.typed || g.pure > 0 || !g.roomFor(3)) return [];
  return withLocals(g, (fresh) => {
    const c = g.c;
    const n = 1 + c.int(5);
    const at = () => kit.num(c.pick(positions(n)));
    // On luau-web, another release whose messages may differ, only whether it succeeded.
    const protect = (args: Expr[]) =>
      g.o.profile === 'luau-web' ? kit.first(kit.call('pcall', args)) : kit.call('pcall', args);
    const t = fresh();
    const s = fresh();
    const calls: Expr[] = Array.from({ length: 2 + c.int(3) }, () =>
      c.pick([
        // Called in a function of their own, as programs write them: `table.remove(t, p)`.
        () =>
          protect([
            node.funcExpr(
              node.func([], [node.ret([kit.lib('table', 'remove', [kit.ref(t), at()])])]),
            ),
          ]),
        () =>
          protect([
            node.funcExpr(
              node.func(
                [],
                [node.callStat(kit.lib('table', 'insert', [kit.ref(t), at(), g.int(d + 1)]))],
              ),
            ),
          ]),
        () => kit.lib('table', 'unpack', [kit.ref(t), at(), at()]),
        () =>
          protect([
            kit.field(build.global('table'), 'concat'),
            kit.ref(t),
            kit.str(','),
            at(),
            at(),
          ]),
        // `table.move` returns its table: only whether it moved is printed. Not on luau-web:
        // a move can leave holes, and then `#t` (which insert and remove read) is any border.
        () =>
          g.o.profile === 'luau-web'
            ? kit.lib('string', 'sub', [kit.ref(s), at()])
            : kit.first(
                protect([kit.field(build.global('table'), 'move'), kit.ref(t), at(), at(), at()]),
              ),
        () => kit.lib('string', 'sub', [kit.ref(s), at(), at()]),
        () => kit.lib('string', 'byte', [kit.ref(s), at(), at()]),
        () =>
          kit.lib('string', 'find', [
            kit.ref(s),
            kit.str(c.pick(['a', '', 'b.'])),
            at(),
            build.bool(c.chance(50)),
          ]),
        () => kit.lib('string', 'rep', [kit.ref(s), at(), kit.str(c.pick(['', '-']))]),
        () => kit.lib('string', 'upper', [kit.lib('string', 'sub', [kit.ref(s), at()])]),
        () => protect([kit.field(build.global('utf8'), 'offset'), kit.ref(s), at(), at()]),
        () =>
          protect([
            build.global('select'),
            kit.num(c.pick([1, n, -1, n + 1])),
            kit.lib('table', 'unpack', [kit.ref(t), kit.num(1), kit.num(n)]),
          ]),
      ])(),
    );
    // Which slots hold what after the calls: `#t` is any border once a move left a hole.
    return [
      node.doBlock([
        node.localStat(
          [t],
          [node.array(Array.from({ length: n }, (_, k) => kit.num(10 * (k + 1))))],
        ),
        node.localStat(
          [s],
          [
            kit.lib('string', 'sub', [
              kit.bin('..', kit.str('abcab'), g.str(d + 1)),
              kit.num(1),
              kit.num(n + 3),
            ]),
          ],
        ),
        ...calls.map((e) => kit.print([e])),
        kit.print(Array.from({ length: n + 2 }, (_, k) => kit.index(kit.ref(t), kit.num(k)))),
      ]),
    ];
  });
};
