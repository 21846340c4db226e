import { type Expr, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { GlobalVar, Scalar } from './types.js';
import { kit } from '../shapes/kit.js';

/** Custom names of globals start here, apart from the field names `n0`..`n6`. */
const FIRST_GLOBAL = 10;

/**
 * Most globals one program assigns.
 *
 * @example
 * ```ts
 * g.globals!.length <= MAX_GLOBALS; // true
 * ```
 */
export const MAX_GLOBALS = 8;

/**
 * A reference to a global `n<name>`.
 *
 * @example
 * ```ts
 * globalRef(g, 12); // n12
 * ```
 */
export function globalRef(g: Gen, name: number): Expr {
  g.nodes += 3;
  return build.customGlobal(name);
}

/**
 * A global of type `ty` the program has assigned (undefined when none, or when the chunk has
 * no globals: modules and the typed level, where strict mode knows no such names).
 *
 * @example
 * ```ts
 * const v = pickGlobal(g, 'num'); // { name: 11, ty: 'num' } or undefined
 * ```
 */
export function pickGlobal(g: Gen, ty: Scalar): GlobalVar | undefined {
  const vs = g.globals?.filter((v) => v.ty === ty) ?? [];
  return vs.length === 0 ? undefined : vs[g.choices.int(vs.length)];
}

/**
 * A new global of type `ty`, when the chunk may define one here: only in statements of the
 * chunk's top block, which run once, in order, before anything that reads the global.
 *
 * @example
 * ```ts
 * const v = newGlobal(g, 'int', 0); // { name: 10, ty: 'int' }
 * ```
 */
export function newGlobal(g: Gen, ty: Scalar, d: number): GlobalVar | undefined {
  const gs = g.globals;
  if (gs === undefined || d !== 0 || g.scope.frames.length > 1 || g.scope.frame.loops > 0) return;
  if (gs.length >= MAX_GLOBALS || g.pure > 0) return;
  return { name: FIRST_GLOBAL + gs.length, ty };
}

/**
 * `print(...)` of every global the chunk assigned: the end of the chunk's checksum.
 *
 * @example
 * ```ts
 * globalChecksum(g); // [print(n10, n11)]
 * ```
 */
export function globalChecksum(g: Gen): Stat[] {
  const gs = g.globals ?? [];
  if (gs.length === 0) return [];
  return [kit.print(gs.map((v) => globalRef(g, v.name)))];
}
