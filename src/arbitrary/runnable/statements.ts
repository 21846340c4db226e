import { create } from '@bufbuild/protobuf';
import {
  ExprBinary_Op,
  ExprUnary_Op,
  RegularTypeNameSchema,
  StatCompoundAssign_Op,
  StatSchema,
  StatTypeAliasSchema,
  StatTypeFunctionSchema,
  StatFunctionSchema,
  type Expr,
  type Stat,
} from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import { checksumStats } from './checksum.js';
import { cutString } from './cut-string.js';
import { fanOutStat } from './fan-out.js';
import { fuelGuard } from './fuel.js';
import { globalChecksum, globalRef, newGlobal } from './globals.js';
import { MAX_STRING, type Gen } from './generator.js';
import type { StatProduction } from './library/model.js';
import { node } from './nodes.js';
import { computed, libraryModels } from './operations.js';
import { paramAnnotations } from './annotations.js';
import { reduceInt } from './reduce-int.js';
import { shapeProductions } from './shapes.js';
import { annotation, type Scalar, type Ty, type VarInfo } from './types.js';

/** The value stored into a local of type `ty`: ints reduced, strings cut to MAX_STRING bytes. */
function stored(g: Gen, ty: Ty, d: number): Expr {
  const e = g.expr(ty, d);
  if (ty === 'int') return reduceInt(g, e);
  if (ty === 'str' && g.c.chance(50)) {
    return g.lib('string', 'sub', [e, build.number(1), build.number(MAX_STRING)]);
  }
  return e;
}

/** Whether a stored string can grow: cut it always (loops repeat assignments). */
function storedStr(g: Gen, d: number): Expr {
  return g.lib('string', 'sub', [g.str(d), build.number(1), build.number(MAX_STRING)]);
}

function valueTypes(g: Gen): Ty[] {
  const out: Ty[] = ['num', 'int', 'str', 'bool'];
  if (g.swarm.tables) out.push('iarr', 'sarr', 'rec');
  if (g.meta !== undefined) out.push('obj');
  if (g.swarm.buffers) out.push('buf');
  return out;
}

const localStat: StatProduction = (g, d) => {
  if (!g.roomFor(3)) return [];
  const n = g.c.chance(20) ? 2 + g.c.int(2) : 1;
  const infos: VarInfo[] = [];
  const values: Expr[] = [];
  for (let i = 0; i < n; i++) {
    const ty = g.c.pick(valueTypes(g));
    infos.push({ ty, mutable: true });
    values.push(ty === 'str' ? storedStr(g, d + 1) : stored(g, ty, d + 1));
  }
  const vars = infos.map((info) => g.declare(info));
  if (n === 1 && !g.typed && g.c.chance(10)) {
    // Declared empty (nil), then assigned.
    return [node.localStat(vars, []), node.assign([build.local(vars[0]!.name)], values)];
  }
  return [node.localStat(vars, values, g.types(infos))];
};

const assignStat: StatProduction = (g, d) => {
  const targets = g.scope
    .reachable()
    .filter(
      (v) =>
        v.kind.mutable &&
        ['num', 'int', 'str', 'bool', 'iarr', 'sarr', 'rec', 'obj'].includes(v.kind.ty),
    );
  if (targets.length === 0) return [];
  // Distinct targets in one multiple assignment.
  const n = Math.min(targets.length, g.c.chance(25) ? 2 : 1);
  const chosen = new Set<number>();
  const vars: Expr[] = [];
  const values: Expr[] = [];
  for (let i = 0; i < n; i++) {
    const t = targets[g.c.int(targets.length)]!;
    if (chosen.has(t.name)) continue;
    chosen.add(t.name);
    vars.push(g.ref(t.name));
    values.push(t.kind.ty === 'str' ? storedStr(g, d + 1) : stored(g, t.kind.ty, d + 1));
  }
  return [node.assign(vars, values)];
};

const compoundOps: [StatCompoundAssign_Op, ExprBinary_Op][] = [
  [StatCompoundAssign_Op.Add, ExprBinary_Op.Add],
  [StatCompoundAssign_Op.Sub, ExprBinary_Op.Sub],
  [StatCompoundAssign_Op.Mul, ExprBinary_Op.Mul],
  [StatCompoundAssign_Op.Div, ExprBinary_Op.Div],
  [StatCompoundAssign_Op.Mod, ExprBinary_Op.Mod],
  [StatCompoundAssign_Op.Pow, ExprBinary_Op.Pow],
];

