import { ExprBinary_Op, ExprUnary_Op, type Expr, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { operand, type Plant, type PlantedKind } from './planted-kinds.js';
import { drawTable, prim, toType, type PlantedType, type TableType } from './planted-types.js';
import { opaque } from '../typed/typed-parts.js';
import { ty } from '../typed/typed-types.js';

/** `local y = e` (`local y: T = e` when `t` is given). */
function bind(p: Plant, e: Expr, t?: PlantedType): Stat {
  const [y] = opaque(p.g, 1);
  return build.localStat([y], [e], t === undefined ? [] : [toType(t)]);
}

/** `function(l: any, r: any): R return <result> end`, a metamethod. */
function metamethod(p: Plant, right: PlantedType | 'any', result: Expr, rets: PlantedType): Expr {
  const [l, r] = opaque(p.g, 2);
  const types = [ty.prim('any'), right === 'any' ? ty.prim('any') : toType(right)];
  return build.funcExpr(build.func([l, r], [build.ret([result])], false, types, [toType(rets)]));
}

/**
 * A local object `setmetatable({n0 = x, ...}, {<key> = <value>})` declared in the setup, of
 * fields drawn from the vocabulary: its type prints as `{ @metatable ..., {...} }`.
 */
function object(p: Plant, entries: [string, Expr][]): Expr {
  const t = drawTable(p.draw, p.depth - 1) as TableType;
  const own = build.record(t.fields.map(([k, f]) => [k, operand(p, f)]));
  const [o] = opaque(p.g, 1);
  const mt = build.record(entries);
  p.setup.push(build.localStat([o], [build.call(build.global('setmetatable'), [own, mt])]));
  return build.local(o.name);
}

const arithmetic = [
  ExprBinary_Op.Add,
  ExprBinary_Op.Sub,
  ExprBinary_Op.Mul,
  ExprBinary_Op.Div,
  ExprBinary_Op.Mod,
  ExprBinary_Op.Pow,
  ExprBinary_Op.Concat,
];

/**
 * The planted errors of what the checker reads from metatables, from types it has not
 * inferred yet and from host types: objects of two metatables ordered or compared with a
 * union, an operator an object's metatable does not offer, a metamethod given an operand of
 * the wrong type, an operator on an unannotated parameter (whose type the checker cannot
 * infer there), a field of an unannotated parameter read as two types, the host type
 * `vector` indexed at a key it lacks or at a string it cannot check, and a class instance or
 * an inferred function converted to a type it does not fit (the message prints the
 * metatable, the cycle through `self`, and the generic type the checker inferred).
 *
 * @example
 * ```ts
 * plantedMetatables['metatable-order'](p); // [local l9 = l6 < l8], l6 and l8 of two metatables
 * ```
 */
export const plantedMetatables: Record<string, PlantedKind> = {
  'metatable-order'(p) {
    const lt = () => metamethod(p, 'any', build.bool(false), prim('boolean'));
    const a = object(p, [['__lt', lt()]]);
    if (p.g.choices.chance(30)) {
      // A union of scalars compared with an object: nothing in common.
      const u = operand(p, { k: 'union', a: prim('number'), b: prim('string') });
      return [bind(p, build.binary(ExprBinary_Op.CompareEq, u, a))];
    }
    const b = object(p, [['__lt', lt()]]);
    const op = p.g.choices.pick([
      ExprBinary_Op.CompareLt,
      ExprBinary_Op.CompareLe,
      ExprBinary_Op.CompareGt,
      ExprBinary_Op.CompareGe,
    ]);
    return [bind(p, build.binary(op, a, b))];
  },
  'metatable-operator'(p) {
    const index = drawTable(p.draw, p.depth - 1, 4) as TableType;
    const inherited = build.record(index.fields.map(([k, f]) => [k, operand(p, f)]));
    const o = object(p, [['__index', inherited]]);
    if (p.g.choices.chance(20)) return [bind(p, build.unary(ExprUnary_Op.Minus, o))];
    const op = p.g.choices.pick(arithmetic);
    const other = operand(p, prim(op === ExprBinary_Op.Concat ? 'string' : 'number'));
    return [
      bind(p, p.g.choices.chance(50) ? build.binary(op, o, other) : build.binary(op, other, o)),
    ];
  },
  'metamethod-operand'(p) {
    // `__add` takes a number on its right; the object is added to a string.
    const add = metamethod(p, prim('number'), build.number(1), prim('number'));
    const o = object(p, [['__add', add]]);
    const wrong = operand(p, prim(p.g.choices.pick(['string', 'boolean'] as const)));
    return [bind(p, build.binary(ExprBinary_Op.Add, o, wrong))];
  },
  'free-operand'(p) {
    // An operator on a parameter with no annotation: strict mode cannot infer its type.
    const [h, x] = opaque(p.g, 2);
    const op = p.g.choices.pick(arithmetic);
    const k = op === ExprBinary_Op.Concat ? build.string('s') : build.number(2);
    const use = build.binary(op, build.local(x.name), k);
    if (p.g.options.checker === 'new')
      switch (p.g.choices.int(3)) {
        case 0: {
          // The new solver: `#x` wants a table; the arithmetic's result returned, it asks for
          // annotations (its guess of the parameter's type).
          const len = [bind(p, build.unary(ExprUnary_Op.Len, build.local(x.name)))];
          return [
            build.localFunction(h, build.func([x], [...len, build.ret([build.local(x.name)])])),
          ];
        }
        case 1: {
          if (op === ExprBinary_Op.Concat) break;
          const [y] = opaque(p.g, 1);
          const body = [build.localStat([y], [use]), build.ret([build.local(y.name)])];
          return [build.localFunction(h, build.func([x], body))];
        }
        default:
          break;
      }
    const body = [bind(p, use), build.ret([build.local(x.name)])];
    return [build.localFunction(h, build.func([x], body))];
  },
  'free-field'(p) {
    // A field of a parameter with no annotation read as a string, then as a number.
    const [h, x] = opaque(p.g, 2);
    const k = p.g.choices.int(4);
    const read = () => build.field(build.local(x.name), k);
    const body = [
      bind(p, read(), prim('string')),
      bind(p, read(), prim('number')),
      build.ret([build.local(x.name)]),
    ];
    return [build.localFunction(h, build.func([x], body))];
  },
  'free-call'(p) {
    // A parameter with no annotation called, then converted to a scalar: the message prints
    // the function type inferred so far, with a result pack not yet known.
    const [h, x] = opaque(p.g, 2);
    const target = prim(p.g.choices.pick(['number', 'string', 'boolean'] as const));
    const body = [
      build.callStat(build.call(build.local(x.name), [operand(p, prim('number'))])),
      bind(p, build.local(x.name), target),
    ];
    return [build.localFunction(h, build.func([x], body))];
  },
  'extern-key'(p) {
    const v = operand(p, prim('vector'));
    switch (p.g.choices.int(3)) {
      case 0: {
        // A string key the checker cannot look up in a host type.
        const s = operand(p, prim('string'));
        if (p.g.choices.chance(50)) return [bind(p, build.indexExpr(v, s))];
        return [build.assign([build.indexExpr(v, s)], [operand(p, prim('number'))])];
      }
      case 1:
        return [bind(p, build.field(v, p.g.choices.int(8)))];
      default:
        return [
          build.assign(
            [build.indexExpr(v, build.string(`n${p.g.choices.int(8)}`))],
            [operand(p, prim('number'))],
          ),
        ];
    }
  },
  'object-convert'(p) {
    // A class: `C.__index = C`, a constructor and a method returning `self`.
    const [c, n, x] = opaque(p.g, 3);
    const cRef = build.local(c.name);
    const ctor = build.func(
      [x],
      [
        build.ret([
          build.call(build.global('setmetatable'), [
            build.record([[0, build.local(x.name)]]),
            cRef,
          ]),
        ]),
      ],
      false,
      [ty.prim('number')],
    );
    const method = build.func([], [build.ret([build.number(1)])]);
    p.setup.push(
      build.localStat([c], [build.record([])]),
      build.assign([build.indexName(cRef, build.name('__index'))], [cRef]),
      build.functionStat(build.field(cRef, 1), ctor),
      build.localStat([n], [build.call(build.field(cRef, 1), [build.number(1)])]),
    );
    if (p.g.choices.chance(50))
      p.setup.push(build.functionStat(build.field(cRef, 2), method, true));
    const target = prim(p.g.choices.pick(['number', 'string', 'boolean'] as const));
    return [bind(p, build.local(n.name), target)];
  },
  'inferred-convert'(p) {
    // A function whose parameters the checker infers (generic, or `...`), converted to a
    // scalar: the message prints the type it inferred.
    const [f, x] = opaque(p.g, 2);
    const vararg = p.g.choices.chance(50);
    const rets = vararg ? [build.varargs()] : [build.local(x.name)];
    const params = vararg && p.g.choices.chance(50) ? [] : [x];
    p.setup.push(
      build.localStat([f], [build.funcExpr(build.func(params, [build.ret(rets)], vararg))]),
    );
    const target = prim(p.g.choices.pick(['number', 'string', 'boolean'] as const));
    return [bind(p, build.local(f.name), target)];
  },
};
