import type { Expr, ExprFunction, Local, Stat, Type } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { build735, type ClassMethodPart } from '../grammar-735/build-735.js';
import {
  arithmetic,
  comparisons,
  DESCRIBE,
  describing,
  MAX_CLASSES,
  VIRTUAL,
} from '../grammar-735/class-shape.js';
import type { Gen } from '../generator.js';
import { kit, withLocals } from '../shapes/kit.js';
import type { StatProduction } from '../library/model.js';
import { scalarType, value } from './typed-parts.js';
import { primitive, type Scalar } from '../values/types.js';

/** Method names (`n200`…, with the runnable level's {@link DESCRIBE} and {@link VIRTUAL}): one that updates a number prop, one that takes another instance. */
const UPDATE = 200;
/**
 * The name (`n204`) of the method that takes another instance of the class.
 *
 * @example
 * ```ts
 * const args = m === COMPARE ? [o2] : [g.num(1)];
 * ```
 */
export const COMPARE = 204;

/** The scalars a prop holds. */
const propScalars: readonly Scalar[] = ['num', 'str', 'bool'];

const unary = ['__unm', '__len', '__call', '__tostring', '__concat'] as const;

/**
 * A class the typed level declared: its index among the chunk's classes (what an instantiation
 * names), its index among the checked classes (what an extern type names), its own props
 * with their scalars, its methods' names and the metamethods it defines.
 *
 * @example
 * ```ts
 * const k: TypedClass = { index: 0, type: 0, props: [[0, 'num']], methods: [200], metamethods: ['__add'] };
 * ```
 */
export interface TypedClass {
  readonly index: number;
  readonly type: number;
  readonly props: readonly (readonly [number, Scalar])[];
  readonly methods: readonly number[];
  readonly metamethods: readonly string[];
}

/** The classes each program declared at the typed level, in order. */
const declared = new WeakMap<Gen, TypedClass[]>();

/**
 * The classes the typed level declared so far in `g`'s program.
 *
 * @example
 * ```ts
 * const [first] = typedClasses(g);
 * ```
 */
export function typedClasses(g: Gen): readonly TypedClass[] {
  return declared.get(g) ?? [];
}

/**
 * The type of instances of a class: the extern type the printer names after it.
 *
 * @example
 * ```ts
 * classType(k); // C0
 * ```
 */
export function classType(k: TypedClass): Type {
  return build.externType(k.type);
}

/**
 * A method: `self` (which takes no annotation: `any` stands in its place), then parameters
 * of the given types, one result.
 */
function method(
  g: Gen,
  fresh: () => Local,
  params: readonly Type[],
  ret: Type | undefined,
  body: (self: Expr, p: Expr[]) => Stat[],
): ExprFunction {
  g.scope.pushFrame(false);
  try {
    const self = fresh();
    const locals = params.map(() => fresh());
    return build.func(
      [self, ...locals],
      body(
        kit.ref(self),
        locals.map((l) => kit.ref(l)),
      ),
      false,
      [primitive('any'), ...params],
      ret === undefined ? [] : [ret],
    );
  } finally {
    g.scope.popFrame();
  }
}

/**
 * A chain of one to three classes (grammar 735, the chunk's own block) written for 0.735's
 * checker: props typed, a typed constructor (`__init(self, t: {…})`), methods with typed
 * parameters and results that read and write props through `self`, one calling another and
 * one taking an instance of its class, metamethods with typed signatures; each class but
 * the last `open` and extended by the next. The checker ignores `extends` (an instance has
 * its own class's members only, and is no instance of its ancestors), so each instance is
 * used through its own members. Then what each instance does, printed: in a function whose
 * parameter is of the class type, or in a block through a local of it. The classes are
 * recorded for the planted errors ({@link typedClasses}).
 *
 * @example
 * ```ts
 * // local l1: any  class C0  public n0: number  function __init(self, l2: {n0: number}) … end  … end
 * // l1 = (C0 :: any).new { n0 = 2 }  do local l3: C0 = l1  print(l3:n200(1), l3.n0) end
 * typedClassShape(g, 0);
 * ```
 */
