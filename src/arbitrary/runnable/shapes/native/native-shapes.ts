/**
 * The shapes built around what the native code generator specialises on, one concept a file:
 * keys of every kind, polymorphic sites, loop bounds, buffers, fast-call builtins, vectors and
 * method calls.
 *
 * @example
 * ```ts
 * import { indexShape, kernelCall } from './native-shapes.js';
 * ```
 */
export { bufferForwardShape } from './buffer-forward-shape.js';
export { bufferRunShape } from './buffer-run-shape.js';
export { bufferShape } from './buffer-shape.js';
export { coerceShape } from './coerce-shape.js';
export { fieldSiteShape } from './field-site-shape.js';
export { indexShape } from './index-shape.js';
export { kernelCall, kernelShape } from './kernel-shape.js';
export { knownValueShape } from './known-value-shape.js';
export { forBoundsShape } from './loop-bounds-shape.js';
export { methodShape } from './method-shape.js';
export { polyShape } from './poly-shape.js';
export { pressureShape } from './pressure-shape.js';
export { vectorShape } from './vector-shape.js';
