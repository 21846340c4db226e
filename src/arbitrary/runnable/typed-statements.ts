import { create } from '@bufbuild/protobuf';
import {
  ExprBinary_Op,
  ExprUnary_Op,
  StatFunctionSchema,
  StatSchema,
  type Expr,
  type ExprFunction,
  type Local,
  type Stat,
} from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import type { LibraryModel, StatProduction } from './library/model.js';
import { node } from './nodes.js';
import { builtinStat, checkedOnlyStat, operatorClassStat } from './typed-builtins.js';
import { lintStat } from './typed-lints.js';
import { subtypingStat } from './typed-subtyping.js';
import {
  addTo,
  aliasStat,
  eq,
  freshAlias,
  genericFunc,
  nested,
  opaque,
  print,
  scalarType,
  typeName,
  typeTest,
  use,
  value,
} from './typed-parts.js';
import { ty } from './typed-types.js';
import type { Scalar } from './types.js';

const scalars: Scalar[] = ['num', 'int', 'str', 'bool'];
/**
 * Scalars stored in tables: no booleans, as the old solver refines a boolean local in a branch
 * to a singleton (`false`) that a table literal then keeps, and `{n0: false}` does not fit
 * `{n0: boolean}` (tables are invariant).
 */
const fieldScalars: Scalar[] = ['num', 'int', 'str'];

/**
 * Generic functions with explicit type parameters, instantiated at the call: `<A>(A, number)
 * -> {A}`, `<A, B>(A, B) -> (B, A)`, a map `<A, B>({A}, (A) -> B) -> {B}`, and a local of
 * generic function type `<A>(A) -> A`.
 */
const genericStat: StatProduction = (g, d) => {
  if (!g.o.features.generics) return [];
  const [f, x, y, r, s] = opaque(g, 5) as [Local, Local, Local, Local, Local];
  const a = g.c.pick(fieldScalars);
  const b = g.c.pick(fieldScalars);
  const out: Stat[] = [];
  switch (g.c.int(4)) {
    case 0: {
      const fn = genericFunc(
        [x, y],
        [ty.generic(0), ty.prim('number')],
        [ty.array(ty.generic(0))],
        [node.ret([node.array([build.local(x.name), build.local(x.name)])])],
        [0],
      );
      out.push(node.localFunction(f, fn));
      const call = build.call(build.local(f.name), [value(g, a, d + 1), build.number(1)]);
      out.push(node.localStat([r], [call], [ty.array(scalarType(a))]));
      out.push(
        print([
          build.unary(ExprUnary_Op.Len, build.local(r.name)),
          build.indexExpr(build.local(r.name), build.number(2)),
        ]),
      );
      break;
    }
    case 1: {
      const fn = genericFunc(
        [x, y],
        [ty.generic(0), ty.generic(1)],
        [ty.generic(1), ty.generic(0)],
        [node.ret([build.local(y.name), build.local(x.name)])],
        [0, 1],
      );
      out.push(node.localFunction(f, fn));
      const call = build.call(build.local(f.name), [value(g, a, d + 1), value(g, b, d + 1)]);
      out.push(node.localStat([r, s], [call], [scalarType(b), scalarType(a)]));
      out.push(print([use(b, build.local(r.name)), use(a, build.local(s.name))]));
      break;
    }
    case 2: {
      // map<A, B>(xs: {A}, f: (A) -> B): {B}
      const [o, i, v] = opaque(g, 3) as [Local, Local, Local];
      const body: Stat[] = [
        node.localStat([o], [node.array([])], [ty.array(ty.generic(1))]),
        node.forIn(
          [i, v],
          [build.call(build.global('ipairs'), [build.local(x.name)])],
          [
            node.callStat(
              build.libCall('table', 'insert', [
                build.local(o.name),
                build.call(build.local(y.name), [build.local(v.name)]),
              ]),
            ),
          ],
        ),
        node.ret([build.local(o.name)]),
      ];
      const fn = genericFunc(
        [x, y],
        [ty.array(ty.generic(0)), ty.fn([ty.generic(0)], [ty.generic(1)])],
        [ty.array(ty.generic(1))],
        body,
        [0, 1],
      );
      out.push(node.localFunction(f, fn));
      const elem = g.c.pick(['int', 'str'] as const);
      const src = g.expr(elem === 'int' ? 'iarr' : 'sarr', d + 1);
      const [p] = opaque(g, 1) as [Local];
      const mapper = node.funcExpr(
        node.func(
          [p],
          [node.ret([build.call(build.global('tostring'), [build.local(p.name)])])],
          false,
          [scalarType(elem)],
          [ty.prim('string')],
        ),
      );
      out.push(
        node.localStat(
          [r],
          [build.call(build.local(f.name), [src, mapper])],
          [ty.array(ty.prim('string'))],
        ),
      );
      out.push(print([build.libCall('table', 'concat', [build.local(r.name), build.string(',')])]));
      break;
    }
    default: {
      // local f: <A>(A) -> A = function(x) return x end
      const fn = node.funcExpr(node.func([x], [node.ret([build.local(x.name)])]));
      out.push(node.localStat([f], [fn], [ty.fn([ty.generic(0)], [ty.generic(0)], [0])]));
      out.push(
        print([
          use(a, build.call(build.local(f.name), [value(g, a, d + 1)])),
          use(b, build.call(build.local(f.name), [value(g, b, d + 1)])),
        ]),
      );
    }
  }
  return out;
};

