import { clone } from '@bufbuild/protobuf';
import {
  ExprBinary_Op,
  ExprSchema,
  StatCompoundAssign_Op,
  type Expr,
  type Local,
  type Stat,
} from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import {
  codeWeight,
  drawFanOutShape,
  fitFanOut,
  MAX_WIDE_LEAF_WEIGHT,
  type FanOutLevel,
  type FanOutShape,
} from './fan-out-shape.js';
import { MAX_STRING, type Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import { computed, numberText } from '../values/operations.js';
import { reduceInt } from '../values/reduce-int.js';
import type { Scalar, VarInfo } from '../values/types.js';

/** The values the leaf updates: locals of the block declared before the chain. */
interface Target {
  local: number;
  ty: 'num' | 'int' | 'str' | 'iarr';
  /** Elements of an `iarr` (every index from 1 to it is set). */
  size: number;
}

/** The parameters of the function being built, and how deep its operands may go. */
interface Params {
  locals: readonly Local[];
  types: readonly Scalar[];
  /** The depth operands start at: `maxDepth` for leaves only, `maxDepth - 1` for one operation. */
  depth: number;
}

/** A parameter of type `ty`, or undefined. */
function param(g: Gen, p: Params, ty: Scalar): Expr | undefined {
  const fit = p.locals.filter((_, i) => p.types[i] === ty);
  if (fit.length === 0) return undefined;
  return g.ref(fit[g.choices.int(fit.length)]!.name);
}

/** An operand of a leaf update: a parameter of the type (mostly) or an expression from scope. */
function operand(g: Gen, p: Params, ty: Scalar): Expr {
  const own = g.choices.chance(65) ? param(g, p, ty) : undefined;
  return own ?? computed(g, ty, p.depth);
}

/** `x = value`, or `x op= rhs` where compound assignment is on and the value is `x op rhs`. */
function update(
  g: Gen,
  x: () => Expr,
  op: [StatCompoundAssign_Op, ExprBinary_Op],
  rhs: Expr,
): Stat {
  if (g.options.features.compoundAssignment && g.choices.chance(50))
    return build.compound(op[0], x(), rhs);
  return build.assign([x()], [build.binary(op[1], x(), rhs)]);
}

const additive: [StatCompoundAssign_Op, ExprBinary_Op][] = [
  [StatCompoundAssign_Op.Add, ExprBinary_Op.Add],
  [StatCompoundAssign_Op.Sub, ExprBinary_Op.Sub],
];
const scaling = [ExprBinary_Op.Mul, ExprBinary_Op.Add, ExprBinary_Op.Sub, ExprBinary_Op.Div];

/** One statement of the leaf: an update of a target from the parameters and the scope. */
function leafStat(g: Gen, t: Target, p: Params): Stat {
  const x = (): Expr => g.ref(t.local);
  switch (t.ty) {
    case 'num': {
      const rhs = build.binary(
        g.choices.pick(scaling),
        operand(g, p, 'num'),
        operand(g, p, g.choices.pick(['num', 'int'] as const)),
      );
      return update(g, x, g.choices.pick(additive), build.group(rhs));
    }
    case 'int': {
      const sum = build.binary(ExprBinary_Op.Add, x(), operand(g, p, 'int'));
      return build.assign([x()], [reduceInt(g, sum)]);
    }
    case 'str': {
      const kind = g.choices.int(3);
      const piece =
        kind === 0
          ? operand(g, p, 'str')
          : numberText(g, operand(g, p, kind === 1 ? 'num' : 'int'));
      const joined = g.choices.chance(50)
        ? build.binary(ExprBinary_Op.Concat, piece, x())
        : build.binary(ExprBinary_Op.Concat, x(), piece);
      return build.assign(
        [x()],
        [g.lib('string', 'sub', [joined, build.number(1), build.number(MAX_STRING)])],
      );
    }
    case 'iarr': {
      // Every index from 1 to the size is set, so the array stays dense.
      const at = (): Expr =>
        build.binary(
          ExprBinary_Op.Add,
          build.number(1),
          build.binary(ExprBinary_Op.Mod, operand(g, p, 'int'), build.number(t.size)),
        );
      const slot = build.indexExpr(x(), at());
      // A copy for the read: only frozen messages are shared between places of a tree.
      const read = clone(ExprSchema, slot);
      return build.assign(
        [slot],
        [reduceInt(g, build.binary(ExprBinary_Op.Add, operand(g, p, 'int'), read))],
      );
    }
  }
}

/**
 * The argument a level passes for its parameter `own` of type `ty`: the parameter stepped or
 * as it is, a value in scope or memory, or the upvalue the level reassigns.
 */
function argument(g: Gen, own: Expr, ty: Scalar, upvalue: number | undefined): Expr {
  const leaf = (): Expr => g.expr(ty, g.options.maxDepth);
  switch (ty) {
    case 'num':
      switch (g.choices.int(5)) {
        case 0:
          return build.binary(ExprBinary_Op.Add, own, leaf());
        case 1:
          return build.binary(
            g.choices.pick([ExprBinary_Op.Mul, ExprBinary_Op.Div]),
            own,
            build.number(g.choices.pick([2, 3, 10])),
          );
        case 2:
          return build.binary(ExprBinary_Op.Sub, own, build.number(1 + g.choices.int(9)));
        case 3:
          return upvalue === undefined ? own : g.ref(upvalue);
        default:
          return leaf();
      }
    case 'int':
      // Small steps: an int stays below 2^34 in magnitude however deep the chain.
      return g.choices.chance(70)
        ? build.binary(ExprBinary_Op.Add, own, build.number(1 + g.choices.int(5)))
        : leaf();
    case 'str':
      return g.choices.chance(60) ? own : leaf();
    case 'bool':
      return leaf();
  }
}

/** The arguments of one call of the level below, from this level's parameters. */
function callArgs(
  g: Gen,
  params: readonly Local[],
  types: readonly Scalar[],
  upvalue: number | undefined,
): Expr[] {
  return types.map((ty, i) => argument(g, g.ref(params[i]!.name), ty, upvalue));
}

/** The targets the leaf updates, declared before the chain that captures them. */
function declareTargets(g: Gen, d: number, out: Stat[]): Target[] {
  const tys: Target['ty'][] = ['num', 'int', 'str'];
  if (g.swarm.tables) tys.push('iarr');
  const targets: Target[] = [];
  for (let i = 1 + g.choices.int(3); i > 0; i--) {
    const ty = g.choices.pick(tys);
    const size = ty === 'iarr' ? 2 + g.choices.int(4) : 0;
    const info: VarInfo = { ty, mutable: true };
    const value =
      ty === 'iarr'
        ? build.array(Array.from({ length: size }, () => reduceInt(g, g.int(d + 2))))
        : ty === 'int'
          ? reduceInt(g, g.int(d + 1))
          : ty === 'str'
            ? g.lib('string', 'sub', [g.str(d + 1), build.number(1), build.number(MAX_STRING)])
            : g.num(d + 1);
    const local = g.declare(info);
    out.push(build.localStat([local], [value], g.types([info])));
    targets.push({ local: local.name, ty, size });
  }
  return targets;
}

/** The leaf's body: `shape.leaf` updates of the targets, a wide leaf's within its weight. */
function leafBody(g: Gen, shape: FanOutShape, targets: Target[], params: Local[]): Stat[] {
  const p = {
    locals: params,
    types: shape.params,
    depth: shape.wide ? g.options.maxDepth : g.options.maxDepth - 1,
  };
  const stats: Stat[] = [];
  let weight = 0;
  for (let i = 0; i < shape.leaf; i++) {
    const s = leafStat(g, g.choices.pick(targets), p);
    const w = codeWeight(s);
    // A wide leaf stays within Luau's inlining cost: a statement past it is left out.
    if (shape.wide && stats.length > 0 && weight + w > MAX_WIDE_LEAF_WEIGHT) continue;
    stats.push(s);
    weight += w;
  }
  return stats;
}

/**
 * A level's body: `level.calls` calls of `callee`, an upvalue reassigned between some of them,
 * split by a condition on the first parameter when `level.split`.
 */
function levelBody(
  g: Gen,
  shape: FanOutShape,
  level: FanOutLevel,
  callee: number,
  numTarget: number | undefined,
  params: Local[],
): Stat[] {
  const calls: Stat[] = [];
  let updates = 0;
  for (let k = 0; k < level.calls; k++) {
    // A wide level has room for one within Luau's inlining cost.
    const room = !shape.wide || updates === 0;
    if (k > 0 && numTarget !== undefined && room && g.choices.chance(25)) {
      updates++;
      // An upvalue reassigned between calls, which the next arguments may read.
      calls.push(
        update(g, () => g.ref(numTarget), g.choices.pick(additive), g.ref(params[0]!.name)),
      );
    }
    calls.push(
      build.callStat(build.call(g.ref(callee), callArgs(g, params, shape.params, numTarget))),
    );
    g.nodes += 2;
  }
  if (!level.split) return calls;
  const half = Math.ceil(calls.length / 2);
  const cond = build.binary(
    g.choices.pick([ExprBinary_Op.CompareLt, ExprBinary_Op.CompareLe, ExprBinary_Op.CompareEq]),
    g.ref(params[0]!.name),
    g.num(g.options.maxDepth),
  );
  return [build.ifStat(cond, calls.slice(0, half), calls.slice(half))];
}

/**
 * The call site of the chain's top function `top`: a condition the compiler cannot decide, on
 * a value from memory.
 */
function callSite(g: Gen, d: number, shape: FanOutShape, top: number): Stat {
  const site = (): Stat => {
    const args = shape.params.map((ty) =>
      ty === 'int' ? reduceInt(g, g.int(d + 1)) : g.expr(ty, g.options.maxDepth - 1),
    );
    g.nodes += 2;
    return build.callStat(build.call(g.ref(top), args));
  };
  const decided = g.inputs?.num(g.choices) ?? g.num(g.options.maxDepth);
  const cond = build.binary(
    g.choices.pick([ExprBinary_Op.CompareLt, ExprBinary_Op.CompareGe, ExprBinary_Op.CompareNe]),
    decided,
    g.num(g.options.maxDepth - 1),
  );
  const then = Array.from({ length: shape.calls }, site);
  return build.ifStat(cond, then, shape.otherwise ? [site()] : undefined);
}

/**
 * A call fan-out (an inliner stress test): target locals, a chain of local functions each
 * calling the one below it several times with varied arguments (its parameters stepped, values
 * in scope, an upvalue the level reassigns between calls), a leaf updating the targets, and the
 * top function called from a conditional. At -O2 Luau inlines the chain into the caller as
 * far as its cost model and depth limit allow: deep inlining, register pressure, and code long
 * enough that the conditional's jumps need Luau's long-jump form (`JUMPX`). The targets are
 * locals of the block, printed when it ends. Once per program, in the chunk's top block (run
 * once), inside no function, so the leaf runs at most {@link MAX_LEAF_RUNS} times.
 *
 * @example
 * ```ts
 * fanOutStat(g, 0);
 * // local l5 = 0.5  local l6 = "ab"
 * // local function l7(l8) l5 = l5 + (l8 * l1[2]) l6 = string.sub(l6 .. l8, 1, 40) end
 * // local function l8(l9) l7(l9 + l4) l7(l9 / 2) l5 += l9 l7(l5) end
 * // if l1[3] < l4 then l8(l2[1]) l8(l4) end
 * ```
 */
export const fanOutStat: StatProduction = (g, d) => {
  if (d !== 0 || g.fannedOut) return [];
  const shape = drawFanOutShape(g.choices);
  if (!g.roomFor(shape.levels.length + 8)) return [];
  g.fannedOut = true;
  const out: Stat[] = [];
  const targets = declareTargets(g, d, out);
  const numTarget = targets.find((t) => t.ty === 'num')?.local;
  const types = shape.params;
  const paramInfos = (): VarInfo[] => types.map((ty) => ({ ty, mutable: true }));
  // Calls of the chain print nothing (each runs hundreds of times): pure expressions only.
  g.pure++;
  let below = declareFunction(g);
  const leaf = chainFunction(g, below, paramInfos(), (params) =>
    leafBody(g, shape, targets, params),
  );
  out.push(leaf);
  // A copy of the leaf comes with its call and its arguments.
  fitFanOut(shape, codeWeight(leaf) + 4 + 2 * types.length);
  for (const level of shape.levels) {
    const callee = below;
    below = declareFunction(g);
    out.push(
      chainFunction(g, below, paramInfos(), (params) =>
        levelBody(g, shape, level, callee, numTarget, params),
      ),
    );
  }
  g.pure--;
  out.push(callSite(g, d, shape, below));
  return out;
};

/** Declares the next function of the chain (not callable by other expressions: no result). */
function declareFunction(g: Gen): number {
  return g.declare({ ty: 'fn', mutable: false }).name;
}

/** `local function f(params) body end`, its body built with the parameters in scope. */
function chainFunction(
  g: Gen,
  f: number,
  infos: VarInfo[],
  body: (params: Local[]) => Stat[],
): Stat {
  const [params, stats] = g.scope.inFunction(false, () => {
    const params = infos.map((p) => g.declare(p));
    return [params, body(params)] as const;
  });
  return build.localFunction(build.localVar(f), build.func(params, stats, false, g.types(infos)));
}
