import { create } from '@bufbuild/protobuf';
import type { Expr, Local, Stat } from '../../../../gen/luau_pb.js';
import * as g735 from '../../../../gen/luau-735_pb.js';
import { build } from '../../build.js';
import { build735 } from './build-735.js';
import type { Gen } from '../generator.js';
import { kit } from '../shapes/kit.js';
import type { StatProduction } from '../library/model.js';
import { shapeLocals } from '../shapes/local-function-shape.js';
import { primitive } from '../values/types.js';

/** `5i`: an integer literal (0.735 loads one alike at every level; 0.715 at `-O0` did not). */
function integerLiteral(k: bigint): Expr {
  const value = create(g735.ExprConstantIntegerSchema, { val: k });
  return create(g735.ExprSchema, { exprOneof: { case: 'integer', value } }) as unknown as Expr;
}

/**
 * Constants the compiler folds: whole, fractional, signed, zero of either sign.
 *
 * @example
 * ```ts
 * kit.num(g.choices.pick(constants));
 * ```
 */
export const constants = [0, 1, 3, -2, 0.5, -0, 7.25, 1e9];

/**
 * A builtin and the arguments it takes (all well defined for them).
 *
 * @example
 * ```ts
 * const abs: Builtin = ['math', 'abs', (g, d) => [g.num(d)]];
 * ```
 */
export type Builtin = readonly [lib: string, fn: string, args: (g: Gen, d: number) => Expr[]];

const byteCount = (g: Gen) => kit.num(g.choices.int(32));
/**
 * The builtins of numbers, bits and strings that grammar 735 references and calls directly.
 *
 * @example
 * ```ts
 * const [lib, fn, args] = g.c.pick(builtins);
 * ```
 */
export const builtins: readonly Builtin[] = [
  ['math', 'abs', (g, d) => [g.num(d)]],
  ['math', 'floor', (g, d) => [g.num(d)]],
  ['math', 'ceil', (g, d) => [g.num(d)]],
  ['math', 'max', (g, d) => [g.num(d), g.num(d)]],
  ['math', 'min', (g, d) => [g.num(d), g.num(d), g.num(d)]],
  ['math', 'sign', (g, d) => [g.num(d)]],
  ['math', 'round', (g, d) => [g.num(d)]],
  ['math', 'fmod', (g, d) => [g.num(d), kit.num(g.choices.pick([3, -2, 0.5]))]],
  ['bit32', 'band', (g, d) => [g.int(d), g.int(d)]],
  ['bit32', 'bxor', (g, d) => [g.int(d), g.int(d)]],
  ['bit32', 'bnot', (g, d) => [g.int(d)]],
  ['bit32', 'lshift', (g, d) => [g.int(d), byteCount(g)]],
  ['bit32', 'rshift', (g, d) => [g.int(d), byteCount(g)]],
  ['bit32', 'countlz', (g, d) => [g.int(d)]],
  ['string', 'len', (g, d) => [g.str(d)]],
  ['string', 'upper', (g, d) => [g.str(d)]],
  ['string', 'reverse', (g, d) => [g.str(d)]],
  ['string', 'rep', (g, d) => [g.str(d), kit.num(g.choices.int(4))]],
  // What only 0.735's builtin table spells (no name of the seed's tables says `lerp`).
  ['math', 'lerp', (g, d) => [g.num(d), g.num(d), kit.num(g.choices.pick([0, 0.25, 1, 2]))]],
  ['math', 'isnan', (g, d) => [g.num(d)]],
  ['math', 'isinf', (g, d) => [g.num(d)]],
  ['math', 'isfinite', (g, d) => [g.num(d)]],
  ['bit32', 'byteswap', (g, d) => [g.int(d)]],
  [
    'bit32',
    'extract',
    (g, d) => [g.int(d), ...g.choices.pick([[0, 1], [4, 4], [31, 1], [0, 32], [8]]).map(kit.num)],
  ],
  ['vector', 'magnitude', (g, d) => [vector(g, d)]],
  ['vector', 'dot', (g, d) => [vector(g, d), vector(g, d)]],
  ['vector', 'cross', (g, d) => [vector(g, d), vector(g, d)]],
  ['vector', 'lerp', (g, d) => [vector(g, d), vector(g, d), kit.num(g.choices.pick([0, 0.5, 1]))]],
  [
    'vector',
    'normalize',
    (g) => [
      kit.lib('vector', 'create', [kit.num(3), kit.num(-4), kit.num(g.choices.pick([0, 12]))]),
    ],
  ],
];

