import type { Choices } from './choices.js';

/**
 * Feature families a program may use. Each program draws its own subset (swarm testing), so a
 * sample has arithmetic-heavy programs, string-heavy ones, table-heavy ones and so on.
 *
 * @example
 * ```ts
 * const swarm = drawSwarm(new Choices([1, 2, 3]));
 * if (swarm.strings) { /* string library calls *\/ }
 * ```
 */
export interface Swarm {
  arithmetic: boolean;
  strings: boolean;
  tables: boolean;
  closures: boolean;
  loops: boolean;
  coroutines: boolean;
  metatables: boolean;
  errors: boolean;
  bits: boolean;
  buffers: boolean;
  utf8: boolean;
  integers: boolean;
  globals: boolean;
  vectors: boolean;
  /** Weight of library calls against operators, 1..4. */
  libraryWeight: number;
  /** A call fan-out in the chunk's top block (rare: see `FAN_OUT_PERCENT`). */
  fanOut: boolean;
  /** The area the program leans on (see {@link Lean}). */
  lean: Lean;
  /** Function parameters carry type annotations (see `paramAnnotations`). */
  annotate: boolean;
}

/**
 * What a program leans on, in the spirit of YARPGen's generation policies: the shapes of one
 * area drawn several times as often as in the average program, so that rare shapes are not
 * drowned in it. `none` for a third of the others. `dynamic` programs (see
 * `DYNAMIC_PERCENT`) compile source text while they run (`loadstring`), and a third of them
 * first call `getfenv`, which marks their environment as one a program may change: from then
 * on the interpreter and native code look every global and library function up by name (no
 * imports, no fast calls), the engine's other mode.
 *
 * @example
 * ```ts
 * const lean: Lean = 'native';
 * ```
 */
export type Lean = 'none' | 'native' | 'optimizer' | 'library' | 'errors' | 'dynamic';

const leans: readonly Lean[] = ['none', 'none', 'native', 'optimizer', 'library', 'errors'];

/**
 * Programs that lean on `dynamic`, in percent: fewer than the other leans get, since a third
 * of them run without fast calls, and fast calls are where several faults of the optimizer
 * and of native code show.
 */
const DYNAMIC_PERCENT = 8;

/**
 * Chunks that draw a call fan-out, in percent: a long one costs a tenth to a few tenths of a
 * second to compile at -O2 and translate to native code, so it stays rare, yet frequent enough
 * that 1,000 programs of seeds 1 to 3 have some that need JUMPX (the shapes take a share of the
 * node budget, so only about a quarter of these chunks have room for one).
 */
const FAN_OUT_PERCENT = 2;

/** The families, in the order they are drawn. */
const families = [
  'arithmetic',
  'strings',
  'tables',
  'closures',
  'loops',
  'coroutines',
  'metatables',
  'errors',
  'bits',
  'buffers',
  'utf8',
  'integers',
  'globals',
  'vectors',
] as const;

/**
 * Draws a program's feature subset: each family is on with probability 60 % (the call fan-out
 * with {@link FAN_OUT_PERCENT} %), all off once the record is used up (the smallest programs
 * use none). Six families share one choice (its
 * base-5 digits), so that a short record is not used up by the draw alone: every record that
 * is used up before the first statement gives the same empty program.
 *
 * @example
 * ```ts
 * drawSwarm(new Choices([])).strings; // false
 * ```
 */
export function drawSwarm(c: Choices): Swarm {
  const out = { libraryWeight: 1 } as Swarm;
  let x = 0;
  families.forEach((f, i) => {
    if (i % 6 === 0) x = c.int(5 ** 6);
    // Digits 2, 3 and 4 of 5: on.
    out[f] = x % 5 >= 2;
    x = Math.floor(x / 5);
  });
  // One choice for both, so that a program without the fan-out reads the same choices as
  // before it existed: the remainder by 4 is the weight, and FAN_OUT_PERCENT of the 100
  // quotients switch the fan-out on (none when the record is used up and reads 0).
  const w = c.int(400);
  out.libraryWeight = 1 + (w % 4);
  out.fanOut = Math.floor(w / 4) >= 100 - FAN_OUT_PERCENT;
  out.lean = c.chance(DYNAMIC_PERCENT) ? 'dynamic' : c.pick(leans);
  out.annotate = c.chance(40);
  return out;
}
