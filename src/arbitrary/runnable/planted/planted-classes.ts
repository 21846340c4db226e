import { ExprBinary_Op, ExprUnary_Op, type Expr, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Plant, PlantedKind } from './planted-kinds.js';
import { COMPARE, classType, typedClasses, type TypedClass } from '../typed/typed-classes.js';
import { DESCRIBE } from '../grammar-735/class-shape.js';
import { opaque } from '../typed/typed-parts.js';
import { primitive, type Scalar } from '../values/types.js';

/** A name no class has: props are named from 0 up, methods from 200. */
const MISSING = 199;
/** The methods that take a number. */
const NUMBER_METHODS = [200, 203];

/** A class drawn among those the program declared, and a local of its type in the setup. */
function instance(p: Plant, want?: (k: TypedClass) => boolean): [TypedClass, Expr] | undefined {
  const classes = typedClasses(p.g).filter(want ?? (() => true));
  if (classes.length === 0) return undefined;
  const k = p.g.choices.pick(classes);
  const [x] = opaque(p.g, 1);
  p.setup.push(build.localStat([x], [build.local(p.any.name)], [classType(k)]));
  return [k, build.local(x.name)];
}

/** An instance of a class with a method that `usable` allows, and one such method drawn. */
function instanceMethod(
  p: Plant,
  usable: (m: number) => boolean = () => true,
): [Expr, number] | undefined {
  const drawn = instance(p, (k) => k.methods.some(usable));
  if (drawn === undefined) return undefined;
  return [drawn[1], p.g.choices.pick(drawn[0].methods.filter(usable))];
}

/** A literal of a scalar other than `s`. */
function otherScalar(s: Scalar): Expr {
  return s === 'num' ? build.string('s') : build.number(1);
}

/** `local y: T = e`. */
function bindAs(p: Plant, e: Expr, t: string): Stat {
  const [y] = opaque(p.g, 1);
  return build.localStat([y], [e], [primitive(t)]);
}

/**
 * The planted errors of grammar 735's typed classes (0.735's checker reports each): a key the
 * class has not, read or called as a method; a prop written with a value of another type; a
 * method called with an argument of the wrong type, or its result taken as another type; an
 * instance converted to a scalar; an operator the class has no metamethod for, or a
 * metamethod's operand of the wrong type; a method written (its props are read-only).
 *
 * @example
 * ```ts
 * const stats = plantedClasses['class-key']!(p); // local l9 = l8.n199
 * ```
 */
export const plantedClasses: Record<string, PlantedKind> = {
  'class-key'(p) {
    const drawn = instance(p);
    if (drawn === undefined) return undefined;
    const [, x] = drawn;
    if (p.g.choices.chance(50)) return [bindAs(p, build.field(x, MISSING), 'number')];
    return [build.callStat(build.call(build.field(x, MISSING), [], true))];
  },
  'class-prop'(p) {
    const drawn = instance(p);
    if (drawn === undefined) return undefined;
    const [k, x] = drawn;
    const [prop, s] = p.g.choices.pick(k.props);
    return [build.assign([build.field(x, prop)], [otherScalar(s)])];
  },
  'class-method-arg'(p) {
    const drawn = instanceMethod(p, (m) => m !== DESCRIBE);
    if (drawn === undefined) return undefined;
    const [x, m] = drawn;
    const arg = m === COMPARE ? build.number(1) : build.string('s');
    return [build.callStat(build.call(build.field(x, m), [arg], true))];
  },
  'class-method-result'(p) {
    const drawn = instanceMethod(p);
    if (drawn === undefined) return undefined;
    const [x, m] = drawn;
    const call = build.call(
      build.field(x, m),
      NUMBER_METHODS.includes(m) ? [build.number(1)] : m === COMPARE ? [x] : [],
      true,
    );
    // n200 and n203 return a number, n202 a string, n204 a boolean.
    return [bindAs(p, call, NUMBER_METHODS.includes(m) ? 'string' : 'number')];
  },
  'class-convert'(p) {
    const drawn = instance(p);
    if (drawn === undefined) return undefined;
    return [bindAs(p, drawn[1], p.g.choices.pick(['number', 'string', 'boolean']))];
  },
  'class-operator'(p) {
    const drawn = instance(p);
    if (drawn === undefined) return undefined;
    const [k, x] = drawn;
    // Over a number prop, `__add` takes an instance: a number is the wrong operand.
    if (k.metamethods.includes('__add') && p.g.choices.chance(50))
      return [bindAs(p, build.binary(ExprBinary_Op.Add, x, build.number(1)), 'number')];
    const missing = (
      [
        ['__add', () => build.binary(ExprBinary_Op.Add, x, x)],
        ['__concat', () => build.binary(ExprBinary_Op.Concat, x, build.string('s'))],
        ['__lt', () => build.binary(ExprBinary_Op.CompareLt, x, x)],
        ['__len', () => build.unary(ExprUnary_Op.Len, x)],
      ] as const
    ).filter(([m]) => !k.metamethods.includes(m));
    if (missing.length === 0) return undefined;
    const [, e] = p.g.choices.pick(missing);
    const [y] = opaque(p.g, 1);
    return [build.localStat([y], [e()])];
  },
  'class-method-write'(p) {
    const drawn = instanceMethod(p);
    if (drawn === undefined) return undefined;
    const [x, m] = drawn;
    return [build.assign([build.field(x, m)], [build.field(x, m)])];
  },
};
