import { create } from '@bufbuild/protobuf';
import {
  AttrType,
  ExprAttrSchema,
  ExprLiteralSchema,
  ExprLiteralTableSchema,
  type Expr,
  type ExprAttr,
  type ExprFunction,
  type Stat,
} from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import type { StatProduction } from '../../library/model.js';
import { kit } from '../kit.js';
import { shapeLocals, type Fresh } from '../local-function-shape.js';

const kinds = [AttrType.Native, AttrType.Checked, AttrType.Deprecated];

/**
 * One to three distinct attributes in any order (each at most once: "Cannot duplicate
 * attribute"), one by one (`@native @checked`) or in a braced list (`@[checked, native]`);
 * in a list, `deprecated` now and then with its one argument, a table (`deprecated {}`).
 *
 * @example
 * ```ts
 * attributes(g); // @[deprecated {}, native]
 * ```
 */
function attributes(g: Gen): ExprAttr[] {
  const c = g.choices;
  const braced = c.chance(50);
  const order = kinds.filter(() => c.chance(60));
  if (order.length === 0) order.push(c.pick(kinds));
  if (order.length > 1 && c.chance(50)) order.reverse();
  return order.map((type, i) => {
    const table = create(ExprLiteralTableSchema, {});
    const withArg = braced && type === AttrType.Deprecated && c.chance(60);
    const args = withArg
      ? [create(ExprLiteralSchema, { exprOneof: { case: 'table', value: table } })]
      : [];
    // The printer braces the whole list when the first attribute is braced.
    return create(ExprAttrSchema, { type, braced: braced && i === 0, args });
  });
}

/**
 * Attributes Luau refuses, each with its own diagnostic (worded alike in 0.715 and 0.735): no
 * function after them, an empty or unclosed list, a name missing, unknown or repeated, and
 * arguments that are not literals or not what `@deprecated` takes.
 */
const refused = [
  '@native x = 1',
  '@[native] return 1',
  '@[]',
  '@[native',
  '@ native local function f() end',
  '@[native, nope] local function f() end',
  '@native @native local function f() end',
  'local f = @native 1',
  '@[deprecated(x)] local function f() end',
  '@[deprecated "s"] local function f() end',
  '@[deprecated {use = 1}] local function f() end',
  '@[deprecated {1}] local function f() end',
];

/** A function of one number (`p * k + c`, or `p - k` falling back on `c`), with attributes. */
function attributed(g: Gen, fresh: Fresh): ExprFunction {
  const c = g.choices;
  g.scope.pushFrame(false);
  const p = fresh();
  const k = kit.num(c.pick([2, -3, 0.5, 7]));
  const body = c.chance(50)
    ? [build.ret([kit.bin('+', kit.bin('*', kit.ref(p), k), kit.num(c.int(9)))])]
    : [
        build.ifStat(kit.bin('>', kit.ref(p), kit.num(0)), [
          build.ret([kit.bin('-', kit.ref(p), k)]),
        ]),
        build.ret([kit.num(c.int(9))]),
      ];
  g.scope.popFrame();
  const f = build.func([p], body);
  f.attributes = attributes(g);
  return f;
}

/**
 * Functions with attributes (`@native`, `@checked`, `@deprecated`, alone, together, braced,
 * `@deprecated` with its table argument) in every place Luau reads them: a local function, a
 * function statement on a table's field, and function expressions stored in a local and given
 * to `pcall`; each called with values of the program, its results printed. Attributes change
 * no result: `@native` only asks for native code, which `--codegen` makes for every function.
 * Now and then also a chunk whose attributes Luau refuses, given to `loadstring`, and its
 * diagnostic printed.
 *
 * @example
 * ```ts
 * // do @native local function l3(l4) return l4 * 2 + 1 end  local l5 = {}
 * //   @[checked, deprecated {}] function l5.n0(l6) ... end  local l7 = @deprecated function(l8) ... end
 * //   print(l3(x), l5.n0(y), l7(z), pcall(@[native] function(l9) ... end, w)) end
 * attributeShape(g, 0);
 * ```
 */
export const attributeShape: StatProduction = (g, d) =>
  shapeLocals(g, { when: g.options.features.attributes, room: 8 }, (fresh) => {
    const c = g.choices;
    const stats: Stat[] = [];
    const shown: Expr[] = [];
    const arg = () => g.num(d + 1);
    const f = fresh();
    stats.push(build.localFunction(f, attributed(g, fresh)));
    shown.push(build.call(kit.ref(f), [arg()]));
    if (c.chance(70)) {
      const t = fresh();
      const k = c.int(4);
      stats.push(build.localStat([t], [build.record([])]));
      stats.push(build.functionStat(build.field(kit.ref(t), k), attributed(g, fresh)));
      shown.push(build.call(build.field(kit.ref(t), k), [arg()]));
    }
    if (c.chance(70)) {
      const e = fresh();
      stats.push(build.localStat([e], [build.funcExpr(attributed(g, fresh))]));
      shown.push(build.call(kit.ref(e), [arg()]));
    }
    if (c.chance(50)) shown.push(kit.call('pcall', [build.funcExpr(attributed(g, fresh)), arg()]));
    stats.push(kit.print(shown));
    // Only the `luau` profile has `loadstring`: `nil` and the diagnostic.
    if (g.options.profile === 'luau' && c.chance(50))
      stats.push(kit.print([kit.call('loadstring', [kit.str(c.pick(refused)), kit.str('=attr')])]));
    return [build.doBlock(stats)];
  });
