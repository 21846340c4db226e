import { ExprBinary_Op, ExprUnary_Op } from '../../../../gen/luau_pb.js';
import type { Expr, Local, Stat, Type } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { Locals } from '../shapes/kit.js';
import type { StatProduction } from '../library/model.js';
import { withFormatArguments } from '../library/format-conversions.js';
import { patternCaptures, type PatternCapture } from '../library/pattern-captures.js';
import { aliasStat, eq, freshAlias, genericFunc, nested, opaque, print } from './typed-parts.js';
import { scalarType, typeTest, value } from './typed-parts.js';
import { ty } from './typed-types.js';
import type { Scalar } from '../values/types.js';

/** Conversions of `string.format` and the value type each takes (`%s` only strings: strict mode). */
const formats = withFormatArguments([
  '%d',
  '%i',
  '%x',
  '%X',
  '%5d',
  '%-4d',
  '%s',
  '%q',
  '%.3s',
  '%.2f',
  '%8.3f',
]);

/** Patterns whose captures are strings (`(%a+)`) or positions (`()`). */
const capturePatterns = [
  '(%a+)',
  '(%d+)()',
  '()(%w)',
  '(%a)(%a?)',
  '[%a_][%w_]*',
  '%f[%w]%w+',
  '%b()',
  '^(.-)%s*$',
  '([^,]+),?',
].map((p): [string, PatternCapture[]] => [p, patternCaptures(p)]);

/**
 * The standard library functions the checker types by looking at their arguments:
 * `string.format` (its format string checked against the values), `string.match`,
 * `string.find` and `string.gmatch` (capture types read from the pattern), `string.gsub` with a
 * replacement pattern, `select`, `table.pack`/`table.unpack`, `table.freeze`/`table.clone`.
 *
 * @example
 * ```ts
 * builtinStat(g, 1); // print(string.format("%d %s", ..., ...))
 * ```
 */
export const builtinStat: StatProduction = (g: Gen, d: number): Stat[] => {
  const locals = opaque(g, 5);
  switch (g.choices.int(5)) {
    case 0:
      return formatStat(g, d);
    case 1:
      return matchOrFindStat(g, d, locals);
    case 2:
      return gmatchAndGsubStat(g, d, locals);
    case 3:
      return selectAndPackStat(g, d, locals);
    default:
      return frozenCloneStat(g, d, locals);
  }
};

/** `string.format` of one to four conversions with values of the types they take. */
function formatStat(g: Gen, d: number): Stat[] {
  const specs = Array.from({ length: 1 + g.choices.int(4) }, () => g.choices.pick(formats));
  const text = specs.map(([f]) => f).join(g.choices.pick([' ', ',', '%%', '']));
  return [
    print([
      g.lib('string', 'format', [
        build.string(text),
        ...specs.map(([, sc]) => value(g, sc, d + 1)),
      ]),
    ]),
  ];
}

/** `string.match` into locals typed by the pattern's captures, or `string.find` into three. */
function matchOrFindStat(g: Gen, d: number, [s, a, b, c]: Locals<5>): Stat[] {
  const sRef = build.local(s.name);
  const [pattern, caps] = g.choices.pick(capturePatterns);
  const vars = caps.length === 0 ? [a] : [a, b].slice(0, caps.length);
  const types = (caps.length === 0 ? (['s'] as const) : caps).map((k) =>
    ty.optional(ty.prim(k === 's' ? 'string' : 'number')),
  );
  const find = g.choices.chance(40);
  return [
    build.localStat([s], [value(g, 'str', d + 1)], [ty.prim('string')]),
    find
      ? build.localStat(
          [a, b, c],
          [g.lib('string', 'find', [sRef, build.string(pattern), build.number(1)])],
        )
      : build.localStat(vars, [g.lib('string', 'match', [sRef, build.string(pattern)])], types),
    print(
      find
        ? [build.local(a.name), build.local(b.name), build.local(c.name)]
        : vars.map((v) => build.local(v.name)),
    ),
  ];
}

/** `string.gmatch` over a pattern's captures, then `string.gsub` with a replacement pattern. */
function gmatchAndGsubStat(g: Gen, d: number, [s, a, b]: Locals<5>): Stat[] {
  const sRef = build.local(s.name);
  const [pattern, caps] = g.choices.pick(capturePatterns.filter(([, k]) => k.length > 0));
  const vars = [a, b].slice(0, caps.length);
  const body = [print(vars.map((v) => build.local(v.name)))];
  return [
    build.localStat([s], [value(g, 'str', d + 1)], [ty.prim('string')]),
    build.forIn(vars, [g.lib('string', 'gmatch', [sRef, build.string(pattern)])], body),
    print([
      g.lib('string', 'gsub', [
        sRef,
        build.string(g.choices.pick(['(%w+)', '(%a)', '%s', '(%d)(%d?)'])),
        build.string(g.choices.pick(['%1%1', '<%0>', '%%', '%1'])),
      ]),
    ]),
  ];
}

