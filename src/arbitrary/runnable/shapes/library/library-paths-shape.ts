import { callbackLibraryShape } from './callback-library-shape.js';
import type { StatProduction } from '../../library/model.js';
import { longJumpShape } from './long-jump-shape.js';
import { patternShape } from './pattern-shape.js';

/** The shapes of library and compiler paths common programs miss, sharing one draw. */
const parts: StatProduction[] = [patternShape, callbackLibraryShape, longJumpShape];

/**
 * One of the pattern matcher's items ({@link patternShape}), the library's callbacks and
 * states ({@link callbackLibraryShape}) or a chunk past 16-bit jumps and constants
 * ({@link longJumpShape}): drawn as one shape, so that they take no draws from the others.
 *
 * @example
 * ```ts
 * libraryPathsShape(g, 0);
 * ```
 */
export const libraryPathsShape: StatProduction = (g, d) => g.choices.pick(parts)(g, d);