/**
 * Type aliases: a generic record `t<k><A> = {n0: A, n1: {A}}` instantiated, and a recursive
 * list `t<k> = {n0: number, n1: t<k> | nil}` walked with refinements.
 */
const aliasStatProduction: StatProduction = (g, d) => {
  if (!g.o.features.typeAliases) return [];
  const k = freshAlias(g);
  if (k === undefined) return [];
  const [v, p, s, i] = opaque(g, 4) as [Local, Local, Local, Local];
  if (g.c.chance(50) && g.o.features.generics) {
    const a = g.c.pick(fieldScalars);
    const t = ty.table([
      [0, ty.generic(0)],
      [1, ty.array(ty.generic(0))],
    ]);
    const rec = node.record([
      [0, value(g, a, d + 1)],
      [1, node.array([value(g, a, d + 1)])],
    ]);
    return [
      aliasStat(k, t, [0]),
      node.localStat([v], [rec], [ty.alias(k, [scalarType(a)])]),
      print([
        use(a, node.field(build.local(v.name), 0)),
        build.unary(ExprUnary_Op.Len, node.field(build.local(v.name), 1)),
      ]),
    ];
  }
  const list = ty.table([
    [0, ty.prim('number')],
    [1, ty.optional(ty.alias(k))],
  ]);
  const tail = node.record([[0, g.num(d + 1)]]);
  const head = node.record([
    [0, g.num(d + 1)],
    [
      1,
      node.record([
        [0, g.num(d + 1)],
        [1, tail],
      ]),
    ],
  ]);
  const pRef = build.local(p.name);
  return [
    aliasStat(k, list),
    node.localStat([v], [head], [ty.alias(k)]),
    node.localStat([p], [build.local(v.name)], [ty.optional(ty.alias(k))]),
    node.localStat([s], [build.number(0)], [ty.prim('number')]),
    node.forStat(i, build.number(1), build.number(4), undefined, [
      node.ifStat(build.binary(ExprBinary_Op.CompareNe, pRef, build.nil()), [
        addTo(g, build.local(s.name), node.field(pRef, 0)),
        node.assign([pRef], [node.field(pRef, 1)]),
      ]),
    ]),
    print([build.local(s.name)]),
  ];
};

/**
 * Unions of scalars refined by `type`/`typeof` tests, optional values refined by `~= nil`,
 * truthiness, `or` and `assert`, and `unknown` and `any` values.
 */
