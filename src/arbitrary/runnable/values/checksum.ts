import type { Expr, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { VisibleLocal } from '../../scope.js';
import { BUFFER_SIZE, type VarInfo } from './types.js';
import { kit } from '../shapes/kit.js';

/**
 * The printed form of a local's value: scalars as they are (`print` formats numbers exactly,
 * shortest round-trip), arrays through `table.concat` in index order, records and objects
 * field by field (raw fields of objects), buffers as 32-bit words. Functions print nothing
 * here: their results are printed where they are called.
 *
 * @example
 * ```ts
 * checksumValues({ name: 3, kind: { ty: 'iarr', mutable: true } }); // [table.concat(l3, ",")]
 * ```
 */
export function checksumValues(v: VisibleLocal<VarInfo>): Expr[] {
  const ref = build.local(v.name);
  switch (v.kind.ty) {
    case 'num':
    case 'int':
    case 'str':
    case 'bool':
      return [ref];
    case 'iarr':
    case 'sarr':
      return [build.libCall('table', 'concat', [ref, build.string(',')])];
    case 'rec':
      return [0, 1, 2].map((k) => build.field(ref, k));
    case 'obj':
      return ['n0', 'n3'].map((k) => build.call(build.global('rawget'), [ref, build.string(k)]));
    case 'buf':
      return Array.from({ length: BUFFER_SIZE / 4 }, (_, i) =>
        build.libCall('buffer', 'readu32', [ref, build.number(4 * i)]),
      );
    case 'fn':
      return [];
  }
}

/**
 * `print(...)` statements (at most 8 values each) of every value the given locals hold: what a
 * block prints when it ends, so every value computed reaches the output.
 *
 * @example
 * ```ts
 * checksumStats(locals); // [print(l1, l2, table.concat(l3, ","))]
 * ```
 */
export function checksumStats(locals: readonly VisibleLocal<VarInfo>[]): Stat[] {
  const values = locals.flatMap(checksumValues);
  const out: Stat[] = [];
  for (let i = 0; i < values.length; i += 8) {
    out.push(kit.print(values.slice(i, i + 8)));
  }
  return out;
}

/**
 * Moves `extra` before a block's final break, continue or return (or to its end).
 *
 * @example
 * ```ts
 * insertBeforeExit(body, checksumStats(locals)); // the checksums run before the `break`
 * ```
 */
export function insertBeforeExit(body: Stat[], extra: Stat[]): void {
  const last = body[body.length - 1]?.statOneof.case;
  const at =
    last === 'break' || last === 'continue' || last === 'return' ? body.length - 1 : body.length;
  body.splice(at, 0, ...extra);
}
