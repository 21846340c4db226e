import type { Expr } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { type BufferType, widthsOf, withWidth } from '../../library/buffer-widths.js';
import { kit } from '../kit.js';
import type { Op, OpResult, Operands } from './operand-op.js';
import type { Gen } from '../../generator.js';

/** Loads of each width: the function's suffix and the width in bytes. */
const LOADS = widthsOf(['u8', 'i8', 'u16', 'i16', 'i32', 'u32', 'f32', 'f64']);

/** A stored constant and the load of another sign or width that reads its bytes back. */
const READ_BACK = withWidth<[BufferType, number[]]>([
  ['i8', 'u8', [-5, 127, -128, 300]],
  ['u8', 'i8', [200, 255, 128, -1]],
  ['i16', 'u16', [-5, 32767, -32768, 40000]],
  ['u16', 'i16', [65535, 32768, 70000, 7]],
  ['i32', 'u32', [-5, 2 ** 31 - 1, -(2 ** 31), 7]],
  ['u32', 'i32', [2 ** 32 - 1, 2 ** 31, 5, 0]],
]);

/** Names `typeof` returns that native code knows a tag for. */
const TAGGED_NAMES = [
  'nil',
  'boolean',
  'number',
  'string',
  'table',
  'function',
  'buffer',
  'vector',
];

/** `bit32.band(x, mask)`: a 32-bit value in `0..mask` that native code keeps as an integer. */
function masked(g: Gen, o: Operands, mask: number): Expr {
  return g.lib('bit32', 'band', [o.uint(), kit.num(mask)]);
}

/**
 * A buffer offset computed from an integer value (a masked `bit32` result, a length) in each
 * form native code turns into an integer address: constant times value on either side, a
 * constant added on either side, zero added, a shift, the sum of two 32-bit values masked
 * again, a string's length. Each stays within the 16-byte buffer for the load's width.
 */
function offsetOp(g: Gen, o: Operands): OpResult {
  const buf = o.buffer;
  if (!buf) return uintArithmeticOp(g, o);
  const c = g.choices;
  const [name, size] = c.pick(LOADS);
  const room = 16 - size;
  const forms: (() => Expr)[] = [
    () => (c.chance(50) ? kit.num(0) : masked(g, o, Math.min(7, room))),
    () => {
      // k * m with m in 0..3, k * 3 + size <= 16.
      const k = Math.max(1, Math.min(4, Math.floor(room / 3)));
      return c.chance(50)
        ? kit.bin('*', kit.num(k), masked(g, o, 3))
        : kit.bin('*', masked(g, o, 3), kit.num(k));
    },
    () => {
      const k = c.int(Math.max(1, room - 3));
      return c.chance(50)
        ? kit.bin('+', kit.num(k), masked(g, o, 3))
        : kit.bin('+', masked(g, o, 3), kit.num(k));
    },
    () =>
      c.chance(50)
        ? kit.bin('+', masked(g, o, Math.min(7, room)), kit.num(0))
        : kit.bin('+', kit.num(0), masked(g, o, Math.min(7, room))),
    () => g.lib('bit32', 'lshift', [masked(g, o, 1), kit.num(c.int(Math.min(3, room)))]),
    () =>
      g.lib('bit32', 'band', [
        kit.bin('+', masked(g, o, 0xffff), masked(g, o, 0xff)),
        kit.num(Math.min(7, room)),
      ]),
    // The text local holds at most four bytes.
    () => (room >= 4 ? kit.len(o.text()) : kit.num(0)),
  ];
  const offset = c.pick(forms)();
  const read = g.lib('buffer', `read${name}`, [buf(), offset]);
  return { value: read, numeric: true };
}

/**
 * A load or store at an offset native code knows to be out of range (negative, or so large that
 * offset plus width overflows), inside a function given to `pcall`: native code jumps straight
 * to the path that raises the error. Only the success flag is kept (messages name positions).
 */
function outOfRangeOp(g: Gen, o: Operands): OpResult {
  const buf = o.buffer;
  if (!buf) return uintArithmeticOp(g, o);
  const c = g.choices;
  const [name] = c.pick(LOADS);
  const offset = kit.num(c.pick([-1, -4, 16, 2 ** 31 - 1, -(2 ** 31)]));
  const access = c.chance(60)
    ? build.ret([g.lib('buffer', `read${name}`, [buf(), offset])])
    : build.callStat(g.lib('buffer', `write${name}`, [buf(), offset, kit.num(1)]));
  const fn = build.funcExpr(build.func([], [access]));
  return { value: kit.first(kit.call('pcall', [fn])) };
}