/** A vector of numbers drawn (`vector.create(x, y, z)`). */
function vector(g: Gen, d: number): Expr {
  return kit.lib('vector', 'create', [g.num(d), g.num(d), g.num(d)]);
}

/** Integer builtins over integer literals (where the profile has both). */
const integerBuiltins: readonly Builtin[] = [
  ['integer', 'add', (g) => [integerArg(g), integerArg(g)]],
  ['integer', 'mul', (g) => [integerArg(g), integerArg(g)]],
  ['integer', 'band', (g) => [integerArg(g), integerArg(g)]],
  ['integer', 'lshift', (g) => [integerArg(g), integerLiteral(BigInt(g.choices.int(64)))]],
  ['integer', 'tonumber', (g) => [integerArg(g)]],
  ['integer', 'bswap', (g) => [integerArg(g)]],
];

const integerEdges = [0n, 1n, -1n, 7n, 2n ** 31n, -(2n ** 53n) - 1n, 2n ** 63n - 1n];

function integerArg(g: Gen): Expr {
  return g.choices.chance(60)
    ? integerLiteral(g.choices.pick(integerEdges))
    : g.lib('integer', 'create', [g.int(2)]);
}

/**
 * What grammar 735 adds to a block besides classes, in a `do` block: `const` locals of
 * constants and of expressions over them and a `const` function that reads them (what `-O2`
 * folds across, compared with what `-O0` computes), builtin references stored in a local and
 * called directly (`math.abs(x)` as the reference itself), calls without parentheses
 * (`f "s"`, `f {…}`), and, where the profile has them, integer literals through the
 * `integer` library. The smallest draw is one `const` and its print.
 *
 * @example
 * ```ts
 * // do const l3 = 3  const l4 = l3 * 2 + 0.5  const function l5(l6) return l6 * l3 + l4 end
 * //   local l7 = math.max  print(l3, l4, l5(2), l7(1, l4), string.upper "ab", type {}) end
 * forms735Shape(g, 0);
 * ```
 */
export const forms735Shape: StatProduction = (g, d) =>
  shapeLocals(g, { room: 8 }, (fresh) => {
    const c = g.choices;
    const stats: Stat[] = [];
    const shown: Expr[] = [];
    const a = fresh();
    stats.push(build735.localStat([a], [kit.num(c.pick(constants))], true));
    shown.push(kit.ref(a));
    if (c.chance(70)) {
      const b = fresh();
      const op = c.pick(['+', '*', '-', '/', '//', '..'] as const);
      const value = kit.bin(op, kit.ref(a), kit.num(c.pick(constants)));
      stats.push(build735.localStat([b], [value], true));
      shown.push(kit.ref(b));
      // A const function reading both consts, called with constants and with values.
      if (op !== '..' && c.chance(70)) {
        const f = fresh();
        stats.push(constReader(g, f, fresh, [a, b], false));
        shown.push(build.call(kit.ref(f), [kit.ref(a)]), build.call(kit.ref(f), [g.num(d + 1)]));
      }
    }
    // Builtin references: stored, then called directly.
    const available = [...builtins, ...(g.has('integer.create') ? integerBuiltins : [])].filter(
      ([lib, fn]) => g.has(`${lib}.${fn}`) && (lib !== 'vector' || g.swarm.vectors),
    );
    shown.push(...builtinUses(g, d, fresh, available, stats));
    // Calls without parentheses.
    if (c.chance(60)) {
      shown.push(...parenlessLibraryCalls(g));
      const t = fresh();
      stats.push(lengthPlusFirst(g, t, fresh, false));
      shown.push(build735.parenless(kit.ref(t), build.array([g.num(d + 1), g.num(d + 1)])));
    }
    stats.push(kit.print(shown));
    return [build.doBlock(stats)];
  });

