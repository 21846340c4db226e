import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/** Operations that raise an error, each a statement or expression of values in scope. */
const failing: ((g: Gen, fresh: () => Local) => Stat[])[] = [
  (g) => [
    build.ret([
      kit.index(
        build.group(kit.index(build.group(build.array([])), g.int(g.options.maxDepth))),
        kit.num(1),
      ),
    ]),
  ],
  (g) => [build.ret([kit.bin('+', build.array([]), g.num(g.options.maxDepth))])],
  (g) => [build.ret([kit.len(g.num(g.options.maxDepth))])],
  (g) => [build.ret([kit.bin('..', g.bool(g.options.maxDepth), kit.str('x'))])],
  (g) => [build.ret([kit.bin('<', build.array([]), g.num(g.options.maxDepth))])],
  (g) => [build.ret([kit.bin('<', g.str(g.options.maxDepth), g.num(g.options.maxDepth))])],
  (g) => [
    build.ret([
      build.call(
        build.group(kit.index(build.group(build.array([])), g.num(g.options.maxDepth))),
        [],
      ),
    ]),
  ],
  (g) => [build.ret([build.field(build.group(g.num(g.options.maxDepth)), 0)])],
  (g) => [
    build.callStat(kit.call('error', [kit.bin('..', kit.str('e:'), g.str(g.options.maxDepth))])),
  ],
  (g) => [build.callStat(kit.call('error', [build.record([[0, g.num(g.options.maxDepth)]])]))],
  () => [build.callStat(kit.call('error', []))],
  (g) => [build.callStat(kit.call('assert', [build.bool(false), g.str(g.options.maxDepth)]))],
  () => [build.callStat(kit.call('assert', [build.nil()]))],
  (g) => [build.ret([kit.lib('string', 'rep', [g.str(g.options.maxDepth), kit.num(2 ** 40)])])],
  (g) => [build.ret([kit.lib('string', 'char', [kit.num(g.choices.pick([256, -1, 300]))])])],
  (g) => [build.ret([kit.lib('math', 'floor', [g.str(g.options.maxDepth)])])],
  (g) => [
    build.ret([
      kit.lib('bit32', 'extract', [
        g.int(g.options.maxDepth),
        kit.num(g.choices.pick([32, -1, 30])),
        kit.num(g.choices.pick([3, 0, 5])),
      ]),
    ]),
  ],
  (g) => [
    build.ret([
      kit.lib('table', 'insert', [
        build.array([]),
        kit.num(g.choices.pick([3, -1, 0])),
        g.num(g.options.maxDepth),
      ]),
    ]),
  ],
  (g) => [
    build.ret([kit.call('select', [kit.num(g.choices.pick([0, -5])), g.num(g.options.maxDepth)])]),
  ],
  (g) => [build.ret([kit.call('setmetatable', [g.num(g.options.maxDepth), build.array([])])])],
  () => [build.ret([kit.lib('string', 'sub', [])])],
  (g) => [build.ret([kit.lib('utf8', 'char', [kit.num(g.choices.pick([-1, 0x110000]))])])],
  (g) => [
    build.ret([
      kit.call('tostring', [
        kit.call('setmetatable', [
          build.array([]),
          build.record([
            [
              '__tostring',
              build.funcExpr(build.func([], [build.ret([g.num(g.options.maxDepth)])])),
            ],
          ]),
        ]),
      ]),
    ]),
  ],
  (g) => [
    build.ret([
      kit.lib('buffer', 'readi32', [
        kit.lib('buffer', 'create', [kit.num(4)]),
        kit.num(g.choices.pick([1, -1, 4])),
      ]),
    ]),
  ],
  (g) => [
    build.ret([
      kit.lib('string', 'format', [
        kit.str(g.choices.pick(['%d', '%q %s', '%y', '%5'])),
        kit.num(1.5),
      ]),
    ]),
  ],
  // A numeric `for` converts a bound that reads as a number and refuses one that does not:
  // `invalid 'for' initial value|limit|step (number expected, got …)`.
  (g, fresh) => {
    const bounds = [kit.num(1), kit.num(3), kit.num(1)];
    bounds[g.choices.int(3)] = g.choices.pick([
      () => build.nil(),
      () => build.bool(true),
      () => build.array([]),
      () => kit.str(g.choices.pick(['x', '2', ' 0x3 ', '1e0'])),
    ])();
    return [build.forStat(fresh(), bounds[0]!, bounds[1]!, bounds[2], [])];
  },
  // A generic `for` over what is neither a function nor a table: `attempt to iterate over …`.
  (g, fresh) => [
    build.forIn(
      [fresh()],
      [
        g.choices.pick([
          () => g.num(g.options.maxDepth),
          () => g.str(g.options.maxDepth),
          () => build.nil(),
        ])(),
      ],
      [],
    ),
  ],
];

/**
 * `error(msg, level)` two calls down, through a table's functions (pushed to `stats`): the
 * function that calls them.
 */
function raisedAtLevel(g: Gen, fresh: () => Local, stats: Stat[]): Expr {
  const h = fresh();
  const level = 1 + g.choices.int(3);
  const fn = (body: Stat[]) => build.funcExpr(build.func([], body));
  const callField = (k: number) => build.callStat(build.call(build.field(kit.ref(h), k), []));
  stats.push(
    build.localStat([h], [build.array([])]),
    build.assign(
      [build.field(kit.ref(h), 0)],
      [fn([build.callStat(kit.call('error', [kit.str('lvl'), kit.num(level)]))])],
    ),
    build.assign([build.field(kit.ref(h), 1)], [fn([callField(0)])]),
  );
  return fn([callField(1)]);
}

/**
 * A protected call of an operation that raises an error: the status and the message, with the
 * chunk's name cut off where it stands before the line number (runtimes name chunks
 * differently), so a wrong message, line or error value shows as a difference. Also errors
 * raised at levels 1 to 3 through functions held in a table (which `-O2` does not inline).
 *
 * @example
 * ```ts
 * // local ok, e = pcall(function() return #x end)  print(ok, (string.gsub(tostring(e), "^.-:(%d+): ", "%1: ")))
 * errorShape(g, 0);
 * ```
 */
export const errorShape: StatProduction = (g) => {
  // Not on luau-web: another release of Luau, whose library refuses other arguments.
  return shapeLocals(
    g,
    { swarm: 'errors', when: !(g.recursive > 0) && !(g.options.profile !== 'luau'), room: 6 },
    (fresh) => {
      const c = g.choices;
      const ok = fresh();
      const e = fresh();
      let thunk: Expr;
      const stats: Stat[] = [];
      if (c.chance(30)) {
        thunk = raisedAtLevel(g, fresh, stats);
      } else {
        g.scope.pushFrame(false);
        thunk = build.funcExpr(build.func([], c.pick(failing)(g, fresh)));
        g.scope.popFrame();
      }
      // A table raised as the error prints as its type: its address differs from run to run.
      const message = g.choose(
        kit.bin('==', kit.type(kit.ref(e)), kit.str('string')),
        kit.first(kit.lib('string', 'gsub', [kit.ref(e), kit.str('^.-:(%d+): '), kit.str('%1: ')])),
        kit.type(kit.ref(e)),
      );
      stats.push(
        build.localStat([ok, e], [kit.call('pcall', [thunk])]),
        kit.print([kit.ref(ok), message]),
      );
      return [build.doBlock(stats)];
    },
  );
};
