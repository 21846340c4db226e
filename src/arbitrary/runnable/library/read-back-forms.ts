import { ExprBinary_Op } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Production } from './model.js';

/**
 * The two ways a library's values become strings: `tostring(v)`, and the interpolated
 * `` `{v}` `` or `` `label{v}` `` where the program may use interpolated strings (else
 * `tostring(v)` again), for `value` one level deeper.
 *
 * @example
 * ```ts
 * const model: LibraryModel = { name: 'vector', on, exprs: { str: textForms(vectorValue, 'v=') } };
 * ```
 */
export function textForms(value: Production, label: string): Production[] {
  return [
    (g, d) => build.call(build.global('tostring'), [value(g, d + 1)]),
    (g, d) =>
      g.options.features.interpolatedStrings
        ? build.interp([build.string(g.choices.pick(['', label])), value(g, d + 1)])
        : build.call(build.global('tostring'), [value(g, d + 1)]),
  ];
}

/**
 * A library's values compared: `a == b` or `a ~= b`, for `value` one level deeper.
 *
 * @example
 * ```ts
 * const model: LibraryModel = { name: 'vector', on, exprs: { bool: [equalityForm(vectorValue)] } };
 * ```
 */
export function equalityForm(value: Production): Production {
  return (g, d) =>
    build.binary(
      g.choices.pick([ExprBinary_Op.CompareEq, ExprBinary_Op.CompareNe]),
      value(g, d + 1),
      value(g, d + 1),
    );
}
