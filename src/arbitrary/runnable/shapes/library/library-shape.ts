import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { fuelGuard } from '../../statements/fuel.js';
import type { Gen } from '../../generator.js';
import { kit, withLocals } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { reduceInt } from '../../values/reduce-int.js';

/** An int in `[0, m)`, computed by the program. */
function below(g: Gen, d: number, m: number): Expr {
  return kit.bin('%', reduceInt(g, g.int(d + 1)), kit.num(m));
}

/**
 * `string.pack` formats with values in their range, and how to make a value fit: a range of 0
 * takes any number, `PADDING` no value, `ZSTRING` a string without NUL, `CHARS` a string of at
 * most 3 bytes (padded with NULs, so not where output must stay free of them).
 */
const PADDING = -1;
const ZSTRING = -2;
const CHARS = -3;
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
  // At most 2 for `!`: a larger alignment refuses the 3- and 5-byte integers that may follow.
  ['!2 i2', 32768, true],
  ['<l', 2 ** 31, true],
  ['>L', 2 ** 32, false],
  ['J', 2 ** 32, false],
  ['T', 2 ** 32, false],
  ['x', PADDING, false],
  ['!2 Xi4', PADDING, false],
  ['z', ZSTRING, false],
  ['c3', CHARS, false],
];

/**
 * `string.pack` of values that fit, `string.unpack` of the result (each value and the next
 * position), `string.packsize`, and strings packed with a length prefix or a terminator.
 */
function packStats(g: Gen, d: number): Stat[] {
  const c = g.choices;
  const usable = packFormats.filter(([, range]) => range !== CHARS || !g.nulFree());
  const specs = Array.from({ length: 1 + c.int(3) }, () => c.pick(usable));
  const fmt = specs.map(([f]) => f).join(c.pick(['', ' ']));
  // Signed formats take values around zero, unsigned ones from zero up.
  const values = specs.flatMap(([, range, signed]): Expr[] => {
    if (range === PADDING) return [];
    if (range === ZSTRING || range === CHARS) return [kit.str(c.pick(['', 'ab', 'xyz']))];
    return [
      range === 0
        ? g.num(d + 1)
        : kit.bin('-', below(g, d, range), kit.num(signed && c.chance(50) ? range / 2 : 0)),
    ];
  });
  const withString = c.chance(40);
  const format = withString ? `${fmt}${c.pick(['s1', 's2'])}` : fmt;
  if (withString) values.push(kit.lib('string', 'sub', [g.str(d + 1), kit.num(1), kit.num(12)]));
  return withLocals(g, (fresh) => {
    const p = fresh();
    return [
      build.localStat([p], [kit.lib('string', 'pack', [kit.str(format), ...values])]),
      kit.print([kit.len(kit.ref(p)), kit.lib('string', 'unpack', [kit.str(format), kit.ref(p)])]),
      kit.print([
        // `packsize` refuses a format of variable size: a zero-terminated string's length.
        specs.some(([, range]) => range === ZSTRING)
          ? kit.len(kit.str(fmt))
          : kit.lib('string', 'packsize', [kit.str(fmt)]),
        ...(withString ? [kit.ref(p)] : []),
      ]),
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
  const c = g.choices;
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
    const date = build.record([
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
            build.record([
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
  const c = g.choices;
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
        build.callStat(kit.lib('math', 'randomseed', [reduceInt(g, g.int(d + 1))])),
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
      const f = fns.length > 0 ? kit.ref(build.localVar(c.pick(fns).name)) : build.global('print');
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
  const c = g.choices;
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
      build.localStat([s], [long]),
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
  const c = g.choices;
  return withLocals(g, (fresh) => {
    const co = fresh();
    const p = fresh();
    const ch = fresh();
    const acc = fresh();
    g.scope.pushFrame(false);
    const x = fresh();
    const body = build.func(
      [x],
      [
        build.callStat(kit.lib('coroutine', 'yield', [kit.bin('+', kit.ref(x), kit.num(1))])),
        build.ret([kit.str('done')]),
      ],
    );
    g.scope.popFrame();
    g.scope.pushFrame(false);
    const m = fresh();
    const handler = build.func(
      [m],
      [build.ret([kit.bin('..', kit.str('handled:'), kit.type(kit.ref(m)))])],
    );
    g.scope.popFrame();
    const raising = build.func([], [build.callStat(kit.call('error', [g.str(d + 1)]))]);
    return [
      build.localStat([co], [kit.lib('coroutine', 'create', [build.funcExpr(body)])]),
      kit.print([
        kit.lib('coroutine', 'resume', [kit.ref(co), kit.num(c.int(9))]),
        kit.lib('coroutine', 'resume', [kit.ref(co)]),
        kit.lib('coroutine', 'status', [kit.ref(co)]),
      ]),
      kit.print([kit.lib('coroutine', 'resume', [kit.ref(co)])]),
      kit.print([
        kit.lib('coroutine', 'close', [
          kit.lib('coroutine', 'create', [build.funcExpr(build.func([], []))]),
        ]),
      ]),
      kit.print([kit.call('xpcall', [build.funcExpr(raising), build.funcExpr(handler)])]),
      ...utf8CodesStats(g, d, fresh, [p, ch, acc]),
    ];
  });
}

/**
 * `local acc = ""  local p = pcall(function() for _, ch in utf8.codes(s) do acc = acc .. ch
 * end end)`, printed: a string cut in a character raises partway.
 */
function utf8CodesStats(
  g: Gen,
  d: number,
  fresh: () => Local,
  [p, ch, acc]: [Local, Local, Local],
): Stat[] {
  const code = fresh();
  const codes = kit.lib('utf8', 'codes', [
    kit.lib('string', 'sub', [g.str(d + 1), kit.num(1), kit.num(24)]),
  ]);
  const append = build.assign(
    [kit.ref(acc)],
    [kit.bin('..', kit.ref(acc), kit.bin('..', kit.text(kit.ref(ch)), kit.str(' ')))],
  );
  const loop = build.forIn([code, ch], [codes], [...fuelGuard(g, build.brk()), append]);
  return [
    build.localStat([acc], [kit.str('')]),
    build.localStat([p], [kit.call('pcall', [build.funcExpr(build.func([], [loop]))])]),
    kit.print([kit.ref(p), kit.ref(acc)]),
  ];
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
  if (g.typed || g.pure > 0 || g.options.profile !== 'luau' || !g.roomFor(3)) return [];
  switch (g.choices.int(3)) {
    case 0:
      return g.swarm.strings ? [build.doBlock(packStats(g, d))] : [];
    case 1:
      return osStats(g, d);
    default:
      return miscStats(g, d);
  }
};