export const typedClassShape: StatProduction = (g, d) => {
  if (d !== 0 || g.classes + 3 > MAX_CLASSES || !g.roomFor(30)) return [];
  let classes = declared.get(g);
  if (classes === undefined) declared.set(g, (classes = []));
  const known = classes;
  // Every local opaque: never drawn as a value by the rest of the generator.
  return withLocals(g, (fresh) => {
    const out: Stat[] = [];
    const chain: ChainLink[] = [];
    const count = 1 + g.choices.int(3);
    for (let i = 0; i < count; i++) out.push(...typedClass(g, fresh, known, chain, count));
    for (const { k, object } of chain) out.push(...uses(g, fresh, k, object));
    return out;
  });
};

/** A class of the chain and the local holding its instance. */
interface ChainLink {
  readonly k: TypedClass;
  readonly object: Local;
}

/** A class being drawn: what it records, and the methods its `class` statement defines. */
interface ClassDraft {
  readonly k: TypedClass & { methods: number[]; metamethods: string[] };
  readonly parts: ClassMethodPart[];
}

/**
 * The next class of the chain (extending the last one, `open` unless it is the last): the local
 * of its instance, the locals of its constructor's values, and its `class` statement.
 */
function typedClass(
  g: Gen,
  fresh: () => Local,
  known: TypedClass[],
  chain: ChainLink[],
  count: number,
): Stat[] {
  const c = g.choices;
  const i = chain.length;
  const props = Array.from(
    { length: 1 + c.int(3) },
    () => [g.classProps++, c.pick(propScalars)] as const,
  );
  const numbers = props.filter(([, s]) => s === 'num').map(([p]) => p);
  const k = {
    index: g.classes,
    type: known.length,
    props,
    methods: [] as number[],
    metamethods: [] as string[],
  };
  const draft: ClassDraft = { k, parts: [constructorPart(g, fresh, props)] };
  const instanceType = build.externType(k.type);
  updateParts(g, fresh, draft, numbers);
  describePart(g, fresh, draft);
  comparePart(g, fresh, draft, instanceType);
  // The instance's values, each through a local of its type: the constructor's table has
  // no type the checker would infer them against.
  const args = typedValues(g, fresh, props);
  metamethodParts(g, fresh, draft, numbers[0], instanceType);
  const object = fresh();
  const out = [
    build.localStat([object], [], [primitive('any')]),
    ...args.stats,
    build735.classStat({
      props: props.map(([name, s]) => ({ name, type: scalarType(s) })),
      methods: draft.parts,
      ...(i === 0 ? {} : { extends: chain[i - 1]!.k.index }),
      open: i < count - 1 || c.chance(50),
      args: args.values,
      local: object,
    }),
  ];
  g.classes++;
  known.push(k);
  chain.push({ k, object });
  return out;
}

/**
 * "Class must define a constructor because it is derived from a class that defines one":
 * every class has one, setting its own props.
 */
function constructorPart(g: Gen, fresh: () => Local, props: TypedClass['props']): ClassMethodPart {
  const c = g.choices;
  const table = build.tableType(props.map(([p, s]) => [p, scalarType(s)]));
  return {
    name: null,
    func: method(g, fresh, [table], undefined, (o, [t]) =>
      props.map(([p, s]) =>
        build.assign(
          [build.field(o, p)],
          [
            s === 'num' && c.chance(50)
              ? kit.bin('*', build.field(t!, p), kit.num(2))
              : build.field(t!, p),
          ],
        ),
      ),
    ),
  };
}

