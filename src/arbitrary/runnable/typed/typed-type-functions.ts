import {
  ExprBinary_Op,
  type Expr,
  type Local,
  type Stat,
  type Type,
} from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { nameTables } from '../../../print/index.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import type { Scalar } from '../values/types.js';
import {
  addTo,
  fieldScalars,
  freshAlias,
  opaque,
  print,
  scalarType,
  typeName,
  use,
  value,
  valueRecord,
} from './typed-parts.js';
import { ty } from './typed-types.js';
import { drawType, toType } from '../planted/planted-types.js';

/** `types.<name>`, or `types["<name>"]` for a name the schema's name table lacks. */
export function typesLib(name: string): Expr {
  const lib = build.global('types');
  return nameTables.names.includes(name)
    ? build.indexName(lib, build.name(name))
    : build.indexExpr(lib, build.string(name));
}

/** `types.<name>(args)`: a function of the runtime's `types` library, called. */
function typesCall(name: string, args: Expr[] = []): Expr {
  return build.call(typesLib(name), args);
}

/** `types.singleton(nil)`: the type `nil`. */
function nilType(): Expr {
  return typesCall('singleton', [build.nil()]);
}

/**
 * `x["<name>"](x, ...)`: a method of a type value of the type function runtime, called
 * through a string key (the schema's name table has none of their names).
 */
export function typeMethod(x: Local, name: string, args: Expr[] = []): Expr {
  const self = build.local(x.name);
  return build.call(build.indexExpr(self, build.string(name)), [self, ...args]);
}

/** `{["head"] = {a, b}}`: a type pack of the runtime's `types.newfunction`. */
function pack(items: Expr[]): Expr {
  return build.keyed([[build.string('head'), build.array(items)]]);
}

/**
 * Statements that look at a type value `x` every way its tag allows and count what they find
 * (`l2 += 1`), then fail when the count is negative, which it never is: the runtime's readers
 * of tables (`properties`, `indexer`), unions (`components`), singletons (`value`) and
 * functions (`parameters`) run, each behind its `is` test.
 */
function inspect(g: Gen, x: Local): Stat[] {
  const [n, k, v] = opaque(g, 3);
  const count = build.local(n.name);
  const is = (tag: string) => typeMethod(x, 'is', [build.string(tag)]);
  const each = (items: Expr): Stat =>
    build.forIn(
      [k],
      [items],
      [build.ifStat(build.local(k.name), [addTo(g, count, build.number(1))])],
    );
  const checks: Stat[] = [
    build.ifStat(is('table'), [
      each(typeMethod(x, 'properties')),
      build.ifStat(typeMethod(x, 'indexer'), [addTo(g, count, build.number(1))]),
    ]),
    build.ifStat(build.binary(ExprBinary_Op.Or, is('union'), is('intersection')), [
      each(typeMethod(x, 'components')),
    ]),
    build.ifStat(is('singleton'), [
      build.localStat([v], [typeMethod(x, 'value')]),
      build.ifStat(build.local(v.name), [addTo(g, count, build.number(1))]),
    ]),
    build.ifStat(is('function'), [
      build.ifStat(build.indexExpr(typeMethod(x, 'parameters'), build.string('head')), [
        addTo(g, count, build.number(1)),
      ]),
    ]),
  ];
  return [
    build.localStat([n], [build.number(0)]),
    ...checks.filter(() => g.choices.chance(60)),
    ...(g.choices.chance(50) ? exercise(g, x, count) : []),
    build.ifStat(build.binary(ExprBinary_Op.CompareLt, count, build.number(0)), [
      build.callStat(build.call(build.global('error'), [build.string('negative')])),
    ]),
  ];
}

/**
 * Statements that build types the runtime's other ways and read them back, counting into
 * `count`, none of it returned: a table given an indexer, read-only and write-only properties,
 * a property removed and a metatable; a function given parameters, results and generics (a
 * generic and a generic pack, `name`, `ispack`); a copy compared with its original; a
 * negation's `inner`; a boolean singleton's `value`; a table made with properties, indexer and
 * metatable at once; the library's primitive types. (`setreadindexer` is refused by 0.715's
 * runtime: "separate read/write types for indexers".)
 */
