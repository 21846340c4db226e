import type { Gen } from './generator.js';
import type { StatProduction } from './library/model.js';
import {
  bufferShape,
  forBoundsShape,
  indexShape,
  kernelShape,
  methodShape,
  polyShape,
  vectorShape,
} from './native-shapes.js';
import { foldShape, inlineShape, multiResultShape, unrollShape } from './optimizer-shapes.js';
import type { Lean } from './swarm.js';
import { errorShape, systemShape } from './system-shapes.js';

/** Each shape, its weight among a block's statements, and the lean that draws it more often. */
const shapes: [StatProduction, number, Lean][] = [
  [indexShape, 1, 'native'],
  [polyShape, 1, 'native'],
  [forBoundsShape, 1, 'native'],
  [bufferShape, 1, 'native'],
  [kernelShape, 1, 'native'],
  [vectorShape, 1, 'native'],
  [methodShape, 1, 'native'],
  [inlineShape, 1, 'optimizer'],
  [unrollShape, 1, 'optimizer'],
  [multiResultShape, 1, 'optimizer'],
  [foldShape, 1, 'optimizer'],
  [systemShape, 1, 'library'],
  [errorShape, 1, 'errors'],
];

/** How much more often a program draws the shapes of the area it leans on. */
const LEAN_FACTOR = 5;

/**
 * The shapes a block may draw, weighted by the program's lean: statements built around what
 * the optimizer and the native code generator specialise on (polymorphic sites, keys of every
 * kind, loop bounds, inlining, unrolling, several results), library functions that need a
 * statement, and errors with their messages.
 *
 * @example
 * ```ts
 * const productions = [...core, ...shapeProductions(g)];
 * ```
 */
export function shapeProductions(g: Gen): [number, StatProduction][] {
  return shapes.map(([make, weight, lean]) => [
    g.swarm.lean === lean ? weight * LEAN_FACTOR : weight,
    make,
  ]);
}
