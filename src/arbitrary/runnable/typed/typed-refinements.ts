import { ExprBinary_Op, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { StatProduction } from '../library/model.js';
import { aliasStat, eq, freshAlias, opaque, print, scalarType, typeName } from './typed-parts.js';
import { typeTest, use, value, scalars } from './typed-parts.js';
import { ty } from './typed-types.js';

/**
 * Unions of scalars refined by `type`/`typeof` tests, optional values refined by `~= nil`,
 * truthiness, `or` and `assert`, and `unknown` and `any` values.
 */
export const unionStat: StatProduction = (g, d) => {
  if (!g.options.features.ifExpressions) return [];
  const [v, o, w, u] = opaque(g, 4);
  const a = g.choices.pick(['num', 'str', 'bool'] as const);
  const b = g.choices.pick((['num', 'str', 'bool'] as const).filter((s) => s !== a));
  const vRef = build.local(v.name);
  const out: Stat[] = [
    build.localStat(
      [v],
      [build.ifElse(g.bool(d + 1), value(g, a, d + 1), value(g, b, d + 1))],
      [ty.union(scalarType(a), scalarType(b))],
    ),
    build.ifStat(typeTest(g, vRef, typeName(a)), [print([use(a, vRef)])], [print([use(b, vRef)])]),
  ];
  const oRef = build.local(o.name);
  const c = g.choices.pick(scalars);
  out.push(
    build.localStat(
      [o],
      [build.ifElse(g.bool(d + 1), value(g, c, d + 1), build.nil())],
      [ty.optional(scalarType(c))],
    ),
  );
  const kind = g.choices.int(3);
  if (kind === 0 || c === 'bool') {
    out.push(
      build.ifStat(build.binary(ExprBinary_Op.CompareNe, oRef, build.nil()), [
        print([use(c, oRef)]),
      ]),
    );
  } else if (kind === 1) {
    out.push(build.ifStat(oRef, [print([use(c, oRef)])], [print([oRef])]));
  } else {
    const fallback = c === 'str' ? build.string('') : build.number(0);
    out.push(
      build.localStat([w], [build.binary(ExprBinary_Op.Or, oRef, fallback)], [scalarType(c)]),
    );
    out.push(print([use(c, build.local(w.name))]));
  }
  if (c !== 'bool' && g.choices.chance(50)) {
    // assert refines a value that is never nil here.
    const [n] = opaque(g, 1);
    out.push(build.localStat([n], [value(g, c, d + 1)], [ty.optional(scalarType(c))]));
    out.push(build.callStat(build.call(build.global('assert'), [build.local(n.name)])));
    out.push(print([use(c, build.local(n.name))]));
  }
  const uRef = build.local(u.name);
  const e = g.choices.pick(scalars);
  out.push(
    build.localStat([u], [value(g, e, d + 1)], [ty.prim(g.choices.chance(70) ? 'unknown' : 'any')]),
  );
  out.push(build.ifStat(typeTest(g, uRef, typeName(e)), [print([use(e, uRef)])]));
  return out;
};

const tags = ['a', 'b', 'c', 'x', 'y', 'on', 'off', ''];

/**
 * Singleton string and boolean types, and a tagged union of two table types told apart by
 * their tag field.
 */
export const singletonStat: StatProduction = (g, d) => {
  if (!g.options.features.ifExpressions || !g.options.features.typeAliases) return [];
  const k = freshAlias(g);
  if (k === undefined) return [];
  const [s, v, b] = opaque(g, 3);
  const x = g.choices.pick(tags);
  const y = g.choices.pick(tags.filter((t) => t !== x));
  const sRef = build.local(s.name);
  const vRef = build.local(v.name);
  // No booleans in the tagged tables: the old solver refines a boolean in a branch to a
  // singleton, which then does not fit the table's `boolean` field.
  const a = g.choices.pick(['num', 'int', 'str'] as const);
  const c = g.choices.pick(['num', 'int', 'str'] as const);
  const tagged = ty.union(
    ty.table([
      [3, ty.str(x)],
      [0, scalarType(a)],
    ]),
    ty.table([
      [3, ty.str(y)],
      [1, scalarType(c)],
    ]),
  );
  const flag = g.choices.chance(50);
  return [
    build.localStat(
      [s],
      [build.ifElse(g.bool(d + 1), build.string(x), build.string(y))],
      [ty.union(ty.str(x), ty.str(y))],
    ),
    build.ifStat(eq(sRef, build.string(x)), [print([build.string(x)])], [print([sRef])]),
    aliasStat(k, tagged),
    build.localStat(
      [v],
      [
        build.ifElse(
          g.bool(d + 1),
          build.record([
            [3, build.string(x)],
            [0, value(g, a, d + 1)],
          ]),
          build.record([
            [3, build.string(y)],
            [1, value(g, c, d + 1)],
          ]),
        ),
      ],
      [ty.alias(k)],
    ),
    build.ifStat(
      eq(build.field(vRef, 3), build.string(x)),
      [print([use(a, build.field(vRef, 0))])],
      [print([use(c, build.field(vRef, 1))])],
    ),
    build.localStat([b], [build.bool(flag)], [ty.union(ty.bool(flag), ty.prim('string'))]),
    print([build.local(b.name)]),
  ];
};