/** Sometimes a method updating a number prop (`UPDATE`), and then sometimes one calling it (`VIRTUAL`). */
function updateParts(
  g: Gen,
  fresh: () => Local,
  { k, parts }: ClassDraft,
  numbers: number[],
): void {
  const c = g.choices;
  const num = primitive('number');
  if (!c.chance(60)) return;
  const target = numbers.length > 0 ? c.pick(numbers) : undefined;
  const factor = kit.num(c.pick([2, -1, 0.5, 3]));
  parts.push({
    name: UPDATE,
    func: method(g, fresh, [num], num, (o, [x]) =>
      target === undefined
        ? [build.ret([kit.bin('*', x!, factor)])]
        : [
            build.assign(
              [build.field(o, target)],
              [kit.bin('+', kit.bin('*', build.field(o, target), factor), x!)],
            ),
            build.ret([build.field(o, target)]),
          ],
    ),
  });
  k.methods.push(UPDATE);
  if (c.chance(50)) {
    parts.push({
      name: VIRTUAL,
      func: method(g, fresh, [num], num, (o, [x]) => [
        build.ret([kit.bin('+', build.call(build.field(o, UPDATE), [x!], true), kit.num(1))]),
      ]),
    });
    k.methods.push(VIRTUAL);
  }
}

/** Sometimes a method describing the instance by one prop (`DESCRIBE`). */
function describePart(g: Gen, fresh: () => Local, { k, parts }: ClassDraft): void {
  const c = g.choices;
  if (!c.chance(50)) return;
  const [p, s] = c.pick(k.props);
  parts.push({
    name: DESCRIBE,
    func: method(g, fresh, [], primitive('string'), (o) =>
      describing(
        k.index,
        s === 'str' ? build.field(o, p) : kit.call('tostring', [build.field(o, p)]),
      ),
    ),
  });
  k.methods.push(DESCRIBE);
}

/** Sometimes a method taking another instance of the class and comparing one prop (`COMPARE`). */
function comparePart(
  g: Gen,
  fresh: () => Local,
  { k, parts }: ClassDraft,
  instanceType: Type,
): void {
  const c = g.choices;
  if (!c.chance(40)) return;
  const [p] = c.pick(k.props);
  parts.push({
    name: COMPARE,
    func: method(g, fresh, [instanceType], primitive('boolean'), (o, [x]) => [
      build.ret([kit.bin('==', build.field(o, p), build.field(x!, p))]),
    ]),
  });
  k.methods.push(COMPARE);
}

/** Up to three metamethods, each once, on the class's first number prop (none without one). */
function metamethodParts(
  g: Gen,
  fresh: () => Local,
  { k, parts }: ClassDraft,
  root: number | undefined,
  instanceType: Type,
): void {
  const c = g.choices;
  for (let m = c.int(4); m > 0 && root !== undefined; m--) {
    const name = c.pick([...arithmetic.map(([n]) => n), ...comparisons.map(([n]) => n), ...unary]);
    if (k.metamethods.includes(name)) continue;
    k.metamethods.push(name);
    parts.push({ name, func: metamethod(g, fresh, name, root, instanceType) });
  }
}

/** Values of the props' scalars, each in a local of its type: `local l5: number = …`. */
function typedValues(
  g: Gen,
  fresh: () => Local,
  props: readonly (readonly [number, Scalar])[],
): { stats: Stat[]; values: Expr[] } {
  const stats: Stat[] = [];
  const values = props.map(([, s]) => {
    const v = fresh();
    stats.push(build.localStat([v], [value(g, s, 1)], [scalarType(s)]));
    return kit.ref(v);
  });
  return { stats, values };
}

