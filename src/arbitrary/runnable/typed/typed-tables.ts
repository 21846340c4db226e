import { ExprBinary_Op, type ExprFunction, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { StatProduction } from '../library/model.js';
import {
  opaque,
  print,
  scalarType,
  use,
  value,
  valueRecord,
  scalars,
  fieldScalars,
} from './typed-parts.js';
import { ty } from './typed-types.js';

/** An intersection of two table types, and a table with an indexer, written and read. */
export const tableTypeStat: StatProduction = (g, d) => {
  const [v, m, key] = opaque(g, 3);
  const a = g.choices.pick(fieldScalars);
  const b = g.choices.pick(fieldScalars);
  const vRef = build.local(v.name);
  const both = ty.intersection(ty.table([[0, scalarType(a)]]), ty.table([[1, scalarType(b)]]));
  const keyTy = g.choices.pick(['str', 'int'] as const);
  const valTy = g.choices.pick(fieldScalars);
  const mRef = build.local(m.name);
  const kRef = build.local(key.name);
  return [
    build.localStat(
      [v],
      [
        valueRecord(
          g,
          [
            [0, a],
            [1, b],
          ],
          d + 1,
        ),
      ],
      [both],
    ),
    print([use(a, build.field(vRef, 0)), use(b, build.field(vRef, 1))]),
    build.localStat([m], [build.array([])], [ty.table([], [scalarType(keyTy), scalarType(valTy)])]),
    build.localStat([key], [value(g, keyTy, d + 1)], [scalarType(keyTy)]),
    build.assign([build.indexExpr(mRef, kRef)], [value(g, valTy, d + 1)]),
    print([build.indexExpr(mRef, kRef)]),
  ];
};

/** `function t.name(...)` (`self` when `method`) assigning a table's field. */
function fieldFunction(t: number, k: number | string, fn: ExprFunction, method: boolean): Stat {
  const name = typeof k === 'number' ? build.customName(k) : build.name(k);
  return build.functionStat(build.indexName(build.local(t), name), fn, method);
}

/**
 * Methods and classes: a table with a method (`function o:n1(x)`) and a function field, and a
 * class whose constructor returns `setmetatable({n0 = x}, C)`, with a method typed through
 * `typeof(C.n4(0))`, called as `obj:n5(y)`.
 */
export const methodStat: StatProduction = (g, d) => {
  const [o, c, x, obj, alias] = opaque(g, 5);
  const oRef = build.local(o.name);
  const xRef = build.local(x.name);
  if (g.choices.chance(40)) {
    const a = g.choices.pick(scalars);
    const m = build.func([x], [build.ret([use(a, xRef)])], false, [scalarType(a)]);
    return [
      build.localStat([o], [build.record([[0, value(g, 'num', d + 1)]])]),
      fieldFunction(o.name, 1, m, true),
      fieldFunction(
        o.name,
        2,
        build.func([x], [build.ret([xRef])], false, [scalarType(a)], [scalarType(a)]),
        false,
      ),
      print([
        build.call(build.indexName(oRef, build.customName(1)), [value(g, a, d + 1)], true),
        use(a, build.call(build.indexName(oRef, build.customName(2)), [value(g, a, d + 1)])),
        build.field(oRef, 0),
      ]),
    ];
  }
  const cRef = build.local(c.name);
  const [y] = opaque(g, 1);
  const ctor = build.func(
    [x],
    [build.ret([build.call(build.global('setmetatable'), [build.record([[0, xRef]]), cRef])])],
    false,
    [ty.prim('number')],
  );
  const selfType = ty.typeOf(
    build.call(build.indexName(cRef, build.customName(4)), [build.number(0)]),
  );
  const method = build.func(
    [x, y],
    [build.ret([build.binary(ExprBinary_Op.Add, build.field(xRef, 0), build.local(y.name))])],
    false,
    [selfType, ty.prim('number')],
    [ty.prim('number')],
  );
  const objRef = build.local(obj.name);
  return [
    build.localStat([c], [build.array([])]),
    build.assign([build.indexName(cRef, build.name('__index'))], [cRef]),
    fieldFunction(c.name, 4, ctor, false),
    fieldFunction(c.name, 5, method, false),
    build.localStat(
      [obj],
      [build.call(build.indexName(cRef, build.customName(4)), [g.num(d + 1)])],
    ),
    print([
      build.field(objRef, 0),
      build.call(build.indexName(cRef, build.customName(5)), [objRef, g.num(d + 1)]),
      build.call(build.indexName(objRef, build.customName(5)), [g.num(d + 1)], true),
    ]),
    build.localStat([alias], [objRef], [ty.typeOf(objRef)]),
    print([build.field(build.local(alias.name), 0)]),
  ];
};
