import { join } from 'node:path';
import { LuauBatchRunner } from '../../src/runtime/index.js';
import type { LuauBatchOutcome, LuauBatchProgram } from '../../src/runtime/index.js';
import { sharedDir } from './shared.js';

/** A Luau release whose real tools are beside the checkout (`../shared/tools/luau-VERSION`). */
export type LuauRelease = '0.715' | '0.735';

/** How `luau` runs a program: the interpreter at `-O0` or `-O2`, or native code. */
export type EngineMode = '-O0' | '-O2' | '-O2 --codegen';

/** The modes every engine test compares, in order. */
export const engineModes: readonly EngineMode[] = ['-O0', '-O2', '-O2 --codegen'];

/**
 * The `luau` of a release (`../shared/tools/luau-VERSION/luau`).
 *
 * @example
 * ```ts
 * releaseLuau('0.735'); // '…/shared/tools/luau-735/luau'
 * ```
 */
export function releaseLuau(release: LuauRelease): string {
  return join(sharedDir, 'tools', `luau-${release.slice(2)}`, 'luau');
}

/** In {@link KnownDivergence.prints}: the mode's process was killed by a signal (a crash). */
export const CRASHED = '(killed by a signal)';

/**
 * In {@link KnownDivergence.prints}: the release does not compile the repro (syntax it lacks,
 * such as the classes of 0.735 in 0.715).
 */
export const REFUSED = '(does not compile)';

/** What a program printed in each mode of one release. */
export type ModeOutcomes = Readonly<Record<EngineMode, LuauBatchOutcome>>;

/**
 * A divergence of Luau itself between its modes: a fault of the release, not of the
 * generator or of luau-fuzz. Engine tests report every other difference as a finding; a
 * difference this explains is counted under its name instead, never absorbed by a threshold.
 */
export interface KnownDivergence {
  /** A short name, used in counts and test names. */
  readonly name: string;
  /** What differs, and why (where Luau's source is known). */
  readonly what: string;
  /** The releases that show it. */
  readonly releases: readonly LuauRelease[];
  /** How the three modes split when it shows: groups that each agree. */
  readonly split: readonly (readonly EngineMode[])[];
  /** The shrunk program that shows it. */
  readonly repro: string;
  /** What the repro runs with besides the mode (`--fflags=…` for the classes of 0.735). */
  readonly flags?: readonly string[];
  /**
   * What {@link repro} prints in each mode, on releases that show it and on those that do not
   * ({@link CRASHED} where the process dies).
   */
  readonly prints: Readonly<Record<LuauRelease, Readonly<Record<EngineMode, string>>>>;
  /**
   * Whether the program's difference is this divergence, judged from its source and outputs
   * alone; or, when {@link neutralise} is given, a first filter before the program is run
   * again without the divergent operation.
   */
  readonly matches: (program: LuauBatchProgram, outcomes: ModeOutcomes) => boolean;
  /**
   * The program with the divergent operation replaced by one that every mode computes alike:
   * the difference is this divergence when the modes then agree.
   */
  readonly neutralise?: (source: string) => string;
}

/**
 * Whether two outputs differ, and only in tokens (between blanks) that are `-0` in the first
 * and `0` in the second: the tokens the `-0` loop changes.
 */
function onlySignsOfZero(withSign: string, without: string): boolean {
  const a = withSign.split(/(\s+)/);
  const b = without.split(/(\s+)/);
  if (a.length !== b.length || withSign === without) return false;
  return a.every((t, i) => t === b[i] || (t === '-0' && b[i] === '0'));
}

/** A numeric `for` loop. */
const numericFor = /\bfor\s+[A-Za-z_]\w*\s*=/;

/**
 * `source` with the start of every numeric `for` loop written `(start) + 0`: the start
 * runs to the first comma outside brackets and strings.
 */
