import * as pb from '../../../gen/luau_pb.js';
import type { Stat, StatBlock, StatIf } from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import { distinctGenerics, type ResolveContext } from './context.js';
import { call, funcName, lvalue } from './expr.js';
import { classStat, declarationFlags } from './added-735.js';

/**
 * A block: its statements in a scope of their own, up to the node budget; nothing follows a
 * `return`, `break` or `continue`.
 *
 * @example
 * ```ts
 * const out = resolveBlock(ctx, raw);
 * ```
 */
export function resolveBlock(ctx: ResolveContext, raw: StatBlock): StatBlock {
  ctx.blocks++;
  const body = ctx.scope.inBlock(() => {
    const out: Stat[] = [];
    for (const stat of raw.body) {
      if (ctx.spent()) break;
      const s = resolveStat(ctx, stat);
      if (s === undefined) continue;
      out.push(s);
      const c = s.statOneof.case;
      // `return`, `break` and `continue` must end their block.
      if (c === 'return' || c === 'break' || c === 'continue') break;
    }
    return out;
  });
  ctx.blocks--;
  return ctx.mk(pb.StatBlockSchema, { body });
}

function loopBody(ctx: ResolveContext, raw: StatBlock | undefined): StatBlock {
  return ctx.scope.inLoop(() => ctx.block(raw ?? build.block([])));
}

/**
 * A statement wrapped in its `Stat`.
 *
 * @example
 * ```ts
 * wrap(ctx, { case: 'block', value: ctx.block(build.block([])) });
 * ```
 */
export function wrap(ctx: ResolveContext, s: Stat['statOneof']): Stat {
  return ctx.mk(pb.StatSchema, { statOneof: s });
}

/**
 * A statement, or `undefined` where it may not stand (`break` outside a loop, a type alias
 * in a type function, a local past the visible limit, ...).
 *
 * @example
 * ```ts
 * const out = resolveStat(ctx, raw) ?? wrap(ctx, { case: 'block', value: emptyBlock });
 * ```
 */
export function resolveStat(ctx: ResolveContext, raw: Stat): Stat | undefined {
  const s = raw.statOneof;
  const frame = ctx.scope.frame;
  const added = (s as { case: string | undefined; value?: unknown }).case;
  if (added === 'class') return resolveClass(ctx, s);
  switch (s.case) {
    case undefined:
      return undefined;
    case 'block':
      return wrap(ctx, { case: 'block', value: ctx.block(s.value) });
    case 'if':
      return wrap(ctx, { case: 'if', value: statIf(ctx, s.value) });
    case 'while':
      return whileStat(ctx, s.value);
    case 'repeat':
      return repeatStat(ctx, s.value);
    case 'break':
      if (frame.loops === 0) return undefined;
      return wrap(ctx, { case: 'break', value: ctx.mk(pb.StatBreakSchema, {}) });
    case 'continue':
      if (frame.loops === 0) return undefined;
      return wrap(ctx, { case: 'continue', value: ctx.mk(pb.StatContinueSchema, {}) });
    case 'return': {
      const list = s.value.list.map((e) => ctx.expr(e));
      return wrap(ctx, { case: 'return', value: ctx.mk(pb.StatReturnSchema, { list }) });
    }
    case 'call':
      return wrap(ctx, {
        case: 'call',
        value: ctx.mk(pb.StatCallSchema, { expr: call(ctx, s.value.expr) }),
      });
    case 'local':
      return localStat(ctx, s.value);
    case 'for':
      return forStat(ctx, s.value);
    case 'forIn':
      return forInStat(ctx, s.value);
    case 'assign': {
      const values = s.value.values.map((e) => ctx.expr(e));
      const vars = s.value.vars.map((v) => lvalue(ctx, v));
      return wrap(ctx, { case: 'assign', value: ctx.mk(pb.StatAssignSchema, { vars, values }) });
    }
    case 'compoundAssign':
      return compoundAssignStat(ctx, s.value);
    case 'function':
      return functionStat(ctx, s.value);
    case 'localFunction':
      return localFunctionStat(ctx, s.value);
    case 'typeAlias':
      return typeAliasStat(ctx, s.value);
    case 'typeFunction':
      return typeFunctionStat(ctx, s.value);
    case 'requireIntoLocal':
      return requireStat(ctx);
  }
}

/** `while`: its body a loop body. */
function whileStat(ctx: ResolveContext, raw: pb.StatWhile): Stat | undefined {
  const cond = ctx.expr(raw.cond);
  const body = loopBody(ctx, raw.body);
  return wrap(ctx, { case: 'while', value: ctx.mk(pb.StatWhileSchema, { cond, body }) });
}

/** `repeat … until`: the condition after the body. */
function repeatStat(ctx: ResolveContext, raw: pb.StatRepeat): Stat | undefined {
  // The condition sees only the locals outside the body: with a `continue` in the body,
  // Luau rejects an `until` that uses a local declared after it.
  const body = loopBody(ctx, raw.body);
  const cond = ctx.expr(raw.cond);
  return wrap(ctx, { case: 'repeat', value: ctx.mk(pb.StatRepeatSchema, { body, cond }) });
}

/** `local`: its names declared after its values; none past the visible limit. */
function localStat(ctx: ResolveContext, raw: pb.StatLocal): Stat | undefined {
  if (!ctx.roomFor(raw.vars.length)) return undefined;
  const values = raw.values.map((e) => ctx.expr(e));
  const types = ctx.annotations(raw.types.slice(0, raw.vars.length));
  const vars = raw.vars.map(() => ctx.declare());
  return wrap(ctx, {
    case: 'local',
    value: ctx.mk(pb.StatLocalSchema, { vars, values, types, ...declarationFlags(raw) }),
  });
}

