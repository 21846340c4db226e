import { exactExponents } from '../library/profile-library.js';
import { ExprBinary_Op, ExprUnary_Op, type Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { cutString } from './cut-string.js';
import type { Gen } from '../generator.js';
import { basicsModel } from '../library/basics.js';
import { bitsModel } from '../library/bits.js';
import { bufferModel } from '../library/buffer.js';
import { controlModel } from '../library/control.js';
import { integerModel } from '../library/integer.js';
import { mathModel } from '../library/math.js';
import { metatableModel } from '../library/metatable.js';
import type { LibraryModel, Production } from '../library/model.js';
import { orElse } from '../library/results.js';
import { stringModel } from '../library/string.js';
import { tableModel } from '../library/table.js';
import { utf8Model } from '../library/utf8.js';
import { vectorModel } from '../library/vector.js';
import { typedModel } from '../typed/typed-statements.js';
import { globalRef, pickGlobal } from './globals.js';
import { intLiteral, numLiteral, strLiteral } from './literals.js';
import type { Ty } from './types.js';

/**
 * Every library model, in one place.
 *
 * @example
 * ```ts
 * libraryModels.map((m) => m.name); // ['base', 'math', ...]
 * ```
 */
export const libraryModels: readonly LibraryModel[] = [
  basicsModel,
  mathModel,
  stringModel,
  tableModel,
  bitsModel,
  bufferModel,
  utf8Model,
  metatableModel,
  controlModel,
  integerModel,
  vectorModel,
  typedModel,
];

const arith = [
  ExprBinary_Op.Add,
  ExprBinary_Op.Sub,
  ExprBinary_Op.Mul,
  ExprBinary_Op.Div,
  ExprBinary_Op.FloorDiv,
  ExprBinary_Op.Mod,
  ExprBinary_Op.Pow,
];
const compare = [
  ExprBinary_Op.CompareNe,
  ExprBinary_Op.CompareEq,
  ExprBinary_Op.CompareLt,
  ExprBinary_Op.CompareLe,
  ExprBinary_Op.CompareGt,
  ExprBinary_Op.CompareGe,
];

/**
 * A scalar constant: in place (the compiler folds what it reaches), or, half the time in a
 * chunk, read from the chunk's input tables (the VM computes with it).
 */
function constant(g: Gen, ty: 'int' | 'num' | 'str'): Expr {
  const c = g.choices;
  const inputs = g.inputs !== undefined && c.chance(50) ? g.inputs : undefined;
  // `l1[3]`, and the constant in the table.
  if (inputs !== undefined) g.nodes += 4;
  switch (ty) {
    case 'int':
      return inputs?.int(c) ?? intLiteral(c);
    case 'num':
      return inputs?.num(c) ?? numLiteral(c);
    case 'str':
      return inputs?.str(c, g.nulFree()) ?? strLiteral(c, g.nulFree());
  }
}

/** A leaf of a type: a local of the type (or one that converts) or a constant. */
function leaf(g: Gen, ty: Ty): Expr {
  if (
    g.globals !== undefined &&
    g.globals.length > 0 &&
    (ty === 'num' || ty === 'int' || ty === 'str' || ty === 'bool') &&
    g.choices.chance(15)
  ) {
    const v = pickGlobal(g, ty);
    if (v !== undefined) return globalRef(g, v.name);
  }
  switch (ty) {
    case 'int': {
      const v = g.choices.chance(70) ? g.pickVar('int') : undefined;
      return v === undefined ? constant(g, 'int') : g.ref(v.name);
    }
    case 'num':
      return numLeaf(g);
    case 'str':
      return strLeaf(g);
    case 'bool':
      return boolLeaf(g);
    case 'iarr':
    case 'sarr':
      return arrayLeaf(g, ty);
    case 'rec':
      return recordLeaf(g);
    case 'obj':
      return objectLeaf(g);
    case 'buf': {
      const v = g.pickVar('buf');
      return v === undefined ? g.lib('buffer', 'create', [build.number(16)]) : g.ref(v.name);
    }
    case 'fn':
      return build.nil();
  }
}

/** A number leaf: a number or integer local, a record's number field, or a constant. */
function numLeaf(g: Gen): Expr {
  const c = g.choices;
  const v = c.chance(70)
    ? (g.pickVar(c.chance(60) ? 'num' : 'int') ?? g.pickVar('num'))
    : undefined;
  if (v !== undefined) return g.ref(v.name);
  const r = c.chance(20) ? g.pickVar('rec') : undefined;
  if (r !== undefined) return build.field(g.ref(r.name), c.int(2));
  return constant(g, 'num');
}

/** A string leaf: a string local, a record's string field, or a constant. */
function strLeaf(g: Gen): Expr {
  const c = g.choices;
  const v = c.chance(65) ? g.pickVar('str') : undefined;
  if (v !== undefined) return g.ref(v.name);
  const r = c.chance(15) ? g.pickVar('rec') : undefined;
  return r !== undefined ? build.field(g.ref(r.name), 2) : constant(g, 'str');
}

/** A boolean leaf: a boolean local, a comparison of two inputs, or a constant. */
function boolLeaf(g: Gen): Expr {
  const c = g.choices;
  const v = c.chance(50) ? g.pickVar('bool') : undefined;
  if (v !== undefined) return g.ref(v.name);
  // Half of the time a condition the compiler cannot decide: two numbers from memory.
  if (g.inputs !== undefined && c.chance(50)) {
    const op = c.pick([ExprBinary_Op.CompareLt, ExprBinary_Op.CompareLe, ExprBinary_Op.CompareEq]);
    g.nodes += 10;
    return build.binary(op, g.inputs.int(c), g.inputs.num(c));
  }
  return build.bool(c.chance(50));
}

/** An array leaf: an array local, or an array constructor of leaves. */
function arrayLeaf(g: Gen, ty: 'iarr' | 'sarr'): Expr {
  const v = g.choices.chance(70) ? g.pickVar(ty) : undefined;
  if (v !== undefined) return g.ref(v.name);
  // Strict mode types `{}` without an indexer: typed arrays have an element.
  const n = (g.typed ? 1 : 0) + g.choices.int(5);
  return build.array(Array.from({ length: n }, () => leaf(g, ty === 'iarr' ? 'int' : 'str')));
}

/** A record leaf: a record local, or a record of constants. */
function recordLeaf(g: Gen): Expr {
  const v = g.pickVar('rec');
  if (v !== undefined) return g.ref(v.name);
  const c = g.choices;
  return build.record([
    [0, numLiteral(c)],
    [1, intLiteral(c)],
    [2, strLiteral(c, g.nulFree())],
  ]);
}

/** An object leaf: an object local, a new object of the program's metatable, or `nil`. */
function objectLeaf(g: Gen): Expr {
  const v = g.pickVar('obj');
  if (v !== undefined || g.meta === undefined) return v === undefined ? build.nil() : g.ref(v.name);
  return build.call(build.global('setmetatable'), [
    build.record([[0, numLiteral(g.choices)]]),
    build.local(g.meta),
  ]);
}

/** `a op b` with `op` drawn from `ops` and both operands of type `ty`. */
function pickedBinary(g: Gen, ops: ExprBinary_Op[], ty: Ty, d: number): Expr {
  return build.binary(g.choices.pick(ops), g.expr(ty, d + 1), g.expr(ty, d + 1));
}

/** `if c then a else b` (or its `and`/`or` form) with `a` and `b` of type `ty`. */
function conditional(g: Gen, ty: Ty, d: number): Expr {
  return g.choose(g.bool(d + 1), g.expr(ty, d + 1), g.expr(ty, d + 1));
}

/** Operators and language constructs per result type (library calls come from the models). */
const core: Partial<Record<Ty, Production[]>> = {
  int: [
    (g, d) => pickedBinary(g, [ExprBinary_Op.Add, ExprBinary_Op.Sub], 'int', d),
    (g) => build.binary(ExprBinary_Op.Mul, leaf(g, 'int'), build.number(g.choices.int(15) - 7)),
    (g, d) =>
      build.binary(
        g.choices.pick([ExprBinary_Op.Mod, ExprBinary_Op.FloorDiv]),
        g.int(d + 1),
        build.number(1 + g.choices.int(100)),
      ),
    (g, d) => build.unary(ExprUnary_Op.Len, g.str(d + 1)),
    (g, d) => build.unary(ExprUnary_Op.Minus, g.int(d + 1)),
    (g, d) => conditional(g, 'int', d),
    (g, d) => orElse(build.indexExpr(g.expr('iarr', d + 1), g.int(d + 1)), build.number(0)),
    (g, d) => callFunction(g, d, 'int') ?? leaf(g, 'int'),
  ],
  num: [
    (g, d) => {
      const op = g.choices.pick(arith);
      if (op === ExprBinary_Op.Pow && !g.anyExponent()) {
        return build.binary(op, g.num(d + 1), build.number(g.choices.pick(exactExponents)));
      }
      return build.binary(op, g.num(d + 1), g.num(d + 1));
    },
    (g, d) => build.binary(g.choices.pick(arith.slice(0, 6)), g.num(d + 1), numLiteral(g.choices)),
    (g, d) => build.binary(g.choices.pick(arith.slice(0, 6)), numLiteral(g.choices), g.num(d + 1)),
    (g, d) => build.unary(ExprUnary_Op.Minus, g.num(d + 1)),
    (g, d) => g.int(d + 1),
    (g, d) => conditional(g, 'num', d),
    // Numbers are truthy: `a and b` is b, `a or b` is a (strict mode types them `number?`).
    (g, d) =>
      g.typed
        ? conditional(g, 'num', d)
        : pickedBinary(g, [ExprBinary_Op.And, ExprBinary_Op.Or], 'num', d),
    (g, d) =>
      g.typed
        ? conditional(g, 'num', d)
        : build.binary(
            ExprBinary_Op.Or,
            build.binary(ExprBinary_Op.And, g.bool(d + 1), g.num(d + 1)),
            g.num(d + 1),
          ),
    (g, d) => callFunction(g, d, 'num') ?? leaf(g, 'num'),
    (g, d) => build.group(g.num(d + 1)),
  ],
  str: [
    (g, d) => build.binary(ExprBinary_Op.Concat, g.str(d + 1), g.str(d + 1)),
    (g, d) =>
      build.binary(
        ExprBinary_Op.Concat,
        g.str(d + 1),
        numberText(g, g.expr(g.choices.pick(['num', 'int']), d + 1)),
      ),
    (g, d) => conditional(g, 'str', d),
    (g, d) =>
      g.options.features.interpolatedStrings
        ? build.interp([
            strLiteral(g.choices, g.nulFree()),
            g.expr(g.choices.pick(['num', 'int', 'str', 'bool']), d + 1),
            strLiteral(g.choices, g.nulFree()),
            g.num(d + 1),
          ])
        : g.str(d + 1),
    (g, d) => orElse(build.indexExpr(g.expr('sarr', d + 1), g.int(d + 1)), build.string('')),
    (g, d) => callFunction(g, d, 'str') ?? leaf(g, 'str'),
  ],
  bool: [
    (g, d) => {
      const ty = g.choices.pick(['num', 'int', 'str'] as const);
      return build.binary(
        g.choices.pick(compare),
        widened(g, g.expr(ty, d + 1)),
        g.expr(ty, d + 1),
      );
    },
    (g, d) => build.binary(g.choices.pick(compare), g.num(d + 1), numLiteral(g.choices)),
    (g, d) => build.unary(ExprUnary_Op.Not, g.bool(d + 1)),
    (g, d) => pickedBinary(g, [ExprBinary_Op.And, ExprBinary_Op.Or], 'bool', d),
    (g, d) =>
      build.binary(
        g.choices.pick([ExprBinary_Op.CompareEq, ExprBinary_Op.CompareNe]),
        widened(g, g.bool(d + 1), true),
        g.bool(d + 1),
      ),
    (g, d) => g.choose(g.bool(d + 1), g.bool(d + 1), g.bool(d + 1), true),
    (g, d) => callFunction(g, d, 'bool') ?? leaf(g, 'bool'),
  ],
  iarr: [
    (g, d) =>
      build.array(Array.from({ length: (g.typed ? 1 : 0) + g.choices.int(7) }, () => g.int(d + 1))),
  ],
  // Elements and fields are kept: strings cut (see `cutString`).
  sarr: [
    (g, d) =>
      build.array(
        Array.from({ length: (g.typed ? 1 : 0) + g.choices.int(5) }, () =>
          cutString(g, g.str(d + 1)),
        ),
      ),
  ],
  rec: [
    (g, d) =>
      build.record([
        [0, g.num(d + 1)],
        [1, g.num(d + 1)],
        [2, cutString(g, g.str(d + 1))],
      ]),
  ],
};

/**
 * At the typed level, a string or boolean constant compared with `==` is a singleton type that
 * strict mode refuses to compare with another singleton: `tostring("a")` and `not not true`
 * have the wide types. So is a boolean local where a condition has refined it (`l` is `true`
 * in `if l then l == false else …`).
 */
function widened(g: Gen, e: Expr, bool = false): Expr {
  if (!g.typed) return e;
  const c = e.exprOneof.case;
  if (c === 'string') return build.call(build.global('tostring'), [e]);
  if (c === 'bool' || (bool && c === 'local')) {
    return build.unary(ExprUnary_Op.Not, build.unary(ExprUnary_Op.Not, e));
  }
  return e;
}

/** A number where a string is concatenated: as it is (the VM converts it), or through `tostring` at the typed level. */
export function numberText(g: Gen, e: Expr): Expr {
  return g.typed ? build.call(build.global('tostring'), [e]) : e;
}

/** A call of a function local returning `ret`, with arguments of its parameter types. */
function callFunction(g: Gen, d: number, ret: 'int' | 'num' | 'str' | 'bool'): Expr | undefined {
  const fns = g
    .vars('fn')
    .filter((v) => v.kind.ret === ret && (g.pure === 0 || v.kind.effects !== true));
  if (fns.length === 0) return undefined;
  const f = fns[g.choices.int(fns.length)]!;
  return build.call(
    g.ref(f.name),
    (f.kind.params ?? []).map((p) => g.expr(p, d + 1)),
  );
}

/**
 * An expression of type `ty`: a leaf at the depth limit or past the node budget, else an
 * operator, a library call of a model the program uses, or a call of a function in scope.
 *
 * @example
 * ```ts
 * const e = expression(g, 'str', 0); // string.upper(l3 .. "ab") or similar
 * ```
 */
export function expression(g: Gen, ty: Ty, d: number): Expr {
  // A leaf one time in four; choice 0 is the leaf, so a shrunk or used-up record stops growing.
  if (g.leafOnly(d) || !g.choices.chance(75)) return leaf(g, ty);
  return computed(g, ty, d);
}

/**
 * An expression of type `ty` that computes: an operator, a library call or a function call
 * (a leaf only where the model has none for the type, or past the depth limit or budget).
 *
 * @example
 * ```ts
 * const e = computed(g, 'int', 1); // bit32.rshift(l1[2], 17) or similar
 * ```
 */
export function computed(g: Gen, ty: Ty, d: number): Expr {
  if (g.leafOnly(d)) return leaf(g, ty);
  const own = core[ty] ?? [];
  const lib: Production[] = [];
  for (const m of libraryModels) {
    const ps = m.exprs[ty];
    if (ps !== undefined && m.on(g)) lib.push(...ps);
  }
  if (own.length + lib.length === 0) return leaf(g, ty);
  const useLib =
    lib.length > 0 && (own.length === 0 || g.choices.int(4 + g.swarm.libraryWeight) >= 4);
  const ps = useLib ? lib : own;
  return ps[g.choices.int(ps.length)]!(g, d);
}