function plusZeroForStarts(source: string): string {
  let out = '';
  let at = 0;
  const loop = new RegExp(numericFor.source, 'g');
  for (let m = loop.exec(source); m !== null; m = loop.exec(source)) {
    const from = m.index + m[0].length;
    let depth = 0;
    let i = from;
    for (; i < source.length; i++) {
      const c = source[i] as string;
      if (c === '"' || c === "'" || c === '`') {
        for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
      } else if (c === '(' || c === '{' || c === '[') depth++;
      else if (c === ')' || c === '}' || c === ']') depth--;
      else if (c === ',' && depth === 0) break;
    }
    out += `${source.slice(at, from)} (${source.slice(from, i).trim()}) + 0`;
    at = i;
    loop.lastIndex = i;
  }
  return out + source.slice(at);
}

/**
 * A Luau integer literal not negated in place (`5i`, `0x10i`; not `-5i`, which 0.715 compiles
 * at `-O0`), which the generator writes only in grammar 735's programs.
 */
const integerLiteral = /(?<![\w.]|-\s*)(?:0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*)i\b/;

const sources = (p: LuauBatchProgram): string => `${p.module ?? ''}\n${p.program}`;

const allOk = (o: ModeOutcomes): boolean => engineModes.every((m) => o[m].status === 'ok');

/** `vector.create(a, b, c, d)` (arguments without nested calls) beside `==` or `~=`. */
const vectorFour = String.raw`vector\.create\((?:[^(),]|\([^()]*\))*(?:,(?:[^(),]|\([^()]*\))*){3}\)`;
const vectorFourEquality = new RegExp(String.raw`${vectorFour}\s*[=~]=|[=~]=\s*${vectorFour}`);

/** Floor division of two integers from operations the modes agree on (see `integer-idiv-sign`). */
const floorDivision = `local function luauFuzzFloorDiv(a, b)
  local q = integer.div(a, b)
  if integer.rem(a, b) ~= integer.create(0) and integer.lt(a, integer.create(0)) ~= integer.lt(b, integer.create(0)) then
    q = integer.sub(q, integer.create(1))
  end
  return q
end
`;

/**
 * Luau's own divergences between `-O0`, `-O2` and `--codegen` that the reference builds show,
 * each with its shrunk repro, the releases it affects and what the repro prints there.
 *
 * @example
 * ```ts
 * knownDivergences.find((d) => d.name === 'for-minus-zero')?.releases; // ['0.715', '0.735']
 * ```
 */
