import type { Expr, Local, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import { kit } from '../shapes/kit.js';
import type { Fresh } from '../shapes/local-function-shape.js';

/** A name no class has. */
export const MISSING = 199;

/**
 * What the class-object uses need of a declared class (grammar 735): its index, its props and
 * those of its ancestors, its named methods, whether its constructor (`__init`) refuses a table
 * without its first prop.
 *
 * @example
 * ```ts
 * const k: ClassFacts = { index: 0, chainProps: [1], methods: new Set([200]), guarded: false };
 * ```
 */
export interface ClassFacts {
  readonly index: number;
  readonly chainProps: readonly number[];
  readonly methods: ReadonlySet<number>;
  readonly guarded: boolean;
}

/** What the uses of one class object work with. */
interface ClassUse {
  readonly g: Gen;
  readonly fresh: Fresh;
  readonly k: ClassFacts;
  /** The class object (a local). */
  readonly cls: Expr;
  /** Two instances of the class. */
  readonly o: Expr;
  readonly o2: Expr;
  /** A table of the props the constructor is given: all of them, or some. */
  table(all: boolean): Expr;
}

/**
 * `print(ok, message)` of `pcall(function() body end)`, the message as `line: text` (the chunk's
 * name cut off, the same in every mode).
 *
 * @example
 * ```ts
 * stats.push(...protectedPrint(fresh, [build.ret([build.field(o, MISSING)])]));
 * ```
 */
export function protectedPrint(fresh: Fresh, body: Stat[]): Stat[] {
  const ok = fresh();
  const e = fresh();
  return [
    build.localStat([ok, e], [kit.call('pcall', [build.funcExpr(build.func([], body))])]),
    kit.print([
      kit.ref(ok),
      kit.first(
        kit.lib('string', 'gsub', [kit.text(kit.ref(e)), kit.str('^.-:(%d+): '), kit.str('%1: ')]),
      ),
    ]),
  ];
}

/**
 * `class.fn`: `class` is in no name table, so the library is read from `_G` by a string key
 * (the same table the global names).
 */
function classLib(fn: 'classof' | 'isinstance'): Expr {
  return kit.index(kit.index(build.global('_G'), kit.str('class')), kit.str(fn));
}

function classCall(fn: 'classof' | 'isinstance', args: Expr[]): Expr {
  return build.call(classLib(fn), args);
}

/** `C.new`, written `C["new"]` (`new` is in no name table; the compiler reads both alike). */
function constructorOf(cls: Expr): Expr {
  return kit.index(cls, kit.str('new'));
}

/** Values that are no instance, nor a class. */
function nonInstance(g: Gen): Expr {
  return g.choices.pick([
    () => build.nil(),
    () => kit.num(42),
    () => kit.str('s'),
    () => build.array([]),
    () => build.bool(false),
  ])();
}

/**
 * What a program does with the class object of `k` (grammar 735), printed: the object itself,
 * from `class.classof` of an instance (a class is named by the printer, so it is reached at
 * run time), stored in a local, compared, its `type`; `class.isinstance` and `class.classof`
 * of instances, of an instance of another class of the chain and of values that are none;
 * instances made by `C.new(t)` with every form of argument (a table literal with some props,
 * a table whose `__index` computes them, through a function that takes the class, through
 * `pcall`, through a closure that captured the class), the constructor called again on an
 * instance (`o:__init(t)`), a method called through the class on a value that is no
 * instance; and, one or two drawn, the errors the runtime raises for a class object
 * (constructor of a number, of nothing, of too many arguments, of what is no instance of it;
 * a key it has not, read or written; a table as a key; operators, calls, iteration and library functions that refuse a
 * class) and for the class library's arguments, each in `pcall`, printed as line and message.
 *
 * @example
 * ```ts
 * // local l9 = _G["class"]["classof"](l1)  print(type(l9), …, _G["class"]["isinstance"](l1, l9), …)
 * // local l10 = l9["new"]({ n0 = 2 })  print(l10.n0)  local ok, e = pcall(function() return l9["new"](42) end) …
 * stats.push(...classObjectUses(g, fresh, k, o, o2));
 * ```
 */
export function classObjectUses(g: Gen, fresh: Fresh, k: ClassFacts, o: Expr, o2: Expr): Stat[] {
  const c = g.choices;
  const K = fresh();
  const cls = kit.ref(K);
  const out: Stat[] = [build.localStat([K], [classCall('classof', [o])])];
  const table = (all: boolean) =>
    build.record(
      k.chainProps.filter((_, i) => all || i === 0 || c.chance(50)).map((p) => [p, g.num(1)]),
    );
  const u: ClassUse = { g, fresh, k, cls, o, o2, table };
  out.push(classQueries(u));
  const made = fresh();
  const instance = kit.ref(made);
  out.push(...c.pick(instantiations(u, made))());
  out.push(
    kit.print([
      ...k.chainProps.map((p) => build.field(instance, p)),
      classCall('isinstance', [instance, cls]),
      kit.bin('==', instance, o),
    ]),
  );
  // The constructor again, on an instance made: the class's own or the default one.
  if (c.chance(30)) {
    out.push(
      build.callStat(build.call(kit.index(instance, kit.str('__init')), [instance, table(true)])),
      kit.print(k.chainProps.map((p) => build.field(instance, p))),
    );
  }
  const methods = [...k.methods];
  // A method through the class, on a value that is no instance.
  if (methods.length > 0 && c.chance(40)) {
    const m = build.field(cls, c.pick(methods));
    out.push(...protectedPrint(fresh, [build.ret([build.call(m, [nonInstance(g), g.num(1)])])]));
  }
  out.push(...failingUses(u));
  return out;
}

/** What `classof` and `isinstance` say of the class, its instances and a value of no class. */
function classQueries({ g, cls, o, o2 }: ClassUse): Stat {
  const c = g.choices;
  const stranger = nonInstance(g);
  return kit.print([
    kit.type(cls),
    kit.call('typeof', [cls]),
    kit.bin('==', cls, classCall('classof', [o2])),
    classCall('isinstance', [o, cls]),
    classCall('isinstance', [o2, cls]),
    classCall('isinstance', [o, classCall('classof', [o2])]),
    classCall('isinstance', [c.chance(50) ? cls : stranger, cls]),
    kit.bin('==', classCall('classof', [c.chance(50) ? cls : stranger]), build.nil()),
  ]);
}

/** The ways an instance is made into `made`: directly, from a lazy table, through a function, `pcall` or a closure. */
function instantiations({ g, fresh, k, cls, table }: ClassUse, made: Local): (() => Stat[])[] {
  const instance = kit.ref(made);
  return [
    () => [build.localStat([made], [build.call(constructorOf(cls), [table(k.guarded)])])],
    // A table whose props are computed on lookup (`__index`), each the length of its key.
    () => {
      const [t, key] = [fresh(), fresh()];
      const index = build.funcExpr(
        build.func([t, key], [build.ret([kit.bin('+', kit.len(kit.ref(key)), g.num(1))])]),
      );
      const lazy = kit.call('setmetatable', [build.array([]), build.record([['__index', index]])]);
      return [build.localStat([made], [build.call(constructorOf(cls), [lazy])])];
    },
    // Through a function that takes the class as a value.
    () => {
      const [f, C, t] = [fresh(), fresh(), fresh()];
      const body = [build.ret([build.call(constructorOf(kit.ref(C)), [kit.ref(t)])])];
      return [
        build.localFunction(f, build.func([C, t], body)),
        build.localStat([made], [build.call(kit.ref(f), [cls, table(true)])]),
      ];
    },
    // Through `pcall`, the constructor itself the function called.
    () => {
      const ok = fresh();
      return [
        build.localStat([ok, made], [kit.call('pcall', [constructorOf(cls), table(true)])]),
        kit.print([kit.ref(ok), kit.type(instance)]),
      ];
    },
    // Through a closure that captured the class.
    () => {
      const get = fresh();
      return [
        build.localStat([get], [build.funcExpr(build.func([], [build.ret([cls])]))]),
        build.localStat(
          [made],
          [build.call(constructorOf(build.call(kit.ref(get), [])), [table(true)])],
        ),
      ];
    },
  ];
}

/** One or two operations on the class that raise, each in a `pcall`. */
function failingUses({ g, fresh, k, cls, o, o2, table }: ClassUse): Stat[] {
  const c = g.choices;
  const methods = [...k.methods];
  // What an erroring operation gives when it does not raise: its type (an instance's text is its address).
  const value = (e: Expr) => [build.ret([kit.type(e)])];
  const errors: (() => Stat[])[] = [
    () => value(build.call(constructorOf(cls), [kit.num(42)])),
    () => value(build.call(constructorOf(cls), [])),
    () => value(build.call(constructorOf(cls), [table(true), kit.num(1)])),
    () => value(build.field(cls, MISSING)),
    () => [build.assign([build.field(cls, MISSING)], [kit.num(1)])],
    () => [build.assign([build.field(cls, c.pick([...methods, ...k.chainProps]))], [kit.num(1)])],
    () => value(build.field(cls, c.pick(k.chainProps))),
    () => value(kit.index(cls, build.array([]))),
    () => value(kit.bin(c.pick(['<', '<='] as const), cls, classCall('classof', [o2]))),
    () => value(kit.bin(c.pick(['+', '..'] as const), cls, kit.num(1))),
    () => value(kit.neg(cls)),
    () => value(kit.len(cls)),
    () => value(build.call(cls, [])),
    () => [build.forIn([fresh()], [cls], [])],
    () => value(kit.call(c.pick(['rawget', 'setmetatable', 'next']), [cls, kit.str('new')])),
    () => value(classCall('isinstance', [o, c.pick([kit.str('s'), build.array([]), o])])),
    () => value(classCall(c.pick(['isinstance', 'classof'] as const), [])),
    () => value(classCall('isinstance', [o])),
    // The constructor through the class, on what is no instance of it (of another class too).
    () =>
      value(
        build.call(kit.index(cls, kit.str('__init')), [c.pick([o2, build.array([])]), table(true)]),
      ),
    () => value(build.call(kit.index(cls, kit.str('__init')), [o])),
  ];
  const out: Stat[] = [];
  for (let n = 1 + c.int(2); n > 0; n--) out.push(...protectedPrint(fresh, c.pick(errors)()));
  return out;
}