/** A metamethod with a typed signature over the number prop `root`. */
function metamethod(
  g: Gen,
  fresh: () => Local,
  name: string,
  root: number,
  instance: Type,
): ExprFunction {
  const num = primitive('number');
  const field = (o: Expr) => build.field(o, root);
  const binary = arithmetic.find(([m]) => m === name);
  if (binary !== undefined)
    return method(g, fresh, [instance], num, (a, [b]) => [
      build.ret([kit.bin(binary[1], field(a), field(b!))]),
    ]);
  const comparison = comparisons.find(([m]) => m === name);
  if (comparison !== undefined)
    return method(g, fresh, [instance], primitive('boolean'), (a, [b]) => [
      build.ret([kit.bin(comparison[1], field(a), field(b!))]),
    ]);
  switch (name) {
    case '__unm':
      return method(g, fresh, [], num, (a) => [build.ret([kit.neg(field(a))])]);
    case '__len':
      return method(g, fresh, [], num, (a) => [build.ret([field(a)])]);
    case '__call':
      return method(g, fresh, [num], num, (a, [x]) => [build.ret([kit.bin('+', field(a), x!)])]);
    case '__tostring':
      return method(g, fresh, [], primitive('string'), (a) => [
        build.ret([kit.bin('..', kit.str('<'), kit.call('tostring', [field(a)]))]),
      ]);
    default:
      // __concat: the instance on the left, a string on the right.
      return method(g, fresh, [primitive('string')], primitive('string'), (a, [s]) => [
        build.ret([kit.bin('..', kit.call('tostring', [field(a)]), s!)]),
      ]);
  }
}

/**
 * What an instance does, printed: its methods, props written and read, a second instance
 * (`(Ck :: any).new {…}` as an expression) as the operand of its metamethods and the argument
 * of the method that takes one, its `type` and `typeof`; through a local of the class type in
 * a block, or through the parameter of a function (of the class type) called once.
 */
function uses(g: Gen, fresh: () => Local, k: TypedClass, object: Local): Stat[] {
  const c = g.choices;
  const body = (o: Expr): Stat[] => {
    const out: Stat[] = [];
    const other = fresh();
    const args = typedValues(g, fresh, k.props);
    out.push(
      ...args.stats,
      build.localStat([other], [build735.instance(k.index, args.values)], [classType(k)]),
    );
    const o2 = kit.ref(other);
    for (const m of k.methods) {
      const args = m === COMPARE ? [o2] : m === DESCRIBE ? [] : [g.num(1)];
      out.push(kit.print([build.call(build.field(o, m), args, true)]));
    }
    for (const [p, s] of k.props) {
      if (c.chance(50)) out.push(build.assign([build.field(o, p)], [value(g, s, 1)]));
      out.push(kit.print([build.field(o, p)]));
    }
    const has = (m: string) => k.metamethods.includes(m);
    for (const [m, op] of [...arithmetic, ...comparisons])
      if (has(m)) out.push(kit.print([kit.bin(op, o, o2)]));
    // Not `>`: 0.735's checker finds no `__lt` for it (see the typed 735 tests).
    if (has('__eq')) out.push(kit.print([kit.bin('~=', o2, o)]));
    if (has('__unm')) out.push(kit.print([kit.neg(o)]));
    if (has('__len')) out.push(kit.print([kit.len(o)]));
    if (has('__call')) out.push(kit.print([build.call(o, [g.num(1)])]));
    // Without `__tostring`, an instance's text is its address.
    if (has('__tostring')) out.push(kit.print([kit.call('tostring', [o])]));
    if (has('__concat')) out.push(kit.print([kit.bin('..', o, kit.str('s'))]));
    out.push(kit.print([kit.type(o), kit.call('typeof', [o2])]));
    return out;
  };
  if (c.chance(50)) {
    const f = fresh();
    g.scope.pushFrame(false);
    const p = fresh();
    const fn = build.func([p], body(kit.ref(p)), false, [classType(k)], []);
    g.scope.popFrame();
    return [
      build.doBlock([
        build.localFunction(f, fn),
        build.callStat(build.call(kit.ref(f), [kit.ref(object)])),
      ]),
    ];
  }
  const typed = fresh();
  return [
    build.doBlock([
      build.localStat([typed], [kit.ref(object)], [classType(k)]),
      ...body(kit.ref(typed)),
    ]),
  ];
}