function exercise(g: Gen, x: Local, count: Expr): Stat[] {
  const [r, f, t, p, c, n, b] = opaque(g, 7);
  const [T, P, C] = [t, p, c].map((l) => build.local(l.name)) as [Expr, Expr, Expr];
  const one = () => addTo(g, count, build.number(1));
  const str = (s: string) => typesCall('singleton', [build.string(s)]);
  const call = (e: Expr) => build.callStat(e);
  const steps: Stat[][] = [
    [
      build.localStat([r], [typesCall('newtable')]),
      call(typeMethod(r, 'setindexer', [typesLib('string'), typesLib('number')])),
      build.ifStat(typeMethod(r, 'readindexer'), [one()]),
      build.ifStat(typeMethod(r, 'writeindexer'), [one()]),
      call(typeMethod(r, 'setreadproperty', [str('a'), typesLib('string')])),
      call(typeMethod(r, 'setwriteproperty', [str('b'), typesLib('number')])),
      build.ifStat(typeMethod(r, 'readproperty', [str('a')]), [one()]),
      build.ifStat(typeMethod(r, 'writeproperty', [str('b')]), [one()]),
      call(typeMethod(r, 'setproperty', [str('a'), build.nil()])),
      call(typeMethod(r, 'setmetatable', [typesCall('newtable')])),
      build.ifStat(typeMethod(r, 'metatable'), [one()]),
    ],
    [
      build.localStat([f], [typesCall('newfunction')]),
      build.localStat([t], [typesCall('generic', [build.string('T')])]),
      build.localStat([p], [typesCall('generic', [build.string('U'), build.bool(true)])]),
      call(typeMethod(f, 'setparameters', [build.array([T]), typesLib('string')])),
      call(typeMethod(f, 'setreturns', [build.array([T, typesLib('boolean')])])),
      call(typeMethod(f, 'setgenerics', [build.array([T, P])])),
      build.forIn([c], [typeMethod(f, 'generics')], [build.ifStat(C, [one()])]),
      build.ifStat(
        build.binary(ExprBinary_Op.CompareEq, typeMethod(t, 'name'), build.string('T')),
        [one()],
      ),
      build.ifStat(typeMethod(p, 'ispack'), [one()]),
    ],
    [
      build.ifStat(
        build.binary(
          ExprBinary_Op.CompareEq,
          typesCall('copy', [build.local(x.name)]),
          build.local(x.name),
        ),
        [one()],
      ),
    ],
    [
      build.localStat([n], [typesCall('negationof', [typesLib('number')])]),
      build.ifStat(
        build.binary(ExprBinary_Op.CompareEq, typeMethod(n, 'inner'), typesLib('number')),
        [one()],
      ),
    ],
    [
      build.localStat([b], [typesCall('singleton', [build.bool(g.choices.chance(50))])]),
      build.ifStat(typeMethod(b, 'value'), [one()]),
    ],
    [
      build.ifStat(
        typesCall('newtable', [
          build.keyed([
            [str('x'), typesLib(g.choices.pick(['number', 'unknown', 'never', 'any']))],
          ]),
          build.keyed([
            [build.string('index'), typesLib('number')],
            [build.string('readresult'), typesLib(g.choices.pick(['string', 'thread', 'buffer']))],
            [build.string('writeresult'), typesLib('string')],
          ]),
          typesCall('newtable'),
        ]),
        [one()],
      ),
    ],
  ];
  return steps.filter(() => g.choices.chance(50)).flat();
}

/** A type function's parameters, body and arguments, and a value of what it returns. */
interface Recipe {
  /** The body, given one parameter per argument. */
  body(params: Local[]): Stat[];
  readonly args: Type[];
  /**
   * A value of the result type, and the expression that prints a use of the local `l` (the
   * local itself without it).
   */
  readonly value: Expr;
  use?(l: Expr): Expr;
  /** Statements before the function (locals its value reads). */
  readonly before?: Stat[];
}

type Make = (g: Gen, d: number) => Recipe;

const distinct = (g: Gen): [Scalar, Scalar] => {
  const a = g.choices.pick(['num', 'str', 'bool'] as const);
  const b = g.choices.pick((['num', 'str', 'bool'] as const).filter((s) => s !== a));
  return [a, b];
};

