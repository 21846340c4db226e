import { ExprBinary_Op, type Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { LibraryModel } from './model.js';

/** A small integer index, often negative (counted from the end). */
function index(g: Gen, d: number): Expr {
  if (g.c.chance(60)) return build.number(g.c.int(13) - 6);
  return build.binary(ExprBinary_Op.Mod, g.int(d + 1), build.number(1 + g.c.int(9)));
}

/** A byte `e % m` (a non-NUL one in a NUL-free profile). */
function byteOf(g: Gen, e: Expr, m: number): Expr {
  const b = build.binary(ExprBinary_Op.Mod, e, build.number(g.nulFree() ? m - 1 : m));
  return g.nulFree() ? build.binary(ExprBinary_Op.Add, b, build.number(1)) : b;
}

/** `(e or dflt)`: a library result that may be nil, made total. */
function orElse(e: Expr, dflt: Expr): Expr {
  return build.group(build.binary(ExprBinary_Op.Or, e, dflt));
}

const patterns = ['%d+', '%a+', '%s', '[aeiou]', '^%w', 'o', '.', '%p', '(%a)(%d)', 'l+', '%u'];
const plains = ['a', 'o', 'l', ',', ' ', 'ab', '.', '%', '1'];
const formats: [string, 'int' | 'str' | 'num'][] = [
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
      (g, d) => g.lib('string', 'sub', [g.str(d + 1), index(g, d), index(g, d)]),
      (g, d) => g.lib('string', g.c.pick(['upper', 'lower', 'reverse']), [g.str(d + 1)]),
      (g, d) =>
        build.call(
          build.indexName(
            build.group(g.str(d + 1)),
            build.name(g.c.pick(['upper', 'lower', 'reverse'])),
          ),
          [],
          true,
        ),
      (g, d) => g.lib('string', 'rep', [g.str(d + 1), build.number(g.c.int(4))]),
      (g, d) => {
        const n = 1 + g.c.int(3);
        const specs = Array.from({ length: n }, () => g.c.pick(formats));
        const args = specs.map(([, ty]) => {
          const e = g.expr(ty, d + 1);
          // %c, %x, %o want a non-negative integer.
          if (ty === 'int') return byteOf(g, e, 256);
          // Strict mode checks format strings: `%s` takes a string.
          return ty === 'num' && g.typed ? build.call(build.global('tostring'), [e]) : e;
        });
        return g.lib('string', 'format', [build.string(specs.map(([f]) => f).join(' ')), ...args]);
      },
      (g, d) =>
        build.group(
          g.lib('string', 'gsub', [
            g.str(d + 1),
            build.string(g.c.pick(patterns)),
            build.string(g.c.pick(['<%0>', '%1%1', '', '-', '#', '%%'])),
          ]),
        ),
      (g, d) =>
        orElse(
          g.lib('string', 'match', [g.str(d + 1), build.string(g.c.pick(patterns))]),
          build.string(''),
        ),
      (g, d) =>
        g.lib(
          'string',
          'char',
          Array.from({ length: 1 + g.c.int(4) }, () =>
            byteOf(g, g.int(d + 1), g.c.pick([128, 256, 26])),
          ),
        ),
    ],
    int: [
      (g, d) => orElse(g.lib('string', 'byte', [g.str(d + 1), index(g, d)]), build.number(-1)),
      (g, d) => g.lib('string', 'len', [g.str(d + 1)]),
      (g, d) =>
        orElse(
          g.lib('string', 'find', [
            g.str(d + 1),
            build.string(g.c.pick(plains)),
            build.number(1),
            build.bool(true),
          ]),
          build.number(0),
        ),
      (g, d) =>
        orElse(
          g.lib('string', 'find', [g.str(d + 1), build.string(g.c.pick(patterns)), index(g, d)]),
          build.number(0),
        ),
      (g, d) =>
        build.unary(2, g.lib('string', 'split', [g.str(d + 1), build.string(g.c.pick(plains))])),
      (g, d) =>
        build.group(
          build.call(build.global('select'), [
            build.number(2),
            g.lib('string', 'gsub', [
              g.str(d + 1),
              build.string(g.c.pick(patterns)),
              build.string(''),
            ]),
          ]),
        ),
    ],
    bool: [
      (g, d) =>
        build.binary(
          ExprBinary_Op.CompareNe,
          g.lib('string', 'find', [
            g.str(d + 1),
            build.string(g.c.pick(plains)),
            build.number(1),
            build.bool(true),
          ]),
          build.nil(),
        ),
    ],
  },
};
