import type { Expr, Local, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { operand, type PlantedKind } from './planted-kinds.js';
import { prim, toType, type PlantedType } from './planted-types.js';
import { freshAlias, opaque } from '../typed/typed-parts.js';
import { typeMethod } from '../typed/typed-type-functions.js';
import { ty } from '../typed/typed-types.js';

const tags = [
  ['number', 'string'],
  ['string', 'boolean'],
  ['boolean', 'number'],
] as const;

/** `error("planted")`, whatever the argument. */
const raise = () => (): Stat =>
  build.callStat(build.call(build.global('error'), [build.string('planted')]));

/**
 * A user-defined type function in the setup that returns its argument unless the argument's
 * tag is `bad`, where it does `onBad`; then a clean use of it with an argument of the other
 * tag. Undefined when the program has no alias name left.
 */
function declare(
  p: Parameters<PlantedKind>[0],
  onBad: (a: Local) => Stat,
): { k: number; bad: PlantedType; good: PlantedType } | undefined {
  const k = freshAlias(p.g);
  if (k === undefined) return undefined;
  const [bad, good] = p.g.choices.pick(tags);
  const [a, ok] = opaque(p.g, 2);
  const body = [
    build.ifStat(typeMethod(a, 'is', [build.string(bad)]), [onBad(a)]),
    build.ret([build.local(a.name)]),
  ];
  p.setup.push(build.typeFunction(build.regularTypeName(k), build.func([a], body)));
  const fits = prim(good);
  p.setup.push(build.localStat([ok], [operand(p, fits)], [ty.alias(k, [toType(fits)])]));
  return { k, bad: prim(bad), good: fits };
}

/**
 * `local y: k<args> = value` after {@link declare}: `use` picks the value and the type
 * arguments from the declared function's bad and good argument types.
 */
function plant(
  p: Parameters<PlantedKind>[0],
  onBad: (a: Local) => Stat,
  use: (made: { bad: PlantedType; good: PlantedType }) => [Expr, PlantedType[]],
): Stat[] | undefined {
  const made = declare(p, onBad);
  if (made === undefined) return undefined;
  const [y] = opaque(p.g, 1);
  const [value, args] = use(made);
  return [build.localStat([y], [value], [ty.alias(made.k, args.map(toType))])];
}

/**
 * The planted errors of user-defined type functions (`--checker new`), each after a clean
 * use of the function: one that raises an error (`error("planted")`) for its argument, one
 * that returns a value that is no type, one given two type arguments where it takes one,
 * and a value of another type than the function's result.
 *
 * @example
 * ```ts
 * plantedUserTypeFunctions['type-function-error'](p); // [local l9: t4<number> = l1]
 * ```
 */
export const plantedUserTypeFunctions: Record<string, PlantedKind> = {
  'type-function-error': (p) => plant(p, raise(), ({ bad }) => [build.local(p.any.name), [bad]]),
  'type-function-non-type': (p) =>
    plant(
      p,
      // Its tag, a string: a number would make the body's returns disagree (it is checked too).
      (a) => build.ret([build.indexExpr(build.local(a.name), build.string('tag'))]),
      ({ bad }) => [build.local(p.any.name), [bad]],
    ),
  'type-function-arity': (p) =>
    plant(p, raise(), ({ good }) => [build.local(p.any.name), [good, good]]),
  'type-function-result': (p) => plant(p, raise(), ({ bad, good }) => [operand(p, bad), [good]]),
};
