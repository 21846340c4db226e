import { ExprBinary_Op, ExprUnary_Op } from '../../../gen/luau_pb.js';
import type { Expr, Local, Stat } from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import type { ResolvedOptions } from '../options.js';
import { MAX_VISIBLE_LOCALS } from '../resolve-scoped.js';
import { Scope, type VisibleLocal } from '../scope.js';
import type { Choices } from './choices.js';
import type { Inputs } from './values/inputs.js';
import { anyExponent, hasLibrary } from './library/profile-library.js';
import type { Swarm } from './swarm.js';
import { annotation, type GlobalVar, type Ty, type VarInfo } from './values/types.js';

/**
 * Loop iterations and recursive calls a whole chunk may make: every loop body and every
 * recursive function first takes one unit from the chunk's fuel table and stops when none is
 * left.
 *
 * @example
 * ```ts
 * // every runnable chunk with a loop starts with: local l0 = {LOOP_FUEL}
 * ```
 */
export const LOOP_FUEL = 100;

/**
 * Longest string a program keeps beyond the expression that computed it: every string stored
 * into a local, a global, an array element or a record field, passed as a function's
 * parameter, returned by a function, or split or matched by a loop is cut to it (`..=` adds
 * at most 3 bytes a run). So no loop or recursion feeds a string back into the operations that
 * lengthen it, and one expression (at most `maxDepth` levels, each at most quadrupling a
 * length: `string.rep` by at most 3, `gsub` by `<%0>`, `%q`) builds at most
 * `MAX_STRING * 4^maxDepth` bytes per operand, whatever the loops and recursion around it.
 * The one exception: a block's result locals (`resultStat`) are kept whole, to be printed
 * exactly; each is one expression over the values before it in its block run, so they grow
 * with the length of a block, never with a loop's or a recursion's.
 *
 * @example
 * ```ts
 * // s = string.sub(s .. t, 1, MAX_STRING)
 * ```
 */
export const MAX_STRING = 40;

/** The parts of a runnable generator that the expression and statement modules call. */
export interface Productions {
  expr(g: Gen, ty: Ty, d: number): Expr;
  block(g: Gen, d: number, loop: boolean): Stat[];
}

/**
 * The state of one runnable program being built: the record of choices, the options and
 * feature subset, the locals in scope with their types, the node budget and the chunk's fuel
 * table. Expressions and statements are built by the modules beside it, which all take a
 * `Gen`.
 *
 * @example
 * ```ts
 * const g = new Gen(new Choices(record), options, swarm, productions);
 * const e = g.expr('num', 0);
 * ```
 */
export class Gen {
  readonly scope = new Scope<VarInfo>();
  readonly typed: boolean;
  /** Messages built so far (approximately). */
  nodes = 0;
  /** The fuel table's local, declared when something first uses it. */
  fuel = 0;
  fuelUsed = false;
  /** Globals assigned so far; undefined where the chunk has none (modules, the typed level). */
  globals: GlobalVar[] | undefined;
  /** The chunk's input tables; undefined for an expression built alone. */
  inputs: Inputs | undefined = undefined;
  /** The iteration count of the loop being built, for its body's guard (see `capped`). */
  cap: number | undefined = undefined;
  /** The shared metatable's local (when the program has one). */
  meta: number | undefined;
  /** Inside a metamethod, a sort comparator or a coroutine: no printing, no fuel. */
  pure = 0;
  /**
   * Recursive functions enclosing the current point: no coroutines or protected calls there,
   * which would nest one C call per recursion level (Luau stops at about 200).
   */
  recursive = 0;
  /** Whether the chunk has its call fan-out (one at most). */
  fannedOut = false;
  /** Classes declared in the chunk so far (grammar 735), in the order the printer names them. */
  classes = 0;
  /** Props of classes named so far (`n0`, `n1`…: distinct, so no class overrides an ancestor's). */
  classProps = 0;

  constructor(
    readonly choices: Choices,
    readonly options: ResolvedOptions,
    readonly swarm: Swarm,
    private readonly productions: Productions,
  ) {
    this.typed = options.level === 'typed';
  }

  /** Whether the node budget is spent: further expressions are leaves, no more statements. */
  spent(): boolean {
    return this.nodes >= this.options.maxNodes;
  }

