import {
  AttrType,
  ExprAttrSchema,
  ExprFunctionSchema,
  ExprLiteralSchema,
  ExprLiteralTableSchema,
  type ExprAttr,
  type ExprFunction,
} from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import { distinctGenerics, type ResolveContext } from './context.js';

/**
 * A function: distinct generics, attributes once each, annotations for the parameters it
 * keeps, its parameters declared in a frame of its own. A type function (or anything inside
 * one) has no generics, annotations or attributes: it runs in its own environment and must
 * not reach outer locals.
 *
 * @example
 * ```ts
 * const f = resolveFunction(ctx, raw.func, true); // a type function's body
 * ```
 */
export function resolveFunction(
  ctx: ResolveContext,
  raw: ExprFunction | undefined,
  typeFunction = false,
): ExprFunction {
  const f = raw ?? ctx.unset(ExprFunctionSchema);
  const plain = typeFunction || ctx.scope.inTypeFunction();
  const [generics, genericpacks] = plain ? [[], []] : distinctGenerics(f.generics, f.genericpacks);
  const attributes = typeFunction ? [] : resolveAttributes(ctx, f.attributes);
  const types = plain ? [] : ctx.annotations(f.types.slice(0, f.args.length));
  const rettypes = plain ? [] : ctx.annotations(f.rettypes);
  const [args, body] = ctx.scope.inFunction(
    f.vararg,
    () => {
      const args = ctx.roomFor(f.args.length) ? f.args.map(() => ctx.declare()) : [];
      return [args, ctx.block(f.body ?? build.block([]))] as const;
    },
    typeFunction,
  );
  return ctx.mk(ExprFunctionSchema, {
    generics,
    genericpacks,
    args,
    vararg: f.vararg,
    body,
    types: types.slice(0, args.length),
    rettypes,
    attributes,
  });
}

function resolveAttributes(ctx: ResolveContext, raw: readonly ExprAttr[]): ExprAttr[] {
  const seen = new Set<number>();
  const out: ExprAttr[] = [];
  for (const a of raw) {
    // An attribute may appear once per function.
    if (seen.has(a.type)) continue;
    seen.add(a.type);
    // `@deprecated` takes no argument or one table with string fields `use` and `reason`
    // (which no name of the table spells): an argument is kept as `{}`.
    const args =
      a.type === AttrType.Deprecated && a.args.length > 0
        ? [
            ctx.mk(ExprLiteralSchema, {
              exprOneof: { case: 'table', value: ctx.mk(ExprLiteralTableSchema, {}) },
            }),
          ]
        : [];
    out.push(ctx.mk(ExprAttrSchema, { type: a.type, braced: a.braced, args }));
  }
  return out;
}