/** A body of one parameter that returns `result` of it. */
function returns(result: (a: Expr) => Expr): (params: Local[]) => Stat[] {
  return ([a]) => [build.ret([result(build.local(a!.name))])];
}

/** A value `function(x: A): B return <a B> end`, used by calling it with an `A`. */
function lambda(g: Gen, d: number, from: Scalar, to: Scalar): Pick<Recipe, 'value' | 'use'> {
  const [x] = opaque(g, 1);
  const body = [build.ret([value(g, to, d + 1)])];
  return {
    value: build.funcExpr(build.func([x], body, false, [scalarType(from)], [scalarType(to)])),
    use: (l) => build.call(l, [value(g, from, d + 1)]),
  };
}

const recipes: Make[] = [
  // `T?`, by `types.optional` or a union with the `nil` singleton.
  (g, d) => {
    const s = g.choices.pick(fieldScalars);
    const optional = g.choices.chance(50);
    return {
      body: returns((a) =>
        optional ? typesCall('optional', [a]) : typesCall('unionof', [a, nilType()]),
      ),
      args: [scalarType(s)],
      value: value(g, s, d + 1),
    };
  },
  // One of two arguments picked by the first one's tag (`is` or `tag`).
  (g, d) => {
    const [s, t] = distinct(g);
    const tag = g.choices.pick(['number', 'string', 'boolean']);
    const result = typeName(s) === tag ? t : s;
    return {
      body: ([a, b]) => {
        const test = g.choices.chance(50)
          ? typeMethod(a!, 'is', [build.string(tag)])
          : build.binary(
              ExprBinary_Op.CompareEq,
              build.indexExpr(build.local(a!.name), build.string('tag')),
              build.string(tag),
            );
        return [
          build.ifStat(test, [build.ret([build.local(b!.name)])]),
          build.ret([build.local(a!.name)]),
        ];
      },
      args: [scalarType(s), scalarType(t)],
      value: value(g, result, d + 1),
      use: (l) => use(result, l),
    };
  },
  // A table type copied property by property, each made optional or kept.
  (g, d) => {
    const fields = [0, 1, 2]
      .slice(0, 1 + g.choices.int(3))
      .map((k) => [k, g.choices.pick(fieldScalars)] as const);
    const optional = g.choices.chance(50);
    return {
      body: ([a]) => {
        const [r, k, v] = opaque(g, 3);
        const read = build.indexExpr(build.local(v.name), build.string('read'));
        const set = typeMethod(r, 'setproperty', [
          build.local(k.name),
          optional ? typesCall('optional', [read]) : read,
        ]);
        return [
          build.localStat([r], [typesCall('newtable')]),
          build.forIn([k, v], [typeMethod(a!, 'properties')], [build.callStat(set)]),
          build.ret([build.local(r.name)]),
        ];
      },
      args: [ty.table(fields.map(([k, s]) => [k, scalarType(s)]))],
      value: valueRecord(g, fields, d + 1),
      use: (l) => build.field(l, fields[0]![0]),
    };
  },
  // A function type made of two argument types: `(A) -> B`.
  (g, d) => {
    const [s, t] = distinct(g);
    return {
      ...lambda(g, d, s, t),
      body: ([a, b]) => [
        build.ret([
          typesCall('newfunction', [pack([build.local(a!.name)]), pack([build.local(b!.name)])]),
        ]),
      ],
      args: [scalarType(s), scalarType(t)],
    };
  },
  // A function type's parameters and results swapped: `(A) -> B` gives `(B) -> A`.
  (g, d) => {
    const [s, t] = distinct(g);
    return {
      ...lambda(g, d, t, s),
      body: ([a]) => {
        const [ps, rs] = opaque(g, 2);
        return [
          build.localStat([ps], [typeMethod(a!, 'parameters')]),
          build.localStat([rs], [typeMethod(a!, 'returns')]),
          build.ret([typesCall('newfunction', [build.local(rs.name), build.local(ps.name)])]),
        ];
      },
      args: [ty.fn([scalarType(s)], [scalarType(t)])],
    };
  },
  // `T & ~nil` of an optional `T`, which the solver normalizes to `T`.
  (g, d) => {
    const s = g.choices.pick(fieldScalars);
    return {
      body: returns((a) => typesCall('intersectionof', [a, typesCall('negationof', [nilType()])])),
      args: [ty.optional(scalarType(s))],
      // Printed, not given to a library function: the intersection stays unsimplified there.
      value: value(g, s, d + 1),
    };
  },
  // A union taken apart and put together again.
  (g, d) => {
    const [s, t] = distinct(g);
    return {
      body: ([a]) => {
        const [parts] = opaque(g, 1);
        const part = (i: number) => build.indexExpr(build.local(parts.name), build.number(i));
        return [
          build.localStat([parts], [typeMethod(a!, 'components')]),
          build.ret([typesCall('unionof', [part(1), part(2)])]),
        ];
      },
      args: [ty.union(scalarType(s), scalarType(t))],
      value: value(g, g.choices.pick([s, t]), d + 1),
    };
  },
  // One property's type read from a table type.
  (g, d) => {
    const fields = [0, 1].map((k) => [k, g.choices.pick(fieldScalars)] as const);
    const [k, s] = fields[g.choices.int(2)]!;
    return {
      body: ([a]) => [
        build.ret([
          typeMethod(a!, 'readproperty', [typesCall('singleton', [build.string(`n${k}`)])]),
        ]),
      ],
      args: [ty.table(fields.map(([j, f]) => [j, scalarType(f)]))],
      value: value(g, s, d + 1),
      use: (l) => use(s, l),
    };
  },
  // A type of the planted vocabulary (unions, intersections of tables or functions, tables,
  // function types) returned as it came: serialized into the runtime and back. Its value is
  // `nil` through a local of type `any`.
  (g) => {
    const [a] = opaque(g, 1);
    return {
      body: ([x]) => [build.ret([build.local(x!.name)])],
      args: [toType(drawType({ g, aliases: [] }, 1 + g.choices.int(2)))],
      value: build.local(a.name),
      use: (l) => build.binary(ExprBinary_Op.CompareEq, l, build.nil()),
      before: [build.localStat([a], [build.nil()], [ty.prim('any')])],
    };
  },
  // A map of strings to the argument type, made with an indexer.
  (g, d) => {
    const s = g.choices.pick(fieldScalars);
    return {
      body: returns((a) =>
        typesCall('newtable', [
          build.nil(),
          build.keyed([
            [build.string('index'), typesLib('string')],
            [build.string('readresult'), a],
            [build.string('writeresult'), a],
          ]),
        ]),
      ),
      args: [scalarType(s)],
      value: valueRecord(g, [[0, s]], d + 1),
      use: (l) => build.field(l, 0),
    };
  },
];

