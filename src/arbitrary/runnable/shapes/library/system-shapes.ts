/**
 * The shapes of the library's statements and of errors: library functions that need a
 * statement of their own, operations that raise an error with its message, and functions that
 * take a position, a count or a length.
 *
 * @example
 * ```ts
 * import { errorShape, positionShape, systemShape } from './system-shapes.js';
 * ```
 */
export { errorShape } from '../errors/error-shape.js';
export { systemShape } from './library-shape.js';
export { positionShape } from './position-shape.js';
