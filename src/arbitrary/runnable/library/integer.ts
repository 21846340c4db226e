import {
  ExprBinary_Op,
  ExprConstantIntegerSchema,
  ExprUnary_Op,
  type Expr,
} from '../../../../gen/luau_pb.js';
import { blank } from '../../blank-message.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { LibraryModel, Production } from './model.js';
import { orElse } from './results.js';
import { equalityForm, textForms } from './read-back-forms.js';

/**
 * Decimal texts `integer.fromstring` reads (never nil): the 64-bit limits, powers of two at
 * word boundaries and their neighbours, both signs.
 */
const texts = [
  '0',
  '-1',
  '7',
  '255',
  '-32768',
  '4294967295',
  '4294967296',
  '-4294967297',
  '123456789012345',
  '9007199254740993',
  '-9007199254740993',
  '9223372036854775807',
  '-9223372036854775808',
  '0x7F',
];

/**
 * The texts as literals: not `0x7F`, nor the least integer (`-9223372036854775808i` negates a
 * literal out of range; the printer's `(-9223372036854775807i - 1i)` is arithmetic that
 * integers do not have).
 */
const literalTexts = texts.filter((t) => !t.startsWith('0x') && t !== '-9223372036854775808');

/** `integer.f(args)`. */
function call(g: Gen, f: string, args: Expr[]): Expr {
  return g.lib('integer', f, args);
}

/**
 * Which integer literals go in the program, where the profile has them: any in grammar 735's
 * programs; in the seed's grammar only negative ones, `-5i`, which Luau 0.715 at `-O0` compiles
 * as one constant (a literal not negated in place there compiles to no load at all), and none
 * in its typed programs.
 */
function literals(g: Gen, k: bigint): boolean {
  if (!g.options.features.integerLiterals) return false;
  if (g.options.grammar === '735') return true;
  // 0.715's checker has no `-` for an integer: "Operator '-' could not be applied to operand of
  // type integer".
  return k < 0n && !g.typed;
}

/** `ki`. */
function literal(k: bigint): Expr {
  const value = blank(ExprConstantIntegerSchema);
  value.val = k;
  return build.expr({ case: 'integer', value });
}

/** `integer.create(k)` of a constant (`ki` where literals go). */
function constant(g: Gen, k: number): Expr {
  if (literals(g, BigInt(k))) return literal(BigInt(k));
  return call(g, 'create', [
    k < 0 ? build.unary(ExprUnary_Op.Minus, build.number(-k)) : build.number(k),
  ]);
}

/**
 * Shift and rotate counts at and past the edges of the width, of either sign: a negative count
 * shifts the other way, and one past ±63 shifts every bit out (`arshift` leaves the sign).
 */
const EDGE_COUNTS = [-80, -64, -63, -1, 63, 64, 80];

/** A bit count or shift: anywhere in [0, 64), sometimes at or past its edges (all defined). */
function count(g: Gen, d: number): Expr {
  if (g.choices.chance(70))
    return constant(g, g.choices.chance(80) ? g.choices.int(64) : g.choices.pick(EDGE_COUNTS));
  return call(g, 'create', [
    build.group(build.binary(ExprBinary_Op.Mod, g.int(d + 1), build.number(64))),
  ]);
}

/** A divisor in [1, 65535] (never 0, never -1: `minsigned // -1` overflows). */
function divisor(g: Gen, d: number): Expr {
  if (g.choices.chance(50))
    return constant(g, g.choices.pick([1, 2, 3, 7, 10, 16, 255, 1000, 65535]));
  return call(g, 'bor', [
    call(g, 'band', [integerValue(g, d + 1), constant(g, 0xffff)]),
    constant(g, 1),
  ]);
}

/** 1 to 4 integer values (each argument count is a distinct fast call). */
function some(g: Gen, d: number): Expr[] {
  return Array.from({ length: 1 + g.choices.int(4) }, () => integerValue(g, d + 1));
}

/** Integer values from numbers and from texts (the limits among them). */
function integerLeaf(g: Gen, d: number): Expr {
  if (g.options.features.integerLiterals && g.choices.chance(40)) {
    const k = BigInt(g.choices.pick(literalTexts));
    if (literals(g, k)) return literal(k);
  }
  switch (g.choices.int(3)) {
    case 0:
      return call(g, 'fromstring', [build.string(g.choices.pick(texts))]);
    default:
      // Any number: `create` gives nil for a fraction, NaN, an infinity or one past the 64-bit
      // range, and `or` an integer in its place.
      if (g.choices.chance(15))
        return orElse(call(g, 'create', [g.num(d + 1)]), call(g, 'create', [g.int(d + 1)]));
      // `int` values are whole and below 2^34: `create` never gives nil.
      return call(g, 'create', [g.int(d + 1)]);
  }
}

