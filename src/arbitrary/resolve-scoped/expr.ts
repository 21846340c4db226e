import * as pb from '../../../gen/luau_pb.js';
import type {
  Expr,
  ExprCall,
  ExprGlobal,
  ExprIfElse,
  ExprIndexName,
  ExprLocal,
  ExprPrefix,
  ExprTable,
  LValue,
  Local,
  Name,
  TableItem,
} from '../../../gen/luau_pb.js';
import { runtimeGlobalIndices } from '../names.js';
import { addedExprCase, call735 } from './added-735.js';
import type { ResolveContext } from './context.js';

type ExprCase = Expr['exprOneof'];

/**
 * An expression; past the budget every further expression is `nil`, so the tree stays valid
 * and stops growing.
 *
 * @example
 * ```ts
 * const e = resolveExpr(ctx, raw.cond);
 * ```
 */
export function resolveExpr(ctx: ResolveContext, raw: Expr | undefined): Expr {
  const e = ctx.spent() ? undefined : raw?.exprOneof;
  return ctx.mk(pb.ExprSchema, { exprOneof: exprCase(ctx, e) });
}

/** A reference to a local in reach, or `undefined` when there is none to pick. */
function localRef(ctx: ResolveContext, hint: Pick<Local, 'name'> | undefined): Local | undefined {
  const reach = ctx.scope.reachable();
  if (reach.length > 0) {
    const picked = reach[Math.abs(hint?.name ?? 0) % reach.length]!;
    return ctx.mk(pb.LocalSchema, { name: picked.name });
  }
  // No local in reach: at the syntax level an undeclared name reads a global, except in a
  // type function, where it could name a local of an enclosing function.
  if (!ctx.scoped && ctx.scope.visible.length === 0) {
    return ctx.mk(pb.LocalSchema, { name: (hint?.name ?? 0) & 0xff });
  }
  return undefined;
}

function globalName(ctx: ResolveContext, raw: Name | undefined, reading: boolean): Name {
  const o = raw?.nameOneof;
  if (!ctx.scoped || !reading) return name(ctx, raw);
  const hint = o?.case === undefined ? 0 : Math.abs(o.value);
  const known = runtimeGlobalIndices();
  const index =
    o?.case === 'builtin' && known.includes(o.value) ? o.value : known[hint % known.length]!;
  return ctx.mk(pb.NameSchema, { nameOneof: { case: 'builtin', value: index } });
}

function global(ctx: ResolveContext, raw: Name | undefined, reading = true): ExprGlobal {
  return ctx.mk(pb.ExprGlobalSchema, { name: globalName(ctx, raw, reading) });
}

function local(ctx: ResolveContext, hint: Pick<Local, 'name'> | undefined): ExprLocal | undefined {
  const v = localRef(ctx, hint);
  return v === undefined ? undefined : ctx.mk(pb.ExprLocalSchema, { var: v });
}

/**
 * A name as written (`n0` when unset).
 *
 * @example
 * ```ts
 * const key = name(ctx, item.key);
 * ```
 */
export function name(ctx: ResolveContext, raw: Name | undefined): Name {
  return raw === undefined || raw.nameOneof.case === undefined
    ? ctx.mk(pb.NameSchema, { nameOneof: { case: 'custom', value: 0 } })
    : ctx.copy(raw);
}

function nil(ctx: ResolveContext): ExprCase {
  return { case: 'nil', value: ctx.mk(pb.ExprConstantNilSchema, {}) };
}

