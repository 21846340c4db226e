import {
  StatCompoundAssign_Op,
  type Expr,
  type ExprFunction,
  type Local,
  type Stat,
} from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { freshLocals, fueledFor, kit, type Locals } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { type Fresh, shapeLocals } from '../local-function-shape.js';
import { reduceInt } from '../../values/reduce-int.js';

/** Strings the constant folder sees whole: empty, one byte, a pattern, letters and a space. */
const constantStrings = ['', 'a', 'ab', 'Luau', '%d', 'a b', '10', '-2.5'];

/** Strings of numbers, which math builtins convert at run time and the folder leaves alone. */
const numericStrings = ['2.5', '-3', '0', '-0.5', '1e3', '0x10', ' 7 '];

/** Strings of unsigned integers, which `bit32` converts at run time. */
const unsignedStrings = ['3', '255', '0x10', ' 7 ', '31', '0'];

/**
 * Numeric builtins by library, name and arity: given numeric strings, the folder leaves each
 * call to run time (where the library converts them), as it does for any constant not a number.
 */
const numericBuiltins: [string, string, number][] = [
  ...['abs', 'ceil', 'floor', 'sqrt', 'sign', 'round', 'rad', 'deg', 'log'].map(
    (f): [string, string, number] => ['math', f, 1],
  ),
  ...['acos', 'asin', 'atan', 'cos', 'cosh', 'exp', 'log10', 'sin', 'sinh', 'tan', 'tanh'].map(
    (f): [string, string, number] => ['math', f, 1],
  ),
  ...['atan2', 'fmod', 'ldexp', 'max', 'min', 'pow'].map((f): [string, string, number] => [
    'math',
    f,
    2,
  ]),
  ...['bnot', 'countlz', 'countrz'].map((f): [string, string, number] => ['bit32', f, 1]),
  ...['band', 'bor', 'bxor', 'btest', 'lshift', 'rshift', 'arshift', 'lrotate', 'rrotate'].map(
    (f): [string, string, number] => ['bit32', f, 2],
  ),
  ['bit32', 'extract', 3],
  ['bit32', 'replace', 4],
];

/**
 * Constants the `-O2` compiler folds that plain arithmetic does not reach: interpolated strings
 * of constant locals, `nil` locals, equality of constant strings and nils, `type` of constants,
 * `string.len`/`byte`/`char` of constants, `if v then v else k` (an `or` of a local and a
 * constant), and numeric builtins given numeric strings (converted at run time, never folded).
 *
 * @example
 * ```ts
 * // local s, z = "ab", nil  print(`x{s}y{s}`, z == nil, type(z), "ab" == s, string.byte(s, 2))
 * constantShape(g, 0);
 * ```
 */
export const constantShape: StatProduction = (g, d) => {
  return shapeLocals(g, { room: 3 }, (fresh) => {
    const c = g.choices;
    const s = fresh();
    const z = fresh();
    const v = fresh();
    const text = c.pick(constantStrings);
    const sRef = kit.ref(s);
    const zRef = kit.ref(z);
    const vRef = kit.ref(v);
    const stats: Stat[] = [
      build.localStat([s], [kit.str(text)]),
      build.localStat([z], c.chance(50) ? [build.nil()] : []),
      build.localStat([v], [g.choose(g.bool(d + 1), g.num(d + 1), build.nil())]),
    ];
    const folded: Expr[] = [
      kit.bin('==', zRef, build.nil()),
      kit.type(zRef),
      kit.bin(c.pick(['==', '~='] as const), sRef, kit.str(c.pick(constantStrings))),
      kit.type(sRef),
      kit.call('typeof', [c.chance(50) ? zRef : sRef]),
      kit.lib('string', 'len', [sRef]),
      kit.lib('string', 'byte', [sRef]),
      kit.lib('string', 'byte', [sRef, kit.num(c.pick([1, 2, -1, 0, 5]))]),
      kit.lib('string', 'char', [kit.num(65 + c.int(26)), kit.num(48 + c.int(10))]),
      kit.len(sRef),
    ];
    if (g.options.features.interpolatedStrings)
      folded.push(build.interp([kit.str('<'), sRef, kit.str('|'), sRef, kit.str('>')]));
    stats.push(kit.print(folded.filter(() => c.chance(60))));
    stats.push(
      kit.print([
        ...(g.options.features.ifExpressions
          ? [
              build.ifElse(vRef, vRef, c.chance(50) ? kit.num(c.pick([0, -1, 2.5])) : sRef),
              build.ifElse(vRef, c.chance(50) ? kit.str(text) : zRef, vRef),
            ]
          : []),
        kit.bin('or', vRef, kit.str(text)),
        kit.bin('and', vRef, zRef),
      ]),
    );
    if (g.swarm.arithmetic) {
      const calls = Array.from({ length: 1 + c.int(3) }, () => {
        const [lib, fn, arity] = c.pick(numericBuiltins.filter(([l, f]) => g.has(`${l}.${f}`)));
        // The first argument a numeric string, the others small numbers (bit32: unsigned).
        const args = Array.from({ length: arity }, (_, k) =>
          k === 0
            ? kit.str(c.pick(lib === 'bit32' ? unsignedStrings : numericStrings))
            : kit.num(c.pick(lib === 'bit32' ? [1, 4, 3] : [2, -1, 0.5])),
        );
        return kit.lib(lib, fn, args);
      });
      stats.push(kit.print(calls));
    }
    return [build.doBlock(stats)];
  });
};

