import { ExprBinary_Op, ExprUnary_Op, type Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Choices } from '../choices.js';

const magnitudes = [
  1, 2, 3, 5, 7, 10, 16, 31, 100, 255, 256, 1000, 4096, 32767, 65535, 65536, 1e6, 16777216,
  123456789, 0x12345678, 0x40000000, 0x7fff0000, 999999937, 0x7fffffff,
];
const divisors = [2, 3, 4, 7, 8, 10, 16, 1000];

function neg(e: Expr): Expr {
  return build.unary(ExprUnary_Op.Minus, e);
}

/**
 * A constant integer of magnitude up to 2^31 - 1, often small, sometimes negative.
 *
 * @example
 * ```ts
 * intLiteral(new Choices([3])); // 3 (or a nearby constant)
 * ```
 */
export function intLiteral(c: Choices): Expr {
  const v = c.weighted([5, 3, 2]);
  if (v === 0) return build.number(c.int(11));
  const m = c.pick(magnitudes);
  return v === 1 ? build.number(m) : neg(build.number(m));
}

/**
 * A number constant across magnitudes and signs: integers, fractions (`7 / 4`), huge values
 * (`2 ^ 70`), `-0`, and infinities and NaN through arithmetic on constants, which the
 * compiler folds.
 *
 * @example
 * ```ts
 * numLiteral(new Choices([0])); // 0
 * ```
 */
export function numLiteral(c: Choices): Expr {
  switch (c.weighted([5, 3, 2, 1, 1, 1])) {
    case 0:
      return intLiteral(c);
    case 1: {
      const f = build.binary(
        ExprBinary_Op.Div,
        build.number(c.pick(magnitudes)),
        build.number(c.pick(divisors)),
      );
      return build.group(c.chance(30) ? neg(f) : f);
    }
    case 2: {
      const p = build.binary(
        ExprBinary_Op.Pow,
        build.number(c.pick([2, 10])),
        build.number(c.pick([31, 32, 52, 53, 54, 63, 64, 70, 300, -3, -20, -1074])),
      );
      return build.group(c.chance(30) ? neg(p) : p);
    }
    case 3:
      return build.group(neg(build.number(0)));
    case 4:
      return build.indexName(build.global('math'), build.name(c.pick(['pi', 'huge'])));
    default: {
      const [a, b] = c.pick([
        [1, 0],
        [-1, 0],
        [0, 0],
      ] as const);
      return build.group(build.binary(ExprBinary_Op.Div, build.number(a), build.number(b)));
    }
  }
}

const words = [
  '',
  'a',
  'ab',
  'abc',
  'hello',
  'Hello World',
  'x y z',
  '0',
  '12',
  '-7.5',
  '0x1F',
  '1e3',
  ' 42 ',
  'nan',
  'a,b,c',
  'key=value',
  'MiXeD',
  'tab\there',
  'line\nbreak',
  'quote"s',
  'back\\slash',
  'caf\u00e9',
  '\u00fcber',
  '\u65e5\u672c',
  '\u20ac100',
  'zero\u0000byte',
  '%d%%',
  '[x]',
  'aaaa',
  'The quick brown fox',
  'abcdefghijklmnopqrstuvwxyz',
  'Lorem ipsum dolor sit amet',
  'UPPER lower 123',
  'a1b2c3d4e5f6',
  '  padded  text  ',
  '(nested [brackets])',
];

/**
 * A string constant of varied length and bytes: empty, words, digits that `tonumber` reads,
 * escapes, a NUL byte and non-ASCII UTF-8.
 *
 * @example
 * ```ts
 * strLiteral(new Choices([0])); // ""
 * ```
 */
export function strLiteral(c: Choices, nulFree = false): Expr {
  const w = c.pick(words);
  return build.string(nulFree ? w.replace('\u0000', '0') : w);
}
