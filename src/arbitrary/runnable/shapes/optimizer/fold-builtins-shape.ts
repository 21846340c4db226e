import type { Expr } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import { build735 } from '../../grammar-735/build-735.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';

/**
 * A constant argument: a number, a string (numeric where the library converts it at run time),
 * a boolean, `null` for `nil`, or the components of a `vector.create` of constants.
 */
type Arg = number | string | boolean | null | { v: number[] };

/** Numbers every math builtin is given: signed zeros, halves, the 32- and 53-bit edges, infinities. */
const mathEdges = [0, -0, 1, -1, 0.5, -2.5, 3, 2 ** 31, 2 ** 53, Infinity, -Infinity, NaN];

/** Numbers the `bit32` builtins convert alike at compile time and at run time (no NaN, no infinity). */
const bitEdges = [0, 1, 7, 255, -1, -2.5, 2 ** 31, 2 ** 32 - 1, 65535];

/** Counts and field positions around 0, 31, 32 and negative. */
const shifts = [0, 1, 31, 32, 33, -1, 40];

/** Numeric strings: the folder leaves them alone, the library converts them. */
const numeric = ['2', '-0.5', '0x10', ' 7 ', '1e2'];

/**
 * The argument lists of one builtin: what the folder folds (numbers of the exact arity) and
 * what it declines (a numeric string, one argument more than it folds, a count out of range).
 */
type Forms = (g: Gen) => Arg[][];

const unary: Forms = (g) => [
  [g.choices.pick(mathEdges)],
  [g.choices.pick(numeric)],
  [g.choices.pick(mathEdges), g.choices.pick(mathEdges)],
];
const binary: Forms = (g) => [
  [g.choices.pick(mathEdges), g.choices.pick(mathEdges)],
  [g.choices.pick(numeric), g.choices.pick(mathEdges)],
  [g.choices.pick(mathEdges), g.choices.pick(numeric)],
];
/** Several arguments, folded only when every one is a number. */
const variadic: Forms = (g) => [
  [g.choices.pick(mathEdges)],
  [g.choices.pick(mathEdges), g.choices.pick(mathEdges), g.choices.pick(mathEdges)],
  [g.choices.pick(mathEdges), g.choices.pick(numeric)],
  [g.choices.pick(mathEdges), g.choices.pick(mathEdges), g.choices.pick(numeric)],
];
const bitVariadic: Forms = (g) => [
  [],
  [g.choices.pick(bitEdges)],
  [g.choices.pick(bitEdges), g.choices.pick(bitEdges), g.choices.pick(bitEdges)],
  [g.choices.pick(bitEdges), g.choices.pick(['3', '0x10', '255'])],
];
const bitShift: Forms = (g) => [
  [g.choices.pick(bitEdges), g.choices.pick(shifts)],
  [g.choices.pick(['3', '0x10', '255']), g.choices.pick(shifts)],
  [g.choices.pick(bitEdges), g.choices.pick(['1', '31'])],
];
const bitUnary: Forms = (g) => [[g.choices.pick(bitEdges)], [g.choices.pick(['0', '1', '0x10'])]];
/** Fields inside the 32 bits, or past them only where the library accepts them too. */
const field = (g: Gen) => g.choices.pick([[0, 1], [4, 4], [31, 1], [0, 32], [8], [31], [16, 16]]);

/** `type` and `typeof` of every kind of constant (a vector: `typeof` declines). */
const kinds: Forms = (g) => [
  [null],
  [g.choices.pick([true, false])],
  [g.choices.pick(mathEdges)],
  [g.choices.pick(['', 'a', '2'])],
  [{ v: [1, g.choices.pick([-2, 0.5]), 3] }],
];

/** The entries `lib.name` of `names`, in their order, all with the same forms. */
function each(lib: string, names: string[], forms: Forms): [string, string, string, Forms][] {
  return names.map((f) => [`${lib}.${f}`, lib, f, forms]);
}

/**
 * The builtins the `-O2` compiler folds, by the name the profile is asked about, library,
 * function and argument lists.
 */
