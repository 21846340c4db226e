import { fuelGuard } from '../../statements/fuel.js';
import type { Expr, Local, Stat, Type } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { freshLocals, kit, type Locals } from '../kit.js';
import type { Gen } from '../../generator.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';
import { aliasStat } from '../../typed/typed-parts.js';
import { ty } from '../../typed/typed-types.js';

/** Alias names of this shape: above the `t0`..`t7` that top-level aliases use. */
const ALIAS_BASE = 8;

/**
 * A function whose parameters, locals and result are annotated in the forms the compiler
 * records for the native code generator: a local alias of `number` and one of a table type
 * with fields, an optional number, an array, string and boolean singletons; typed locals, a
 * constant on the left of `-` and `/` of a typed number, fields read through the table type,
 * and `ipairs` and generalized iteration over the typed array (with fractional
 * indices, and powers of a negative base in registers). Called twice with values of the
 * annotated types; a type is only a hint at run time.
 *
 * @example
 * ```ts
 * // type t8 = number  local function f(a: t8, b: number?, c: t12, d: {number}, e: "on" | "off"): number
 * //   local x: number = a * 2  local y: number = 2 - b ... for i, w in ipairs(d) do ... end
 * typeInfoShape(g, 0);
 * ```
 */
export const typeInfoShape: StatProduction = (g, d) => {
  return shapeLocals(g, { when: g.options.features.typeAnnotations, room: 14 }, (fresh) => {
    const c = g.choices;
    const aliases = g.options.features.typeAliases;
    const numK = ALIAS_BASE + c.int(4);
    const recK = numK + 4;
    const numType = aliases ? ty.alias(numK) : ty.prim('number');
    const recFields: [number, Type][] = [
      [0, ty.prim('number')],
      [1, ty.prim('string')],
    ];
    const recType = aliases ? ty.alias(recK) : ty.table(recFields);
    const f = fresh();
    g.scope.pushFrame(false);
    const locals = freshLocals(fresh, 12);
    const [a, b, r, arr, e, h] = locals;
    const num = ty.prim('number');
    const fn = build.func(
      [a, b, r, arr, e, h],
      typedBody(g, locals),
      false,
      [
        numType,
        c.chance(50) ? num : ty.union(num, ty.prim('nil')),
        recType,
        ty.array(num),
        ty.union(ty.str('on'), ty.str('off')),
        c.chance(50) ? ty.optional(ty.bool(true)) : ty.prim('boolean'),
      ],
      [num],
    );
    g.scope.popFrame();
    const stats: Stat[] = [];
    if (aliases)
      stats.push(aliasStat(numK, ty.prim('number')), aliasStat(recK, ty.table(recFields)));
    stats.push(
      build.localFunction(f, fn),
      kit.print([typedCall(g, d, f)]),
      kit.print([typedCall(g, d, f), kit.first(typedCall(g, d, f))]),
    );
    return [build.doBlock(stats)];
  });
};

/**
 * The annotated function's body over its parameters `a, b, r, arr, e, h` and locals: typed
 * locals, constants on the left of `-` and `/`, loops over the typed array, and the result.
 */
function typedBody(g: Gen, locals: Locals<12>): Stat[] {
  const c = g.choices;
  const [a, b, r, arr, e, h, x, y, z, s, i, w] = locals;
  const num = ty.prim('number');
  const sum = (k: Local, v: Expr) =>
    build.assign([kit.ref(s)], [kit.bin('+', kit.ref(s), kit.bin('*', kit.ref(k), v))]);
  return [
    build.localStat([x], [kit.bin('*', kit.ref(a), kit.num(2))], [num]),
    build.localStat([y], [kit.bin('-', kit.num(c.pick([2, -1, 0.5])), kit.ref(b))], [num]),
    build.localStat([z], [kit.bin('/', kit.num(c.pick([1, 3, -0.5])), kit.ref(x))]),
    build.localStat([s], [kit.num(0)], [num]),
    build.forIn(
      [i, w],
      [kit.call('ipairs', [kit.ref(arr)])],
      [
        ...fuelGuard(g, build.brk()),
        sum(i, kit.ref(w)),
        // A fractional index reads nothing; a typed array makes native code index it directly.
        sum(
          i,
          kit.orElse(kit.index(kit.ref(arr), kit.bin('/', kit.ref(i), kit.num(2))), kit.num(1)),
        ),
        // A negative base raised to the loop's integer (both in registers).
        ...(g.anyExponent() ? [sum(w, kit.bin('^', kit.ref(y), kit.ref(i)))] : []),
      ],
    ),
    // Generalized iteration over an array literal: its array part, in order (no `pairs`).
    build.forIn([i, w], [kit.ref(arr)], [...fuelGuard(g, build.brk()), sum(i, kit.num(2))]),
    build.ret([
      kit.bin(
        '+',
        kit.bin('+', kit.ref(x), kit.ref(y)),
        kit.bin('+', kit.ref(z), kit.bin('+', build.field(kit.ref(r), 0), kit.ref(s))),
      ),
      kit.bin('..', kit.ref(e), build.field(kit.ref(r), 1)),
      kit.ref(h),
    ]),
  ];
}

/** A call of the annotated function `f` with values of its parameters' types. */
function typedCall(g: Gen, d: number, f: Local): Expr {
  const c = g.choices;
  return build.call(kit.ref(f), [
    g.num(d + 1),
    g.num(d + 1),
    build.record([
      [0, g.num(d + 1)],
      [1, kit.str(c.pick(['', 'a', 'on']))],
    ]),
    build.array(Array.from({ length: c.int(4) }, () => g.num(d + 1))),
    kit.str(c.pick(['on', 'off'])),
    c.chance(50) ? build.bool(true) : build.nil(),
  ]);
}
