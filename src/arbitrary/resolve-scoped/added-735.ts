import type * as g735 from '../../../gen/luau-735_pb.js';
import type { ResolveContext } from './context.js';
import { name, prefix, table } from './expr.js';

type Desc = Parameters<ResolveContext['mk']>[0];

/** The grammar's message of a name, for what only grammar 735 has. */
function d(ctx: ResolveContext, message: string): Desc {
  return ctx.grammar.registry.getMessage(`luau.${message}`)!;
}

/**
 * A case of an expression or a prefix that only grammar 735 has (`math.abs`, `C0.new {…}`),
 * resolved; `undefined` for the others.
 *
 * @example
 * ```ts
 * const added = addedExprCase(ctx, raw.exprOneof);
 * ```
 */
export function addedExprCase(
  ctx: ResolveContext,
  e: g735.Expr['exprOneof'] | undefined,
): g735.Expr['exprOneof'] | undefined {
  switch (e?.case) {
    case 'builtinRef':
      return { case: 'builtinRef', value: ctx.copy(e.value) };
    case 'classinst':
      // At the scoped level an instance is of a class declared before it; with none, its
      // first argument stands alone.
      if (ctx.scoped && ctx.classes === 0)
        return ctx.expr(e.value.firstArg as never).exprOneof as never;
      return { case: 'classinst', value: classInst(ctx, e.value) };
    default:
      return undefined;
  }
}

function classInst(ctx: ResolveContext, raw: g735.ExprClassInst | undefined): g735.ExprClassInst {
  return ctx.mk(d(ctx, 'ExprClassInst'), {
    index: raw?.index ?? 0,
    firstArg: ctx.expr(raw?.firstArg as never),
    otherArgs: (raw?.otherArgs ?? []).map((a) => ctx.expr(a as never)),
  }) as unknown as g735.ExprClassInst;
}

/**
 * A call of grammar 735: `f(args)` and `obj:m(args)` as in 715 (`self` only where the callee
 * is an index by name), or `f "s"` and `f {…}`.
 *
 * @example
 * ```ts
 * const c = call735(ctx, raw);
 * ```
 */
export function call735(ctx: ResolveContext, raw: g735.ExprCall): g735.ExprCall {
  const o = raw.callOneof;
  let callOneof: g735.ExprCall['callOneof'];
  if (o.case === 'parenless') {
    const func = prefix(ctx, o.value.func as never);
    const a = o.value.argOneof;
    const argOneof: g735.ParenlessCall['argOneof'] =
      a.case === 'string'
        ? { case: 'string', value: ctx.copy(a.value) }
        : {
            case: 'table',
            value: table(ctx, (a.value?.items ?? []) as never) as unknown as g735.ExprTable,
          };
    const value = ctx.mk(d(ctx, 'ParenlessCall'), { func, argOneof });
    callOneof = { case: 'parenless', value: value as unknown as g735.ParenlessCall };
  } else {
    const p = o.case === 'paren' ? o.value : undefined;
    const func = prefix(ctx, p?.func as never);
    const self = (p?.self ?? false) && func.exprOneof.case === 'indexName';
    const args = (p?.args ?? []).map((x) => ctx.expr(x as never));
    const value = ctx.mk(d(ctx, 'ParenCall'), { func, self, args });
    callOneof = { case: 'paren', value: value as unknown as g735.ParenCall };
  }
  return ctx.mk(d(ctx, 'ExprCall'), { callOneof }) as unknown as g735.ExprCall;
}

/**
 * `const` and `export` of a local or local function (grammar 735; none in 715), as drawn:
 * the pretty printer writes them only where Luau 0.735 takes them.
 *
 * @example
 * ```ts
 * ctx.mk(StatLocalSchema, { vars, values, types, ...declarationFlags(raw) });
 * ```
 */
export function declarationFlags(raw: object): { isConst?: boolean; isExported?: boolean } {
  const r = raw as Partial<g735.StatLocal>;
  return r.isConst === undefined ? {} : { isConst: r.isConst, isExported: r.isExported ?? false };
}

/**
 * A class statement: props with their names and types, methods resolved as functions, the
 * instance it assigns. The printer names the class and keeps it to the source's own block.
 *
 * @example
 * ```ts
 * const s = classStat(ctx, raw);
 * ```
 */
export function classStat(ctx: ResolveContext, raw: g735.StatClass): g735.StatClass {
  const props = raw.props.map((p) =>
    ctx.mk(d(ctx, 'ClassProp'), {
      name: name(ctx, p.name as never),
      ...(p.type === undefined || !ctx.options.features.typeAnnotations
        ? {}
        : { type: ctx.type(p.type as never) }),
    }),
  );
  const methods = raw.methods.map((m) =>
    ctx.mk(d(ctx, 'ClassMethod'), {
      ...(Object.hasOwn(m, 'access') ? { access: m.access } : {}),
      nameOneof:
        m.nameOneof.case === 'metamethod'
          ? { case: 'metamethod', value: ctx.copy(m.nameOneof.value) }
          : { case: 'name', value: name(ctx, m.nameOneof.value as never) },
      func: ctx.func(m.func as never),
    }),
  );
  const inst = classInst(ctx, raw.inst);
  ctx.classes++;
  const assigned = ctx.scope.reachable();
  const local = ctx.mk(d(ctx, 'Local'), {
    name:
      assigned.length > 0
        ? assigned[Math.abs(raw.local?.name ?? 0) % assigned.length]!.name
        : (raw.local?.name ?? 0) & 0xff,
  });
  return ctx.mk(d(ctx, 'StatClass'), {
    name: ctx.mk(d(ctx, 'Local'), { name: raw.name?.name ?? 0 }),
    props,
    methods,
    inst,
    local,
    isExported: raw.isExported,
    // An optional scalar is set exactly when it is an own property.
    ...(Object.hasOwn(raw, 'extends') ? { extends: raw.extends } : {}),
    isOpen: raw.isOpen,
  }) as unknown as g735.StatClass;
}