const builtins: [string, string, string, Forms][] = [
  ...each(
    'math',
    ['abs', 'ceil', 'floor', 'sqrt', 'sign', 'rad', 'deg', 'exp', 'log10', 'log'],
    unary,
  ),
  ...each('math', ['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh'], unary),
  // Rounding without signed zeros (math-round-minus-zero is a known divergence of 0.715).
  ...each('math', ['round'], (g) => [[g.choices.pick([0.5, 2.5, -1.5, 3, 2 ** 31])], ['2.5']]),
  ...each('math', ['atan2', 'fmod', 'pow'], binary),
  ...each('math', ['ldexp'], (g) => [
    [g.choices.pick(mathEdges), g.choices.pick([0, 3, -2, 60])],
    ['1.5', 3],
    [3, '2'],
  ]),
  // A logarithm to the bases the folder computes apart (2, 10) and to others.
  [
    'math.log10',
    'math',
    'log',
    (g) => [
      [g.choices.pick([8, 100, 0.5, 0, 7]), g.choices.pick([2, 10, 3, 0.5])],
      ['8', 2],
      [8, '2'],
    ],
  ],
  ...each('math', ['max', 'min'], variadic),
  ...each('math', ['clamp'], (g) => [
    [g.choices.pick(mathEdges.slice(0, 9)), -1, 2],
    ['5', 1, 3],
    [0.5, 0.5, 0.5],
    [2, 1, '3'],
  ]),
  ...each('bit32', ['band', 'bor', 'bxor', 'btest'], bitVariadic),
  ...each('bit32', ['lshift', 'rshift', 'arshift', 'lrotate', 'rrotate'], bitShift),
  ...each('bit32', ['bnot', 'countlz', 'countrz'], bitUnary),
  ...each('bit32', ['extract'], (g) => [
    [g.choices.pick(bitEdges), ...field(g)],
    ['255', 4],
  ]),
  ...each('bit32', ['replace'], (g) => [
    [g.choices.pick(bitEdges), g.choices.pick(bitEdges), ...field(g)],
    ['0', 1, 3],
  ]),
  ['type', '', 'type', kinds],
  ['typeof', '', 'typeof', kinds],
  ...each('string', ['byte'], (g) => [
    [g.choices.pick(['', 'a', 'Luau'])],
    ['Luau', g.choices.pick([0, 1, 4, 5, -1])],
    ['ab', '2'],
  ]),
  ...each('string', ['char'], (g) => [
    [],
    [g.choices.pick([65, 0, 255, 48])],
    [72, 105, g.choices.pick([33, 63])],
    [65, '66'],
  ]),
  ...each('string', ['len'], (g) => [[g.choices.pick(['', 'a', 'Luau'])]]),
  ...each('string', ['sub'], (g) => [
    ['hello', g.choices.pick([1, 2, 0, -3, -10, 6])],
    ['hello', g.choices.pick([2, -3, 0, 4, -10]), g.choices.pick([-2, 3, 100, -8, 0, 2])],
    ['hello', '2', 3],
    ['hello', 2, '3'],
  ]),
  ...each('vector', ['create'], (g) => [
    [g.choices.pick([1, -0.5]), 2],
    [1, g.choices.pick([2, -0]), 3],
    [1, '2', 3],
  ]),
];

/**
 * The builtins only 0.735's builtin table spells (`math.lerp`: no name of the seed's tables),
 * called as builtin references, in programs of grammar 735 only.
 */
const builtins735: [string, string, string, Forms][] = [
  ...each('math', ['lerp'], (g) => [
    [
      g.choices.pick(mathEdges.slice(0, 8)),
      g.choices.pick(mathEdges.slice(0, 8)),
      g.choices.pick([0, 0.5, 1, 2]),
    ],
    ['2', 4, 0.5],
    [1, 2, 0.5, 3],
  ]),
  ...each('math', ['isnan', 'isinf', 'isfinite'], unary),
  ...each('bit32', ['byteswap'], bitUnary),
  ...each('vector', ['magnitude', 'normalize'], () => [
    [{ v: [3, -4, 12] }],
    [{ v: [0.5, 0, -2] }],
  ]),
  ...each('vector', ['dot', 'cross'], (g) => [
    [{ v: [1, g.choices.pick([-2, 0.5]), 3] }, { v: [g.choices.pick([4, -0]), 5, -6] }],
  ]),
  ...each('vector', ['lerp'], (g) => [
    [{ v: [1, 2, 3] }, { v: [-3, 0.5, 8] }, g.choices.pick([0, 0.5, 1])],
  ]),
];
const names735 = new Set(builtins735.map(([name]) => name));

function argument(a: Arg): Expr {
  if (a === null) return build.nil();
  if (typeof a === 'number') return kit.num(a);
  if (typeof a === 'string') return kit.str(a);
  if (typeof a === 'boolean') return build.bool(a);
  return kit.lib('vector', 'create', a.v.map(kit.num));
}

/** Whether the program may use an argument list (vectors only where the profile has them). */
function allowed(g: Gen, args: Arg[]): boolean {
  return args.every(
    (a) => a === null || typeof a !== 'object' || (g.swarm.vectors && g.has('vector.create')),
  );
}

/**
 * Calls of the builtins the `-O2` compiler folds, each with constant arguments in a form it
 * folds (numbers of the exact arity, every kind of constant for `type`) or in one it declines
 * and leaves to run time (a numeric string the library converts, an argument more than it
 * folds, a shift or field out of the 32 bits, positions past either end of a string), printed
 * so that the folded value is compared with the one the library computes at `-O0`.
 *
 * @example
 * ```ts
 * // print(math.max(1, "2"), bit32.lshift(7, 32), string.sub("hello", -10, -8), typeof(nil))
 * foldBuiltinsShape(g, 0);
 * ```
 */
export const foldBuiltinsShape: StatProduction = (g) => {
  if (g.typed || g.pure > 0) return [];
  const c = g.choices;
  // vector.create of two arguments and of a string: the luau profile only.
  const usable = [...builtins, ...(g.options.grammar === '735' ? builtins735 : [])].filter(
    ([name, lib]) =>
      g.has(name) && (lib !== 'vector' || (g.swarm.vectors && g.options.profile === 'luau')),
  );
  const calls: Expr[] = [];
  for (let k = 0; k < 4 + c.int(5); k++) {
    const [, lib, fn, forms] = c.pick(usable);
    const args = c.pick(forms(g));
    if (!allowed(g, args)) continue;
    const call =
      lib === ''
        ? kit.call(fn, args.map(argument))
        : names735.has(`${lib}.${fn}`)
          ? build735.builtinCall(lib, fn, args.map(argument))
          : kit.lib(lib, fn, args.map(argument));
    // A vector's components, one by one (its text prints all of them).
    calls.push(lib === 'vector' ? kit.text(call) : call);
  }
  return calls.length === 0 ? [] : [kit.print(calls)];
};