/**
 * Sums and differences of 32-bit values and of a value and a constant on either side, turned
 * back into a 32-bit value by `bit32.bor(x, 0)`: native code computes them in integer
 * registers when both sides were integers (a difference may be negative and wraps).
 */
function uintArithmeticOp(g: Gen, o: Operands): OpResult {
  const c = g.choices;
  const small = () => masked(g, o, c.pick([15, 255, 0xffff]));
  const k = () => kit.num(c.pick([0, 1, 3, 20, 255]));
  const sum = c.pick([
    () => kit.bin('+', small(), small()),
    () => kit.bin('-', small(), small()),
    () => kit.bin('+', k(), small()),
    () => kit.bin('+', small(), k()),
    () => kit.bin('-', k(), small()),
    () => kit.bin('-', small(), k()),
  ])();
  return { value: g.lib('bit32', 'bor', [sum, kit.num(0)]), numeric: true, uint: true };
}

/**
 * `typeof(x) == name` (or `type`) as a jump (in an `if`) and as a value, for values whose tag native code
 * may know: it folds the test to a tag check, or to a constant where the tag is known.
 */
function typeofJumpOp(g: Gen, o: Operands): OpResult {
  const c = g.choices;
  const test = kit.bin(
    c.pick(['==', '~='] as const),
    kit.call(c.chance(50) ? 'typeof' : 'type', [o.any()]),
    kit.str(c.pick(TAGGED_NAMES)),
  );
  return {
    stats: (result) => [
      build.ifStat(
        test,
        [build.assign([result], [kit.num(1)])],
        [build.assign([result], [kit.num(2)])],
      ),
    ],
    numeric: true,
  };
}

/**
 * A constant stored at a constant offset and read back at once in the other sign (or width
 * family): native code forwards the constant, converted as the load would.
 */
function readBackOp(g: Gen, o: Operands): OpResult {
  const buf = o.buffer;
  if (!buf) return typeofJumpOp(g, o);
  const c = g.choices;
  if (c.chance(25)) {
    // A 32-bit integer stored as a float: native code converts the known integer itself.
    const at = kit.num(c.int(13));
    return {
      stats: (result) => [
        build.callStat(
          g.lib('buffer', 'writef32', [
            buf(),
            at,
            g.lib('bit32', 'band', [o.bits(), kit.num(255)]),
          ]),
        ),
        build.assign([result], [g.lib('buffer', 'readf32', [buf(), at])]),
      ],
      numeric: true,
    };
  }
  const [store, size, load, values] = c.pick(READ_BACK);
  const at = kit.num(c.int(16 - size + 1));
  return {
    stats: (result) => [
      build.callStat(g.lib('buffer', `write${store}`, [buf(), at, kit.num(c.pick(values))])),
      build.assign([result], [g.lib('buffer', `read${c.chance(70) ? load : store}`, [buf(), at])]),
    ],
    numeric: true,
  };
}

/**
 * A table slot written with a constant and read back at once: native code forwards the
 * constant it stored (its tag and value) to the load.
 */
function slotReadBackOp(g: Gen, o: Operands): OpResult {
  const c = g.choices;
  const t = o.fresh();
  const k = kit.num(1 + c.int(2));
  const stored = kit.num(c.pick([5, -1, 0.5, 2 ** 31 - 1]));
  return {
    stats: (result) => [
      build.localStat([t], [build.array([o.wide(), o.bits()])]),
      build.assign([kit.index(kit.ref(t), k)], [stored]),
      build.assign([result], [kit.bin('+', kit.index(kit.ref(t), k), o.bits())]),
    ],
    numeric: true,
  };
}

/**
 * A shift or rotation of a parameter by zero or by the width: native code keeps the value, or
 * masks the count, without knowing the value.
 */
function shiftByEdgeOp(g: Gen, o: Operands): OpResult {
  const c = g.choices;
  const fn = c.pick(['lshift', 'rshift', 'arshift', 'lrotate', 'rrotate']);
  const value = g.lib('bit32', 'band', [o.param(), kit.num(0xffff)]);
  return {
    value: g.lib('bit32', fn, [value, kit.num(c.pick([0, 0, 32]))]),
    numeric: true,
    uint: true,
  };
}

/**
 * Operations in forms native code lowers specially, for the known-operands shape: buffer
 * offsets computed in each form it turns into integer addresses, out-of-range accesses it knows
 * to fail, 32-bit sums and differences, `typeof` tests as jumps, constants read back from a
 * buffer in another sign and from a table slot.
 */
export const NATIVE_FORM_OPS: readonly Op[] = [
  offsetOp,
  offsetOp,
  outOfRangeOp,
  uintArithmeticOp,
  typeofJumpOp,
  readBackOp,
  slotReadBackOp,
  shiftByEdgeOp,
];
