import { clone, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import {
  ExprFunctionSchema,
  ExprSchema,
  ModuleSetSchema,
  StatBlockSchema,
  StatSchema,
  TypeSchema,
  type Expr,
  type ExprFunction,
  type ModuleSet,
  type StatBlock,
  type Type,
} from '../../gen/luau_pb.js';
import { build } from './build.js';
import { ResolveContext } from './resolve-scoped/context.js';
import { Scope } from './scope.js';
import { resolveExpr } from './resolve-scoped/expr.js';
import { resolveFunction } from './resolve-scoped/function.js';
import { resolveBlock, resolveStat, wrap } from './resolve-scoped/stat.js';
import { resolveType } from './resolve-scoped/type.js';

export { distinctGenerics, MAX_VISIBLE_LOCALS } from './resolve-scoped/context.js';

/**
 * Resolves a raw tree of the grammar into one valid at the `syntax` or `scoped` level, by
 * construction: scopes and function frames are tracked while the tree is rebuilt, so locals
 * are declared with fresh numbers and references pick a local in scope; `...` appears only in
 * vararg functions; `break`/`continue` only in loops; nothing follows `return`, `break` or
 * `continue` in a block; type functions see no outer locals; generic names are distinct;
 * attributes are not repeated; method calls and `function a.b:c()` have their required shape.
 * At `scoped`, a read of a global names one the runtime has, and a reference with no local in
 * reach becomes such a global. Statements are dropped once the tree reaches `maxNodes`.
 * Each grammar area has its file under `resolve-scoped/`, as the printers do.
 *
 * @example
 * ```ts
 * const tree = new ScopedResolver(resolveOptions({ level: 'scoped' })).moduleSet(raw);
 * ```
 */
export class ScopedResolver extends ResolveContext {
  /** Resolves a whole tree: the module (when present) and the program, each a fresh chunk. */
  moduleSet(raw: ModuleSet): ModuleSet {
    // One budget of `maxNodes` for the module and the program together.
    this.nodes = 0;
    const module = raw.module === undefined ? undefined : this.chunk(raw.module, false);
    const program = this.chunk(raw.program ?? build.block([]), false);
    return build.moduleSet(program, module);
  }

  /** Resolves a block as a chunk of its own (with a budget of its own unless `fresh` is false). */
  chunk(raw: StatBlock, fresh = true): StatBlock {
    this.fresh(fresh);
    return this.block(raw);
  }

  /** Resolves any message as if it stood at the start of a chunk. */
  any<Desc extends DescMessage>(desc: Desc, raw: MessageShape<Desc>): MessageShape<Desc> {
    this.fresh(true);
    const value = raw as never;
    const rules: Record<string, () => unknown> = {
      [ModuleSetSchema.typeName]: () => this.moduleSet(value),
      [StatBlockSchema.typeName]: () => this.block(value),
      [StatSchema.typeName]: () =>
        resolveStat(this, value) ?? wrap(this, { case: 'block', value: build.block([]) }),
      [ExprSchema.typeName]: () => this.expr(value),
      [ExprFunctionSchema.typeName]: () => this.func(value),
      [TypeSchema.typeName]: () => this.type(value),
    };
    // Other messages have nothing to resolve: a copy.
    const out = rules[desc.typeName]?.() ?? clone(desc, raw);
    return out as MessageShape<Desc>;
  }

  block(raw: StatBlock): StatBlock {
    return resolveBlock(this, raw);
  }

  expr(raw: Expr | undefined): Expr {
    return resolveExpr(this, raw);
  }

  type(raw: Type | undefined): Type {
    return resolveType(this, raw);
  }

  func(raw: ExprFunction | undefined, typeFunction = false): ExprFunction {
    return resolveFunction(this, raw, typeFunction);
  }

  /** A fresh scope (and a fresh budget when `budget`). */
  private fresh(budget: boolean): void {
    this.scope = new Scope<null>();
    this.classes = 0;
    if (budget) this.nodes = 0;
  }
}