function exprCase(ctx: ResolveContext, e: ExprCase | undefined): ExprCase {
  const added = ctx.grammar.classes ? addedExprCase(ctx, e as never) : undefined;
  if (added !== undefined) return added as unknown as ExprCase;
  switch (e?.case) {
    case undefined:
      return nil(ctx);
    case 'nil':
    case 'bool':
    case 'number':
    case 'string':
    case 'integer':
      return { case: e.case, value: ctx.copy(e.value) } as ExprCase;
    case 'varargs':
      return ctx.scope.frame.vararg
        ? { case: 'varargs', value: ctx.mk(pb.ExprVarargsSchema, {}) }
        : nil(ctx);
    case 'local':
      return localExpr(ctx, e.value);
    case 'global':
      return globalExpr(ctx, e.value);
    case 'group':
      return { case: 'group', value: ctx.mk(pb.ExprGroupSchema, { expr: ctx.expr(e.value.expr) }) };
    case 'call':
      return { case: 'call', value: call(ctx, e.value) };
    case 'indexName':
      return { case: 'indexName', value: indexName(ctx, prefix(ctx, e.value.expr), e.value.index) };
    case 'indexExpr':
      return { case: 'indexExpr', value: indexExpr(ctx, e.value) };
    case 'function':
      return { case: 'function', value: ctx.func(e.value) };
    case 'table':
      return { case: 'table', value: table(ctx, e.value.items) };
    case 'unary':
      return {
        case: 'unary',
        value: ctx.mk(pb.ExprUnarySchema, { op: e.value.op, expr: ctx.expr(e.value.expr) }),
      };
    case 'binary':
      return {
        case: 'binary',
        value: ctx.mk(pb.ExprBinarySchema, {
          op: e.value.op,
          left: ctx.expr(e.value.left),
          right: ctx.expr(e.value.right),
        }),
      };
    case 'ifelse':
      return { case: 'ifelse', value: ifElse(ctx, e.value) };
    case 'interpstring':
      return {
        case: 'interpstring',
        value: ctx.mk(pb.ExprInterpStringSchema, { parts: e.value.parts.map((p) => ctx.expr(p)) }),
      };
  }
}

/** A local in reach, or a global where none is. */
function localExpr(ctx: ResolveContext, raw: pb.ExprLocal): ExprCase {
  const l = local(ctx, raw.var);
  return l === undefined
    ? { case: 'global', value: global(ctx, undefined) }
    : { case: 'local', value: l };
}

/**
 * A global; at the scoped level a name the runtime lacks is read from a local when one is in
 * reach (else from a global the runtime has).
 */
function globalExpr(ctx: ResolveContext, raw: pb.ExprGlobal): ExprCase {
  const o = raw.name?.nameOneof;
  const real = o?.case === 'builtin' && runtimeGlobalIndices().includes(o.value);
  const l = ctx.scoped && !real ? local(ctx, { name: o?.value ?? 0 }) : undefined;
  return l === undefined
    ? { case: 'global', value: global(ctx, raw.name) }
    : { case: 'local', value: l };
}

/** `prefix[index]`. */
function indexExpr(ctx: ResolveContext, raw: pb.ExprIndexExpr): pb.ExprIndexExpr {
  return ctx.mk(pb.ExprIndexExprSchema, {
    expr: prefix(ctx, raw.expr),
    index: ctx.expr(raw.index),
  });
}

/** `prefix.name`, its prefix already resolved. */
function indexName(ctx: ResolveContext, expr: ExprPrefix, raw: Name | undefined): ExprIndexName {
  return ctx.mk(pb.ExprIndexNameSchema, { expr, index: name(ctx, raw) });
}

/**
 * A table constructor of `items`.
 *
 * @example
 * ```ts
 * const t = table(ctx, raw.items);
 * ```
 */
export function table(ctx: ResolveContext, items: readonly TableItem[]): ExprTable {
  return ctx.mk(pb.ExprTableSchema, { items: items.map((i) => tableItem(ctx, i)) });
}

function tableItem(ctx: ResolveContext, item: TableItem): TableItem {
  const k = item.itemOneof;
  const itemOneof =
    k.case === 'keyName'
      ? { case: 'keyName' as const, value: name(ctx, k.value) }
      : k.case === 'keyExpr'
        ? { case: 'keyExpr' as const, value: ctx.expr(k.value) }
        : undefined;
  const value = ctx.expr(item.value);
  return ctx.mk(pb.TableItemSchema, { value, ...(itemOneof === undefined ? {} : { itemOneof }) });
}

function ifElse(ctx: ResolveContext, raw: ExprIfElse): ExprIfElse {
  const cond = ctx.expr(raw.cond);
  const then = ctx.expr(raw.then);
  const e = raw.elseOneof;
  // An if-expression must have an `else`.
  const elseOneof =
    e.case === 'elseif'
      ? { case: 'elseif' as const, value: ifElse(ctx, e.value) }
      : { case: 'else' as const, value: ctx.expr(e.case === 'else' ? e.value : undefined) };
  return ctx.mk(pb.ExprIfElseSchema, { cond, then, elseOneof });
}