const unionStat: StatProduction = (g, d) => {
  if (!g.o.features.ifExpressions) return [];
  const [v, o, w, u] = opaque(g, 4) as [Local, Local, Local, Local];
  const a = g.c.pick(['num', 'str', 'bool'] as const);
  const b = g.c.pick((['num', 'str', 'bool'] as const).filter((s) => s !== a));
  const vRef = build.local(v.name);
  const out: Stat[] = [
    node.localStat(
      [v],
      [build.ifElse(g.bool(d + 1), value(g, a, d + 1), value(g, b, d + 1))],
      [ty.union(scalarType(a), scalarType(b))],
    ),
    node.ifStat(typeTest(g, vRef, typeName(a)), [print([use(a, vRef)])], [print([use(b, vRef)])]),
  ];
  const oRef = build.local(o.name);
  const c = g.c.pick(scalars);
  out.push(
    node.localStat(
      [o],
      [build.ifElse(g.bool(d + 1), value(g, c, d + 1), build.nil())],
      [ty.optional(scalarType(c))],
    ),
  );
  const kind = g.c.int(3);
  if (kind === 0 || c === 'bool') {
    out.push(
      node.ifStat(build.binary(ExprBinary_Op.CompareNe, oRef, build.nil()), [
        print([use(c, oRef)]),
      ]),
    );
  } else if (kind === 1) {
    out.push(node.ifStat(oRef, [print([use(c, oRef)])], [print([oRef])]));
  } else {
    const fallback = c === 'str' ? build.string('') : build.number(0);
    out.push(
      node.localStat([w], [build.binary(ExprBinary_Op.Or, oRef, fallback)], [scalarType(c)]),
    );
    out.push(print([use(c, build.local(w.name))]));
  }
  if (c !== 'bool' && g.c.chance(50)) {
    // assert refines a value that is never nil here.
    const [n] = opaque(g, 1) as [Local];
    out.push(node.localStat([n], [value(g, c, d + 1)], [ty.optional(scalarType(c))]));
    out.push(node.callStat(build.call(build.global('assert'), [build.local(n.name)])));
    out.push(print([use(c, build.local(n.name))]));
  }
  const uRef = build.local(u.name);
  const e = g.c.pick(scalars);
  out.push(
    node.localStat([u], [value(g, e, d + 1)], [ty.prim(g.c.chance(70) ? 'unknown' : 'any')]),
  );
  out.push(node.ifStat(typeTest(g, uRef, typeName(e)), [print([use(e, uRef)])]));
  return out;
};

const tags = ['a', 'b', 'c', 'x', 'y', 'on', 'off', ''];

/**
 * Singleton string and boolean types, and a tagged union of two table types told apart by
 * their tag field.
 */
const singletonStat: StatProduction = (g, d) => {
  if (!g.o.features.ifExpressions || !g.o.features.typeAliases) return [];
  const k = freshAlias(g);
  if (k === undefined) return [];
  const [s, v, b] = opaque(g, 3) as [Local, Local, Local];
  const x = g.c.pick(tags);
  const y = g.c.pick(tags.filter((t) => t !== x));
  const sRef = build.local(s.name);
  const vRef = build.local(v.name);
  // No booleans in the tagged tables: the old solver refines a boolean in a branch to a
  // singleton, which then does not fit the table's `boolean` field.
  const a = g.c.pick(['num', 'int', 'str'] as const);
  const c = g.c.pick(['num', 'int', 'str'] as const);
  const tagged = ty.union(
    ty.table([
      [3, ty.str(x)],
      [0, scalarType(a)],
    ]),
    ty.table([
      [3, ty.str(y)],
      [1, scalarType(c)],
    ]),
  );
  const flag = g.c.chance(50);
  return [
    node.localStat(
      [s],
      [build.ifElse(g.bool(d + 1), build.string(x), build.string(y))],
      [ty.union(ty.str(x), ty.str(y))],
    ),
    node.ifStat(eq(sRef, build.string(x)), [print([build.string(x)])], [print([sRef])]),
    aliasStat(k, tagged),
    node.localStat(
      [v],
      [
        build.ifElse(
          g.bool(d + 1),
          node.record([
            [3, build.string(x)],
            [0, value(g, a, d + 1)],
          ]),
          node.record([
            [3, build.string(y)],
            [1, value(g, c, d + 1)],
          ]),
        ),
      ],
      [ty.alias(k)],
    ),
    node.ifStat(
      eq(node.field(vRef, 3), build.string(x)),
      [print([use(a, node.field(vRef, 0))])],
      [print([use(c, node.field(vRef, 1))])],
    ),
    node.localStat([b], [build.bool(flag)], [ty.union(ty.bool(flag), ty.prim('string'))]),
    print([build.local(b.name)]),
  ];
};