/** `function t.n<k>(params) body end`: a function statement assigning a table's field. */
function fieldFunction(t: Local, k: number, fn: ExprFunction): Stat {
  return build.functionStat(build.indexName(build.local(t.name), build.customName(k)), fn);
}

/** `a, b, e = x, string.byte(t, i, j)`: the call fills the rest, nil past its results. */
function multipleAssignStats(g: Gen, d: number, [a, b, e, t]: Locals<4>): Stat[] {
  const c = g.choices;
  return [
    build.localStat([a, b, e, t], [kit.num(0), kit.num(0), kit.num(0), g.str(d + 1)]),
    build.assign(
      [kit.ref(a), kit.ref(b), kit.ref(e)],
      [
        g.num(d + 1),
        // Positions from either end, as the library takes them.
        kit.lib('string', 'byte', [
          kit.ref(t),
          kit.num(c.pick([1, -2, -3, 0])),
          kit.num(c.pick([1, 2, 3, -1])),
        ]),
      ],
    ),
    kit.print([kit.ref(a), kit.ref(b), kit.ref(e)]),
  ];
}

/** `t ..= k .. s .. "|"`, when compound assignment is on. */
function concatStats(g: Gen, d: number, t: Local): Stat[] {
  if (!g.options.features.compoundAssignment) return [];
  return [
    build.compound(
      StatCompoundAssign_Op.Concat,
      kit.ref(t),
      kit.bin(
        '..',
        kit.str(g.choices.pick(constantStrings)),
        kit.bin('..', g.str(d + 1), kit.str('|')),
      ),
    ),
    kit.print([kit.ref(t)]),
  ];
}

/** `function o.n0(p) ... end`, called through the table. */
function fieldFunctionStats(g: Gen, d: number, fresh: Fresh, o: Local): Stat[] {
  const stats: Stat[] = [build.localStat([o], [build.array([])])];
  g.scope.pushFrame(false);
  const param = fresh();
  stats.push(
    fieldFunction(
      o,
      0,
      build.func(
        [param],
        [build.ret([kit.bin('+', kit.bin('*', kit.ref(param), kit.num(2)), kit.num(1))])],
      ),
    ),
  );
  g.scope.popFrame();
  stats.push(
    kit.print([build.call(build.indexName(kit.ref(o), build.customName(0)), [g.num(d + 1)])]),
  );
  return stats;
}

/**
 * A loop from a drawn start to a drawn bound whose body makes a closure over a local, then
 * `continue`s on even trips: `continue` past a captured local (when `continue` is on).
 */
function continueStats(g: Gen, d: number, [q, w, fs, acc]: Locals<4>): Stat[] {
  if (!g.options.features.continue) return [];
  const c = g.choices;
  const bound = reduceInt(g, g.int(d + 1));
  return [
    fueledFor(g, q, kit.num(c.pick([-2, 0, 1])), kit.bin('%', bound, kit.num(7)), undefined, [
      build.localStat([w], [kit.bin('*', kit.ref(q), kit.num(3))]),
      build.assign(
        [kit.index(kit.ref(fs), kit.bin('+', kit.len(kit.ref(fs)), kit.num(1)))],
        [build.funcExpr(build.func([], [build.ret([kit.ref(w)])]))],
      ),
      build.ifStat(kit.bin('==', kit.bin('%', kit.ref(q), kit.num(2)), kit.num(0)), [build.cont()]),
      build.ifStat(kit.bin('>', kit.ref(w), kit.num(c.pick([3, 9, 12]))), [build.brk()]),
      build.assign([kit.ref(acc)], [kit.bin('+', kit.ref(acc), kit.ref(w))]),
    ]),
  ];
}