/** `select("#", ...)` and `select(i, ...)` of one to three values, `table.pack` and `table.unpack`. */
function selectAndPackStat(g: Gen, d: number, [, a, , , t]: Locals<5>): Stat[] {
  const values = Array.from({ length: 1 + g.choices.int(3) }, () =>
    value(g, g.choices.pick(['num', 'str', 'bool'] as const), d + 1),
  );
  return [
    build.localStat(
      [a],
      [build.call(build.global('select'), [build.string('#'), ...values])],
      [ty.prim('number')],
    ),
    print([
      build.local(a.name),
      build.call(build.global('select'), [
        build.number(1 + g.choices.int(values.length)),
        ...values,
      ]),
    ]),
    build.localStat([t], [g.lib('table', 'pack', values)]),
    print([
      build.indexExpr(build.local(t.name), build.string('n')),
      g.lib('table', 'unpack', [g.expr('iarr', d + 1)]),
    ]),
  ];
}

/** An array cloned and frozen (`table.freeze`), cloned again, and asked `table.isfrozen`. */
function frozenCloneStat(g: Gen, d: number, [, a, b]: Locals<5>): Stat[] {
  const elem = g.choices.pick(['iarr', 'sarr'] as const);
  const aType = ty.array(ty.prim(elem === 'iarr' ? 'number' : 'string'));
  return [
    // A copy: the array may be a local that later statements write.
    build.localStat(
      [a],
      [g.lib('table', 'freeze', [g.lib('table', 'clone', [g.expr(elem, d + 1)])])],
      [aType],
    ),
    build.localStat([b], [g.lib('table', 'clone', [build.local(a.name)])], [aType]),
    print([
      build.unary(ExprUnary_Op.Len, build.local(b.name)),
      g.lib('table', 'isfrozen', [build.local(a.name)]),
    ]),
  ];
}

/** Metamethods of the operator class, with the operator that calls each. */
const binaryMeta: [string, ExprBinary_Op, 'self' | 'bool'][] = [
  ['__add', ExprBinary_Op.Add, 'self'],
  ['__sub', ExprBinary_Op.Sub, 'self'],
  ['__mul', ExprBinary_Op.Mul, 'self'],
  ['__eq', ExprBinary_Op.CompareEq, 'bool'],
  ['__lt', ExprBinary_Op.CompareLt, 'bool'],
  ['__le', ExprBinary_Op.CompareLe, 'bool'],
];

/**
 * A class with typed metamethods: `type t<k> = typeof(setmetatable({n0 = 0}, C))`, a
 * constructor, binary metamethods, `__unm`, `__len` and `__tostring` typed with it, and the
 * operators applied to objects.
 *
 * @example
 * ```ts
 * operatorClassStat(g, 1); // local l5 = {} l5.__index = l5 type t0 = typeof(...) ...
 * ```
 */
export const operatorClassStat: StatProduction = (g: Gen, d: number): Stat[] => {
  if (!g.options.features.typeAliases) return [];
  const k = freshAlias(g);
  if (k === undefined) return [];
  const [cls, x, y, o] = opaque(g, 4);
  const c: OperatorClass = { ref: build.local(cls.name), self: ty.alias(k) };
  const out = operatorClassHead(c, cls, k, x);
  const ops = binaryMeta.filter(() => g.choices.chance(50));
  out.push(...operatorMetamethods(c, ops, x, y));
  out.push(...operatorUses(g, d, c, ops, o));
  return out;
};

/** The class table of {@link operatorClassStat} and the alias of its objects' type. */
interface OperatorClass {
  ref: Expr;
  self: Type;
}

/** Field `n0` of `e`. */
const n0 = (e: Expr) => build.field(e, 0);

/** `C.n4(e)`: an object of the class made by its constructor. */
function construct(c: OperatorClass, e: Expr): Expr {
  return build.call(build.indexName(c.ref, build.customName(4)), [e]);
}

