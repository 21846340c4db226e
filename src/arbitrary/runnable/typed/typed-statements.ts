import { ExprUnary_Op, type Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { LibraryModel, StatProduction } from '../library/model.js';
import { builtinStat, checkedOnlyStat, operatorClassStat } from './typed-builtins.js';
import { genericSetStat } from './typed-generic-sets.js';
import { globalFunctionStat } from './typed-globals.js';
import { lintStat } from './typed-lints.js';
import { subtypingStat } from './typed-subtyping.js';
import { nested, opaque, print, scalarType, use, value, scalars } from './typed-parts.js';
import { ty } from './typed-types.js';
import { aliasStatProduction, genericStat, packStat } from './typed-generics.js';
import { singletonStat, unionStat } from './typed-refinements.js';
import { methodStat, tableTypeStat } from './typed-tables.js';
import { callFormsStat, varargStat } from './typed-calls.js';
import { libraryLintStat } from './typed-library-lints.js';
import { iterationStat, metatableStat } from './typed-metatables.js';
import { normalizeStat } from './typed-normalize.js';
import { inferredPairStat, inferredShapeStat } from './typed-inferred.js';
import { logicStat } from './typed-logic.js';
import { typeFunctionStat } from './typed-type-functions.js';

/** A local of function type with several parameters and results, its lambda inferred. */
const functionTypeStat: StatProduction = (g, d) => {
  const n = 1 + g.choices.int(3);
  const types = Array.from({ length: n }, () => g.choices.pick(scalars));
  const params = opaque(g, n);
  const [f] = opaque(g, 1);
  const results = opaque(g, n);
  // The results are the parameters reversed, each through a use of its type.
  const rets = [...types].reverse();
  const lambda = build.funcExpr(
    build.func(params, [build.ret(params.map((p) => build.local(p.name)).reverse())]),
  );
  return [
    build.localStat([f], [lambda], [ty.fn(types.map(scalarType), rets.map(scalarType))]),
    build.localStat(
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
  const [s, m, parts] = opaque(g, 3);
  const sRef = build.local(s.name);
  const method = (name: string, args: Expr[]) =>
    build.call(build.indexName(sRef, build.name(name)), args, true);
  const calls = [
    method('upper', []),
    method('lower', []),
    method('len', []),
    method('sub', [build.number(1), build.number(1 + g.choices.int(4))]),
    method('rep', [build.number(g.choices.int(3))]),
    method('reverse', []),
    method('byte', [build.number(1)]),
  ];
  const mRef = build.local(m.name);
  return [
    build.localStat([s], [value(g, 'str', d + 1)], [ty.prim('string')]),
    print(calls.filter(() => g.choices.chance(50))),
    build.localStat(
      [m],
      [method('match', [build.string(g.choices.pick(['%a+', '%d', '.', 'a']))])],
      [ty.optional(ty.prim('string'))],
    ),
    build.ifStat(mRef, [print([build.call(build.indexName(mRef, build.name('upper')), [], true)])]),
    build.localStat([parts], [method('split', [build.string(',')])], [ty.array(ty.prim('string'))]),
    print([build.unary(ExprUnary_Op.Len, build.local(parts.name))]),
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
  [lintStat, 3],
  [globalFunctionStat, 4],
  [genericSetStat, 7],
  [builtinStat, 5],
  [operatorClassStat, 4],
  [checkedOnlyStat, 14],
  [subtypingStat, 16],
  [subtypingStat, 16],
  [varargStat, 9],
  [callFormsStat, 10],
  [normalizeStat, 12],
  [metatableStat, 9],
  [iterationStat, 8],
  [libraryLintStat, 6],
  [inferredShapeStat, 2],
  [inferredPairStat, 3],
  [logicStat, 4],
];
/** With the new solver (`--checker new`), also the forms only it accepts. */
const newSolverProductions: [StatProduction, number][] = [
  ...productions,
  ...Array.from({ length: 6 }, (): [StatProduction, number] => [typeFunctionStat, 16]),
];

/**
 * One of the type-system statements, in a `do` block of its own (its locals and aliases stay
 * inside it), in blocks no longer than `maxStatements` (plus one).
 */
const typedStat: StatProduction = (g, d) => {
  if (g.pure > 0) return [];
  const list = g.options.checker === 'new' ? newSolverProductions : productions;
  const [make, locals] = list[g.choices.int(list.length)]!;
  if (!g.roomFor(locals)) return [];
  const mark = g.scope.mark();
  const stats = make(g, d);
  g.scope.release(mark);
  g.nodes += 10 + 4 * stats.length;
  if (stats.length === 0) return [];
  return [build.doBlock(nested(g, stats))];
};

/**
 * The typed level's model: statements that use the type system's features (generic functions
 * and aliases, type packs, unions refined by `type` tests and `~= nil`, optional, `unknown`
 * and `any` values, singleton and tagged-union types, intersections, indexers, methods,
 * classes typed through `typeof`, function types with several results, string methods,
 * variadic functions, optional parameters, dotted and method names, types the checker
 * normalizes, metatables and raw access, every `for ... in` form, library calls the linter
 * reads), all passing strict mode and printing what they compute.
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