/** A numeric `for`: its variable in scope in the body only. */
function forStat(ctx: ResolveContext, raw: pb.StatFor): Stat | undefined {
  if (!ctx.roomFor(1)) return undefined;
  const from = ctx.expr(raw.from);
  const to = ctx.expr(raw.to);
  const step = raw.step === undefined ? undefined : ctx.expr(raw.step);
  const [v, body] = ctx.scope.inBlock(() => [ctx.declare(), loopBody(ctx, raw.body)] as const);
  const init = { var: v, from, to, body, ...(step === undefined ? {} : { step }) };
  return wrap(ctx, { case: 'for', value: ctx.mk(pb.StatForSchema, init) });
}

/** A generic `for`: its variables in scope in the body only. */
function forInStat(ctx: ResolveContext, raw: pb.StatForIn): Stat | undefined {
  if (!ctx.roomFor(raw.vars.length)) return undefined;
  const values = raw.values.map((e) => ctx.expr(e));
  const [vars, body] = ctx.scope.inBlock(
    () => [raw.vars.map(() => ctx.declare()), loopBody(ctx, raw.body)] as const,
  );
  return wrap(ctx, {
    case: 'forIn',
    value: ctx.mk(pb.StatForInSchema, { vars, values, body }),
  });
}

/** `var op= value`: the value resolved first. */
function compoundAssignStat(ctx: ResolveContext, raw: pb.StatCompoundAssign): Stat | undefined {
  const value = ctx.expr(raw.value);
  const v = lvalue(ctx, raw.var);
  return wrap(ctx, {
    case: 'compoundAssign',
    value: ctx.mk(pb.StatCompoundAssignSchema, { op: raw.op, var: v, value }),
  });
}

/** `function a.b:c()`: `self` only after an index. */
function functionStat(ctx: ResolveContext, raw: pb.StatFunction): Stat | undefined {
  const v = funcName(ctx, raw.var);
  const self = raw.self && v.lvalueOneof.case === 'indexName';
  const func = ctx.func(raw.func);
  return wrap(ctx, {
    case: 'function',
    value: ctx.mk(pb.StatFunctionSchema, { var: v, func, self }),
  });
}

/** `local function`: its name in scope in its own body. */
function localFunctionStat(ctx: ResolveContext, raw: pb.StatLocalFunction): Stat | undefined {
  if (!ctx.roomFor(1)) return undefined;
  const v = ctx.declare();
  const func = ctx.func(raw.func);
  return wrap(ctx, {
    case: 'localFunction',
    value: ctx.mk(pb.StatLocalFunctionSchema, { var: v, func, ...declarationFlags(raw) }),
  });
}

/** `type`: not in a type function; generics distinct. */
function typeAliasStat(ctx: ResolveContext, raw: pb.StatTypeAlias): Stat | undefined {
  if (ctx.scope.inTypeFunction()) return undefined;
  const [generics, genericpacks] = distinctGenerics(raw.generics, raw.genericpacks);
  return wrap(ctx, {
    case: 'typeAlias',
    value: ctx.mk(pb.StatTypeAliasSchema, {
      export: raw.export,
      name: ctx.copy(raw.name ?? ctx.unset(pb.RegularTypeNameSchema)),
      type: ctx.type(raw.type),
      generics,
      genericpacks,
    }),
  });
}

/** `type function`: not in another one. */
function typeFunctionStat(ctx: ResolveContext, raw: pb.StatTypeFunction): Stat | undefined {
  if (ctx.scope.inTypeFunction()) return undefined;
  const func = ctx.func(raw.func, true);
  return wrap(ctx, {
    case: 'typeFunction',
    value: ctx.mk(pb.StatTypeFunctionSchema, {
      export: raw.export,
      name: ctx.copy(raw.name ?? ctx.unset(pb.RegularTypeNameSchema)),
      func,
    }),
  });
}

/** `local x = require(...)`, where modules are on. */
function requireStat(ctx: ResolveContext): Stat | undefined {
  if (!ctx.options.features.modules || !ctx.roomFor(1)) return undefined;
  const v = ctx.declare();
  return wrap(ctx, {
    case: 'requireIntoLocal',
    value: ctx.mk(pb.StatRequireIntoLocalHelperSchema, { var: v, modulenum: 0 }),
  });
}

/** A class statement (grammar 735), where one may stand. */
function resolveClass(ctx: ResolveContext, s: Stat['statOneof']): Stat | undefined {
  // "Cannot declare class inside another statement or expression": at the scoped level a
  // class stands only in the chunk's own block (the printer leaves out the others).
  if (ctx.scoped && ctx.blocks > 1) return undefined;
  const value = classStat(ctx, (s as unknown as { value: never }).value);
  return wrap(ctx, { case: 'class', value } as unknown as Stat['statOneof']);
}

function statIf(ctx: ResolveContext, raw: StatIf): StatIf {
  const cond = ctx.expr(raw.cond);
  const then = ctx.block(raw.then ?? build.block([]));
  const e = raw.elseOneof;
  const elseOneof =
    e.case === 'else'
      ? { case: 'else' as const, value: ctx.block(e.value) }
      : e.case === 'elseif'
        ? { case: 'elseif' as const, value: statIf(ctx, e.value) }
        : undefined;
  return ctx.mk(pb.StatIfSchema, { cond, then, ...(elseOneof === undefined ? {} : { elseOneof }) });
}
