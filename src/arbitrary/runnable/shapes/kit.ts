import { ExprBinary_Op, ExprUnary_Op } from '../../../../gen/luau_pb.js';
import type { Expr, Local, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { fuelGuard } from '../statements/fuel.js';
import { orElse } from '../library/results.js';
import type { Gen } from '../generator.js';
import type { VarInfo } from '../values/types.js';

/** Binary operators by their Luau spelling. */
const binaryOps = {
  '+': ExprBinary_Op.Add,
  '-': ExprBinary_Op.Sub,
  '*': ExprBinary_Op.Mul,
  '/': ExprBinary_Op.Div,
  '//': ExprBinary_Op.FloorDiv,
  '%': ExprBinary_Op.Mod,
  '^': ExprBinary_Op.Pow,
  '..': ExprBinary_Op.Concat,
  '~=': ExprBinary_Op.CompareNe,
  '==': ExprBinary_Op.CompareEq,
  '<': ExprBinary_Op.CompareLt,
  '<=': ExprBinary_Op.CompareLe,
  '>': ExprBinary_Op.CompareGt,
  '>=': ExprBinary_Op.CompareGe,
  and: ExprBinary_Op.And,
  or: ExprBinary_Op.Or,
} as const;

/**
 * A binary operator's Luau spelling.
 *
 * @example
 * ```ts
 * const op: BinaryOp = '//';
 * ```
 */
export type BinaryOp = keyof typeof binaryOps;

/**
 * Short builders for the runnable level's shapes: operators by their spelling, numbers of any
 * sign (negative ones as `-k`, `-0`, `1 / 0` and `0 / 0` where a literal cannot say them), calls
 * by name, and the scope bookkeeping of a shape's own locals.
 *
 * @example
 * ```ts
 * kit.bin('+', kit.num(-2), build.local(3)); // -2 + l3
 * ```
 */
export const kit = {
  bin(op: BinaryOp, a: Expr, b: Expr): Expr {
    return build.binary(binaryOps[op], a, b);
  },
  neg(e: Expr): Expr {
    return build.unary(ExprUnary_Op.Minus, e);
  },
  len(e: Expr): Expr {
    return build.unary(ExprUnary_Op.Len, e);
  },
  /**
   * Any number: the tree's number constants are 32-bit integers, so fractions are spelled as
   * quotients (`(5 / 2)`), larger integers through powers of two (`(2 ^ 31 - 2)`), `-0`,
   * infinities and NaN through arithmetic on constants; the compiler folds them back.
   */
  num(k: number): Expr {
    if (Number.isNaN(k))
      return build.group(build.binary(ExprBinary_Op.Div, build.number(0), build.number(0)));
    if (k < 0 || Object.is(k, -0)) return build.group(build.unary(ExprUnary_Op.Minus, kit.num(-k)));
    if (k === Infinity)
      return build.group(build.binary(ExprBinary_Op.Div, build.number(1), build.number(0)));
    if (Number.isInteger(k) && k < 2 ** 31) return build.number(k);
    for (let den = 2; den <= 1024 && !Number.isInteger(k); den *= 2) {
      if (Number.isInteger(k * den) && k * den < 2 ** 31) {
        return build.group(
          build.binary(ExprBinary_Op.Div, build.number(k * den), build.number(den)),
        );
      }
    }
    const e = Math.floor(Math.log2(k));
    const power = build.binary(ExprBinary_Op.Pow, build.number(2), build.number(e));
    const rest = k - 2 ** e;
    return build.group(rest === 0 ? power : build.binary(ExprBinary_Op.Add, power, kit.num(rest)));
  },
  str(s: string): Expr {
    return build.string(s);
  },
  /** `name(args)` for a global function. */
  call(name: string, args: Expr[]): Expr {
    return build.call(build.global(name), args);
  },
  /** `lib.fn(args)`. */
  lib(lib: string, fn: string, args: Expr[]): Expr {
    return build.libCall(lib, fn, args);
  },
  ref(l: Local): Expr {
    return build.local(l.name);
  },
  index(t: Expr, k: Expr): Expr {
    return build.indexExpr(t, k);
  },
  print(args: Expr[]): Stat {
    return build.callStat(build.call(build.global('print'), args));
  },
  /** `(e)`: a call's first result only. */
  first(e: Expr): Expr {
    return build.group(e);
  },
  /** `x or dflt` in parentheses. */
  orElse,
  /** `tostring(e)`. */
  text(e: Expr): Expr {
    return build.call(build.global('tostring'), [e]);
  },
  /** `type(e)`. */
  type(e: Expr): Expr {
    return build.call(build.global('type'), [e]);
  },
  /** `t.name` for a field name from the name tables. */
  field(t: Expr, name: string): Expr {
    return build.indexName(t, build.name(name));
  },
};

/**
 * The locals of one shape: declared as opaque to the rest of the generator (no expression
 * picks them as values), released when the shape is built, even when building it throws.
 *
 * @example
 * ```ts
 * const stats = withLocals(g, (fresh) => {
 *   const t = fresh();
 *   return [build.localStat([t], [build.array([])])];
 * });
 * ```
 */
export function withLocals<T>(g: Gen, build: (fresh: (info?: VarInfo) => Local) => T): T {
  const mark = g.scope.mark();
  try {
    return build((info) => g.declare(info ?? { ty: 'fn', mutable: false }));
  } finally {
    g.scope.release(mark);
  }
}

/** `n` locals as a tuple of that length (an array when `n` is not a constant). */
export type Locals<N extends number, R extends Local[] = []> = number extends N
  ? Local[]
  : R['length'] extends N
    ? R
    : Locals<N, [...R, Local]>;

/**
 * `n` locals from `fresh`, in order.
 *
 * @example
 * ```ts
 * withLocals(g, (fresh) => { const [a, b] = freshLocals(fresh, 2); ... });
 * ```
 */
export function freshLocals<N extends number>(fresh: () => Local, n: N): Locals<N> {
  return Array.from({ length: n }, () => fresh()) as Locals<N>;
}

/**
 * `for i = from, to[, step] do <fuel guard> body end`: a numeric loop whose every iteration
 * takes one unit of the chunk's fuel, so loops nested through calls stay bounded.
 *
 * @example
 * ```ts
 * fueledFor(g, i, kit.num(1), kit.num(4), undefined, [kit.print([kit.ref(i)])]);
 * ```
 */
export function fueledFor(
  g: Gen,
  i: Local,
  from: Expr,
  to: Expr,
  step: Expr | undefined,
  body: Stat[],
): Stat {
  return build.forStat(i, from, to, step, [...fuelGuard(g, build.brk()), ...body]);
}
