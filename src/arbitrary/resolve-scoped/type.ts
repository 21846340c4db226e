import * as pb from '../../../gen/luau_pb.js';
import type { Type, TypeTable } from '../../../gen/luau_pb.js';
import { distinctGenerics, type ResolveContext } from './context.js';
import { name } from './expr.js';

/**
 * A type; past the budget every further type is the primitive of kind 0.
 *
 * @example
 * ```ts
 * const t = resolveType(ctx, raw.type);
 * ```
 */
export function resolveType(ctx: ResolveContext, raw: Type | undefined): Type {
  const t = ctx.spent() ? undefined : raw?.typeOneof;
  let out: Type['typeOneof'];
  switch (t?.case) {
    case undefined:
      out = { case: 'primitive', value: ctx.mk(pb.TypePrimitiveSchema, { kind: 0 }) };
      break;
    case 'primitive':
    case 'boolean':
    case 'string':
    case 'extern':
    case 'ref':
      out = { case: t.case, value: ctx.copy(t.value) } as Type['typeOneof'];
      break;
    case 'literal':
      out = {
        case: 'literal',
        value: ctx.mk(pb.TypeLiteralSchema, {
          name: ctx.copy(t.value.name ?? ctx.unset(pb.TypeNameSchema)),
          generics: t.value.generics.map((g) => ctx.type(g)),
          genericpacks: t.value.genericpacks.map((g) => ctx.copy(g)),
        }),
      };
      break;
    case 'table':
      out = { case: 'table', value: table(ctx, t.value) };
      break;
    case 'function': {
      const [generics, genericpacks] = distinctGenerics(t.value.generics, t.value.genericpacks);
      out = {
        case: 'function',
        value: ctx.mk(pb.TypeFunctionSchema, {
          generics,
          genericpacks,
          args: t.value.args.map((a) => ctx.type(a)),
          rets: t.value.rets.map((r) => ctx.type(r)),
        }),
      };
      break;
    }
    case 'typeof':
      out = {
        case: 'typeof',
        value: ctx.mk(pb.TypeTypeofSchema, { expr: ctx.expr(t.value.expr) }),
      };
      break;
    case 'union':
    case 'intersection': {
      const desc = t.case === 'union' ? pb.TypeUnionSchema : pb.TypeIntersectionSchema;
      const value = ctx.mk(desc, { left: ctx.type(t.value.left), right: ctx.type(t.value.right) });
      out = { case: t.case, value } as Type['typeOneof'];
      break;
    }
  }
  return ctx.mk(pb.TypeSchema, { typeOneof: out });
}

function table(ctx: ResolveContext, raw: TypeTable): TypeTable {
  const indexer = raw.indexer;
  return ctx.mk(pb.TypeTableSchema, {
    items: raw.items.map((item) =>
      ctx.mk(pb.TypeTableItemSchema, {
        ...(item.access === undefined ? {} : { access: item.access }),
        key: name(ctx, item.key),
        type: ctx.type(item.type),
      }),
    ),
    ...(indexer === undefined
      ? {}
      : {
          indexer: ctx.mk(pb.TypeTableIndexerSchema, {
            ...(indexer.access === undefined ? {} : { access: indexer.access }),
            key: ctx.type(indexer.key),
            value: ctx.type(indexer.value),
          }),
        }),
  });
}