/**
 * A call; `a:b(...)` only where the callee is an index by name (a method call needs a name
 * after `:`).
 *
 * @example
 * ```ts
 * const c = call(ctx, raw.expr);
 * ```
 */
export function call(ctx: ResolveContext, raw: ExprCall | undefined): ExprCall {
  if (raw !== undefined && 'callOneof' in raw)
    return call735(ctx, raw as never) as unknown as ExprCall;
  const c = raw ?? ctx.unset(pb.ExprCallSchema);
  const func = prefix(ctx, c.func);
  const self = c.self && func.exprOneof.case === 'indexName';
  return ctx.mk(pb.ExprCallSchema, { func, self, args: c.args.map((a) => ctx.expr(a)) });
}

/**
 * A prefix expression (a callee, an indexed value): every case resolved as an expression's.
 *
 * @example
 * ```ts
 * const func = prefix(ctx, raw.func);
 * ```
 */
export function prefix(ctx: ResolveContext, raw: ExprPrefix | undefined): ExprPrefix {
  const e = raw?.exprOneof;
  // Every case of a prefix is a case of an expression, resolved as such.
  const out: ExprPrefix['exprOneof'] =
    e?.case === undefined
      ? { case: 'global', value: global(ctx, undefined) }
      : (exprCase(ctx, e) as ExprPrefix['exprOneof']);
  return ctx.mk(pb.ExprPrefixSchema, { exprOneof: out });
}

/**
 * An assignment target: a local in reach, an index, or a global (any name: it is written).
 *
 * @example
 * ```ts
 * const vars = raw.vars.map((v) => lvalue(ctx, v));
 * ```
 */
export function lvalue(ctx: ResolveContext, raw: LValue | undefined): LValue {
  const v = raw?.lvalueOneof;
  let out: LValue['lvalueOneof'];
  switch (v?.case) {
    case 'local': {
      const l = local(ctx, v.value.var);
      out =
        l === undefined
          ? { case: 'global', value: global(ctx, undefined, false) }
          : { case: 'local', value: l };
      break;
    }
    case 'indexName':
    case 'indexExpr':
      out = exprCase(ctx, v) as LValue['lvalueOneof'];
      break;
    case 'global':
      out = { case: 'global', value: global(ctx, v.value.name, false) };
      break;
    case undefined:
      out = { case: 'global', value: global(ctx, undefined, false) };
  }
  return ctx.mk(pb.LValueSchema, { lvalueOneof: out });
}

/**
 * The target of `function NAME(...)`: a name, then `.name`s (`function a.b.c()`).
 *
 * @example
 * ```ts
 * const target = funcName(ctx, raw.var);
 * ```
 */
export function funcName(ctx: ResolveContext, raw: LValue | undefined): LValue {
  const v = raw?.lvalueOneof;
  if (v?.case === 'indexName') {
    const value = indexName(ctx, funcNamePrefix(ctx, v.value.expr), v.value.index);
    return ctx.mk(pb.LValueSchema, { lvalueOneof: { case: 'indexName', value } });
  }
  if (v?.case === 'local' || v?.case === 'global') return lvalue(ctx, raw);
  return ctx.mk(pb.LValueSchema, {
    lvalueOneof: { case: 'global', value: global(ctx, undefined, false) },
  });
}

function funcNamePrefix(ctx: ResolveContext, raw: ExprPrefix | undefined): ExprPrefix {
  const e = raw?.exprOneof;
  if (e?.case === 'indexName') {
    const value = indexName(ctx, funcNamePrefix(ctx, e.value.expr), e.value.index);
    return ctx.mk(pb.ExprPrefixSchema, { exprOneof: { case: 'indexName', value } });
  }
  if (e?.case === 'local' || e?.case === 'global') return prefix(ctx, raw);
  return ctx.mk(pb.ExprPrefixSchema, {
    exprOneof: { case: 'global', value: global(ctx, undefined) },
  });
}