/**
 * `const function f(x) return x * a + b end`, reading the consts `a` and `b`; `typed`: `x:
 * number` and the result `number`.
 *
 * @example
 * ```ts
 * stats.push(constReader(g, f, fresh, [a, b], g.typed));
 * ```
 */
export function constReader(
  g: Gen,
  f: Local,
  fresh: () => Local,
  [a, b]: readonly [Local, Local],
  typed: boolean,
): Stat {
  g.scope.pushFrame(false);
  const x = fresh();
  const body = [build.ret([kit.bin('+', kit.bin('*', kit.ref(x), kit.ref(a)), kit.ref(b))])];
  g.scope.popFrame();
  const num = () => (typed ? [primitive('number')] : []);
  return build735.constFunction(f, build.func([x], body, false, num(), num()));
}

/**
 * Up to two of the `available` builtins used: a reference stored in a local (its statement
 * pushed on `stats`) and called, or called directly; `bind` turns the drawn arguments into the
 * ones passed. Returns the calls.
 *
 * @example
 * ```ts
 * shown.push(...builtinUses(g, d, fresh, builtins, stats));
 * ```
 */
export function builtinUses(
  g: Gen,
  d: number,
  fresh: () => Local,
  available: readonly Builtin[],
  stats: Stat[],
  bind: (lib: string, args: Expr[]) => Expr[] = (_, args) => args,
): Expr[] {
  const c = g.choices;
  const calls: Expr[] = [];
  for (let k = c.int(3); k > 0 && available.length > 0; k--) {
    const [lib, fn, args] = c.pick(available);
    if (c.chance(50)) {
      const r = fresh();
      stats.push(build.localStat([r], [build735.builtinRef(lib, fn)]));
      calls.push(build.call(kit.ref(r), bind(lib, args(g, d + 1))));
    } else {
      calls.push(build735.builtinCall(lib, fn, bind(lib, args(g, d + 1))));
    }
  }
  return calls;
}

/**
 * `string.upper "word"` and `type {}`: library functions called without parentheses.
 *
 * @example
 * ```ts
 * shown.push(...parenlessLibraryCalls(g));
 * ```
 */
export function parenlessLibraryCalls(g: Gen): Expr[] {
  return [
    build735.parenless(
      build.indexName(build.global('string'), build.name('upper')),
      kit.str(g.choices.pick(['ab', 'Luau', '', 'x y'])),
    ),
    build735.parenless(build.global('type'), build.array([])),
  ];
}

/**
 * `local function t(p) return #p + (p[1] or 0) end`, what a paren-less call of a table calls;
 * `typed`: `p: {number}` and the result `number`.
 *
 * @example
 * ```ts
 * stats.push(lengthPlusFirst(g, t, fresh, g.typed));
 * ```
 */
export function lengthPlusFirst(g: Gen, t: Local, fresh: () => Local, typed: boolean): Stat {
  g.scope.pushFrame(false);
  const p = fresh();
  const body = [
    build.ret([
      kit.bin(
        '+',
        kit.len(kit.ref(p)),
        kit.orElse(build.indexExpr(kit.ref(p), kit.num(1)), kit.num(0)),
      ),
    ]),
  ];
  g.scope.popFrame();
  const num = primitive('number');
  const types = typed ? [build.tableType([], [num, num])] : [];
  return build.localFunction(t, build.func([p], body, false, types, typed ? [num] : []));
}
