import { ExprBinary_Op, type Local, type Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { checksumStats } from '../values/checksum.js';
import { cutString } from '../values/cut-string.js';
import { fuelGuard } from './fuel.js';
import type { StatProduction } from '../library/model.js';
import { paramAnnotations } from '../values/annotations.js';
import { reduceInt } from '../values/reduce-int.js';
import { annotation, type Scalar, type VarInfo } from '../values/types.js';
import type { Gen } from '../generator.js';
import { increment, scalarTypes } from './assignments.js';
import { kit } from '../shapes/kit.js';

/** A local function of scalars; recursive ones take fuel first and return a leaf when out. */
export const functionStat: StatProduction = (g, d) => {
  if (!g.roomFor(2) || !g.swarm.closures) return [];
  const params = Array.from({ length: g.choices.int(4) }, () => g.choices.pick(scalarTypes));
  const ret = g.choices.pick(scalarTypes);
  const info: VarInfo = { ty: 'fn', mutable: false, params, ret, effects: g.pure === 0 };
  const f = g.declare(info);
  const recursive = g.choices.chance(30);
  if (!recursive) g.scope.visible.pop();
  // Untyped functions sometimes take their arguments as `...` and unpack them.
  const vararg = !g.typed && params.length > 0 && g.choices.chance(30);
  const paramInfos = params.map((ty) => ({ ty, mutable: true }));
  const [args, body] = g.scope.inFunction(vararg, () =>
    functionBody(g, d, paramInfos, ret, recursive, vararg),
  );
  if (!recursive) g.scope.visible.push({ name: f.name, kind: info });
  const fn = build.func(
    args,
    body,
    vararg,
    g.typed ? g.types(paramInfos) : paramAnnotations(g, args.length),
    g.typed ? [annotation({ ty: ret, mutable: true })] : [],
  );
  if (!recursive && !g.typed && g.choices.chance(25)) {
    // `local f` then `function f(...) ... end`: a function statement assigning the local.
    return [build.localStat([f], []), build.functionStat(build.local(f.name), fn)];
  }
  const out = build.localFunction(f, fn);
  if (recursive || g.choices.chance(50)) {
    // Called at once, its result printed.
    const call = build.call(
      build.local(f.name),
      params.map((p) => g.expr(p, d + 1)),
    );
    return [out, kit.print([call])];
  }
  return [out];
};

/**
 * The function's parameters (none when it takes `...`) and body: the parameters made safe on
 * entry, the fuel guard of a recursive one, its statements, and the return of its result.
 */
function functionBody(
  g: Gen,
  d: number,
  paramInfos: VarInfo[],
  ret: Scalar,
  recursive: boolean,
  vararg: boolean,
): readonly [Local[], Stat[]] {
  const declared = paramInfos.map((p) => g.declare(p));
  const body: Stat[] = vararg ? [build.localStat(declared, [build.varargs()])] : [];
  // A string passed on from call to call could double each time (and any string argument is
  // a whole expression's result): cut on entry. A recursive function's int could grow past
  // the integers a library call takes (`x * -7` per call): reduced on entry.
  for (const [k, p] of declared.entries()) {
    if (paramInfos[k]!.ty === 'str')
      body.push(build.assign([build.local(p.name)], [cutString(g, build.local(p.name))]));
    else if (paramInfos[k]!.ty === 'int' && recursive)
      body.push(build.assign([build.local(p.name)], [reduceInt(g, build.local(p.name))]));
  }
  if (recursive) body.push(...fuelGuard(g, build.ret([g.expr(ret, g.options.maxDepth)])));
  if (recursive) g.recursive++;
  try {
    body.push(...g.block(d + 1));
  } finally {
    if (recursive) g.recursive--;
  }
  // A string result is cut: one built from the function's own recursive call would grow
  // with every level (`string.rep(f(n - 1), 2)` doubles it per call).
  const result =
    ret === 'int'
      ? reduceInt(g, g.int(d + 1))
      : ret === 'str'
        ? cutString(g, g.str(d + 1))
        : g.expr(ret, d + 1);
  if (g.pure === 0) body.push(...checksumStats(g.scope.visible.slice(g.scope.frame.base)));
  body.push(build.ret([result]));
  return [vararg ? [] : declared, body] as const;
}

/** Closures made in a loop, each capturing that iteration's locals, called after the loop. */
export const closureLoopStat: StatProduction = (g, d) => {
  if (!g.swarm.closures || !g.roomFor(4) || g.pure > 0) return [];
  const n = 2 + g.choices.int(3);
  const fs = g.declare({ ty: 'fn', mutable: false });
  g.scope.visible.pop();
  const [i, body] = g.scope.inBlock(() => {
    g.scope.visible.push({ name: fs.name, kind: { ty: 'fn', mutable: false } });
    const i = g.declare({ ty: 'int', mutable: false });
    const init = reduceInt(g, g.int(d + 1));
    const c = g.declare({ ty: 'int', mutable: true });
    const captured = build.binary(
      ExprBinary_Op.Add,
      build.binary(ExprBinary_Op.Mul, build.local(i.name), build.number(10)),
      build.local(c.name),
    );
    const closure = build.funcExpr(build.func([], [build.ret([captured])]));
    const body: Stat[] = [
      build.localStat([c], [init], g.types([{ ty: 'int', mutable: true }])),
      build.assign([build.indexExpr(build.local(fs.name), build.local(i.name))], [closure]),
      increment(g, build.local(c.name)),
    ];
    return [i, body] as const;
  });
  const calls = Array.from({ length: n }, (_, k) =>
    build.call(build.indexExpr(build.local(fs.name), build.number(k + 1)), []),
  );
  return [
    build.doBlock([
      build.localStat(
        [fs],
        [build.array([])],
        g.typed ? [annotation({ ty: 'obj', mutable: false })] : [],
      ),
      build.forStat(i, build.number(1), build.number(n), undefined, body),
      kit.print(calls),
    ]),
  ];
};
