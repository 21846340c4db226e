import type { Expr, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { kit } from '../kit.js';
import type { Gen } from '../../generator.js';

/** A value native code knows, and an operation on it (and on a number `p`) that must fail. */
type Refusal = [value: () => Expr, op: (g: Gen, v: Expr, p: Expr) => Expr];

const refusals: Refusal[] = [
  [() => build.bool(true), (_g, v, p) => kit.bin('+', v, p)],
  [() => build.nil(), (_g, v, p) => kit.bin('*', p, v)],
  [() => build.array([]), (_g, v) => kit.neg(v)],
  [() => kit.str('x'), (_g, v, p) => kit.bin('//', v, p)],
  [() => build.bool(false), (_g, v, p) => kit.bin('<', p, v)],
  [() => kit.num(5), (_g, v) => kit.len(v)],
  [() => build.nil(), (_g, v) => kit.field(v, 'len')],
  [() => build.bool(false), (_g, v) => kit.call('assert', [v])],
  [() => build.nil(), (_g, v) => kit.call('assert', [v])],
  [() => build.bool(true), (g, v, p) => g.lib('bit32', 'band', [v, p])],
  [() => kit.str('a'), (g, v) => g.lib('math', 'floor', [v])],
  [() => build.array([]), (_g, v, p) => kit.bin('<=', v, p)],
  [() => build.nil(), (_g, v, p) => build.call(build.indexName(v, build.name('len')), [p], true)],
  // Table functions given what is no table.
  [() => build.nil(), (g, v) => g.lib('table', 'remove', [v])],
  [() => kit.num(5), (g, v, p) => g.lib('table', 'insert', [v, p])],
  // A read past the end of a 16-byte buffer at a constant offset.
  [
    () => kit.num(16),
    (g, v) =>
      g.lib('buffer', g.choices.pick(['readu8', 'readi32', 'readf64']), [
        g.lib('buffer', 'create', [v]),
        kit.num(g.choices.pick([16, 13, 9, -1])),
      ]),
  ],
];

/**
 * `local function bad(p) local v = <value> <op on v and p> v = p end  print((pcall(bad, 3)))`:
 * an operation native code knows must fail, from the value it knows the local holds (a
 * boolean in arithmetic, nil indexed or called, `assert` of false, a table function given nil,
 * a buffer read past its end at a constant offset): its checks fold to the path that raises the error, as the
 * interpreter's do. Only whether the call failed is printed (messages name chunks apart).
 *
 * @example
 * ```ts
 * stats.push(...refusedOp(g, fresh));
 * ```
 */
export function refusedOp(g: Gen, fresh: () => Local): Stat[] {
  const [value, op] = g.choices.pick(refusals);
  const bad = fresh();
  g.scope.pushFrame(false);
  const [p, v, r] = [fresh(), fresh(), fresh()];
  // `v` assigned again after the operation: the compiler keeps it a variable, native code
  // knows its value where the operation runs.
  const fn = build.func(
    [p],
    [
      build.localStat([v], [value()]),
      build.localStat([r], [op(g, kit.ref(v), kit.ref(p))]),
      build.assign([kit.ref(v)], [kit.ref(p)]),
      build.ret([kit.ref(r), kit.ref(v)]),
    ],
  );
  g.scope.popFrame();
  return [
    build.localFunction(bad, fn),
    kit.print([kit.first(kit.call('pcall', [kit.ref(bad), kit.num(3)]))]),
  ];
}
