import { ExprUnary_Op, type Expr, type Local, type Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { kit, type BinaryOp } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/** The kinds of constant the compiler's folder tells apart. */
type Kind = 'nil' | 'bool' | 'number' | 'numeric' | 'string' | 'vector' | 'vector4';

/** Numbers at the edges, as operands. */
const numbers = [0, -0, 1, -1, 0.5, -2.5, 3, 2 ** 31, 2 ** 53, Infinity, -Infinity, NaN];

/** A constant of a kind. */
function constant(g: Gen, kind: Kind): Expr {
  const c = g.choices;
  switch (kind) {
    case 'nil':
      return build.nil();
    case 'bool':
      return build.bool(c.chance(50));
    case 'number':
      return kit.num(c.pick(numbers));
    case 'numeric':
      return kit.str(c.pick(['2', '-0.5', '0x10', '1e2', ' 3 ']));
    case 'string':
      return kit.str(c.pick(['', 'a', 'ab', 'Luau', 'b']));
    case 'vector':
      return kit.lib('vector', 'create', [
        kit.num(c.pick([1, -2, 0.5, 0])),
        kit.num(2),
        kit.num(c.pick([3, -0, 4])),
      ]);
    case 'vector4':
      // A fourth component: the folder keeps it, a 3-wide VM drops it (never compared whole).
      return kit.lib('vector', 'create', [
        kit.num(c.pick([1, -2, 0.5])),
        kit.num(2),
        kit.num(c.pick([3, 4])),
        kit.num(c.pick([1, 2, -0.5])),
      ]);
  }
}

/** Kind pairs each operator is defined on at run time (where the folder folds some and declines the rest). */
const defined: [BinaryOp[], [Kind, Kind][]][] = [
  [
    ['+', '-', '*', '/', '%', '//', '^'],
    [
      ['number', 'number'],
      ['numeric', 'number'],
      ['number', 'numeric'],
      ['numeric', 'numeric'],
    ],
  ],
  [
    ['+', '-', '*', '/'],
    [
      ['vector', 'vector'],
      ['vector4', 'vector4'],
      ['vector4', 'vector'],
    ],
  ],
  [
    ['*', '/'],
    [
      ['number', 'vector'],
      ['vector', 'number'],
      ['number', 'vector4'],
      ['vector4', 'number'],
    ],
  ],
  [
    ['..'],
    [
      ['string', 'string'],
      ['string', 'number'],
      ['number', 'string'],
      ['numeric', 'numeric'],
      ['number', 'number'],
    ],
  ],
  [
    ['<', '<=', '>', '>='],
    [
      ['number', 'number'],
      ['string', 'string'],
      ['numeric', 'string'],
    ],
  ],
  [
    ['==', '~=', 'and', 'or'],
    [
      ['nil', 'nil'],
      ['nil', 'bool'],
      ['bool', 'bool'],
      ['number', 'number'],
      ['number', 'numeric'],
      ['string', 'string'],
      ['bool', 'string'],
      ['vector', 'vector'],
      ['vector', 'number'],
      ['nil', 'number'],
    ],
  ],
  [
    ['and', 'or'],
    [
      ['vector4', 'nil'],
      ['bool', 'vector4'],
      ['string', 'nil'],
    ],
  ],
];

/**
 * Floor division of a vector by a number: the luau profile only (luau-web rounds apart). Never
 * a vector by a vector, nor a number by one: native code rounds those unlike the interpreter.
 */
const vectorFloorDiv: [Kind, Kind][] = [
  ['vector', 'number'],
  ['vector4', 'number'],
];

/** Whether the program may use a constant of `kind`. */
function usable(g: Gen, kind: Kind): boolean {
  if (kind === 'vector') return g.swarm.vectors && g.has('vector.create');
  if (kind === 'vector4') return g.swarm.vectors && g.options.profile === 'luau';
  return true;
}

/** A value printed whole, or by its text where it is a vector (whose fourth component is dropped). */
function shown(kinds: Kind[], e: Expr): Expr {
  return kinds.some((k) => k === 'vector' || k === 'vector4') ? kit.text(e) : e;
}

/**
 * Every operator of the language applied to constants of each kind it is defined on (nil,
 * booleans, numbers at their edges, numeric and other strings, vectors of three and of four
 * components): as literals and through constant locals, which `-O2` folds (or declines, as it
 * does for numeric strings, `..` of numbers, comparisons of strings) and `-O0` computes; and
 * `not`, `-` and `#` of each kind; a constant string beside a computed value in an interpolated
 * string, and a condition `x and false`.
 *
 * @example
 * ```ts
 * // local a, b = "10", (1 / 0)  print(a + 1, a .. b, nil == false, "a" < "b", -"2", #"Luau", not nil)
 * foldOperatorsShape(g, 0);
 * ```
 */
export const foldOperatorsShape: StatProduction = (g, d) => {
  return shapeLocals(g, { room: 4 }, (fresh) => {
    const c = g.choices;
    const pairs: [BinaryOp, Kind, Kind][] = [];
    for (const [ops, kinds] of defined)
      for (const op of ops)
        for (const [l, r] of kinds) if (usable(g, l) && usable(g, r)) pairs.push([op, l, r]);
    if (g.options.profile === 'luau')
      for (const [l, r] of vectorFloorDiv)
        if (usable(g, l) && usable(g, r)) pairs.push(['//', l, r]);
    // Constant locals the folder propagates, of two kinds.
    const locals: [Local, Kind][] = [];
    const stats: Stat[] = [];
    const values: Expr[] = [];
    const operand = (kind: Kind): Expr => {
      const bound = locals.find(([, k]) => k === kind);
      return bound && c.chance(50) ? kit.ref(bound[0]) : constant(g, kind);
    };
    const picked = Array.from({ length: 4 + c.int(6) }, () => c.pick(pairs));
    for (const [, l] of picked.slice(0, 2)) {
      const v = fresh();
      locals.push([v, l]);
      stats.push(build.localStat([v], [constant(g, l)]));
    }
    for (const [op, l, r] of picked)
      values.push(shown([l, r], kit.bin(op, operand(l), operand(r))));
    const unaryKind = c.pick<Kind>(['nil', 'bool', 'number', 'numeric', 'string']);
    values.push(build.unary(ExprUnary_Op.Not, operand(unaryKind)));
    values.push(kit.neg(operand(c.pick<Kind>(['number', 'numeric']))));
    values.push(kit.len(operand('string')));
    // A constant string and a computed value in one interpolated string: the constant is
    // written into the format, the value formatted at run time.
    if (g.options.features.interpolatedStrings)
      values.push(
        build.interp([kit.str('<'), operand('string'), kit.str('|'), g.num(d + 1), kit.str('>')]),
      );
    stats.push(kit.print(values));
    // A condition `x and false`: only x is evaluated (for its effects), then the else branch.
    stats.push(
      build.ifStat(
        kit.bin('and', g.bool(d + 1), build.bool(false)),
        [kit.print([kit.str('then')])],
        [kit.print([kit.str('else')])],
      ),
    );
    return [build.doBlock(stats)];
  });
};
