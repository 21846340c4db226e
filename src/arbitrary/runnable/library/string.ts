import { ExprBinary_Op, ExprUnary_Op, type Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { LibraryModel } from './model.js';
import { found, orElse } from './results.js';

/**
 * A string index: small and often negative (counted from the end), sometimes zero or far out
 * of range on either side (clamped by the library), or computed.
 */
function index(g: Gen, d: number): Expr {
  switch (g.choices.weighted([6, 1, 3])) {
    case 0:
      return signed(g.choices.int(25) - 12);
    case 1:
      return signed(g.choices.pick([0, 40, -40, 1000, -1000, 0x7fffffff, -0x7fffffff]));
    default:
      return build.binary(
        ExprBinary_Op.Sub,
        build.binary(ExprBinary_Op.Mod, g.int(d + 1), build.number(1 + g.choices.int(30))),
        build.number(g.choices.int(16)),
      );
  }
}

/** A constant, negative ones as `-k`. */
function signed(k: number): Expr {
  return k < 0 ? build.unary(ExprUnary_Op.Minus, build.number(-k)) : build.number(k);
}

/** A byte `e % m` (a non-NUL one in a NUL-free profile). */
function byteOf(g: Gen, e: Expr, m: number): Expr {
  const b = build.binary(ExprBinary_Op.Mod, e, build.number(g.nulFree() ? m - 1 : m));
  return g.nulFree() ? build.binary(ExprBinary_Op.Add, b, build.number(1)) : b;
}

/**
 * What `gsub` puts in place of a match: a template (`%0`, `%1`), a pure function of the match
 * (its text changed, its length, or `nil` to keep it), or a table of replacements.
 */
function replacement(g: Gen): Expr {
  switch (g.choices.weighted([4, 2, 1])) {
    case 0:
      return build.string(g.choices.pick(['<%0>', '%1%1', '', '-', '#', '%%']));
    case 1: {
      const w = build.localVar(250);
      // Strict mode wants the function to return a string.
      const bodies = [
        () => build.call(build.indexName(build.local(250), build.name('upper')), [], true),
        () => g.lib('string', 'rep', [build.local(250), build.number(2)]),
        () => build.unary(ExprUnary_Op.Len, build.local(250)),
        () => build.nil(),
      ];
      const body = g.choices.pick(g.typed ? bodies.slice(0, 2) : bodies)();
      const types = g.types([{ ty: 'str', mutable: false }]);
      return build.funcExpr(build.func([w], [build.ret([body])], false, types));
    }
    default:
      return build.record([
        ['a', build.string('A')],
        ['hello', build.string('bye')],
        ...(g.typed
          ? []
          : ([
              ['o', build.number(0)],
              ['1', build.bool(false)],
            ] as [string, Expr][])),
      ]);
  }
}

/** `string.find(s, plain, 1, true)`: a search for plain text. */
function plainFind(g: Gen, d: number): Expr {
  const args = [
    g.str(d + 1),
    build.string(g.choices.pick(plains)),
    build.number(1),
    build.bool(true),
  ];
  return g.lib('string', 'find', args);
}

const patterns = [
  '%d+',
  '%a+',
  '%s',
  '[aeiou]',
  '^%w',
  'o',
  '.',
  '%p',
  '(%a)(%d)',
  'l+',
  '%u',
  '%x+',
  '[%w_]+',
  '(%w+)=(%w+)',
  '^%s*(.-)%s*$',
  '[^,]+',
  '.-',
  'a*',
  '%d%d?',
  '%b[]',
  // Delimiters that many subjects hold (one nested in another, one missing): the balance's walk.
  '%bab',
  '%f[%w]%w+',
  '%l%l',
  '(.)%1',
];
const plains = ['a', 'o', 'l', ',', ' ', 'ab', '.', '%', '1'];
const formats: [string, 'int' | 'sint' | 'str' | 'num' | 'none'][] = [
  ['%d', 'int'],
  ['%5d', 'int'],
  ['%-4d|', 'int'],
  ['%x', 'int'],
  ['%X', 'int'],
  ['%o', 'int'],
  ['%s', 'str'],
  ['%q', 'str'],
  ['%10s', 'str'],
  ['%.3s', 'str'],
  ['%s', 'num'],
  ['%.17g', 'int'],
  ['%g', 'int'],
  ['%.3f', 'int'],
  ['%e', 'int'],
  ['%c', 'int'],
  ['%+d', 'sint'],
  ['% d', 'sint'],
  ['%i', 'sint'],
  ['%-12i|', 'sint'],
  ['%#x', 'int'],
  ['%#o', 'int'],
  ['%08.3f', 'sint'],
  ['%-9.2f|', 'sint'],
  ['%.0f', 'sint'],
  ['%+.4e', 'sint'],
  ['%G', 'sint'],
  ['%5.1s', 'str'],
  ['%%', 'none'],
];

/**
 * `string`: `byte` and `sub` with negative indices, `rep`, `reverse`, `upper`, `lower`, `len`,
 * `format` with safe specifiers, `find` and `match` with `plain` and simple patterns, `gsub`,
 * `char`, `split` (counted), and method calls (`s:upper()`).
 *
 * @example
 * ```ts
 * stringModel.exprs.str?.[0]?.(g, 0); // string.sub(s, -3, 2) or similar
 * ```
 */
export const stringModel: LibraryModel = {
  name: 'string',
  on: (g) => g.swarm.strings,
  exprs: {
    str: [
      (g, d) => g.lib('string', 'sub', [g.str(d + 1), index(g, d)]),
      // The bytes of a range and back: `string.sub` by another road.
      (g, d) =>
        g.lib('string', 'char', [
          g.lib('string', 'byte', [g.str(d + 1), index(g, d), index(g, d)]),
        ]),
      (g, d) => g.lib('string', 'sub', [g.str(d + 1), index(g, d), index(g, d)]),
      (g, d) => g.lib('string', g.choices.pick(['upper', 'lower', 'reverse']), [g.str(d + 1)]),
      (g, d) =>
        build.call(
          build.indexName(
            build.group(g.str(d + 1)),
            build.name(g.choices.pick(['upper', 'lower', 'reverse'])),
          ),
          [],
          true,
        ),
      (g, d) => g.lib('string', 'rep', [g.str(d + 1), build.number(g.choices.int(4))]),
      (g, d) => {
        const n = 1 + g.choices.int(3);
        const specs = Array.from({ length: n }, () => g.choices.pick(formats));
        const args = specs.flatMap(([, ty]) => {
          if (ty === 'none') return [];
          // Whole numbers of either sign (below 2^34) for %d, %i, %f, %e, %g.
          if (ty === 'sint') return [g.int(d + 1)];
          const e = g.expr(ty, d + 1);
          // %c, %x, %o want a non-negative integer.
          if (ty === 'int') return [byteOf(g, e, 256)];
          // Strict mode checks format strings: `%s` takes a string.
          return [ty === 'num' && g.typed ? build.call(build.global('tostring'), [e]) : e];
        });
        return g.lib('string', 'format', [build.string(specs.map(([f]) => f).join(' ')), ...args]);
      },
      (g, d) =>
        build.group(
          g.lib('string', 'gsub', [
            g.str(d + 1),
            build.string(g.choices.pick(patterns)),
            replacement(g),
            ...(g.choices.chance(30) ? [build.number(g.choices.int(4))] : []),
          ]),
        ),
      (g, d) =>
        orElse(
          g.lib('string', 'match', [g.str(d + 1), build.string(g.choices.pick(patterns))]),
          build.string(''),
        ),
      (g, d) =>
        g.lib(
          'string',
          'char',
          Array.from({ length: 1 + g.choices.int(4) }, () =>
            byteOf(g, g.int(d + 1), g.choices.pick([128, 256, 26])),
          ),
        ),
    ],
    int: [
      (g, d) => orElse(g.lib('string', 'byte', [g.str(d + 1), index(g, d)]), build.number(-1)),
      // Every byte of a range: how many there are.
      (g, d) =>
        build.call(build.global('select'), [
          build.string('#'),
          g.lib('string', 'byte', [g.str(d + 1), index(g, d), index(g, d)]),
        ]),
      (g, d) => g.lib('string', 'len', [g.str(d + 1)]),
      (g, d) => orElse(plainFind(g, d), build.number(0)),
      (g, d) =>
        orElse(
          g.lib('string', 'find', [
            g.str(d + 1),
            build.string(g.choices.pick(patterns)),
            index(g, d),
          ]),
          build.number(0),
        ),
      (g, d) =>
        build.unary(
          ExprUnary_Op.Len,
          g.lib('string', 'split', [g.str(d + 1), build.string(g.choices.pick(plains))]),
        ),
      (g, d) =>
        build.group(
          build.call(build.global('select'), [
            build.number(2),
            g.lib('string', 'gsub', [
              g.str(d + 1),
              build.string(g.choices.pick(patterns)),
              build.string(''),
            ]),
          ]),
        ),
    ],
    bool: [(g, d) => found(plainFind(g, d))],
  },
};