/** The operations from integers to an integer, each well defined for every operand. */
const operations: ((g: Gen, d: number) => Expr)[] = [
  (g, d) =>
    call(g, g.choices.pick(['add', 'sub', 'mul']), [
      integerValue(g, d + 1),
      integerValue(g, d + 1),
    ]),
  (g, d) => call(g, g.choices.pick(['neg', 'bnot']), [integerValue(g, d + 1)]),
  (g, d) => call(g, g.choices.pick(['band', 'bor', 'bxor', 'max', 'min']), some(g, d)),
  (g, d) =>
    call(g, g.choices.pick(['lshift', 'rshift', 'arshift', 'lrotate', 'rrotate']), [
      integerValue(g, d + 1),
      count(g, d),
    ]),
  (g, d) =>
    call(g, g.choices.pick(['div', 'idiv', 'mod', 'rem', 'udiv', 'urem']), [
      integerValue(g, d + 1),
      divisor(g, d),
    ]),
  (g, d) => call(g, g.choices.pick(['countlz', 'countrz']), [integerValue(g, d + 1)]),
  (g, d) => {
    const lo = g.choices.int(200) - 100;
    return call(g, 'clamp', [
      integerValue(g, d + 1),
      constant(g, lo),
      constant(g, lo + g.choices.int(300)),
    ]);
  },
  (g, d) => {
    const f = g.choices.int(64);
    const w = 1 + g.choices.int(64 - f);
    return g.choices.chance(50)
      ? call(g, 'extract', [integerValue(g, d + 1), constant(g, f), constant(g, w)])
      : call(g, 'replace', [
          integerValue(g, d + 1),
          integerValue(g, d + 1),
          constant(g, f),
          constant(g, w),
        ]);
  },
];

/**
 * An expression of Luau's 64-bit `integer` type, built from the `integer` library and from
 * literals: `5i` in grammar 735's programs, only negated ones (`-5i`) in the seed's grammar
 * (Luau 0.715 at `-O0` compiles no load for a literal that is not negated in place, so a
 * program with `5i` would differ between `-O0` and `-O2` there).
 *
 * @example
 * ```ts
 * integerValue(g, 0); // integer.add(integer.create(l3), integer.maxsigned) or similar
 * ```
 */
export function integerValue(g: Gen, d: number): Expr {
  if (g.leafOnly(d) || g.choices.chance(35)) return integerLeaf(g, d);
  g.nodes += 2;
  return g.choices.pick(operations)(g, d);
}

const comparisons = ['lt', 'le', 'gt', 'ge', 'ult', 'ule', 'ugt', 'uge', 'btest'];

const toNum: Production = (g, d) => call(g, 'tonumber', [integerValue(g, d + 1)]);

/**
 * Luau's `integer` library (profile `luau`; luau-web has none): every function on 64-bit
 * integers that wrap, with shifts and bit fields over their whole range and nonzero
 * divisors, read back as numbers (`tonumber`, exact or rounded), as small ints (masked or
 * reduced), as text (`tostring`) and as booleans (comparisons, `==`).
 *
 * @example
 * ```ts
 * integerModel.exprs.num?.[0]?.(g, 0); // integer.tonumber(integer.mul(a, b))
 * ```
 */
export const integerModel: LibraryModel = {
  name: 'integer',
  on: (g) => g.swarm.integers && g.has('integer.create'),
  exprs: {
    num: [toNum, toNum],
    int: [
      (g, d) =>
        call(g, 'tonumber', [
          call(g, 'band', [
            integerValue(g, d + 1),
            constant(g, g.choices.pick([0xff, 0xffff, 0x7fffffff, 0xfffff])),
          ]),
        ]),
      (g, d) =>
        call(g, 'tonumber', [
          call(g, g.choices.pick(['rem', 'mod']), [integerValue(g, d + 1), divisor(g, d)]),
        ]),
      (g, d) => call(g, 'tonumber', [call(g, 'countlz', [integerValue(g, d + 1)])]),
    ],
    str: textForms(integerValue, 'i='),
    bool: [
      (g, d) =>
        call(g, g.choices.pick(comparisons), [integerValue(g, d + 1), integerValue(g, d + 1)]),
      equalityForm(integerValue),
    ],
  },
};