/**
 * Loops: not unrolled (many trips; an assigned loop variable), and `continue` past a captured
 * local.
 */
function loopStats(g: Gen, d: number, [acc, fs, i, p, q, w]: Locals<6>): Stat[] {
  const c = g.choices;
  const stats: Stat[] = [build.localStat([acc, fs], [kit.num(0), build.array([])])];
  const trips = c.pick([17, 40, 100]);
  stats.push(
    build.forStat(i, kit.num(1), kit.num(trips), undefined, [
      build.assign([kit.ref(acc)], [kit.bin('+', kit.ref(acc), kit.ref(i))]),
    ]),
    build.forStat(p, kit.num(1), kit.num(3), undefined, [
      build.assign([kit.ref(p)], [kit.bin('*', kit.ref(p), kit.num(c.pick([2, -1, 0.5])))]),
      build.assign([kit.ref(acc)], [kit.bin('+', kit.ref(acc), kit.ref(p))]),
    ]),
    ...continueStats(g, d, [q, w, fs, acc]),
    kit.print([
      kit.ref(acc),
      kit.len(kit.ref(fs)),
      // The first closure, when the loop made one.
      kit.bin(
        'and',
        kit.index(kit.ref(fs), kit.num(1)),
        build.call(kit.index(kit.ref(fs), kit.num(1)), []),
      ),
    ]),
  );
  return stats;
}

/** A small function `f` called with fewer and more arguments than its parameters. */
function arityStats(g: Gen, d: number, fresh: Fresh, f: Local, t: Local): Stat[] {
  const c = g.choices;
  g.scope.pushFrame(false);
  const [x, y, k] = [fresh(), fresh(), fresh()];
  const fn = build.func(
    [x, y, k],
    [build.ret([kit.ref(k), kit.ref(y), kit.orElse(kit.ref(x), kit.num(0))])],
  );
  g.scope.popFrame();
  return [
    build.localFunction(f, fn),
    kit.print([
      build.call(kit.ref(f), [kit.num(c.pick([1, -0.5, 0]))]),
      build.call(kit.ref(f), []),
      build.call(kit.ref(f), [g.num(d + 1), kit.str('b'), kit.num(3), g.num(d + 1)]),
      // The last argument's results fill the parameters left.
      build.call(kit.ref(f), [
        g.num(d + 1),
        kit.lib('string', 'byte', [kit.ref(t), kit.num(1), kit.num(c.pick([1, 2, 3]))]),
      ]),
    ]),
  ];
}

/**
 * Statement forms the compiler handles on paths of their own: a multiple assignment with more
 * targets than values ending in a call, `..=` of a concatenation, a function statement into a
 * table field, `continue` and `break` past a local a closure captures, loops with constant bounds that
 * `-O2` does not unroll (too many trips, a loop variable assigned), and a small function called
 * with fewer and with more arguments than it has parameters (the last one a call with several
 * results).
 *
 * @example
 * ```ts
 * // a, b, c = x, string.byte(s, 1, 2)  t ..= s .. "y"  function o.n0(p) return p * 2 end
 * // for i = 1, 40 do acc += i end  for i = 1, 3 do i = i * 2 acc += i end  print(f(1), f(1, 2, 3, 4))
 * formsShape(g, 0);
 * ```
 */
export const formsShape: StatProduction = (g, d) => {
  return shapeLocals(g, { room: 12 }, (fresh) => {
    const [a, b, e, t, o, p, acc, i, w, fs, f, q] = freshLocals(fresh, 12);
    const stats: Stat[] = [
      ...multipleAssignStats(g, d, [a, b, e, t]),
      ...concatStats(g, d, t),
      ...fieldFunctionStats(g, d, fresh, o),
      ...loopStats(g, d, [acc, fs, i, p, q, w]),
      ...arityStats(g, d, fresh, f, t),
    ];
    return [build.doBlock(stats)];
  });
};