const compoundStat: StatProduction = (g, d) => {
  const c = g.c;
  const kind = c.int(4);
  if (kind === 0) {
    const v = g.pickVar('str', true);
    if (v === undefined) return [];
    // A constant suffix: a string appended to itself would double each iteration.
    const suffix = g.c.chance(50)
      ? build.string(c.pick(['a', '.', '€', '']))
      : build.number(c.int(10));
    if (g.o.features.compoundAssignment)
      return [node.compound(StatCompoundAssign_Op.Concat, g.ref(v.name), suffix)];
    return [
      node.assign([g.ref(v.name)], [build.binary(ExprBinary_Op.Concat, g.ref(v.name), suffix)]),
    ];
  }
  if (kind === 1) {
    const v = g.pickVar('int', true);
    if (v === undefined) return [];
    const [cop, bop] = c.pick(compoundOps.slice(0, 2));
    const k = build.number(c.int(50) - 10);
    if (g.o.features.compoundAssignment) return [node.compound(cop, g.ref(v.name), k)];
    return [node.assign([g.ref(v.name)], [build.binary(bop, g.ref(v.name), k)])];
  }
  let target: Expr | undefined;
  const r = kind === 2 ? g.pickVar('rec') : undefined;
  if (r !== undefined) target = node.field(g.ref(r.name), c.int(2));
  else {
    const v = g.pickVar('num', true);
    if (v !== undefined) target = g.ref(v.name);
  }
  if (target === undefined) return [];
  let [cop, bop] = c.pick(compoundOps);
  if (bop === ExprBinary_Op.Pow && !g.anyExponent()) [cop, bop] = compoundOps[2]!;
  const value = g.num(d + 1);
  if (g.o.features.compoundAssignment) return [node.compound(cop, target, value)];
  return [node.assign([target], [build.binary(bop, target, value)])];
};

/**
 * A global: defined in the chunk's top block (`n10 = value`), assigned anywhere after, also
 * by compound assignment.
 */
const globalStat: StatProduction = (g, d) => {
  if (g.globals === undefined) return [];
  const ty = g.c.pick(scalarTypes);
  const fresh = newGlobal(g, ty, d);
  if (fresh !== undefined && (g.globals.length === 0 || g.c.chance(50))) {
    // The value first: it cannot read the global it defines.
    const value = ty === 'str' ? storedStr(g, d + 1) : stored(g, ty, d + 1);
    g.globals.push(fresh);
    return [node.assign([globalRef(g, fresh.name)], [value])];
  }
  const v = g.globals[g.c.int(g.globals.length)];
  if (v === undefined) return [];
  const target = globalRef(g, v.name);
  if (g.c.chance(60) || v.ty === 'bool') {
    return [node.assign([target], [v.ty === 'str' ? storedStr(g, d + 1) : stored(g, v.ty, d + 1)])];
  }
  const [cop, bop, value] =
    v.ty === 'str'
      ? ([
          StatCompoundAssign_Op.Concat,
          ExprBinary_Op.Concat,
          build.string(g.c.pick(['x', '', '_'])),
        ] as const)
      : v.ty === 'int'
        ? ([StatCompoundAssign_Op.Sub, ExprBinary_Op.Sub, build.number(g.c.int(40) - 10)] as const)
        : ([...g.c.pick(compoundOps.slice(0, 4)), g.num(d + 1)] as const);
  if (g.o.features.compoundAssignment) return [node.compound(cop, target, value)];
  return [node.assign([target], [build.binary(bop, globalRef(g, v.name), value)])];
};

const ifStat: StatProduction = (g, d) => {
  const cond = g.bool(d + 1);
  const then = g.block(d + 1, inLoop(g));
  if (g.c.chance(40)) return [node.ifStat(cond, then, g.block(d + 1, inLoop(g)))];
  return [node.ifStat(cond, then)];
};

function inLoop(g: Gen): boolean {
  return g.scope.frame.loops > 0;
}

