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
}

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
 * Draws a program's feature subset: each family is on with probability 60 %, all off once the
 * record is used up (the smallest programs use none). Six families share one choice (its
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
  out.libraryWeight = 1 + c.int(4);
  return out;
}
