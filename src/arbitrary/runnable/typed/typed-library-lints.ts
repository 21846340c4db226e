import { ExprBinary_Op, ExprUnary_Op } from '../../../../gen/luau_pb.js';
import type { Expr, Local, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import type { Locals } from '../shapes/kit.js';
import { opaque, print, value } from './typed-parts.js';
import { ty } from './typed-types.js';

const ref = (l: Local) => build.local(l.name);
const len = (e: Expr) => build.unary(ExprUnary_Op.Len, e);

/** `string.pack` formats with the kind of value each takes (strings at most 12 bytes). */
const packFormats: [string, 'int' | 'str'][] = [
  ['i4', 'int'],
  ['<i2', 'int'],
  ['>I4', 'int'],
  ['B', 'int'],
  ['d', 'int'],
  ['f', 'int'],
  ['s1', 'str'],
  ['s2', 'str'],
];

/** `os.date` formats of the UTC time 0 (`!`): the same text on every run. */
const dateFormats = ['!%Y-%m-%d', '!%H:%M:%S', '!%d/%m/%y %j', '!%A %B %p'];

/**
 * Library calls that luau-analyze's linter reads by their arguments, all run as meant: the
 * TableOperations warnings (`table.insert` before the last element and at `#t + 1`,
 * `table.remove` before the last, `table.move` to index 0, `table.create` of a table
 * literal), the DeprecatedApi members (`table.getn`, `table.foreach`, `table.foreachi`), and
 * the format strings of `string.pack`/`string.packsize` and `os.date` (at time 0, UTC), which
 * the FormatString lint parses. Not in profile `luau-web`, whose library is another release.
 *
 * @example
 * ```ts
 * libraryLintStat(g, 1); // local l5: {number} = {...} table.insert(l5, #l5, ...) ...
 * ```
 */
export const libraryLintStat: StatProduction = (g: Gen, d: number): Stat[] => {
  if (g.options.profile === 'luau-web') return [];
  const [t, dst, c, packed, a, b] = opaque(g, 6);
  return [...tableOperationLints(g, d, [t, dst, c]), ...formatStringLints(g, d, [packed, a, b])];
};

/** The TableOperations warnings on an array `t`, and the DeprecatedApi table members. */
function tableOperationLints(g: Gen, d: number, [t, dst, c]: Locals<3>): Stat[] {
  const tRef = ref(t);
  const lastMinus = (k: number) => build.binary(ExprBinary_Op.Sub, len(tRef), build.number(k));
  return [
    build.localStat(
      [t],
      [build.array([g.int(d + 1), g.int(d + 1), g.int(d + 1)])],
      [ty.array(ty.prim('number'))],
    ),
    build.callStat(build.libCall('table', 'insert', [tRef, len(tRef), g.int(d + 1)])),
    build.callStat(
      build.libCall('table', 'insert', [
        tRef,
        build.binary(ExprBinary_Op.Add, len(tRef), build.number(1)),
        g.int(d + 1),
      ]),
    ),
    print([build.libCall('table', 'remove', [tRef, lastMinus(1)])]),
    build.localStat([dst], [build.array([])], [ty.array(ty.prim('number'))]),
    build.callStat(
      build.libCall('table', 'move', [
        tRef,
        build.number(1),
        build.number(2),
        build.number(0),
        ref(dst),
      ]),
    ),
    build.localStat(
      [c],
      [build.libCall('table', 'create', [build.number(1 + g.choices.int(3)), build.array([])])],
    ),
    print([
      len(tRef),
      build.indexExpr(ref(dst), build.number(0)),
      len(ref(c)),
      build.libCall('table', 'getn', [tRef]),
    ]),
    build.callStat(
      build.libCall('table', g.choices.pick(['foreach', 'foreachi']), [
        build.array([value(g, 'str', d + 1)]),
        build.global('print'),
      ]),
    ),
  ];
}

/** The format strings of `string.pack`, `string.unpack`, `string.packsize` and `os.date`. */
function formatStringLints(g: Gen, d: number, [packed, a, b]: Locals<3>): Stat[] {
  const [format, kind] = g.choices.pick(packFormats);
  const v = kind === 'int' ? build.number(g.choices.int(100)) : value(g, 'str', d + 1);
  return [
    build.localStat([packed], [build.libCall('string', 'pack', [build.string(format), v])]),
    build.localStat(
      [a, b],
      [build.libCall('string', 'unpack', [build.string(format), ref(packed)])],
    ),
    print([
      len(ref(packed)),
      ref(a),
      ref(b),
      build.libCall('string', 'packsize', [
        build.string(g.choices.pick(['i4i8', '<d', 'BBh', 'j'])),
      ]),
      build.libCall('os', 'date', [build.string(g.choices.pick(dateFormats)), build.number(0)]),
    ]),
  ];
}
