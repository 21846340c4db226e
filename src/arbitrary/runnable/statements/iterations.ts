import { ExprBinary_Op, ExprUnary_Op, type Expr, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import { cutString } from '../values/cut-string.js';
import type { StatProduction } from '../library/model.js';
import { annotation, type VarInfo } from '../values/types.js';
import { increment } from './assignments.js';
import { loopBody, loopBodyWith } from './loops.js';
import { patternCaptures } from '../library/pattern-captures.js';

/**
 * Iteration in an unspecified order (`pairs`, `next`, generalized `for ... in t`) that only
 * counts: the count is the same in every order (the fuel guard stops every order after the
 * same number of steps).
 */
export const countStat: StatProduction = (g, d) => {
  if (!g.roomFor(3) || !g.swarm.tables || g.typed) return [];
  const ty = g.choices.pick(['iarr', 'sarr', 'rec'] as const);
  const src = g.expr(ty, d + 1);
  // Not an int while the loop is built: the loop variables must not take its name.
  const counterInfo: VarInfo = { ty: 'fn', mutable: false };
  const counter = g.declare(counterInfo);
  const [vars, body] = loopBodyWith(
    g,
    () => [g.declare({ ty: 'fn', mutable: false }), g.declare({ ty: 'fn', mutable: false })],
    [increment(g, build.local(counter.name))],
  );
  const values = iterationOf(g, () => src);
  counterInfo.ty = 'int';
  counterInfo.mutable = true;
  return [build.localStat([counter], [build.number(0)]), build.forIn(vars, values, body)];
};

/** The values of a generic `for` over a table: `pairs(t)`, `next, t` or `t` itself. */
function iterationOf(g: Gen, table: () => Expr): Expr[] {
  const kind = g.choices.int(3);
  const src = table();
  return kind === 0
    ? [build.call(build.global('pairs'), [src])]
    : kind === 1
      ? [build.global('next'), src]
      : [src];
}

/**
 * `pairs`/`next` in a deterministic order: the keys of a table collected (a loop bounded by
 * the table's size, which only appends to a fresh array), sorted, then iterated with
 * `ipairs`, each key's value read back (`t[k] or default`: the body may shorten arrays).
 */
export const sortedPairsStat: StatProduction = (g, d) => {
  if (!g.roomFor(5) || !g.swarm.tables) return [];
  // Strict mode types `pairs` over a record's fields loosely: arrays only at the typed level.
  const ty = g.choices.pick(
    g.typed ? (['iarr', 'sarr'] as const) : (['iarr', 'sarr', 'rec'] as const),
  );
  const keyTy = ty === 'rec' ? 'str' : 'int';
  return g.scope.inBlock(() => {
    const [prelude, t] = iteratedTable(g, ty, d);
    const ks = g.declare({ ty: 'fn', mutable: false });
    const k0 = g.declare({ ty: 'fn', mutable: false });
    const append = appendKey(g, ks.name, k0.name);
    const collect = build.forIn(
      [k0],
      iterationOf(g, () => g.ref(t)),
      [append],
    );
    g.scope.visible.pop();
    const sort = build.callStat(g.lib('table', 'sort', [build.local(ks.name)]));
    const keysType = annotation({ ty: keyTy === 'int' ? 'iarr' : 'sarr', mutable: false });
    return [
      build.doBlock([
        ...prelude,
        build.localStat([ks], [build.array([])], g.typed ? [keysType] : []),
        collect,
        sort,
        sortedKeysLoop(g, d, ty, t, ks.name),
      ]),
    ];
  });
};

/** The table iterated: one in scope, or a new one made for the loop (with its declaration). */
function iteratedTable(g: Gen, ty: 'iarr' | 'sarr' | 'rec', d: number): [Stat[], number] {
  const t = g.pickVar(ty);
  if (t !== undefined && !g.choices.chance(30)) return [[], t.name];
  const info: VarInfo = { ty, mutable: true };
  const value = g.expr(ty, d + 1);
  const local = g.declare(info);
  return [[build.localStat([local], [value], g.types([info]))], local.name];
}

/** `table.insert(ks, k)` or `ks[#ks + 1] = k`. */
function appendKey(g: Gen, ks: number, k: number): Stat {
  if (g.choices.chance(50))
    return build.callStat(g.lib('table', 'insert', [build.local(ks), build.local(k)]));
  const end = build.binary(
    ExprBinary_Op.Add,
    build.unary(ExprUnary_Op.Len, build.local(ks)),
    build.number(1),
  );
  return build.assign([build.indexExpr(build.local(ks), end)], [build.local(k)]);
}

/** `for _, k in ipairs(ks)`, the body first reading `t[k]` (or a default) into a local. */
function sortedKeysLoop(
  g: Gen,
  d: number,
  ty: 'iarr' | 'sarr' | 'rec',
  t: number,
  ks: number,
): Stat {
  const keyTy = ty === 'rec' ? 'str' : 'int';
  const valTy = ty === 'iarr' ? 'int' : 'str';
  // The value is read right after the fuel guard.
  const guardLength = g.cap === undefined ? 2 : 3;
  const [[vars, v], body] = loopBody(g, d, () => {
    const vars = [
      g.declare({ ty: 'fn', mutable: false }),
      g.declare({ ty: keyTy, mutable: false }),
    ];
    return [vars, g.declare({ ty: valTy, mutable: true })] as const;
  });
  const read = build.indexExpr(g.ref(t), build.local(vars[1]!.name));
  const value =
    ty === 'rec'
      ? build.call(build.global('tostring'), [read])
      : build.binary(ExprBinary_Op.Or, read, valTy === 'int' ? build.number(0) : build.string(''));
  body.splice(
    guardLength,
    0,
    build.localStat([v], [value], g.types([{ ty: valTy, mutable: true }])),
  );
  return build.forIn(vars, [build.call(build.global('ipairs'), [build.local(ks)])], body);
}

const wordPatterns = ['%a+', '%d+', '%w+', '[^,]+', '(%a)(%a?)', '.', '%S+', '(%w+)=(%w+)'];

/**
 * `for a, b in string.gmatch(s, pattern)`: each match in order, its captures as strings (not
 * at the typed level, where strict mode types captures `string?`).
 */
export const gmatchStat: StatProduction = (g, d) => {
  if (!g.roomFor(3) || !g.swarm.strings || g.typed) return [];
  const pattern = g.choices.pick(wordPatterns);
  // Without a capture, the whole match.
  const captures = Math.max(1, patternCaptures(pattern).length);
  // Cut: the captures are locals of the body, which may lengthen them again.
  const src = cutString(g, g.str(d + 1));
  const [vars, body] = loopBody(g, d, () =>
    Array.from({ length: captures }, () => g.declare({ ty: 'str', mutable: false })),
  );
  return [build.forIn(vars, [g.lib('string', 'gmatch', [src, build.string(pattern)])], body)];
};