/** `x += 1` (or `x = x + 1` without compound assignment). */
function increment(g: Gen, x: Expr): Stat {
  return g.o.features.compoundAssignment
    ? node.compound(StatCompoundAssign_Op.Add, x, build.number(1))
    : node.assign([x], [build.binary(ExprBinary_Op.Add, x, build.number(1))]);
}

/** The fuel guard of the loop being built (with its own count, when it has one). */
function loopGuard(g: Gen): Stat[] {
  const cap = g.cap;
  // Loops nested in the body have counts of their own.
  g.cap = undefined;
  return fuelGuard(g, node.brk(), cap);
}

/** Iteration counts a loop may have of its own. */
const loopCaps = [1, 2, 3, 4, 5, 8, 12, 20];

/**
 * A loop production whose loop also counts its own iterations, at most a few drawn per loop
 * (`do local c = 5  while ... end end`), so that one loop cannot take all of the chunk's fuel
 * and leave every later loop without a turn: a loop that ran out of fuel prints nothing.
 */
function capped(loop: StatProduction): StatProduction {
  return (g, d) => {
    if (!g.roomFor(1)) return [];
    const k = g.c.pick(loopCaps);
    const mark = g.scope.mark();
    const info: VarInfo = { ty: 'fn', mutable: false };
    const cap = g.declare(info);
    // The `do` block, the local and its count.
    g.nodes += 4;
    const outer = g.cap;
    g.cap = cap.name;
    const stats = loop(g, d);
    g.cap = outer;
    g.scope.release(mark);
    if (stats.length === 0) return [];
    const types = g.typed ? [annotation({ ty: 'num', mutable: true })] : [];
    return [node.doBlock([node.localStat([cap], [build.number(k)], types), ...stats])];
  };
}

/** A loop body of fixed statements after the fuel guard. */
function loopBodyWith(g: Gen, declare: () => void, stats: Stat[]): Stat[] {
  g.scope.frame.loops++;
  const mark = g.scope.mark();
  declare();
  const body = [...loopGuard(g), ...stats];
  g.scope.release(mark);
  g.scope.frame.loops--;
  return body;
}

/** A loop body: the fuel guard, then statements (with `break`/`continue` allowed). */
function loopBody(g: Gen, d: number, declare?: () => void): Stat[] {
  g.scope.frame.loops++;
  const mark = g.scope.mark();
  declare?.();
  const body = [...loopGuard(g), ...g.block(d + 1, true)];
  // The loop variables are printed each iteration with the body's locals.
  const loopVars = g.scope.visible.slice(mark);
  if (g.pure === 0 && loopVars.length > 0) insertBeforeExit(body, checksumStats(loopVars));
  g.scope.release(mark);
  g.scope.frame.loops--;
  return body;
}

const whileStat: StatProduction = (g, d) => {
  const cond = g.c.chance(30) ? build.bool(true) : g.bool(d + 1);
  return [node.whileStat(cond, loopBody(g, d))];
};

const repeatStat: StatProduction = (g, d) => {
  const body = loopBody(g, d);
  return [node.repeatStat(body, g.bool(d + 1))];
};

const forStat: StatProduction = (g, d) => {
  if (!g.roomFor(1)) return [];
  const intLoop = g.c.chance(60);
  const from = intLoop ? g.int(d + 1) : g.num(d + 1);
  const to = intLoop ? g.int(d + 1) : g.num(d + 1);
  const steps = intLoop ? [undefined, 1, 2, -1, -3, 5] : [undefined, 0.5, -0.25, 1.5, -1, 0.1];
  const s = g.c.pick(steps);
  const step =
    s === undefined
      ? undefined
      : Number.isInteger(s)
        ? s < 0
          ? build.unary(ExprUnary_Op.Minus, build.number(-s))
          : build.number(s)
        : build.group(
            build.binary(ExprBinary_Op.Div, build.number(Math.round(s * 20)), build.number(20)),
          );
  let v = node.local(0);
  const body = loopBody(g, d, () => {
    v = g.declare({ ty: intLoop ? 'int' : 'num', mutable: false });
  });
  return [node.forStat(v, from, to, step, body)];
};