export const knownDivergences: readonly KnownDivergence[] = [
  {
    name: 'for-minus-zero',
    what:
      'a numeric for loop that starts at -0 gives its variable -0 at -O0 and 0 from -O1 on ' +
      '(the compiler folds the start into a constant, losing the sign of zero)',
    releases: ['0.715', '0.735'],
    split: [['-O0'], ['-O2', '-O2 --codegen']],
    repro: 'for i = -0, 0 do print(i) end\n',
    prints: {
      '0.715': { '-O0': '-0\n', '-O2': '0\n', '-O2 --codegen': '0\n' },
      '0.735': { '-O0': '-0\n', '-O2': '0\n', '-O2 --codegen': '0\n' },
    },
    // Outputs that differ only where -O0 printed a zero with its sign and -O2 without, in a
    // program with a numeric for loop: a first filter, since any -0 printed as 0 would pass it.
    matches: (p, o) =>
      allOk(o) && numericFor.test(sources(p)) && onlySignsOfZero(o['-O0'].stdout, o['-O2'].stdout),
    // Every loop's start plus 0: -0 becomes 0 in every mode and every other start stays, so
    // the -0 of a loop start is the program's only change.
    neutralise: plusZeroForStarts,
  },
  {
    name: 'integer-constant-o0',
    what:
      'at -O0 an integer constant (5i) loads as another constant of the function; ' +
      'the generator writes integer literals in programs of the seed grammar only negated in place (-5i), which -O0 compiles',
    releases: ['0.715'],
    split: [['-O0'], ['-O2', '-O2 --codegen']],
    repro: 'local x = 5i\nprint(typeof(x))\n',
    prints: {
      '0.715': { '-O0': 'table\n', '-O2': 'integer\n', '-O2 --codegen': 'integer\n' },
      '0.735': { '-O0': 'integer\n', '-O2': 'integer\n', '-O2 --codegen': 'integer\n' },
    },
    matches: (p) => integerLiteral.test(sources(p)),
  },
  {
    name: 'integer-idiv-sign',
    what:
      'integer.idiv(a, b) with opposite signs and |a| < |b| is 0 in the interpreter and -1 ' +
      'in native code (floor division): int64_idiv and luauF_integeridiv adjust the truncated ' +
      'quotient only when it is negative',
    releases: ['0.735'],
    split: [['-O0', '-O2'], ['-O2 --codegen']],
    repro:
      'local function f(a: number, b: number)\n' +
      '  return integer.idiv(integer.create(a), integer.create(b))\n' +
      'end\n' +
      'for k = 1, 2 do print(f(-1, 2), f(1, -2)) end\n',
    prints: {
      '0.715': { '-O0': '0\t0\n0\t0\n', '-O2': '0\t0\n0\t0\n', '-O2 --codegen': '0\t0\n0\t0\n' },
      '0.735': {
        '-O0': '0\t0\n0\t0\n',
        '-O2': '0\t0\n0\t0\n',
        '-O2 --codegen': '-1\t-1\n-1\t-1\n',
      },
    },
    matches: (p, o) => allOk(o) && sources(p).includes('integer.idiv'),
    neutralise: (source) =>
      floorDivision + source.replace(/\binteger\.idiv\b/g, 'luauFuzzFloorDiv'),
  },
  {
    name: 'math-round-minus-zero',
    what:
      'math.round(-0) is -0 in the library function (-O0) and 0 in the fast call that -O1 and ' +
      'native code use; 0.735 keeps the sign everywhere',
    releases: ['0.715'],
    split: [['-O0'], ['-O2', '-O2 --codegen']],
    repro: 'local t = {-0}\nprint(math.round(t[1]))\n',
    prints: {
      '0.715': { '-O0': '-0\n', '-O2': '0\n', '-O2 --codegen': '0\n' },
      '0.735': { '-O0': '-0\n', '-O2': '-0\n', '-O2 --codegen': '-0\n' },
    },
    matches: (p, o) => allOk(o) && /\bmath\.round\b/.test(sources(p)),
    // Adding 0 turns -0 into 0 in every mode, and leaves every other result as it is.
    neutralise: (source) =>
      'local function luauFuzzRound(x) return math.round(x) + 0 end\n' +
      source.replace(/\bmath\.round\b/g, 'luauFuzzRound'),
  },
  {
    name: 'math-round-minus-zero-native',
    what:
      'the same fast call as math-round-minus-zero, where native code rounds the value itself ' +
      '(in a chunk whose loop is a generic for): -O0 and native code keep -0, -O2 gives 0',
    releases: ['0.715'],
    split: [['-O0', '-O2 --codegen'], ['-O2']],
    repro: 'local t = {n0 = -0}\nfor k, v in {} do end\nprint(math.round(t.n0))\n',
    prints: {
      '0.715': { '-O0': '-0\n', '-O2': '0\n', '-O2 --codegen': '-0\n' },
      '0.735': { '-O0': '-0\n', '-O2': '-0\n', '-O2 --codegen': '-0\n' },
    },
    matches: (p, o) => allOk(o) && /\bmath\.round\b/.test(sources(p)),
    neutralise: (source) =>
      'local function luauFuzzRound(x) return math.round(x) + 0 end\n' +
      source.replace(/\bmath\.round\b/g, 'luauFuzzRound'),
  },
  {
    name: 'math-round-minus-zero-mixed',
    what:
      'both paths of math-round-minus-zero in one program: native code rounds -0 itself on a ' +
      'call whose arguments pass its type guards (keeping -0), and a call that fails them runs ' +
      "in the VM's fast call (giving 0)",
    releases: ['0.715'],
    split: [['-O0'], ['-O2'], ['-O2 --codegen']],
    repro:
      'local function f(l5: number, l6: unknown)\n' +
      '  local l7 = nil\n' +
      '  local l8 = typeof(l7) == "number"\n' +
      '  l7 = false\n' +
      '  assert(l7 ~= nil)\n' +
      '  l7 = (-0)\n' +
      '  local l12 = math.round(l7)\n' +
      '  assert(l7)\n' +
      '  l7 = nil\n' +
      '  l7 = (1 / 2)\n' +
      '  return l8, l12, l7\n' +
      'end\n' +
      'print(f(7, 7))\n' +
      'print(f("5", 1))\n',
    prints: {
      '0.715': {
        '-O0': 'false\t-0\t0.5\nfalse\t-0\t0.5\n',
        '-O2': 'false\t0\t0.5\nfalse\t0\t0.5\n',
        '-O2 --codegen': 'false\t-0\t0.5\nfalse\t0\t0.5\n',
      },
      '0.735': {
        '-O0': 'false\t-0\t0.5\nfalse\t-0\t0.5\n',
        '-O2': 'false\t-0\t0.5\nfalse\t-0\t0.5\n',
        '-O2 --codegen': 'false\t-0\t0.5\nfalse\t-0\t0.5\n',
      },
    },
    matches: (p, o) => allOk(o) && /\bmath\.round\b/.test(sources(p)),
    neutralise: (source) =>
      'local function luauFuzzRound(x) return math.round(x) + 0 end\n' +
      source.replace(/\bmath\.round\b/g, 'luauFuzzRound'),
  },
  {
    name: 'vector-w-equality',
    what:
      'two constant vectors of four components that differ only in the fourth are equal at ' +
      '-O0 (the 3-wide VM drops it) and unequal from -O2 on (the constant folder compares all ' +
      'four, ConstantFolding.cpp constantsEqual); the generator never compares such vectors',
    releases: ['0.715', '0.735'],
    split: [['-O0'], ['-O2', '-O2 --codegen']],
    repro: 'print(vector.create(1, 2, 3, 4) == vector.create(1, 2, 3, 0))\n',
    prints: {
      '0.715': { '-O0': 'true\n', '-O2': 'false\n', '-O2 --codegen': 'false\n' },
      '0.735': { '-O0': 'true\n', '-O2': 'false\n', '-O2 --codegen': 'false\n' },
    },
    // A vector of four components on either side of an equality.
    matches: (p, o) => allOk(o) && vectorFourEquality.test(sources(p)),
  },
  {
    name: 'buffer-range-merge',
    what:
      'native code merges the range checks of buffer accesses at constant offsets; after a ' +
      'read and a write of one buffer, writes to a second buffer at offsets 8 and then 5 (or 0) ' +
      'fail their merged check though every access is in range, and the exit to the ' +
      'interpreter finds the offset register never written: "invalid argument #2 to ' +
      "'writef64' (number expected, got nil)\"; 0.735 runs it as the interpreter does",
    releases: ['0.715'],
    split: [['-O0', '-O2'], ['-O2 --codegen']],
    repro:
      'local function f(a, b)\n' +
      '  buffer.readf64(a, 0)\n' +
      '  buffer.writef64(a, 8, 1.5)\n' +
      '  buffer.writef64(b, 8, 2.5)\n' +
      '  buffer.writef32(b, 5, 1)\n' +
      'end\n' +
      'print((pcall(f, buffer.create(16), buffer.create(16))))\n',
    prints: {
      '0.715': { '-O0': 'true\n', '-O2': 'true\n', '-O2 --codegen': 'false\n' },
      '0.735': { '-O0': 'true\n', '-O2': 'true\n', '-O2 --codegen': 'true\n' },
    },
    matches: (p) => /\bbuffer\.write/.test(sources(p)),
    // A local copy of the library is no builtin: its calls are not fast calls, and native code
    // checks no ranges of its own. On the first line, so that line numbers stay.
    neutralise: (source) => `local buffer = table.clone(buffer); ${source}`,
  },
  {
    name: 'clamp-nan-bound-native',
    what:
      'native code of 0.735 calls math.clamp with a constant lower bound (0 / 0, 1, 0, -0, ' +
      '1 / 0, a large power of two) and a parameter upper bound wrongly: the call sees no ' +
      'second argument ("invalid argument #2 (number expected, got nil)") or returns the upper ' +
      'bound, where the interpreter and 0.715 refuse the bounds (argument #3); shrunk from a ' +
      'generated program, and seen with other constants in programs of grammar 735',
    releases: ['0.735'],
    split: [['-O0', '-O2'], ['-O2 --codegen']],
    repro:
      'local function f(x)\n' +
      '  return math.clamp(2 ^ 31, 0 / 0, x)\n' +
      'end\n' +
      'local ok, e = pcall(f, 1)\n' +
      'print(ok, string.match(tostring(e), "#%d"))\n',
    prints: {
      '0.715': { '-O0': 'false\t#3\n', '-O2': 'false\t#3\n', '-O2 --codegen': 'false\t#3\n' },
      '0.735': { '-O0': 'false\t#3\n', '-O2': 'false\t#3\n', '-O2 --codegen': 'false\t#2\n' },
    },
    matches: (p, o) => allOk(o) && /\bmath\.clamp\(/.test(sources(p)),
    // A local copy of the library is no builtin: its calls are not fast calls. On the first
    // line, so that line numbers stay.
    neutralise: (source) => `local math = table.clone(math); ${source}`,
  },
  {
    name: 'getmetatable-object-fastcall',
    what:
      'getmetatable of a class instance whose class defines metamethods is its metatable at ' +
      '-O0 and nil from -O1 on, native code too: the fast call luauF_getmetatable (lbuiltins.cpp) ' +
      'looks at tables, userdata and the per-type metatables, not at LUA_TOBJECT, which ' +
      'lua_getmetatable answers with the class instance metatable; found by grammar 735 ' +
      'programs (0.715 has no classes)',
    releases: ['0.735'],
    split: [['-O0'], ['-O2', '-O2 --codegen']],
    repro:
      'class C0\n' +
      '    function __len(self)\n' +
      '        return 1\n' +
      '    end\n' +
      'end\n' +
      'print(type(getmetatable(C0.new {})))\n',
    flags: [
      '--fflags=true,DebugLuauUserDefinedClasses=true,DebugLuauUserDefinedClassesRuntime=true',
    ],
    prints: {
      '0.715': { '-O0': REFUSED, '-O2': REFUSED, '-O2 --codegen': REFUSED },
      '0.735': { '-O0': 'table\n', '-O2': 'nil\n', '-O2 --codegen': 'nil\n' },
    },
    matches: (p, o) => allOk(o) && /\bgetmetatable\b/.test(sources(p)),
    // A local copy read from _G is no builtin the compiler knows: no fast call.
    neutralise: (source) => `local getmetatable = _G.getmetatable; ${source}`,
  },
  {
    name: 'iter-object-native',
    what:
      'native code of 0.735 refuses a generic for over a class instance whose class defines ' +
      '__iter ("attempt to iterate over a object value"), which the interpreter iterates at ' +
      'every level; only in a function native code compiles (the loops of a chunk body run ' +
      'in the interpreter); found probing what grammar 735 programs do to instances (0.715 has ' +
      'no classes)',
    releases: ['0.735'],
    split: [['-O0', '-O2'], ['-O2 --codegen']],
    repro:
      'class C0\n' +
      '    function __iter(self)\n' +
      '        return next, {5}\n' +
      '    end\n' +
      'end\n' +
      'local function f(o)\n' +
      '    local s = 0\n' +
      '    for k, v in o do\n' +
      '        s += v\n' +
      '    end\n' +
      '    return s\n' +
      'end\n' +
      'local ok, e = pcall(f, C0.new {})\n' +
      'print(ok, (string.gsub(tostring(e), "^.-:(%d+): ", "%1: ")))\n',
    flags: [
      '--fflags=true,DebugLuauUserDefinedClasses=true,DebugLuauUserDefinedClassesRuntime=true',
    ],
    prints: {
      '0.715': { '-O0': REFUSED, '-O2': REFUSED, '-O2 --codegen': REFUSED },
      '0.735': {
        '-O0': 'true\t5\n',
        '-O2': 'true\t5\n',
        '-O2 --codegen': 'false\t8: attempt to iterate over a object value\n',
      },
    },
    matches: (p, o) => allOk(o) && /\bfunction __iter\(/.test(sources(p)),
  },
  {
    name: 'pow-half-sqrt',
    what:
      'x ^ 0.5 with the exponent a constant is a square root from -O1 on (the compiler folds ' +
      '(1 / 2) into the constant operand, and the fast path of a constant 0.5 calls sqrt) and ' +
      'pow at -O0, where (1 / 2) is computed: pow(-inf, 0.5) is inf and sqrt(-inf) NaN, ' +
      'pow(-0, 0.5) is 0 and sqrt(-0) -0; shrunk from a generated program',
    releases: ['0.715', '0.735'],
    split: [['-O0'], ['-O2', '-O2 --codegen']],
    repro: 'local t = {-(1 / 0), -0}\nprint(t[1] ^ (1 / 2), t[2] ^ (1 / 2))\n',
    prints: {
      '0.715': { '-O0': 'inf\t0\n', '-O2': 'nan\t-0\n', '-O2 --codegen': 'nan\t-0\n' },
      '0.735': { '-O0': 'inf\t0\n', '-O2': 'nan\t-0\n', '-O2 --codegen': 'nan\t-0\n' },
    },
    matches: (p, o) => allOk(o) && /\^\s*\(1 \/ 2\)/.test(sources(p)),
    // An exponent read from a table is no constant: every mode calls pow. On the first line,
    // so that line numbers stay.
    neutralise: (source) =>
      `local luauFuzzHalf = {0.5}; ${source.replace(/\^\s*\(1 \/ 2\)/g, '^ luauFuzzHalf[1]')}`,
  },
  {
    name: 'pow-cube-multiply',
    what:
      'x ^ 3 with the exponent a constant is x * x * x from -O1 on (the fast path of a constant ' +
      '3) and pow at -O0; the two roundings differ in the last bit for most x that is not a ' +
      'small whole number; found by a 0.735 campaign, in 0.715 too',
    releases: ['0.715', '0.735'],
    split: [['-O0'], ['-O2', '-O2 --codegen']],
    repro: 'local t = {200}\nprint(math.sqrt(t[1]) ^ 3)\n',
    prints: {
      '0.715': {
        '-O0': '2828.42712474619\n',
        '-O2': '2828.4271247461907\n',
        '-O2 --codegen': '2828.4271247461907\n',
      },
      '0.735': {
        '-O0': '2828.42712474619\n',
        '-O2': '2828.4271247461907\n',
        '-O2 --codegen': '2828.4271247461907\n',
      },
    },
    matches: (p, o) => allOk(o) && /\^\s*3\b/.test(sources(p)),
    // An exponent read from a table is no constant: every mode calls pow. On the first line,
    // so that line numbers stay.
    neutralise: (source) =>
      `local luauFuzzCube = {3}; ${source.replace(/\^\s*3\b/g, '^ luauFuzzCube[1]')}`,
  },
  {
    name: 'unpack-after-store-native-crash',
    what:
      'native code of 0.715 (at -O1 and -O2) dies with SIGSEGV on a function that stores into ' +
      'an array at computed indices, then passes table.unpack of it to math.max in an ' +
      'expression stored back; -O0 --codegen, the interpreter and 0.735 run it',
    releases: ['0.715'],
    split: [['-O0', '-O2'], ['-O2 --codegen']],
    repro:
      'local l2 = {0, 0, -16}\n' +
      'local l4 = tonumber("256")\n' +
      'local l5 = {1, 2, 3}\n' +
      'local function l6()\n' +
      '    l5[1 + math.min(l4, -305419896) % 3] = math.fmod(-10 + l5[1 + math.min(l4, -305419896) % 3], 9)\n' +
      '    l5[1 + l2[3] % 3] = bit32.band(math.max(1, table.unpack(l5)) + l5[1 + l2[3] % 3], 1)\n' +
      'end\n' +
      'l6()\n' +
      'print(l5[1], l5[2], l5[3])\n',
    prints: {
      '0.715': { '-O0': '-0\t2\t0\n', '-O2': '-0\t2\t0\n', '-O2 --codegen': CRASHED },
      '0.735': { '-O0': '-0\t2\t0\n', '-O2': '-0\t2\t0\n', '-O2 --codegen': '-0\t2\t0\n' },
    },
    matches: (p, o) =>
      o['-O2 --codegen'].status === 'crash' && /\btable\.unpack\(/.test(sources(p)),
  },
];

/**
 * How the modes split on a program: groups of modes whose outcomes (status and output)
 * agree, in mode order; one group when they all agree.
 *
 * @example
 * ```ts
 * modeSplit(outcomes); // [['-O0'], ['-O2', '-O2 --codegen']]
 * ```
 */
export function modeSplit(outcomes: ModeOutcomes): EngineMode[][] {
  const groups: EngineMode[][] = [];
  for (const mode of engineModes) {
    const o = outcomes[mode];
    const group = groups.find((g) => {
      const first = outcomes[g[0]!];
      return first.status === o.status && first.stdout === o.stdout;
    });
    if (group === undefined) groups.push([mode]);
    else group.push(mode);
  }
  return groups;
}

/**
 * The known divergences of `release` that could explain a program's split of the modes: the
 * same split, and {@link KnownDivergence.matches}. A divergence with
 * {@link KnownDivergence.neutralise} still needs its neutralised program to run alike.
 *
 * @example
 * ```ts
 * candidateDivergences('0.715', program, outcomes).map((d) => d.name); // ['for-minus-zero']
 * ```
 */
export function candidateDivergences(
  release: LuauRelease,
  program: LuauBatchProgram,
  outcomes: ModeOutcomes,
): KnownDivergence[] {
  const split = JSON.stringify(modeSplit(outcomes));
  return knownDivergences.filter(
    (d) =>
      d.releases.includes(release) &&
      JSON.stringify(d.split) === split &&
      d.matches(program, outcomes),
  );
}

/**
 * Runs programs that a divergence with {@link KnownDivergence.neutralise} may explain,
 * neutralised, in every mode of `release`: where the modes then agree
 * ({@link modeSplit} of one group, every one ok), the difference was that divergence.
 * `flags` go before the mode's options (the class flags for programs of grammar 735).
 *
 * @example
 * ```ts
 * const [o] = await runNeutralised('0.735', divergence, [program]);
 * const confirmed = modeSplit(o!).length === 1;
 * ```
 */
export async function runNeutralised(
  release: LuauRelease,
  divergence: KnownDivergence,
  programs: readonly LuauBatchProgram[],
  flags: readonly string[] = [],
): Promise<ModeOutcomes[]> {
  const neutralise = divergence.neutralise;
  if (neutralise === undefined) throw new Error(`${divergence.name} has no neutraliser`);
  return runInModes(
    release,
    programs.map((p) => ({
      program: neutralise(p.program),
      ...(p.module === undefined ? {} : { module: neutralise(p.module) }),
    })),
    flags,
  );
}

/**
 * Runs programs on a release's `luau` in every engine mode, with `flags` before each mode's.
 *
 * @example
 * ```ts
 * const outcomes = await runInModes('0.735', programs, [flags]);
 * const failed = outcomes.filter((o) => !runAlike(o));
 * ```
 */
export async function runInModes(
  release: LuauRelease,
  programs: readonly LuauBatchProgram[],
  flags: readonly string[] = [],
): Promise<ModeOutcomes[]> {
  const batch = new LuauBatchRunner(programs);
  try {
    const runs = await Promise.all(
      engineModes.map((m) =>
        batch.run({ luau: releaseLuau(release), args: [...flags, ...m.split(' ')] }),
      ),
    );
    return programs.map(
      (_, k) => Object.fromEntries(engineModes.map((m, j) => [m, runs[j]![k]!])) as ModeOutcomes,
    );
  } finally {
    batch.close();
  }
}

/**
 * Whether the modes ran a program alike: every one ok, and one output.
 *
 * @example
 * ```ts
 * if (!runAlike(outcomes)) failures.push(program);
 * ```
 */
export function runAlike(outcomes: ModeOutcomes): boolean {
  return engineModes.every((m) => outcomes[m].status === 'ok') && modeSplit(outcomes).length === 1;
}
