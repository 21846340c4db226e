import type { Type } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import { primitive } from './types.js';

const union = build.unionType;

/** The parameter types a runnable function may be annotated with, as far as its values go. */
const loose: (() => Type)[] = [
  () => primitive('number'),
  () => primitive('number'),
  () => primitive('string'),
  () => primitive('boolean'),
  () => primitive('any'),
  () => primitive('unknown'),
  () => primitive('vector'),
  () => primitive('buffer'),
  () => primitive('thread'),
  () => primitive('nil'),
  () => union(primitive('number'), primitive('nil')),
  () => union(primitive('number'), primitive('string')),
  () => build.tableType([], [primitive('number'), primitive('number')]),
  () => build.functionType([primitive('number')], [primitive('number')]),
];

/**
 * Parameter annotations of a runnable function: none, or (where the program annotates, and
 * type syntax is on) one type per parameter, right for its values most of the time and
 * sometimes not. At run time a type is only a hint: the compiler records it for the native code
 * generator, which checks the arguments on entry and takes the generic path when they do not
 * match, so a wrong annotation must change nothing a program prints.
 *
 * @example
 * ```ts
 * build.func(params, body, false, paramAnnotations(g, params.length));
 * ```
 */
export function paramAnnotations(g: Gen, count: number): Type[] {
  if (g.typed || !g.swarm.annotate || !g.options.features.typeAnnotations) return [];
  return Array.from({ length: count }, () => g.choices.pick(loose)());
}