const forInStat: StatProduction = (g, d) => {
  if (!g.roomFor(2) || !g.swarm.tables) return [];
  const ty = g.c.pick(['iarr', 'sarr'] as const);
  const src = g.expr(ty, d + 1);
  let vars = [node.local(0)];
  const body = loopBody(g, d, () => {
    vars = [
      g.declare({ ty: 'int', mutable: false }),
      g.declare({ ty: ty === 'iarr' ? 'int' : 'str', mutable: false }),
    ];
  });
  return [node.forIn(vars, [build.call(build.global('ipairs'), [src])], body)];
};

/**
 * Iteration in an unspecified order (`pairs`, `next`, generalized `for ... in t`) that only
 * counts: the count is the same in every order (the fuel guard stops every order after the
 * same number of steps).
 */
const countStat: StatProduction = (g, d) => {
  if (!g.roomFor(3) || !g.swarm.tables || g.typed) return [];
  const ty = g.c.pick(['iarr', 'sarr', 'rec'] as const);
  const src = g.expr(ty, d + 1);
  // Not an int while the loop is built: the loop variables must not take its name.
  const counterInfo: VarInfo = { ty: 'fn', mutable: false };
  const counter = g.declare(counterInfo);
  let vars = [node.local(0)];
  const body = loopBodyWith(g, () => {
    vars = [g.declare({ ty: 'fn', mutable: false }), g.declare({ ty: 'fn', mutable: false })];
  }, [increment(g, build.local(counter.name))]);
  const kind = g.c.int(3);
  const values =
    kind === 0
      ? [build.call(build.global('pairs'), [src])]
      : kind === 1
        ? [build.global('next'), src]
        : [src];
  counterInfo.ty = 'int';
  counterInfo.mutable = true;
  return [node.localStat([counter], [build.number(0)]), node.forIn(vars, values, body)];
};

/**
 * `pairs`/`next` in a deterministic order: the keys of a table collected (a loop bounded by
 * the table's size, which only appends to a fresh array), sorted, then iterated with
 * `ipairs`, each key's value read back (`t[k] or default`: the body may shorten arrays).
 */
const sortedPairsStat: StatProduction = (g, d) => {
  if (!g.roomFor(5) || !g.swarm.tables) return [];
  // Strict mode types `pairs` over a record's fields loosely: arrays only at the typed level.
  const ty = g.c.pick(g.typed ? (['iarr', 'sarr'] as const) : (['iarr', 'sarr', 'rec'] as const));
  const keyTy = ty === 'rec' ? 'str' : 'int';
  const valTy = ty === 'iarr' ? 'int' : 'str';
  const mark = g.scope.mark();
  // A table in scope, or a new one made for the loop.
  const prelude: Stat[] = [];
  let t = g.pickVar(ty);
  if (t === undefined || g.c.chance(30)) {
    const info: VarInfo = { ty, mutable: true };
    const value = g.expr(ty, d + 1);
    const local = g.declare(info);
    prelude.push(node.localStat([local], [value], g.types([info])));
    t = { name: local.name, kind: info };
  }
  const ks = g.declare({ ty: 'fn', mutable: false });
  const k0 = g.declare({ ty: 'fn', mutable: false });
  const append = g.c.chance(50)
    ? node.callStat(g.lib('table', 'insert', [build.local(ks.name), build.local(k0.name)]))
    : node.assign(
        [
          build.indexExpr(
            build.local(ks.name),
            build.binary(
              ExprBinary_Op.Add,
              build.unary(ExprUnary_Op.Len, build.local(ks.name)),
              build.number(1),
            ),
          ),
        ],
        [build.local(k0.name)],
      );
  const over = (): Expr[] => {
    const kind = g.c.int(3);
    const src = g.ref(t.name);
    return kind === 0
      ? [build.call(build.global('pairs'), [src])]
      : kind === 1
        ? [build.global('next'), src]
        : [src];
  };
  const collect = node.forIn([k0], over(), [append]);
  g.scope.visible.pop();
  const sort = node.callStat(g.lib('table', 'sort', [build.local(ks.name)]));
  let vars = [node.local(0)];
  let v = node.local(0);
  // The value is read right after the fuel guard.
  const guardLength = g.cap === undefined ? 2 : 3;
  const body = loopBody(g, d, () => {
    vars = [g.declare({ ty: 'fn', mutable: false }), g.declare({ ty: keyTy, mutable: false })];
    v = g.declare({ ty: valTy, mutable: true });
  });
  const read = build.indexExpr(g.ref(t.name), build.local(vars[1]!.name));
  const value =
    ty === 'rec'
      ? build.call(build.global('tostring'), [read])
      : build.binary(ExprBinary_Op.Or, read, valTy === 'int' ? build.number(0) : build.string(''));
  body.splice(
    guardLength,
    0,
    node.localStat([v], [value], g.types([{ ty: valTy, mutable: true }])),
  );
  g.scope.release(mark);
  return [
    node.doBlock([
      ...prelude,
      node.localStat(
        [ks],
        [node.array([])],
        g.typed ? [annotation({ ty: keyTy === 'int' ? 'iarr' : 'sarr', mutable: false })] : [],
      ),
      collect,
      sort,
      node.forIn(vars, [build.call(build.global('ipairs'), [build.local(ks.name)])], body),
    ]),
  ];
};

