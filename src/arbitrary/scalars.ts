import fc from 'fast-check';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Any int32, biased to small values (smallest first, so shrinking heads for 0), with the
 * extremes and their neighbours drawn on purpose: what a protobuf mutator produces.
 *
 * @example
 * ```ts
 * fc.sample(anyInt32(), 5); // e.g. [0, -3, 2147483647, 7, -1]
 * ```
 */
export function anyInt32(): fc.Arbitrary<number> {
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.integer({ min: -16, max: 16 }), weight: 6 },
    { arbitrary: fc.integer({ min: INT32_MIN, max: INT32_MAX }), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        INT32_MIN,
        INT32_MAX,
        INT32_MIN + 1,
        INT32_MAX - 1,
        255,
        256,
        -256,
      ),
      weight: 1,
    },
  );
}

/**
 * Any int64 as a `bigint`, biased to small values, with the extremes drawn on purpose.
 *
 * @example
 * ```ts
 * fc.sample(anyInt64(), 3); // e.g. [0n, -9223372036854775808n, 12n]
 * ```
 */
export function anyInt64(): fc.Arbitrary<bigint> {
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.bigInt({ min: -16n, max: 16n }), weight: 6 },
    { arbitrary: fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), weight: 3 },
    {
      arbitrary: fc.constantFrom(INT64_MIN, INT64_MAX, INT64_MIN + 1n, INT64_MAX - 1n, 2n ** 53n),
      weight: 1,
    },
  );
}

/**
 * Any string a protobuf `string` field holds: printable ASCII most of the time, else any
 * Unicode code points (control characters, quotes, braces, non-BMP characters included).
 *
 * @example
 * ```ts
 * fc.sample(anyProtoString(), 3); // e.g. ['', 'a{', '\u0000\u{1F600}']
 * ```
 */
export function anyProtoString(): fc.Arbitrary<string> {
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 3 },
    { arbitrary: codePointString(12), weight: 1 },
  );
}

/** Code points but the surrogate halves (which UTF-8 cannot hold). */
const codePoint = fc
  .integer({ min: 0, max: 0x10ffff - 0x800 })
  .map((n) => (n >= 0xd800 ? n + 0x800 : n));

/**
 * Strings of any Unicode code points (surrogate halves excepted), up to `maxLength` of them.
 * The same values as `fc.string({ unit: 'binary' })` can give, without its first-call cost:
 * that one maps all 1.1 million code points back to indices (about 3 s) to find its
 * "dangerous" strings (`__proto__`, …), which the ASCII strings beside it draw anyway.
 *
 * @example
 * ```ts
 * fc.sample(codePointString(6), 2); // e.g. ['\u0000\u{1F600}', '']
 * ```
 */
export function codePointString(maxLength: number): fc.Arbitrary<string> {
  return fc.array(codePoint, { maxLength }).map((points) => String.fromCodePoint(...points));
}
