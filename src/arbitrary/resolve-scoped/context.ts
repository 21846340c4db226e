import {
  clone,
  create,
  type DescMessage,
  type Message,
  type MessageShape,
} from '@bufbuild/protobuf';
import {
  GenericTypeNameSchema,
  LocalSchema,
  type Expr,
  type ExprFunction,
  type GenericTypeName,
  type Local,
  type StatBlock,
  type Type,
} from '../../../gen/luau_pb.js';
import { grammar715, type AnyGrammar } from '../../tree/grammar.js';
import { copyMessage } from '../copy-message.js';
import { grammarOf } from '../grammar-of.js';
import type { ResolvedOptions } from '../options.js';
import { Scope } from '../scope.js';

/**
 * Locals visible at once (all enclosing functions together): far inside Luau's limits of 200
 * locals and 200 upvalues per function and 255 registers.
 *
 * @example
 * ```ts
 * MAX_VISIBLE_LOCALS < 200; // true
 * ```
 */
export const MAX_VISIBLE_LOCALS = 120;

/**
 * The state of one resolution (scopes, the node budget, the level) and the entry points of
 * each grammar area, through which the areas reach one another: a statement resolves its
 * expressions with {@link expr}, a function expression its body with {@link block}.
 *
 * @example
 * ```ts
 * const body = ctx.scope.inBlock(() => raw.body.map((s) => ctx.expr(s)));
 * ```
 */
export abstract class ResolveContext {
  scope = new Scope<null>();
  /** Nodes built so far, against `options.maxNodes`. */
  nodes = 0;
  /** Blocks open around what is being resolved (1 in the chunk's own). */
  blocks = 0;
  /** Classes declared so far, in the order the printer names them (grammar 735). */
  classes = 0;
  /** At the `scoped` level (or above): reads of globals name ones the runtime has. */
  readonly scoped: boolean;
  /** The grammar of the trees made, whose messages of a name replace the seed's. */
  readonly grammar: AnyGrammar;

  constructor(readonly options: ResolvedOptions) {
    this.scoped = options.level !== 'syntax';
    this.grammar = grammarOf(options);
  }

  /** The message of the grammar that has the name of `desc` (a message of the seed's schema). */
  desc<Desc extends DescMessage>(desc: Desc): Desc {
    if (this.grammar === grammar715) return desc;
    return (this.grammar.registry.getMessage(desc.typeName) ?? desc) as Desc;
  }

  /** A block: its statements, each resolved in a scope of the block's own. */
  abstract block(raw: StatBlock): StatBlock;
  /** An expression (`nil` once the budget is spent). */
  abstract expr(raw: Expr | undefined): Expr;
  /** A type annotation (the primitive of kind 0 once the budget is spent). */
  abstract type(raw: Type | undefined): Type;
  /** A function: its generics, annotations, parameters and body. */
  abstract func(raw: ExprFunction | undefined, typeFunction?: boolean): ExprFunction;

  /** The node budget is used up. */
  spent(): boolean {
    return this.nodes >= this.options.maxNodes;
  }

  /**
   * A new message, counted against the budget. The resolver maps each raw message to one of
   * the same schema, field by field, and the budget counts every message it makes (where the
   * budget runs out decides the generated program), so it makes them here with `create()`,
   * one schema and one count at a time; the builders of `build.ts` make whole constructs
   * from their parts (a `Stat` with its case, a block from its statements) for trees made by
   * hand.
   */
  mk<Desc extends DescMessage>(desc: Desc, init: object): MessageShape<Desc> {
    this.nodes++;
    return create(this.desc(desc), init as never);
  }

  /**
   * The message a raw tree's unset field reads as (a required field fast-check left out): an
   * input to resolve, not a node of the result, so not counted.
   */
  unset<Desc extends DescMessage>(desc: Desc): MessageShape<Desc> {
    return create(desc);
  }

  /** A copy of a leaf message, counted against the budget. */
  copy<T extends Message>(raw: T): T {
    this.nodes++;
    if (this.grammar === grammar715) return copyMessage(raw);
    return clone(this.grammar.registry.getMessage(raw.$typeName)!, raw as never) as unknown as T;
  }

  /** Whether `count` more locals fit under {@link MAX_VISIBLE_LOCALS}. */
  roomFor(count: number): boolean {
    return this.scope.visible.length + count <= MAX_VISIBLE_LOCALS;
  }

  /** Declares a fresh local. */
  declare(): Local {
    return this.mk(LocalSchema, { name: this.scope.declare(null) });
  }

  /** Type annotations, none inside a type function. */
  annotations(raw: readonly Type[]): Type[] {
    if (this.scope.inTypeFunction()) return [];
    return raw.map((t) => this.type(t));
  }
}

/**
 * Generic names and pack names with no name twice (`<A, A...>` is rejected).
 *
 * @example
 * ```ts
 * const [generics, packs] = distinctGenerics(f.generics, f.genericpacks);
 * ```
 */
export function distinctGenerics(
  generics: readonly GenericTypeName[],
  packs: readonly GenericTypeName[],
): [GenericTypeName[], GenericTypeName[]] {
  const seen = new Set<number>();
  const keep = (list: readonly GenericTypeName[]) =>
    list
      .filter((g) => {
        const key = g.index % 26;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((g) => clone(GenericTypeNameSchema, g));
  return [keep(generics), keep(packs)];
}