const wordPatterns = ['%a+', '%d+', '%w+', '[^,]+', '(%a)(%a?)', '.', '%S+', '(%w+)=(%w+)'];

/**
 * `for a, b in string.gmatch(s, pattern)`: each match in order, its captures as strings (not
 * at the typed level, where strict mode types captures `string?`).
 */
const gmatchStat: StatProduction = (g, d) => {
  if (!g.roomFor(3) || !g.swarm.strings || g.typed) return [];
  const pattern = g.c.pick(wordPatterns);
  const captures = pattern.startsWith('(') ? 2 : 1;
  // Cut: the captures are locals of the body, which may lengthen them again.
  const src = cutString(g, g.str(d + 1));
  let vars = [node.local(0)];
  const body = loopBody(g, d, () => {
    vars = Array.from({ length: captures }, () => g.declare({ ty: 'str', mutable: false }));
  });
  return [node.forIn(vars, [g.lib('string', 'gmatch', [src, build.string(pattern)])], body)];
};

const exitStat: StatProduction = (g, d) => {
  if (!inLoop(g)) return [];
  const exit = g.c.chance(50) || !g.o.features.continue ? node.brk() : node.cont();
  // Alone in its branch the exit is a conditional jump; after another statement, a jump of its own.
  const before =
    g.pure === 0 && g.c.chance(30)
      ? [node.callStat(build.call(build.global('print'), [g.int(d + 1)]))]
      : [];
  return [node.ifStat(g.bool(d + 1), [...before, exit])];
};

const scalarTypes: Scalar[] = ['num', 'int', 'str', 'bool'];