/** `local C = {}`, `C.__index = C`, the alias `typeof(setmetatable({n0 = 0}, C))`, `C.n4`. */
function operatorClassHead(c: OperatorClass, cls: Local, k: number, x: Local): Stat[] {
  const setmetatable = (e: Expr) =>
    build.call(build.global('setmetatable'), [build.record([[0, e]]), c.ref]);
  return [
    build.localStat([cls], [build.array([])]),
    build.assign([build.indexName(c.ref, build.name('__index'))], [c.ref]),
    aliasStat(k, ty.typeOf(setmetatable(build.number(0)))),
    build.assign(
      [build.indexName(c.ref, build.customName(4))],
      [
        build.funcExpr(
          build.func(
            [x],
            [build.ret([setmetatable(build.local(x.name))])],
            false,
            [ty.prim('number')],
            [c.self],
          ),
        ),
      ],
    ),
  ];
}

/** `C.name = function(args: self...): rets return body end`. */
function metamethod(c: OperatorClass, name: string, args: Local[], rets: Type[], body: Expr): Stat {
  return build.assign(
    [
      // `__tostring` is not in the name table: written `C["__tostring"]`.
      name === '__tostring'
        ? build.indexExpr(c.ref, build.string(name))
        : build.indexName(c.ref, build.name(name)),
    ],
    [
      build.funcExpr(
        build.func(
          args,
          [build.ret([body])],
          false,
          args.map(() => c.self),
          rets,
        ),
      ),
    ],
  );
}

/** The binary metamethods `ops`, then `__unm`, `__len` and `__tostring`. */
function operatorMetamethods(c: OperatorClass, ops: typeof binaryMeta, x: Local, y: Local): Stat[] {
  const xRef = build.local(x.name);
  const yRef = build.local(y.name);
  const out: Stat[] = [];
  for (const [name, op, ret] of ops) {
    out.push(
      metamethod(
        c,
        name,
        [x, y],
        [ret === 'self' ? c.self : ty.prim('boolean')],
        ret === 'self'
          ? construct(c, build.binary(op, n0(xRef), n0(yRef)))
          : build.binary(op, n0(xRef), n0(yRef)),
      ),
    );
  }
  out.push(
    metamethod(c, '__unm', [x], [c.self], construct(c, build.unary(ExprUnary_Op.Minus, n0(xRef)))),
  );
  out.push(metamethod(c, '__len', [x], [ty.prim('number')], n0(xRef)));
  out.push(
    metamethod(
      c,
      '__tostring',
      [x],
      [ty.prim('string')],
      build.binary(
        ExprBinary_Op.Concat,
        build.string('o'),
        build.call(build.global('tostring'), [n0(xRef)]),
      ),
    ),
  );
  return out;
}

/** An object `o` and the operators applied to it: unary, `#`, `tostring` and each of `ops`. */
function operatorUses(
  g: Gen,
  d: number,
  c: OperatorClass,
  ops: typeof binaryMeta,
  o: Local,
): Stat[] {
  const oRef = build.local(o.name);
  const made = build.localStat([o], [construct(c, g.int(d + 1))], [c.self]);
  const shown: Expr[] = [
    n0(build.group(build.unary(ExprUnary_Op.Minus, oRef))),
    build.unary(ExprUnary_Op.Len, oRef),
    build.call(build.global('tostring'), [oRef]),
  ];
  for (const [, op, ret] of ops) {
    const applied = build.binary(op, oRef, construct(c, g.int(d + 1)));
    shown.push(ret === 'self' ? n0(build.group(applied)) : applied);
  }
  return [made, print(shown)];
}

/**
 * A function that is type-checked but never called: its parameters use overloaded function
 * types (an intersection), `unknown` refined by every `type` name, a union of four with
 * negated refinements; beside it, a generic `compose` called with annotated lambdas, a record
 * passed where fewer fields are expected, and a library function stored in a function type.
 *
 * @example
 * ```ts
 * checkedOnlyStat(g, 1); // local function l5(l6: ((number) -> number) & ((string) -> string), ...)
 * ```
 */
export const checkedOnlyStat: StatProduction = (g: Gen, d: number): Stat[] => {
  if (!g.options.features.generics) return [];
  const [f, ov, u, m, r1, r2, h] = opaque(g, 7);
  const out: Stat[] = [uncalledChecks(g, [f, ov, u, m, r1, r2])];
  const [p, q, z, c, w] = opaque(g, 5);
  out.push(...composeCalls(g, d, h, [p, q, z, c]));
  out.push(...widerRecordAndLibraryFunction(g, d, w));
  return out;
};

/**
 * The function never called: an overloaded parameter called with each overload, `unknown`
 * refined by some of the `type` names, a union of four refined by negations.
 */
