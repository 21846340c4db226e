import type { Expr, Local } from '../../../../../gen/luau_pb.js';
import type { Gen } from '../../generator.js';
import { build } from '../../../build.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/**
 * Positions around a length `n`: 0, ±1, ±n, n + 1 and n - 1, the values library functions
 * treat specially.
 */
function positions(n: number): number[] {
  return [0, 1, -1, n, -n, n + 1, n - 1, 2];
}

/** The shape's table `t` and string `s` of length `n`, and how its calls take positions. */
interface Site {
  g: Gen;
  d: number;
  t: Local;
  s: Local;
  n: number;
  /** A position around the length. */
  at: () => Expr;
  /** A call under `pcall`. */
  protect: (args: Expr[]) => Expr;
}

/** Calls of `table` functions on the table at drawn positions. */
function tableCalls({ g, d, t, s, at, protect }: Site): (() => Expr)[] {
  return [
    // Called in a function of their own, as programs write them: `table.remove(t, p)`.
    () =>
      protect([
        build.funcExpr(
          build.func([], [build.ret([kit.lib('table', 'remove', [kit.ref(t), at()])])]),
        ),
      ]),
    () =>
      protect([
        build.funcExpr(
          build.func(
            [],
            [build.callStat(kit.lib('table', 'insert', [kit.ref(t), at(), g.int(d + 1)]))],
          ),
        ),
      ]),
    () => kit.lib('table', 'unpack', [kit.ref(t), at(), at()]),
    () =>
      protect([kit.field(build.global('table'), 'concat'), kit.ref(t), kit.str(','), at(), at()]),
    // `table.move` returns its table: only whether it moved is printed. Not on luau-web:
    // a move can leave holes, and then `#t` (which insert and remove read) is any border.
    () =>
      g.options.profile === 'luau-web'
        ? kit.lib('string', 'sub', [kit.ref(s), at()])
        : kit.first(
            protect([kit.field(build.global('table'), 'move'), kit.ref(t), at(), at(), at()]),
          ),
  ];
}

/** Calls of `string` and `utf8` functions on the string at drawn positions. */
function stringCalls({ g, s, at, protect }: Site): (() => Expr)[] {
  const c = g.choices;
  return [
    () => kit.lib('string', 'sub', [kit.ref(s), at(), at()]),
    () => kit.lib('string', 'byte', [kit.ref(s), at(), at()]),
    () =>
      kit.lib('string', 'find', [
        kit.ref(s),
        kit.str(c.pick(['a', '', 'b.'])),
        at(),
        build.bool(c.chance(50)),
      ]),
    () => kit.lib('string', 'rep', [kit.ref(s), at(), kit.str(c.pick(['', '-']))]),
    () => kit.lib('string', 'upper', [kit.lib('string', 'sub', [kit.ref(s), at()])]),
    () => protect([kit.field(build.global('utf8'), 'offset'), kit.ref(s), at(), at()]),
  ];
}

/**
 * Library functions that take a position, a count or a length, called with the values around
 * 0, ±1, ±length and length + 1 on a fresh array or string, under `pcall` where a position can
 * be refused, with what they return and what the table holds after.
 *
 * @example
 * ```ts
 * // local t = {4, 5, 6}  print(pcall(table.remove, t, 4))  print(table.concat(t, ","))
 * positionShape(g, 0);
 * ```
 */
export const positionShape: StatProduction = (g, d) => {
  return shapeLocals(g, { room: 3 }, (fresh) => {
    const c = g.choices;
    const n = 1 + c.int(5);
    const at = () => kit.num(c.pick(positions(n)));
    // On luau-web, another release whose messages may differ, only whether it succeeded.
    const protect = (args: Expr[]) =>
      g.options.profile === 'luau-web'
        ? kit.first(kit.call('pcall', args))
        : kit.call('pcall', args);
    const t = fresh();
    const s = fresh();
    const site: Site = { g, d, t, s, n, at, protect };
    const calls: Expr[] = Array.from({ length: 2 + c.int(3) }, () =>
      c.pick([
        ...tableCalls(site),
        ...stringCalls(site),
        () =>
          protect([
            build.global('select'),
            kit.num(c.pick([1, n, -1, n + 1])),
            kit.lib('table', 'unpack', [kit.ref(t), kit.num(1), kit.num(n)]),
          ]),
      ])(),
    );
    // Which slots hold what after the calls: `#t` is any border once a move left a hole.
    return [
      build.doBlock([
        build.localStat(
          [t],
          [build.array(Array.from({ length: n }, (_, k) => kit.num(10 * (k + 1))))],
        ),
        build.localStat(
          [s],
          [
            kit.lib('string', 'sub', [
              kit.bin('..', kit.str('abcab'), g.str(d + 1)),
              kit.num(1),
              kit.num(n + 3),
            ]),
          ],
        ),
        ...calls.map((e) => kit.print([e])),
        kit.print(Array.from({ length: n + 2 }, (_, k) => kit.index(kit.ref(t), kit.num(k)))),
      ]),
    ];
  });
};