/** A local function of scalars; recursive ones take fuel first and return a leaf when out. */
const functionStat: StatProduction = (g, d) => {
  if (!g.roomFor(2) || !g.swarm.closures) return [];
  const params = Array.from({ length: g.c.int(4) }, () => g.c.pick(scalarTypes));
  const ret = g.c.pick(scalarTypes);
  const info: VarInfo = { ty: 'fn', mutable: false, params, ret, effects: g.pure === 0 };
  const f = g.declare(info);
  const recursive = g.c.chance(30);
  if (!recursive) g.scope.visible.pop();
  // Untyped functions sometimes take their arguments as `...` and unpack them.
  const vararg = !g.typed && params.length > 0 && g.c.chance(30);
  g.scope.pushFrame(vararg);
  const paramInfos = params.map((ty) => ({ ty, mutable: true }));
  const declared = paramInfos.map((p) => g.declare(p));
  const args = vararg ? [] : declared;
  const body: Stat[] = vararg ? [node.localStat(declared, [build.varargs()])] : [];
  // A string passed on from call to call could double each time (and any string argument is
  // a whole expression's result): cut on entry. A recursive function's int could grow past
  // the integers a library call takes (`x * -7` per call): reduced on entry.
  for (const [k, p] of declared.entries()) {
    if (params[k] === 'str')
      body.push(node.assign([build.local(p.name)], [cutString(g, build.local(p.name))]));
    else if (params[k] === 'int' && recursive)
      body.push(node.assign([build.local(p.name)], [reduceInt(g, build.local(p.name))]));
  }
  if (recursive) body.push(...fuelGuard(g, node.ret([g.expr(ret, g.o.maxDepth)])));
  if (recursive) g.recursive++;
  body.push(...g.block(d + 1));
  if (recursive) g.recursive--;
  // A string result is cut: one built from the function's own recursive call would grow
  // with every level (`string.rep(f(n - 1), 2)` doubles it per call).
  const result =
    ret === 'int'
      ? reduceInt(g, g.int(d + 1))
      : ret === 'str'
        ? cutString(g, g.str(d + 1))
        : g.expr(ret, d + 1);
  if (g.pure === 0) body.push(...checksumStats(g.scope.visible.slice(g.scope.frame.base)));
  body.push(node.ret([result]));
  g.scope.popFrame();
  if (!recursive) g.scope.visible.push({ name: f.name, kind: info });
  const fn = node.func(
    args,
    body,
    vararg,
    g.typed ? g.types(paramInfos) : paramAnnotations(g, args.length),
    g.typed ? [annotation({ ty: ret, mutable: true })] : [],
  );
  if (!recursive && !g.typed && g.c.chance(25)) {
    // `local f` then `function f(...) ... end`: a function statement assigning the local.
    return [
      node.localStat([f], []),
      create(StatSchema, {
        statOneof: {
          case: 'function',
          value: create(StatFunctionSchema, {
            var: build.lvalue(build.local(f.name)),
            func: fn,
            self: false,
          }),
        },
      }),
    ];
  }
  const out = node.localFunction(f, fn);
  if (recursive || g.c.chance(50)) {
    // Called at once, its result printed.
    const call = build.call(
      build.local(f.name),
      params.map((p) => g.expr(p, d + 1)),
    );
    return [out, node.callStat(build.call(build.global('print'), [call]))];
  }
  return [out];
};

/** Closures made in a loop, each capturing that iteration's locals, called after the loop. */
const closureLoopStat: StatProduction = (g, d) => {
  if (!g.swarm.closures || !g.roomFor(4) || g.pure > 0) return [];
  const n = 2 + g.c.int(3);
  const fs = g.declare({ ty: 'fn', mutable: false });
  g.scope.visible.pop();
  const mark = g.scope.mark();
  g.scope.visible.push({ name: fs.name, kind: { ty: 'fn', mutable: false } });
  const i = g.declare({ ty: 'int', mutable: false });
  const init = reduceInt(g, g.int(d + 1));
  const c = g.declare({ ty: 'int', mutable: true });
  const captured = build.binary(
    ExprBinary_Op.Add,
    build.binary(ExprBinary_Op.Mul, build.local(i.name), build.number(10)),
    build.local(c.name),
  );
  const closure = node.funcExpr(node.func([], [node.ret([captured])]));
  const body: Stat[] = [
    node.localStat([c], [init], g.types([{ ty: 'int', mutable: true }])),
    node.assign([build.indexExpr(build.local(fs.name), build.local(i.name))], [closure]),
    increment(g, build.local(c.name)),
  ];
  g.scope.release(mark);
  const calls = Array.from({ length: n }, (_, k) =>
    build.call(build.indexExpr(build.local(fs.name), build.number(k + 1)), []),
  );
  return [
    node.doBlock([
      node.localStat(
        [fs],
        [node.array([])],
        g.typed ? [annotation({ ty: 'obj', mutable: false })] : [],
      ),
      node.forStat(i, build.number(1), build.number(n), undefined, body),
      node.callStat(build.call(build.global('print'), calls)),
    ]),
  ];
};

const printStat: StatProduction = (g, d) => {
  if (g.pure > 0) return [];
  const n = 1 + g.c.int(3);
  return [
    node.callStat(
      build.call(
        build.global('print'),
        Array.from({ length: n }, () => g.expr(g.c.pick(scalarTypes), d + 1)),
      ),
    ),
  ];
};

/**
 * A result kept whole: an operator or a library call of a scalar type bound to a fresh local
 * that nothing reassigns, so its exact value is printed when the block ends, not only through
 * later uses that may hide a difference (a loop bound, `% n`, an index). An int result is kept
 * unreduced, as a `num`. Half of them are one operation on leaves (`bit32.rshift(l4, l1[2])`):
 * each operand a value in scope, in memory or a constant, the result printed as it is.
 */
