import type { Expr } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { kit } from '../shapes/kit.js';

/**
 * `lib["name"](args)`: library functions newer than the name table, called through an index
 * expression (the compiler then makes an ordinary call of them, not a fast call).
 *
 * @example
 * ```ts
 * libIndex('buffer', 'readbits', [b, kit.num(3), kit.num(8)]); // buffer["readbits"](b, 3, 8)
 * ```
 */
export function libIndex(lib: string, name: string, args: Expr[]): Expr {
  return build.call(kit.index(build.global(lib), kit.str(name)), args);
}