/** An intersection of two table types, and a table with an indexer, written and read. */
const tableTypeStat: StatProduction = (g, d) => {
  const [v, m, key] = opaque(g, 3) as [Local, Local, Local];
  const a = g.c.pick(fieldScalars);
  const b = g.c.pick(fieldScalars);
  const vRef = build.local(v.name);
  const both = ty.intersection(ty.table([[0, scalarType(a)]]), ty.table([[1, scalarType(b)]]));
  const keyTy = g.c.pick(['str', 'int'] as const);
  const valTy = g.c.pick(fieldScalars);
  const mRef = build.local(m.name);
  const kRef = build.local(key.name);
  return [
    node.localStat(
      [v],
      [
        node.record([
          [0, value(g, a, d + 1)],
          [1, value(g, b, d + 1)],
        ]),
      ],
      [both],
    ),
    print([use(a, node.field(vRef, 0)), use(b, node.field(vRef, 1))]),
    node.localStat([m], [node.array([])], [ty.table([], [scalarType(keyTy), scalarType(valTy)])]),
    node.localStat([key], [value(g, keyTy, d + 1)], [scalarType(keyTy)]),
    node.assign([build.indexExpr(mRef, kRef)], [value(g, valTy, d + 1)]),
    print([build.indexExpr(mRef, kRef)]),
  ];
};

/** `function t.name(...)` (`self` when `method`) assigning a table's field. */
function fieldFunction(t: number, k: number | string, fn: ExprFunction, method: boolean): Stat {
  const name = typeof k === 'number' ? build.customName(k) : build.name(k);
  return create(StatSchema, {
    statOneof: {
      case: 'function',
      value: create(StatFunctionSchema, {
        var: build.lvalue(build.indexName(build.local(t), name)),
        func: fn,
        self: method,
      }),
    },
  });
}

/**
 * Methods and classes: a table with a method (`function o:n1(x)`) and a function field, and a
 * class whose constructor returns `setmetatable({n0 = x}, C)`, with a method typed through
 * `typeof(C.n4(0))`, called as `obj:n5(y)`.
 */
const methodStat: StatProduction = (g, d) => {
  const [o, c, x, obj, alias] = opaque(g, 5) as [Local, Local, Local, Local, Local];
  const oRef = build.local(o.name);
  const xRef = build.local(x.name);
  if (g.c.chance(40)) {
    const a = g.c.pick(scalars);
    const m = node.func([x], [node.ret([use(a, xRef)])], false, [scalarType(a)]);
    return [
      node.localStat([o], [node.record([[0, value(g, 'num', d + 1)]])]),
      fieldFunction(o.name, 1, m, true),
      fieldFunction(
        o.name,
        2,
        node.func([x], [node.ret([xRef])], false, [scalarType(a)], [scalarType(a)]),
        false,
      ),
      print([
        build.call(build.indexName(oRef, build.customName(1)), [value(g, a, d + 1)], true),
        use(a, build.call(build.indexName(oRef, build.customName(2)), [value(g, a, d + 1)])),
        node.field(oRef, 0),
      ]),
    ];
  }
  const cRef = build.local(c.name);
  const [y] = opaque(g, 1) as [Local];
  const ctor = node.func(
    [x],
    [node.ret([build.call(build.global('setmetatable'), [node.record([[0, xRef]]), cRef])])],
    false,
    [ty.prim('number')],
  );
  const selfType = ty.typeOf(
    build.call(build.indexName(cRef, build.customName(4)), [build.number(0)]),
  );
  const method = node.func(
    [x, y],
    [node.ret([build.binary(ExprBinary_Op.Add, node.field(xRef, 0), build.local(y.name))])],
    false,
    [selfType, ty.prim('number')],
    [ty.prim('number')],
  );
  const objRef = build.local(obj.name);
  return [
    node.localStat([c], [node.array([])]),
    node.assign([build.indexName(cRef, build.name('__index'))], [cRef]),
    fieldFunction(c.name, 4, ctor, false),
    fieldFunction(c.name, 5, method, false),
    node.localStat([obj], [build.call(build.indexName(cRef, build.customName(4)), [g.num(d + 1)])]),
    print([
      node.field(objRef, 0),
      build.call(build.indexName(cRef, build.customName(5)), [objRef, g.num(d + 1)]),
      build.call(build.indexName(objRef, build.customName(5)), [g.num(d + 1)], true),
    ]),
    node.localStat([alias], [objRef], [ty.typeOf(objRef)]),
    print([node.field(build.local(alias.name), 0)]),
  ];
};

/** A local of function type with several parameters and results, its lambda inferred. */
const functionTypeStat: StatProduction = (g, d) => {
  const n = 1 + g.c.int(3);
  const types = Array.from({ length: n }, () => g.c.pick(scalars));
  const params = opaque(g, n);
  const [f] = opaque(g, 1) as [Local];
  const results = opaque(g, n);
  // The results are the parameters reversed, each through a use of its type.
  const rets = [...types].reverse();
  const lambda = node.funcExpr(
    node.func(params, [node.ret(params.map((p) => build.local(p.name)).reverse())]),
  );
  return [
    node.localStat([f], [lambda], [ty.fn(types.map(scalarType), rets.map(scalarType))]),
    node.localStat(
      results,
      [
        build.call(
          build.local(f.name),
          types.map((t) => value(g, t, d + 1)),
        ),
      ],
      rets.map(scalarType),
    ),
    print(results.map((r, i) => use(rets[i]!, build.local(r.name)))),
  ];
};

