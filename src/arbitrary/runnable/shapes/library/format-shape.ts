import type { Expr } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { attemptedCalls } from '../attempt.js';
import type { Gen } from '../../generator.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { FORMAT_CONVERSIONS } from '../../library/format-conversions.js';

/** Bytes `%q` escapes (quote, backslash, newline, carriage return, zero) and some it keeps. */
const QUOTED = ['"', '\\', '\n', '\r', '\0', '\u0001', 'a', ' ', 'é', '0', '\t'];

/** Conversions of `string.format` and the values each takes. */
const conversions = Object.entries(FORMAT_CONVERSIONS);

/** Flags, widths and precisions, with the repeated and over-long ones `format` refuses. */
const FLAGS = ['', '', '-', '+', ' ', '#', '0', '-0', '+ ', '---', '-+ #0-'];
const WIDTHS = ['', '', '1', '5', '12', '99', '100'];
const PRECISIONS = ['', '', '.', '.0', '.3', '.17', '.99', '.100'];

/** `string.pack` options, with the value each packs; some overflow their size on purpose. */
const packOptions: [string, number | string | null][] = [
  ['b', -128],
  ['B', 255],
  ['h', -1],
  ['H', 65535],
  ['i', 2 ** 31 - 1],
  ['I', 7],
  ['l', -(2 ** 40)],
  ['L', 2 ** 40],
  ['j', -(2 ** 53)],
  ['J', 2 ** 53],
  ['T', 12],
  ['i1', 128],
  ['i3', -(2 ** 23)],
  ['I5', 2 ** 39],
  ['i8', -1],
  ['i16', 1],
  ['i17', 1],
  ['f', 0.1],
  ['d', 0.1],
  ['n', -2.5],
  ['s1', 'abc'],
  ['s2', ''],
  ['s', 'xy'],
  ['z', 'zz'],
  ['z', 'a\0b'],
  ['c3', 'abc'],
  ['c2', 'abc'],
  ['c0', ''],
  ['x', null],
  ['Xi4', null],
  ['<', null],
  ['>', null],
  ['=', null],
  ['!', null],
  ['!4', null],
  ['!3', null],
  [' ', null],
];

/** Strings `tonumber` reads (or refuses) in the bases around its limits. */
const NUMERALS = [
  'ff',
  '-FF',
  '  10  ',
  'z',
  'Zz',
  '10',
  '0x10',
  '1e2',
  '',
  ' ',
  '-0',
  '777',
  '1.5',
];
const BASES = [2, 8, 10, 16, 36, 1, 37, 0];

function value(v: number | string): Expr {
  return typeof v === 'number' ? kit.num(v) : kit.str(v);
}

/** `string.format('%q', s)` over strings of the bytes it escapes. */
function quoted(g: Gen): Expr {
  const c = g.choices;
  const s = Array.from({ length: 1 + c.int(8) }, () => c.pick(QUOTED)).join('');
  return kit.lib('string', 'format', [
    kit.str(c.pick(['%q', '<%q>', '%q%q'])),
    kit.str(s),
    kit.str(s),
  ]);
}

/**
 * Values of the numeric conversions: `%x`, `%o`, `%u` and `%c` take no negative value, which C
 * leaves undefined when converted to unsigned.
 */
const numbers = {
  signed: [0, -1, 65, 255, 2 ** 31, -(2 ** 40)],
  int: [0, 65, 255, 2 ** 31 - 1],
  num: [0, -0.5, 1e300, 2.5e-8, 1 / 3, Infinity],
};

/**
 * One conversion with flags, width and precision, and a value it takes. Some flags (`#` with
 * `%d`, `0` with `%s`) are undefined in C: the C libraries of the native and WebAssembly builds
 * may print them differently, so only the `luau` profile (one build, several modes) has them.
 */
function spec(g: Gen): Expr {
  const c = g.choices;
  const [conv, kind] = c.pick(conversions);
  const fmt = `%${c.pick(FLAGS)}${c.pick(WIDTHS)}${c.pick(PRECISIONS)}${conv}`;
  const arg =
    kind === 'str'
      ? kit.str(c.pick(['', 'ab', 'a\0b', '"q"']))
      : kit.num(c.pick(numbers[kind === 'int' && /[dic]/.test(conv) ? 'signed' : kind]));
  return kit.lib('string', 'format', [kit.str(`[${fmt}]`), arg]);
}

/** `string.unpack` of what `string.pack` made of a few options, joined by commas. */
function packed(g: Gen): Expr {
  const c = g.choices;
  const opts = Array.from({ length: 1 + c.int(4) }, () => c.pick(packOptions));
  const fmt = opts.map(([o]) => o).join('');
  const args = opts.flatMap(([, v]) => (v === null ? [] : [value(v)]));
  const pack = kit.lib('string', 'pack', [kit.str(fmt), ...args]);
  return kit.lib('table', 'concat', [
    build.array([kit.lib('string', 'unpack', [kit.str(fmt), pack])]),
    kit.str(','),
  ]);
}

/** `tonumber(s, base)` or `integer.fromstring(s, base)`, and `string.packsize` of fixed formats. */
function numeral(g: Gen): Expr {
  const c = g.choices;
  if (c.chance(25)) {
    const opts = Array.from({ length: 1 + c.int(3) }, () => c.pick(packOptions)).filter(
      ([o]) => !/^[sz]/.test(o),
    );
    return kit.lib('string', 'packsize', [kit.str(opts.map(([o]) => o).join('') || 'i')]);
  }
  const args = [kit.str(c.pick(NUMERALS)), kit.num(c.pick(BASES))];
  // The `integer` library (the `luau` profile's) reads 64-bit numerals, saturating past them.
  if (g.options.profile === 'luau' && c.chance(40)) {
    if (c.chance(30)) args[0] = kit.str(c.pick(['9223372036854775808', '-7fffffffffffffff']));
    return kit.lib('integer', 'fromstring', args);
  }
  return kit.call('tonumber', args);
}

/**
 * Format and option strings through every conversion, flag, escape and option their parsers
 * read, and the ones they refuse: `string.format` with `%q` over the bytes it escapes and with
 * flags, widths and precisions up to the limits; `string.pack` and `unpack` over option
 * sequences with sizes, alignment and endianness, and values that overflow them;
 * `string.packsize`; `tonumber` and `integer.fromstring` in bases 2 to 36 and outside them. A
 * refusal prints `!`.
 *
 * @example
 * ```ts
 * // print(attempt(function() return string.format("%q", "a\0\r") end))
 * // print(attempt(function() return table.concat({string.unpack("<i3!4h", string.pack("<i3!4h", 1, 2))}, ",") end))
 * formatShape(g, 0);
 * ```
 */
export const formatShape: StatProduction = (g) => {
  const makers =
    g.options.profile === 'luau' ? [quoted, spec, packed, numeral] : [quoted, packed, numeral];
  return attemptedCalls(g, () => g.choices.pick(makers)(g));
};
