import type { Expr, ExprFunction, Local, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { freshLocals, kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';
import { aliasStat, genericFunc } from '../../typed/typed-parts.js';
import { ty } from '../../typed/typed-types.js';

/** Fast-call builtins of a fixed arity whose last argument may be a call of several results. */
const bufferWrites = ['writeu8', 'writeu16', 'writeu32', 'writef32', 'writef64'] as const;

/**
 * A call with several results as the last argument of a fast-call builtin, which `-O2` passes
 * whole when the builtin treats a missing argument as `nil` (buffer writes, `getmetatable`),
 * and `unpack`, the global alias of `table.unpack`.
 */
function multretArguments(g: Gen, d: number, fresh: () => Local): Stat[] {
  const c = g.choices;
  const stats: Stat[] = [];
  const s = kit.str(c.pick(['AB', 'Luau', 'z']));
  const bytes = () => kit.lib('string', 'byte', [s, kit.num(1), kit.num(c.pick([1, 2, 3]))]);
  const several = () => (c.chance(50) ? bytes() : kit.lib('math', 'modf', [g.num(d + 1)]));
  if (g.swarm.buffers && g.has('buffer.create')) {
    const b = fresh();
    const write = c.pick(bufferWrites);
    const read = write.replace('write', 'read');
    stats.push(
      build.localStat([b], [kit.lib('buffer', 'create', [kit.num(8)])]),
      // An integer write of a number past its range (or infinite) converts it as C leaves
      // undefined, which the native and WebAssembly builds do differently: bytes only.
      build.callStat(
        kit.lib('buffer', write, [
          kit.ref(b),
          kit.num(0),
          write.startsWith('writef') ? several() : bytes(),
        ]),
      ),
      kit.print([kit.lib('buffer', read, [kit.ref(b), kit.num(0)])]),
    );
  }
  const printed = [kit.call('getmetatable', [several()])];
  // `unpack`: the luau profile only (a global of Luau's base library luau-web is not probed for).
  if (g.options.profile === 'luau')
    printed.push(
      kit.call('select', [
        kit.str('#'),
        kit.call('unpack', [build.array([g.num(d + 1), several()])]),
      ]),
      kit.call('unpack', [build.array([g.num(d + 1), g.num(d + 1)]), kit.num(c.pick([1, 2]))]),
    );
  stats.push(kit.print(printed));
  return stats;
}

/** Alias names of this shape: above those of the other shapes (`t0`..`t15`). */
const ALIAS_BASE = 16;

/** The math builtins of one number that a function given the `math` table calls by field. */
const mathFields = ['abs', 'floor', 'ceil', 'sign', 'sqrt'] as const;

/** The functions `calls` calls, built in one frame. */
interface Callees {
  byTable: ExprFunction;
  wideFn: ExprFunction;
  genFn: ExprFunction;
  method: ExprFunction;
  hinted: ExprFunction;
  /** The first of the hinted function's two aliases. */
  outer: number;
}

/**
 * A function given the `math` table (its fields become builtins once inlined), one whose stack
 * is too large to inline, one with a generic parameter, a method's, and `hintedFunction`.
 */
function callees(g: Gen, fresh: () => Local): Callees {
  const c = g.choices;
  g.scope.pushFrame(false);
  const [m, x, y, z, a] = freshLocals(fresh, 5);
  const field = (k: Expr) =>
    build.call(build.indexName(kit.ref(m), build.name(c.pick(mathFields))), [k]);
  const byTable = build.func(
    [m, x],
    [build.ret([kit.bin('+', field(kit.ref(x)), field(kit.num(2.5)))])],
  );
  // A maximum of 34 values: more registers than the inliner takes.
  const spread = Array.from({ length: 34 }, (_, k) => kit.bin('+', kit.ref(y), kit.num(k % 7)));
  const wideFn = build.func([y], [build.ret([kit.lib('math', 'max', spread)])]);
  const annotations = g.options.features.typeAnnotations;
  const generic = annotations && g.options.features.generics;
  const genFn = generic
    ? genericFunc([z], [ty.generic(0)], [], [build.ret([kit.type(kit.ref(z))])], [0])
    : build.func([z], [build.ret([kit.type(kit.ref(z))])]);
  const method = build.func(
    [a],
    [build.ret([kit.bin('-', kit.ref(a), kit.num(1))])],
    false,
    annotations ? [ty.prim('number')] : [],
  );
  const { fn: hinted, outer } = hintedFunction(g, fresh);
  g.scope.popFrame();
  return { byTable, wideFn, genFn, method, hinted, outer };
}

/**
 * A function whose parameters are annotated as an alias of an alias (resolved one level), a
 * thread and an optional string.
 */
function hintedFunction(g: Gen, fresh: () => Local): { fn: ExprFunction; outer: number } {
  const annotations = g.options.features.typeAnnotations;
  const [p, co, q] = freshLocals(fresh, 3);
  const aliases = annotations && g.options.features.typeAliases;
  const outer = ALIAS_BASE + g.choices.int(4);
  const fn = build.func(
    [p, co, q],
    [
      build.ret([
        kit.bin('+', kit.ref(p), kit.num(1)),
        kit.type(kit.ref(co)),
        kit.orElse(kit.ref(q), kit.str('none')),
      ]),
    ],
    false,
    annotations
      ? [
          aliases ? ty.alias(outer + 4) : ty.prim('number'),
          ty.prim('thread'),
          ty.optional(ty.prim('string')),
        ]
      : [],
  );
  return { fn, outer };
}

/** The hinted function's aliases, the function, and a call of it with a coroutine. */
function hintedCall(g: Gen, d: number, fresh: () => Local, { hinted, outer }: Callees): Stat[] {
  const hint = fresh();
  const stats: Stat[] = [
    build.localFunction(hint, hinted),
    kit.print([
      build.call(kit.ref(hint), [
        g.num(d + 1),
        kit.lib('coroutine', 'create', [build.funcExpr(build.func([], []))]),
        g.choices.chance(50) ? build.nil() : kit.str('s'),
      ]),
    ]),
  ];
  if (g.options.features.typeAnnotations && g.options.features.typeAliases)
    stats.unshift(aliasStat(outer, ty.prim('number')), aliasStat(outer + 4, ty.alias(outer)));
  return stats;
}

/**
 * Calls the `-O2` inliner handles apart: a function given a library table (its fields become
 * builtins once inlined), a call through a local assigned after its declaration (never
 * inlined), a function whose stack is too large to inline, and functions annotated with forms
 * the compiler records loosely (a generic parameter, `thread`, an alias of an alias, a method).
 */
function calls(g: Gen, d: number, fresh: () => Local): Stat[] {
  const c = g.choices;
  const [lib, moved, wide, gen, o] = freshLocals(fresh, 5);
  const fns = callees(g, fresh);
  const n = () => g.num(d + 1);
  return [
    ...hintedCall(g, d, fresh, fns),
    build.localFunction(lib, fns.byTable),
    build.localStat([moved], [kit.ref(lib)]),
    build.assign([kit.ref(moved)], [kit.ref(lib)]),
    kit.print([
      build.call(kit.ref(lib), [build.global('math'), n()]),
      kit.first(build.call(kit.ref(lib), [build.global('math'), kit.num(c.pick([-2.5, 4, 0]))])),
      build.call(kit.ref(moved), [build.global('math'), n()]),
    ]),
    build.localFunction(wide, fns.wideFn),
    kit.print([
      build.call(kit.ref(wide), [n()]),
      kit.first(build.call(kit.ref(wide), [kit.num(-3)])),
    ]),
    build.localFunction(gen, fns.genFn),
    kit.print([build.call(kit.ref(gen), [n()]), build.call(kit.ref(gen), [kit.str('s')])]),
    build.localStat([o], [build.record([])]),
    build.functionStat(build.field(kit.ref(o), 0), fns.method, true),
    kit.print([build.call(build.field(kit.ref(o), 0), [n()], true)]),
  ];
}

/**
 * Call sites the compiler treats apart: several results as the last argument of a fast-call
 * builtin, `unpack`, functions given a library table or reached through a reassigned local,
 * one too wide to inline, and parameters annotated as generics and on methods.
 *
 * @example
 * ```ts
 * // buffer.writeu16(b, 0, string.byte("AB", 1, 2))  local function f(m, x) return m.abs(x) + m.floor(2.5) end
 * // print(f(math, x))  local function w(y) return math.max(y + 0, y + 1, ...) end  function o:n0(a: number) ... end
 * callFormsShape(g, 0);
 * ```
 */
export const callFormsShape: StatProduction = (g, d) => {
  return shapeLocals(g, { room: 10 }, (fresh) => {
    const stats = multretArguments(g, d, fresh);
    if (g.swarm.closures) stats.push(...calls(g, d, fresh));
    return [build.doBlock(stats)];
  });
};