/**
 * A user-defined type function (`type function t<k>(...)`), run by the new solver when it
 * reduces a use of it: its body reads its arguments through the runtime's `types` library
 * and type methods (`is`, `tag`, `properties`, `components`, `parameters`, …) and builds
 * what it returns (`types.optional`, `unionof`, `intersectionof`, `negationof`, `newtable`,
 * `newfunction`, `setproperty`, …); a local annotated with its use holds a value of that
 * result and the program prints a use of it. Only for the new solver (`--checker new`).
 *
 * @example
 * ```ts
 * typeFunctionStat(g, 1); // type function t3(l5) return types.optional(l5) end local l6: t3<number> = 1 print(l6)
 * ```
 */
export const typeFunctionStat: StatProduction = (g, d) => {
  const k = freshAlias(g);
  if (k === undefined) return [];
  const recipe = g.choices.pick(recipes)(g, d);
  const params = opaque(g, recipe.args.length);
  const fn = build.func(params, [
    ...(g.choices.chance(50) ? inspect(g, params[0]!) : []),
    ...recipe.body(params),
  ]);
  const [l] = opaque(g, 1);
  return [
    ...(recipe.before ?? []),
    build.typeFunction(build.regularTypeName(k), fn),
    build.localStat([l], [recipe.value], [ty.alias(k, recipe.args)]),
    print([recipe.use?.(build.local(l.name)) ?? build.local(l.name)]),
  ];
};
