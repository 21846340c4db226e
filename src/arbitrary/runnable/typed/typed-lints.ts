import { AttrType, ExprBinary_Op, ExprUnary_Op } from '../../../../gen/luau_pb.js';
import type { Expr, Local, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { Locals } from '../shapes/kit.js';
import type { StatProduction } from '../library/model.js';
import { opaque, print, scalarType, typeTest, use, value, valueRecord } from './typed-parts.js';
import { ty } from './typed-types.js';
import type { Scalar } from '../values/types.js';

const scalars: Scalar[] = ['num', 'int', 'str', 'bool'];

/** `{a, [1] = b}`: a list item and an explicit index of the same key. */
function listAndIndex(a: Expr, b: Expr): Expr {
  return build.keyed([
    [undefined, a],
    [build.number(1), b],
  ]);
}

/** `if c then a elseif c then b else e end`: an `elseif`, which the linter unrolls (`else if` it does not). */
function elseifChain(cond: Expr, a: Stat[], b: Stat[], e: Stat[]): Stat {
  const head = build.ifStat(cond, a);
  const tail = build.ifStat(cond, b, e);
  if (head.statOneof.case === 'if' && tail.statOneof.case === 'if') {
    head.statOneof.value.elseOneof = { case: 'elseif', value: tail.statOneof.value };
  }
  return head;
}

/** `function t.n<k>(): number return r end`. */
function fieldFunction(t: Local, k: number, r: number): Stat {
  return build.functionStat(
    build.indexName(build.local(t.name), build.customName(k)),
    build.func([], [build.ret([build.number(r)])], false, [], [ty.prim('number')]),
  );
}

/** One form of `lintStat`, given the opaque locals it may name and the scalar it stores. */
type LintForm = (g: Gen, d: number, names: Locals<3>, s: Scalar) => Stat[];

const shadowingLocal: LintForm = (g, d, [x], s) => {
  return [
    build.localStat([x], [value(g, s, d + 1)], [scalarType(s)]),
    build.doBlock([
      build.localStat([x], [use(s, build.local(x.name))], [scalarType(s === 'str' ? 'int' : s)]),
      print([build.local(x.name)]),
    ]),
  ];
};

const uninitializedLocal: LintForm = (g, d, [x], s) => {
  return [build.localStat([x], [], [ty.optional(scalarType(s))]), print([build.local(x.name)])];
};

const moreValuesThanNames: LintForm = (g, d, [x, y], s) => {
  return [
    build.localStat(
      [x, y],
      [value(g, s, d + 1), value(g, s, d + 1), value(g, s, d + 1)],
      [scalarType(s), scalarType(s)],
    ),
    print([build.local(x.name), build.local(y.name)]),
  ];
};

const duplicateRecordKey: LintForm = (g, d, [x], s) => {
  return [
    build.localStat(
      [x],
      [
        valueRecord(
          g,
          [
            [0, s],
            [0, s],
          ],
          d + 1,
        ),
      ],
    ),
    print([build.field(build.local(x.name), 0)]),
  ];
};

const duplicateFieldFunction: LintForm = (g, d, [x]) => {
  return [
    build.localStat([x], [build.array([])]),
    fieldFunction(x, 1, 1),
    fieldFunction(x, 1, 2),
    print([build.call(build.indexName(build.local(x.name), build.customName(1)), [])]),
  ];
};

const emptyForRange: LintForm = (g, d, [x]) => {
  return [
    build.forStat(x, build.number(3 + g.choices.int(5)), build.number(1), undefined, [
      print([build.local(x.name)]),
    ]),
  ];
};

const unknownTypeName: LintForm = (g, d, [x], s) => {
  return [
    build.localStat([x], [value(g, s, d + 1)], [scalarType(s)]),
    build.ifStat(
      typeTest(g, build.local(x.name), g.choices.pick(['numbr', 'str', 'int', 'bool'])),
      [print([build.local(x.name)])],
    ),
  ];
};

const deprecatedCalls: LintForm = (g, d, [x, y], s) => {
  // `table.getn(t)`, and a local function marked `@deprecated` (returning a local: an
  // expression built here may use `...`, which the function's body cannot).
  const f = build.func([], [build.ret([build.local(x.name)])], false, [], [scalarType(s)]);
  if (g.options.features.attributes) {
    f.attributes = [build.attribute(AttrType.Deprecated)];
  }
  return [
    print([g.lib('table', 'getn', [g.expr(g.choices.pick(['iarr', 'sarr'] as const), d + 1)])]),
    build.localStat([x], [value(g, s, d + 1)], [scalarType(s)]),
    build.localFunction(y, f),
    print([build.call(build.local(y.name), [])]),
  ];
};

const unreachableAfterReturn: LintForm = (g, d, [, y, z]) => {
  const body = [
    build.ifStat(
      build.binary(ExprBinary_Op.CompareGt, build.local(z.name), build.number(0)),
      [build.ret([build.number(1)])],
      [build.ret([build.number(2)])],
    ),
    print([build.string('unreachable')]),
  ];
  return [
    build.localFunction(y, build.func([z], body, false, [ty.prim('number')], [ty.prim('number')])),
    print([build.call(build.local(y.name), [g.num(d + 1)])]),
  ];
};

const duplicateLocalName: LintForm = (g, d, [x], s) => {
  const t = g.choices.pick(scalars);
  return [
    build.localStat(
      [x, x],
      [value(g, s, d + 1), value(g, t, d + 1)],
      [scalarType(s), scalarType(t)],
    ),
    print([build.local(x.name)]),
  ];
};

const duplicateCondition: LintForm = (g, d, [x]) => {
  // An `elseif` testing the condition of the `if` again (DuplicateCondition).
  const cond = build.binary(ExprBinary_Op.CompareGt, build.local(x.name), build.number(0));
  const chain = elseifChain(
    cond,
    [print([build.number(1)])],
    [print([build.number(2)])],
    [print([build.number(3)])],
  );
  return [build.localStat([x], [g.num(d + 1)], [ty.prim('number')]), chain];
};

const unreachableAfterExit: LintForm = (g, d, [x, y]) => {
  // Statements after `break`, `continue` and `error` (UnreachableCode, each reason).
  const [i] = opaque(g, 1);
  const loop = build.forStat(i, build.number(1), build.number(1), undefined, [
    build.ifStat(
      build.binary(ExprBinary_Op.CompareGt, build.local(x.name), build.number(0)),
      [build.brk()],
      [g.options.features.continue ? build.cont() : build.brk()],
    ),
    print([build.string('unreachable')]),
  ]);
  const thrower = build.func(
    [],
    [
      build.callStat(build.call(build.global('error'), [build.string('e')])),
      build.ret([build.number(1)]),
    ],
    false,
    [],
    [ty.prim('number')],
  );
  return [
    build.localStat([x], [g.num(d + 1)], [ty.prim('number')]),
    loop,
    build.localFunction(y, thrower),
    // Only whether it failed: the message names the chunk, which runtimes name apart.
    print([build.group(build.call(build.global('pcall'), [build.local(y.name)]))]),
  ];
};

const duplicateTableKey: LintForm = (g, d, [x], s) => {
  if (g.choices.chance(50)) {
    // A list item and an explicit index for the same key (TableLiteral).
    return [
      build.localStat([x], [listAndIndex(value(g, s, d + 1), value(g, s, d + 1))]),
      print([build.unary(ExprUnary_Op.Len, build.local(x.name))]),
    ];
  }
  // One explicit index twice, past any list item (TableLiteral): the last value is kept.
  const k = build.number(2 + g.choices.int(3));
  const dup = build.keyed([
    [k, value(g, s, d + 1)],
    [k, value(g, s, d + 1)],
  ]);
  return [build.localStat([x], [dup]), print([build.indexExpr(build.local(x.name), k)])];
};

const fewerValuesThanNames: LintForm = (g, d, [x, y, z], s) => {
  // Fewer values than names: the rest are nil (UnbalancedAssignment).
  return [
    build.localStat(
      [x, y, z],
      // A trailing `nil` says the rest are nil on purpose (no warning).
      [value(g, s, d + 1), value(g, s, d + 1), ...(g.choices.chance(30) ? [build.nil()] : [])],
      [scalarType(s), scalarType(s), ty.optional(scalarType(s))],
    ),
    print([build.local(x.name), build.local(y.name), build.local(z.name)]),
  ];
};

const lengthOfRecords: LintForm = (g, d, [x, y], s) => {
  // `#` of tables the checker knows have no array part: a record, a map of string keys
  // (TableOperations). Both are 0.
  return [
    build.localStat(
      [x],
      [build.record([[0, value(g, s, d + 1)]])],
      [ty.table([[0, scalarType(s)]])],
    ),
    build.localStat(
      [y],
      [build.keyed([[build.string('k'), g.num(d + 1)]])],
      [ty.table([], [ty.prim('string'), ty.prim('number')])],
    ),
    print([
      build.unary(ExprUnary_Op.Len, build.local(x.name)),
      build.unary(ExprUnary_Op.Len, build.local(y.name)),
    ]),
  ];
};

const lintForms: readonly LintForm[] = [
  shadowingLocal,
  uninitializedLocal,
  moreValuesThanNames,
  duplicateRecordKey,
  duplicateFieldFunction,
  emptyForRange,
  unknownTypeName,
  deprecatedCalls,
  unreachableAfterReturn,
  duplicateLocalName,
  duplicateCondition,
  unreachableAfterExit,
  duplicateTableKey,
  fewerValuesThanNames,
  lengthOfRecords,
];

/**
 * Code that luau-analyze's linter warns about (warnings, not type errors) and that runs as
 * meant: a shadowing local (LocalShadow), a local read before it is assigned
 * (UninitializedLocal), more values than names (UnbalancedAssignment), a duplicate table key
 * (TableLiteral), a field function defined twice (DuplicateFunction), a loop that never runs
 * (ForRange), a `type(x)` compared with no type's name (UnknownType), `table.getn` and a
 * `@deprecated` function (DeprecatedApi), a statement after both branches returned
 * (UnreachableCode, also after `break`, `continue` and `error`), a name declared twice in one
 * `local` (DuplicateLocal), an `elseif` repeating its `if` (DuplicateCondition), a list item and
 * `[1]` in one table and one index twice (TableLiteral), fewer values than names
 * (UnbalancedAssignment), `#` of a record and of a map of string keys (TableOperations).
 *
 * @example
 * ```ts
 * lintStat(g, 1); // [local l5: number = ..., do local l5: number = l5 + 1 print(l5) end]
 * ```
 */
export const lintStat: StatProduction = (g: Gen, d: number): Stat[] => {
  const names = opaque(g, 3);
  const s = g.choices.pick(scalars);
  return lintForms[g.choices.int(15)]!(g, d, names, s);
};