/** String methods through the `string` type: `s:upper()`, `s:match(p)` refined, `s:split`. */
const stringMethodStat: StatProduction = (g, d) => {
  const [s, m, parts] = opaque(g, 3) as [Local, Local, Local];
  const sRef = build.local(s.name);
  const method = (name: string, args: Expr[]) =>
    build.call(build.indexName(sRef, build.name(name)), args, true);
  const calls = [
    method('upper', []),
    method('lower', []),
    method('len', []),
    method('sub', [build.number(1), build.number(1 + g.c.int(4))]),
    method('rep', [build.number(g.c.int(3))]),
    method('reverse', []),
    method('byte', [build.number(1)]),
  ];
  const mRef = build.local(m.name);
  return [
    node.localStat([s], [value(g, 'str', d + 1)], [ty.prim('string')]),
    print(calls.filter(() => g.c.chance(50))),
    node.localStat(
      [m],
      [method('match', [build.string(g.c.pick(['%a+', '%d', '.', 'a']))])],
      [ty.optional(ty.prim('string'))],
    ),
    node.ifStat(mRef, [print([build.call(build.indexName(mRef, build.name('upper')), [], true)])]),
    node.localStat([parts], [method('split', [build.string(',')])], [ty.array(ty.prim('string'))]),
    print([build.unary(ExprUnary_Op.Len, build.local(parts.name))]),
  ];
};

/** A generic type pack: an alias `t<k><A...>` used by a function generic in `B...`. */
const packStat: StatProduction = (g, d) => {
  if (!g.o.features.generics || !g.o.features.typeAliases) return [];
  const k = freshAlias(g);
  if (k === undefined) return [];
  const [f, x] = opaque(g, 2) as [Local, Local];
  const fn = genericFunc(
    [x],
    [ty.alias(k, [], [1])],
    [ty.prim('number')],
    [node.ret([node.field(build.local(x.name), 0)])],
    [],
    [1],
  );
  return [
    aliasStat(k, ty.table([[0, ty.prim('number')]]), [], [0]),
    node.localFunction(f, fn),
    print([build.call(build.local(f.name), [node.record([[0, g.num(d + 1)]])])]),
  ];
};

/** Local counts of each production above, for the room check. */
const productions: [StatProduction, number][] = [
  [genericStat, 8],
  [aliasStatProduction, 4],
  [unionStat, 5],
  [singletonStat, 3],
  [tableTypeStat, 3],
  [methodStat, 6],
  [functionTypeStat, 7],
  [stringMethodStat, 3],
  [packStat, 2],
  [lintStat, 3],
  [builtinStat, 5],
  [operatorClassStat, 4],
  [checkedOnlyStat, 14],
  [subtypingStat, 16],
  [subtypingStat, 16],
];

/**
 * One of the type-system statements, in a `do` block of its own (its locals and aliases stay
 * inside it), in blocks no longer than `maxStatements` (plus one).
 */
const typedStat: StatProduction = (g, d) => {
  if (g.pure > 0) return [];
  const [make, locals] = productions[g.c.int(productions.length)]!;
  if (!g.roomFor(locals)) return [];
  const mark = g.scope.mark();
  const stats = make(g, d);
  g.scope.release(mark);
  g.nodes += 10 + 4 * stats.length;
  if (stats.length === 0) return [];
  return [node.doBlock(nested(g, stats))];
};

/**
 * The typed level's model: statements that use the type system's features (generic functions
 * and aliases, type packs, unions refined by `type` tests and `~= nil`, optional, `unknown`
 * and `any` values, singleton and tagged-union types, intersections, indexers, methods,
 * classes typed through `typeof`, function types with several results, string methods), all
 * passing strict mode and printing what they compute.
 *
 * @example
 * ```ts
 * typedModel.on(g); // true at the typed level only
 * ```
 */
export const typedModel: LibraryModel = {
  name: 'typed',
  on: (g) => g.typed,
  exprs: {},
  stats: [typedStat, typedStat, typedStat],
};
