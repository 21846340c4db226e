import { ExprUnary_Op, type Expr, type Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { widthsOf } from '../../library/buffer-widths.js';
import { fueledFor, kit, type BinaryOp } from '../kit.js';
import type { Gen } from '../../generator.js';
import { NATIVE_FORM_OPS } from './native-form-ops.js';
import type { Op, OpResult, Operands } from './operand-op.js';

/** Names `type` and `typeof` return, and one they never do. */
const TYPE_NAMES = [
  'nil',
  'boolean',
  'number',
  'integer',
  'vector',
  'string',
  'table',
  'function',
  'thread',
  'buffer',
  'userdata',
];

/** Buffer accesses: the function's suffix and the width in bytes. */
const WIDTHS = widthsOf(['i8', 'u8', 'i16', 'u16', 'i32', 'u32', 'f32', 'f64']);

const compareOps: BinaryOp[] = ['<', '<=', '>', '>=', '==', '~='];

/**
 * `bit32` functions of two operands, or a chain of them where each level has an identity the
 * folder knows (0 or -1) on one side and the level below (a value native code computes, or
 * knows) on the other.
 */
function bitPairOp(g: Gen, o: Operands): OpResult {
  const c = g.choices;
  const ident = () => kit.num(c.pick([0, -1]));
  if (c.chance(50)) {
    let e = o.bits();
    for (let depth = 1 + c.int(3); depth > 0; depth--) {
      const fn = c.pick(['band', 'bor', 'bxor']);
      e = g.lib('bit32', fn, c.chance(50) ? [e, ident()] : [ident(), e]);
    }
    return { value: e, numeric: true, uint: true };
  }
  const fn = c.pick(['band', 'bor', 'bxor', 'btest']);
  const args = c.pick([
    () => [o.bits(), o.bits()],
    () => [o.bits(), ident()],
    () => [ident(), o.bits()],
  ])();
  return { value: g.lib('bit32', fn, args), numeric: fn !== 'btest', uint: fn !== 'btest' };
}

/** Shifts and rotations by an operand, by 0 and by counts around 31 and 32. */
function bitShift(g: Gen, o: Operands): Expr {
  const c = g.choices;
  const fn = c.pick(['lshift', 'rshift', 'arshift', 'lrotate', 'rrotate']);
  const count = c.chance(50) ? o.bits() : kit.num(c.pick([0, 1, 3, 31, 32, 33, -1]));
  return g.lib('bit32', fn, [o.bits(), count]);
}

/** A numeric loop whose step native code knows from the arithmetic that computes it. */
const stepLoopOp: Op = (g, o) => {
  const step = g.choices.pick([
    () => o.step(),
    () => kit.bin('*', o.step(), kit.num(1)),
    () => kit.bin('+', o.step(), kit.num(0)),
    () => kit.neg(o.step()),
    () => g.lib('math', 'abs', [o.step()]),
  ])();
  // Bounds clamped to a few units (a fold of its own where native code knows them); one bound
  // in two is a parameter's, so native code knows the step and not where the loop ends.
  const bound = () =>
    g.lib('math', 'clamp', [g.choices.chance(50) ? o.param() : o.bits(), kit.num(-6), kit.num(6)]);
  const from = bound();
  const to = bound();
  return {
    stats: (result) => {
      const i = o.fresh();
      return [
        build.assign([result], [kit.num(0)]),
        fueledFor(g, i, from, to, step, [
          build.assign([result], [kit.bin('+', result, build.local(i.name))]),
        ]),
      ];
    },
    numeric: true,
  };
};

/**
 * The operations: each a fast call, operator, jump or library call native code translates to
 * its own IR instructions, applied to operands native code may know as constants.
 */
export const OPS: Op[] = [
  // Rounding and sign: one IR instruction each, folded when the operand is known.
  (g, o) => ({
    value: g.lib('math', g.choices.pick(['floor', 'ceil', 'abs', 'sign']), [o.wide()]),
    numeric: true,
  }),
  (g, o) => ({
    value: g.lib('math', g.choices.pick(['round', 'floor', 'ceil', 'sign']), [o.bits()]),
    numeric: true,
  }),
  (g, o) => ({ value: g.lib('math', 'sqrt', [g.lib('math', 'abs', [o.wide()])]), numeric: true }),
  (g, o) => ({
    value: g.lib('math', g.choices.pick(['min', 'max']), [o.wide(), o.wide()]),
    numeric: true,
  }),
  (g, o) => ({
    value: g.lib('math', 'fmod', [o.wide(), kit.num(g.choices.pick([3, -2, 0.5]))]),
    numeric: true,
  }),
  (g, o) => ({
    value: g.lib('math', 'clamp', [o.bits(), kit.num(-2), kit.num(g.choices.pick([2, 7]))]),
    numeric: true,
  }),
  bitPairOp,
  bitPairOp,
  (g, o) => ({ value: bitShift(g, o), numeric: true, uint: true }),
  (g, o) => ({ value: bitShift(g, o), numeric: true, uint: true }),
  // Integer arithmetic as WebAssembly compiled to Luau writes it: a sum or difference of 32-bit
  // values wrapped by `bit32.bor(x, 0)`, which native code computes in integer registers.
  (g, o) => {
    const c = g.choices;
    const side = () => (c.chance(25) ? kit.num(c.pick([1, 4, 255, 65536])) : o.uint());
    const sum = kit.bin(c.pick(['+', '-'] as const), side(), side());
    return { value: g.lib('bit32', 'bor', [sum, kit.num(0)]), numeric: true, uint: true };
  },
  (g, o) => ({
    value: g.lib('bit32', g.choices.pick(['bnot', 'countlz', 'countrz']), [o.bits()]),
    numeric: true,
  }),
  // Fields at the edges of a 32-bit value, the width given or left out.
  (g, o) => {
    const [f, w] = g.choices.pick([
      [0, 1],
      [3, 4],
      [8, 8],
      [31, 1],
      [0, 32],
    ] as const);
    // The width left out is 1, which native code computes without checking it.
    const width = g.choices.chance(35) ? [] : [kit.num(w)];
    return g.choices.chance(50)
      ? { value: g.lib('bit32', 'extract', [o.bits(), kit.num(f), ...width]), numeric: true }
      : {
          value: g.lib('bit32', 'replace', [o.bits(), o.bits(), kit.num(f), ...width]),
          numeric: true,
        };
  },
  // Arithmetic of every kind, as values.
  (g, o) => {
    const op = g.choices.pick(['+', '-', '*', '/', '//', '%'] as const);
    return { value: kit.bin(op, o.wide(), o.wide()), numeric: true };
  },
  (g, o) => ({
    value: g.anyExponent()
      ? kit.bin('^', o.wide(), kit.num(g.choices.pick([2, 0.25, -1, 3])))
      : kit.bin('^', o.wide(), kit.num(g.choices.pick([0, 1]))),
    numeric: true,
  }),
  (g, o) => ({ value: kit.neg(o.wide()), numeric: true }),
  // A call native code cannot fold: the values computed before it and used after it are kept
  // across it (spilled and restored, whatever their kind).
  (g, o) => ({ value: kit.text(o.wide()) }),
  // Comparisons as values and as jumps, negated or not, across types too.
  (g, o) => ({ value: kit.bin(g.choices.pick(compareOps), o.wide(), o.wide()) }),
  (g, o) => ({ value: kit.bin(g.choices.pick(['==', '~='] as const), o.any(), o.any()) }),
  (g, o) => {
    const test = kit.bin(g.choices.pick(compareOps), o.wide(), o.wide());
    const cond = g.choices.chance(40) ? build.unary(ExprUnary_Op.Not, build.group(test)) : test;
    return jumpTo(g, cond);
  },
  (g, o) => {
    const x = o.any();
    return jumpTo(g, g.choices.chance(50) ? x : build.unary(ExprUnary_Op.Not, x));
  },
  // Equality as a value with a constant on either side, and of a value with itself (NaN).
  (g, o) => {
    const c = g.choices;
    const k = c.pick([
      () => build.bool(c.chance(50)),
      () => build.nil(),
      () => kit.str(c.pick(['ab', ''])),
      () => kit.num(c.pick([5, 0, -2.5])),
    ])();
    const x = o.any();
    const op = c.pick(['==', '~='] as const);
    if (c.chance(20)) {
      const v = o.wide();
      return { value: kit.bin(op, v, v) };
    }
    return { value: c.chance(50) ? kit.bin(op, x, k) : kit.bin(op, k, x) };
  },
  // A value stored over another of some kind before anything reads it: native code drops the
  // first store or merges its tag with the second's value.
  (g, o) => {
    const c = g.choices;
    const first = c.pick([
      () => kit.num(c.pick([1, -0.5])),
      () => kit.str('x'),
      () => build.bool(c.chance(50)),
      () => o.any(),
      () => kit.bin('+', o.wide(), kit.num(1)),
    ])();
    const second = c.pick([
      () => kit.bin(c.pick(['*', '-'] as const), o.wide(), o.wide()),
      () => o.any(),
      () => kit.num(c.pick([3, 0.5])),
      () => build.nil(),
      () => build.bool(c.chance(50)),
    ])();
    return {
      stats: (result) => [build.assign([result], [first]), build.assign([result], [second])],
    };
  },
  // Type tests of values whose tag native code knows, against every name.
  (g, o) => ({
    value: kit.bin(
      g.choices.pick(['==', '~='] as const),
      g.choices.chance(60) ? kit.type(o.any()) : kit.call('typeof', [o.any()]),
      kit.str(g.choices.pick(TYPE_NAMES)),
    ),
  }),
  // Length and bytes of a string local.
  (g, o) =>
    g.choices.chance(60)
      ? {
          value: g.choices.chance(50) ? kit.len(o.text()) : g.lib('string', 'len', [o.text()]),
          numeric: true,
        }
      : { value: g.lib('string', 'byte', [o.text()]) },
  // A numeric loop whose step native code knows from the arithmetic that computes it (twice:
  // which way it runs and whether native code knows its bounds take a draw each).
  stepLoopOp,
  stepLoopOp,
  bufferOp,
  bufferOp,
  // A global no chunk defines, or a field no library has: the compiler imports it, loading
  // resolves it to nil, and native code looks it up again when it runs (luau only: luau-web's
  // globals are not probed for these names).
  (g, o) => {
    const c = g.choices;
    if (g.options.profile !== 'luau') return bitPairOp(g, o);
    const name = c.pick(['len', 'insert']);
    const missing = c.chance(50)
      ? build.global(c.pick([name, 'replace']))
      : kit.field(build.global(c.pick(['math', 'bit32'])), name);
    return { value: kit.type(missing) };
  },
  // Appends to a fresh table, of a constant (native code stores it without loading it) and
  // of an operand, read back.
  (g, o) => {
    const k = kit.num(g.choices.pick([5, -0.5, 0]));
    return {
      stats: (result) => {
        const t = o.fresh();
        return [
          build.localStat([t], [build.array([])]),
          build.callStat(g.lib('table', 'insert', [kit.ref(t), k])),
          build.callStat(g.lib('table', 'insert', [kit.ref(t), o.wide()])),
          build.assign(
            [result],
            [kit.bin('+', kit.index(kit.ref(t), kit.num(1)), kit.index(kit.ref(t), kit.num(2)))],
          ),
        ];
      },
      numeric: true,
    };
  },
  // Integer forms: buffer offsets, out-of-range accesses, 32-bit sums, `typeof` jumps.
  ...NATIVE_FORM_OPS,
];

/** `result = 1; if cond then result = 2 end`: a jump native code may decide from what it knows. */
function jumpTo(g: Gen, cond: Expr): { stats: (result: Expr) => Stat[] } {
  const [a, b] = g.choices.pick([
    [1, 2],
    [0, 0],
    [-1, 1],
  ]);
  return {
    stats: (result) => [
      build.assign([result], [kit.num(a!)]),
      build.ifStat(cond, [build.assign([result], [kit.num(b!)])]),
    ],
  };
}

/**
 * A write at a constant offset of the shape's buffer, then a read at the same offset (which
 * native code forwards from the write, converting it to the read's width and sign) or at an
 * overlapping one.
 */
function bufferOp(g: Gen, o: Operands): OpResult {
  const buf = o.buffer;
  if (!buf) return bitPairOp(g, o);
  const c = g.choices;
  const [w, wSize] = c.pick(WIDTHS);
  const [r, rSize] = c.chance(60) ? [w, wSize] : c.pick(WIDTHS);
  const at = c.int(16 - Math.max(wSize, rSize) + 1);
  const readAt = c.chance(80) ? at : Math.max(0, Math.min(16 - rSize, at + c.pick([1, -1, 2])));
  const value = w.startsWith('f') ? o.wide() : o.bits();
  if (c.chance(30) && at >= 0) {
    // Offsets computed from a 32-bit value (masked to the buffer) plus a constant: native code
    // keeps the constant apart and checks the range once.
    const base = () => g.lib('bit32', 'band', [o.uint(), kit.num(3)]);
    const limit = 16 - Math.max(wSize, rSize) - 3;
    const k = Math.max(0, Math.min(limit, at));
    return {
      stats: (result) => [
        build.callStat(
          g.lib('buffer', `write${w}`, [buf(), kit.bin('+', base(), kit.num(k)), value]),
        ),
        build.assign(
          [result],
          [g.lib('buffer', `read${r}`, [buf(), kit.bin('+', base(), kit.num(k))])],
        ),
      ],
      numeric: true,
    };
  }
  return {
    stats: (result) => [
      build.callStat(g.lib('buffer', `write${w}`, [buf(), kit.num(at), value])),
      build.assign([result], [g.lib('buffer', `read${r}`, [buf(), kit.num(readAt)])]),
    ],
    numeric: true,
  };
}
