import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { freshLocals, fueledFor, kit } from '../kit.js';
import { type Fresh, localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';
import { paramAnnotations } from '../../values/annotations.js';
import { reduceInt } from '../../values/reduce-int.js';

/** The kinds of value a polymorphic site takes. */
function polyValue(g: Gen, kind: number): Expr {
  switch (kind) {
    case 0:
      return g.num(g.options.maxDepth);
    case 1:
      return reduceInt(g, g.int(g.options.maxDepth));
    case 2:
      return g.str(g.options.maxDepth);
    case 3:
      return g.bool(g.options.maxDepth);
    case 4:
      return build.nil();
    default:
      return g.swarm.vectors && g.has('vector.create')
        ? kit.lib('vector', 'create', [
            kit.num(g.choices.int(5) - 2),
            kit.num(0.5),
            reduceInt(g, g.int(g.options.maxDepth)),
          ])
        : kit.num(g.choices.pick([0, -0, 1, 2 ** 31]));
  }
}

/** The polymorphic function's parameter, slot, loop index, value and result. */
interface PolyLocals {
  vals: Local;
  slot: Local;
  i: Local;
  x: Local;
  r: Local;
}

type Arith = '+' | '-' | '*' | '/' | '//' | '%';

/** The branch for a vector: a component of an arithmetic result of it. */
function vectorBranch(g: Gen, { i, x, r }: PolyLocals): [Expr, Stat[]] {
  const c = g.choices;
  return [
    kit.bin('==', kit.call('typeof', [kit.ref(x)]), kit.str('vector')),
    [
      build.assign(
        [kit.ref(r)],
        [
          kit.bin(
            '+',
            kit.index(
              build.group(
                c.pick([
                  () => kit.neg(kit.ref(x)),
                  () => kit.bin('/', kit.ref(x), kit.ref(i)),
                  () => kit.bin('/', kit.ref(i), kit.ref(x)),
                  () => kit.bin('//', kit.ref(x), kit.num(0.5)),
                  () => kit.ref(x),
                ])(),
              ),
              kit.str(c.pick(['x', 'y', 'z'])),
            ),
            kit.ref(i),
          ),
        ],
      ),
    ],
  ];
}

/** The branches of the function, each guarded by the type of the value. */
function typeBranches(g: Gen, locals: PolyLocals, arith: Arith): [Expr, Stat[]][] {
  const { i, x, r } = locals;
  const isType = (ty: string) => kit.bin('==', kit.type(kit.ref(x)), kit.str(ty));
  return [
    [
      isType('number'),
      [
        build.assign(
          [kit.ref(r)],
          [kit.bin(arith, kit.ref(x), kit.bin('+', kit.ref(i), kit.num(0.5)))],
        ),
      ],
    ],
    [
      isType('string'),
      [
        // A string of a number takes part in arithmetic as that number.
        build.assign(
          [kit.ref(r)],
          [
            g.choose(
              kit.bin('~=', kit.call('tonumber', [kit.ref(x)]), build.nil()),
              kit.bin(arith, kit.ref(x), kit.ref(i)),
              kit.bin('+', kit.len(kit.ref(x)), kit.ref(i)),
            ),
          ],
        ),
      ],
    ],
    [
      kit.bin('==', kit.ref(x), build.bool(true)),
      [build.assign([kit.ref(r)], [kit.neg(kit.ref(i))])],
    ],
    vectorBranch(g, locals),
  ];
}

/** The branches as one `if` chain, starting at a drawn branch. */
function typeChain(g: Gen, branches: [Expr, Stat[]][]): Stat[] {
  // The guards in a drawn order: each order is a different chain of type checks.
  const first = g.choices.int(branches.length);
  const ordered = [...branches.slice(first), ...branches.slice(0, first)];
  let chain: Stat[] = [];
  for (const [cond, then] of ordered.reverse())
    chain = [build.ifStat(cond, then, chain.length > 0 ? chain : undefined)];
  return chain;
}

/**
 * The loop's body: the value into a local, the slot and (as a key) the slot's table, the type
 * chain, then comparisons with the two constants, printed.
 */
function loopBody(
  g: Gen,
  { vals, slot, i, x, r }: PolyLocals,
  chain: Stat[],
  numK: Expr,
  strK: Expr,
): Stat[] {
  return [
    build.localStat([x], [kit.index(kit.ref(vals), kit.ref(i))]),
    build.assign([build.field(kit.ref(slot), 0)], [kit.ref(x)]),
    // The value as a key too (not nil or NaN, which no table takes): -0 and 0 are one key.
    build.ifStat(
      kit.bin('and', kit.bin('~=', kit.ref(x), build.nil()), kit.bin('==', kit.ref(x), kit.ref(x))),
      [build.assign([kit.index(kit.ref(slot), kit.ref(x))], [kit.ref(i)])],
    ),
    build.localStat([r], [kit.num(0)]),
    ...chain,
    build.ifStat(kit.bin('==', kit.ref(x), numK), [
      build.assign([kit.ref(r)], [kit.bin('+', kit.ref(r), kit.num(100))]),
    ]),
    build.ifStat(kit.bin('~=', build.field(kit.ref(slot), 0), strK), [
      build.assign([kit.ref(r)], [kit.bin('-', kit.ref(r), kit.num(1))]),
    ]),
    kit.print([
      kit.type(kit.ref(x)),
      kit.ref(r),
      kit.bin('==', kit.ref(x), numK),
      kit.call('rawequal', [kit.ref(x), build.field(kit.ref(slot), 0)]),
      g.choose(
        kit.bin('==', kit.ref(x), build.nil()),
        kit.num(-1),
        kit.orElse(kit.call('rawget', [kit.ref(slot), kit.ref(x)]), kit.num(0)),
      ),
      kit.text(kit.ref(x)),
    ]),
  ];
}

/** A table of `n` mixed values, half the time with an `__index` function for misses. */
function polyTable(g: Gen, fresh: Fresh, n: number): Expr {
  const c = g.choices;
  const t = build.array(Array.from({ length: n }, () => polyValue(g, c.int(6))));
  // Misses fall back to a function of the key half the time.
  if (!c.chance(30)) return t;
  g.scope.pushFrame(false);
  const self = fresh();
  const k = fresh();
  const index = build.func(
    [self, k],
    [build.ret([kit.bin(c.pick(['*', '-'] as const), kit.ref(k), kit.num(-0.5))])],
  );
  g.scope.popFrame();
  return kit.call('setmetatable', [t, build.record([['__index', build.funcExpr(index)]])]);
}

/**
 * A value site that changes type: a table of mixed values read in a loop into one local and one
 * table slot, each value passed to a function whose branches are guarded by its type and
 * compared with a number and a string constant (`==`, `~=`, `rawequal`), so that native code's
 * type guards pass on some iterations and fall back on others.
 *
 * @example
 * ```ts
 * // for i = 1, 5 do local x = vals[i]  slot.v = x  print(type(x), h(x, i), x == 2, x ~= "a") end
 * polyShape(g, 0);
 * ```
 */
export const polyShape: StatProduction = (g, d) => {
  void d;
  return localFunctionShape(g, { room: 14 }, ({ f: h, fresh, endFrame }) => {
    const c = g.choices;
    const n = 3 + c.int(4);
    const [vals, slot, i, x, r] = freshLocals(fresh, 5);
    const locals: PolyLocals = { vals, slot, i, x, r };
    const numK = kit.num(c.pick([0, 1, 2, -1, 0.5, 2 ** 31, -0]));
    const strK = kit.str(c.pick(['', 'a', '1', 'nil', 'true']));
    const arith = c.pick(['+', '-', '*', '/', '//', '%'] as const);
    const chain = typeChain(g, typeBranches(g, locals, arith));
    const loop = fueledFor(
      g,
      i,
      kit.num(1),
      kit.num(n),
      undefined,
      loopBody(g, locals, chain, numK, strK),
    );
    const fn = build.func(
      [vals],
      [build.localStat([slot], [build.array([])]), loop],
      false,
      paramAnnotations(g, 1),
    );
    endFrame();
    const tables = Array.from({ length: 1 + c.int(2) }, () => polyTable(g, fresh, n));
    return [
      build.doBlock([
        build.localFunction(h, fn),
        ...tables.map((t) => build.callStat(build.call(build.local(h.name), [t]))),
      ]),
    ];
  });
};