function uncalledChecks(g: Gen, [f, ov, u, m, r1, r2]: Locals<6>): Stat {
  const ovRef = build.local(ov.name);
  const uRef = build.local(u.name);
  const mRef = build.local(m.name);
  const overloads = ty.intersection(
    ty.fn([ty.prim('number')], [ty.prim('number')]),
    ty.fn([ty.prim('string')], [ty.prim('string')]),
  );
  const four = ty.union(
    ty.union(ty.prim('number'), ty.prim('string')),
    ty.union(ty.prim('boolean'), ty.prim('nil')),
  );
  const names = ['table', 'function', 'nil', 'thread', 'buffer', 'vector', 'userdata', 'number'];
  const tests = names.filter(() => g.choices.chance(50));
  const body: Stat[] = [
    build.localStat([r1], [build.call(ovRef, [build.number(1)])], [ty.prim('number')]),
    build.localStat([r2], [build.call(ovRef, [build.string('x')])], [ty.prim('string')]),
    print([build.local(r1.name), build.local(r2.name)]),
    ...tests.map((n) => build.ifStat(typeTest(g, uRef, n), [print([uRef])])),
    build.ifStat(
      build.binary(
        ExprBinary_Op.And,
        build.unary(ExprUnary_Op.Not, typeTest(g, mRef, 'number')),
        build.binary(
          ExprBinary_Op.CompareNe,
          build.call(build.global('type'), [mRef]),
          build.string('string'),
        ),
      ),
      [print([mRef])],
      [print([build.call(build.global('tostring'), [mRef])])],
    ),
    build.ifStat(eq(mRef, build.nil()), [build.ret([])]),
  ];
  return build.localFunction(
    f,
    build.func([ov, u, m], nested(g, body), false, [overloads, ty.prim('unknown'), four]),
  );
}

/** A generic `compose` stored in `h`, called with two annotated lambdas into `c`, and `c` called. */
function composeCalls(g: Gen, d: number, h: Local, [p, q, z, c]: Locals<4>): Stat[] {
  const out: Stat[] = [];
  // compose<A, B, C>(f: (A) -> B, g: (B) -> C): (A) -> C
  const compose = genericFunc(
    [p, q],
    [ty.fn([ty.generic(0)], [ty.generic(1)]), ty.fn([ty.generic(1)], [ty.generic(2)])],
    [ty.fn([ty.generic(0)], [ty.generic(2)])],
    [
      build.ret([
        build.funcExpr(
          build.func(
            [z],
            [
              build.ret([
                build.call(build.local(q.name), [
                  build.call(build.local(p.name), [build.local(z.name)]),
                ]),
              ]),
            ],
            false,
            [ty.generic(0)],
            [ty.generic(2)],
          ),
        ),
      ]),
    ],
    [0, 1, 2],
  );
  const lambda = (from: Scalar, to: Scalar, body: Expr, arg: Local) =>
    build.funcExpr(
      build.func([arg], [build.ret([body])], false, [scalarType(from)], [scalarType(to)]),
    );
  const [a1, a2] = opaque(g, 2);
  out.push(build.localFunction(h, compose));
  out.push(
    build.localStat(
      [c],
      [
        build.call(build.local(h.name), [
          lambda('num', 'str', build.call(build.global('tostring'), [build.local(a1.name)]), a1),
          lambda('str', 'num', build.unary(ExprUnary_Op.Len, build.local(a2.name)), a2),
        ]),
      ],
    ),
  );
  out.push(print([build.call(build.local(c.name), [g.num(d + 1)])]));
  return out;
}

/** A wider record passed to `w` where a narrower one is expected, and `math.max` as a function type. */
function widerRecordAndLibraryFunction(g: Gen, d: number, w: Local): Stat[] {
  const out: Stat[] = [];
  const [rec, fld] = opaque(g, 2);
  out.push(
    build.localFunction(
      w,
      build.func(
        [rec],
        [build.ret([build.field(build.local(rec.name), 0)])],
        false,
        [ty.table([[0, ty.prim('number')]])],
        [ty.prim('number')],
      ),
    ),
  );
  out.push(
    print([
      build.call(build.local(w.name), [
        build.record([
          [0, g.num(d + 1)],
          [1, value(g, 'str', d + 1)],
        ]),
      ]),
    ]),
  );
  out.push(
    build.localStat(
      [fld],
      [build.indexName(build.global('math'), build.name(g.choices.pick(['max', 'min'])))],
      [ty.fn([ty.prim('number'), ty.prim('number')], [ty.prim('number')])],
    ),
  );
  out.push(print([build.call(build.local(fld.name), [g.num(d + 1), g.num(d + 1)])]));
  return out;
}