const resultStat: StatProduction = (g, d) => {
  if (!g.roomFor(1)) return [];
  const ty = g.c.pick(scalarTypes);
  const value = computed(g, ty, g.c.chance(50) ? g.o.maxDepth - 1 : d + 1);
  const info: VarInfo = { ty: ty === 'int' ? 'num' : ty, mutable: false };
  return [node.localStat([g.declare(info)], [value], g.types([info]))];
};

const doStat: StatProduction = (g, d) => [node.doBlock(g.block(d + 1, inLoop(g)))];

/** A type alias, or a type function returning `types.number`: no effect at run time. */
const typeAliasStat: StatProduction = (g) => {
  if (g.typed || g.scope.frames.length > 1 || g.scope.frame.loops > 0) return [];
  if (!g.o.features.typeAliases && !g.o.features.typeFunctions) return [];
  const name = create(RegularTypeNameSchema, { index: g.c.int(8) });
  if (g.o.features.typeFunctions && (!g.o.features.typeAliases || g.c.chance(30))) {
    const body = [node.ret([build.indexName(build.global('types'), build.name('number'))])];
    return [
      create(StatSchema, {
        statOneof: {
          case: 'typeFunction',
          value: create(StatTypeFunctionSchema, { export: false, name, func: node.func([], body) }),
        },
      }),
    ];
  }
  return [
    create(StatSchema, {
      statOneof: {
        case: 'typeAlias',
        value: create(StatTypeAliasSchema, {
          export: false,
          name,
          type: annotation({ ty: g.c.pick(['num', 'str', 'iarr', 'rec'] as const), mutable: true }),
        }),
      },
    }),
  ];
};

const core: [number, StatProduction][] = [
  [6, localStat],
  [5, assignStat],
  [3, compoundStat],
  [3, ifStat],
  [2, capped(whileStat)],
  [1, capped(repeatStat)],
  [3, capped(forStat)],
  [2, capped(forInStat)],
  [1, capped(countStat)],
  [2, capped(sortedPairsStat)],
  [1, capped(gmatchStat)],
  [2, exitStat],
  [3, functionStat],
  [1, closureLoopStat],
  [2, printStat],
  [6, resultStat],
  [1, doStat],
  [1, typeAliasStat],
  [4, globalStat],
];

/** Moves `extra` before a block's final break, continue or return (or to its end). */
function insertBeforeExit(body: Stat[], extra: Stat[]): void {
  const last = body[body.length - 1]?.statOneof.case;
  const at =
    last === 'break' || last === 'continue' || last === 'return' ? body.length - 1 : body.length;
  body.splice(at, 0, ...extra);
}

/**
 * The statements of a block: up to `maxStatements` drawn by weight from the core statements
 * and the statements of the library models the program uses, then the checksum of the
 * block's own locals. The chunk's top block (`d` 0) goes on until the record of choices or
 * the node budget is used up.
 *
 * @example
 * ```ts
 * const body = blockStatements(g, 0, false);
 * ```
 */
export function blockStatements(g: Gen, d: number, loop: boolean): Stat[] {
  void loop;
  const out: Stat[] = [];
  if (d >= g.o.maxDepth) return out;
  const mark = g.scope.mark();
  const productions: [number, StatProduction][] = [...core, ...shapeProductions(g)];
  for (const m of libraryModels) {
    if (m.stats !== undefined && m.on(g)) for (const s of m.stats) productions.push([3, s]);
  }
  // Heavy enough that a chunk drawing the family nearly always has it.
  if (d === 0 && g.swarm.fanOut) productions.push([8, fanOutStat]);
  const weights = productions.map(([w]) => w);
  const most = d === 0 ? g.o.maxStatements * 3 : g.c.int(g.o.maxStatements + 1);
  for (let i = 0; i < most; i++) {
    if (g.spent() || (d === 0 && g.c.exhausted)) break;
    const [, make] = productions[g.c.weighted(weights)]!;
    out.push(...make(g, d));
  }
  if (g.pure === 0) {
    const sums = checksumStats(g.scope.visible.slice(mark));
    // The chunk's top block ends with its globals.
    if (d === 0) sums.push(...globalChecksum(g));
    insertBeforeExit(out, sums);
  }
  return out;
}