  /** Whether library function `name` may be called in this profile. */
  has(name: string): boolean {
    return hasLibrary(this.options.profile, name);
  }

  /**
   * Whether strings must stay free of NUL bytes: luau-web's `print` ends a line's text at the
   * first NUL, the native CLI prints it.
   */
  nulFree(): boolean {
    return this.options.profile === 'luau-web';
  }

  /** Whether `^` may take any exponent in this profile. */
  anyExponent(): boolean {
    return anyExponent(this.options.profile);
  }

  /** An expression of type `ty`, `d` levels deep. */
  expr(ty: Ty, d: number): Expr {
    this.nodes += 2;
    return this.productions.expr(this, ty, d);
  }

  /** Shorthands of {@link expr}. */
  num(d: number): Expr {
    return this.expr('num', d);
  }
  int(d: number): Expr {
    return this.expr('int', d);
  }
  str(d: number): Expr {
    return this.expr('str', d);
  }
  bool(d: number): Expr {
    return this.expr('bool', d);
  }

  /**
   * `if cond then a else b`; where if-expressions are switched off, the same value through
   * `and`/`or`: `cond and a or b` for values never false or nil, and
   * `(cond and a) or (not cond and b)` for booleans (`cond` then runs twice).
   */
  choose(cond: Expr, a: Expr, b: Expr, bool = false): Expr {
    if (this.options.features.ifExpressions) return build.ifElse(cond, a, b);
    const first = build.binary(ExprBinary_Op.And, cond, a);
    const second = bool
      ? build.group(build.binary(ExprBinary_Op.And, build.unary(ExprUnary_Op.Not, cond), b))
      : b;
    return build.group(build.binary(ExprBinary_Op.Or, build.group(first), second));
  }

  /** The statements of a nested block (`loop`: a loop body, where break/continue may go). */
  block(d: number, loop = false): Stat[] {
    return this.scope.inBlock(() => this.productions.block(this, d, loop));
  }

  /** Whether expressions at depth `d` must be leaves. */
  leafOnly(d: number): boolean {
    return d >= this.options.maxDepth || this.spent();
  }

  /** The reachable locals of a type (assignable ones only when `mutable`). */
  vars(ty: Ty, mutable = false): VisibleLocal<VarInfo>[] {
    return this.scope.reachable().filter((v) => v.kind.ty === ty && (!mutable || v.kind.mutable));
  }

  /** A reachable local of a type, or undefined (one of {@link vars}, without building the list). */
  pickVar(ty: Ty, mutable = false): VisibleLocal<VarInfo> | undefined {
    const visible = this.scope.visible;
    const from = this.scope.reachableFrom();
    let count = 0;
    for (let i = from; i < visible.length; i++) {
      const k = visible[i]!.kind;
      if (k.ty === ty && (!mutable || k.mutable)) count++;
    }
    if (count === 0) return undefined;
    // The same pick as `vars(ty, mutable)[count - 1 - c.int(count)]`.
    let skip = count - 1 - this.choices.int(count);
    for (let i = from; i < visible.length; i++) {
      const v = visible[i]!;
      if (v.kind.ty === ty && (!mutable || v.kind.mutable) && skip-- === 0) return v;
    }
    return undefined;
  }

  /** A reference to a local. */
  ref(name: number): Expr {
    this.nodes += 2;
    return build.local(name);
  }

  /** Room for `count` more locals in the current function. */
  roomFor(count: number): boolean {
    return this.scope.visible.length + count <= MAX_VISIBLE_LOCALS - 8;
  }

  /** Declares a local. */
  declare(info: VarInfo): Local {
    this.nodes += 2;
    return build.localVar(this.scope.declare(info));
  }

  /** The annotations of new locals at the typed level (none otherwise). */
  types(infos: VarInfo[]): ReturnType<typeof annotation>[] {
    return this.typed ? infos.map(annotation) : [];
  }

  /** The fuel table, marked as used. */
  fuelRef(): Expr {
    this.fuelUsed = true;
    return this.ref(this.fuel);
  }

  /** `lib.fn(args)`. */
  lib(lib: string, fn: string, args: Expr[]): Expr {
    this.nodes += 4 + args.length;
    return build.libCall(lib, fn, args);
  }
}
