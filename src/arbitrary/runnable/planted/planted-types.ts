import type { Type } from '../../../../gen/luau_pb.js';
import type { Gen } from '../generator.js';
import { ty } from '../typed/typed-types.js';

/**
 * The primitive types a planted error's types are built of.
 *
 * @example
 * ```ts
 * const p: PlantedPrim = 'thread';
 * ```
 */
export type PlantedPrim = 'number' | 'string' | 'boolean' | 'thread' | 'vector';

/**
 * Not `buffer`: the old solver converts a `buffer` to any union (`local s: string | number =
 * b` passes), a known false negative that would hide the errors planted around it.
 */
const prims: readonly PlantedPrim[] = ['number', 'string', 'boolean', 'thread', 'vector'];

/**
 * A type of the typed level's vocabulary as the planted errors reason about it: primitives,
 * string singletons, optionals, unions, intersections (of tables or of functions only, never
 * empty), sealed tables with fields `n<k>` (and a `[number]` indexer), arrays, functions with
 * several parameters and results, and uses of a generic alias `t<k><A>`.
 *
 * @example
 * ```ts
 * const t: PlantedType = { k: 'opt', t: { k: 'prim', name: 'number' } }; // number?
 * ```
 */
export type PlantedType =
  | { readonly k: 'prim'; readonly name: PlantedPrim }
  | { readonly k: 'lit'; readonly val: string }
  | { readonly k: 'opt'; readonly t: PlantedType }
  | { readonly k: 'union'; readonly a: PlantedType; readonly b: PlantedType }
  | { readonly k: 'inter'; readonly a: PlantedType; readonly b: PlantedType }
  | { readonly k: 'table'; readonly fields: readonly (readonly [number, PlantedType])[] }
  | { readonly k: 'array'; readonly t: PlantedType }
  | {
      readonly k: 'fn';
      readonly args: readonly PlantedType[];
      readonly rets: readonly PlantedType[];
    }
  | { readonly k: 'alias'; readonly index: number; readonly arg: PlantedType };

/**
 * A planted table type.
 *
 * @example
 * ```ts
 * const t = drawTable(draw, 2) as TableType; // t.fields: [[0, prim('number')], ...]
 * ```
 */
export type TableType = PlantedType & { k: 'table' };

/**
 * A primitive.
 *
 * @example
 * ```ts
 * prim('number'); // { k: 'prim', name: 'number' }
 * ```
 */
export function prim(name: PlantedPrim): PlantedType {
  return { k: 'prim', name };
}

/**
 * A generic alias the planted block declares, `type t<k><A> = {n0: A, n1: (A) -> other}`:
 * its uses print as `t<k><T>` in the checker's messages, and a use with another argument
 * is a different, incompatible type (aliases are invariant in their argument).
 *
 * @example
 * ```ts
 * const alias: PlantedAlias = { index: 3, other: prim('string') };
 * ```
 */
export interface PlantedAlias {
  readonly index: number;
  readonly other: PlantedType;
}

/**
 * What drawing a type may use: the aliases declared so far and the depth left.
 *
 * @example
 * ```ts
 * const draw: TypeDraw = { g, aliases: [] };
 * ```
 */
export interface TypeDraw {
  readonly g: Gen;
  readonly aliases: readonly PlantedAlias[];
}

/**
 * A random type of the vocabulary, `depth` levels deep at most (0: a primitive). No array is
 * a member of a union: the old solver converts a table of named fields to an array type
 * (`{n4: string}` to `{string}`), a known false negative that would make a mutated member
 * fit the array beside it.
 *
 * @example
 * ```ts
 * drawType({ g, aliases: [] }, 2); // e.g. {n0: number | string}
 * ```
 */
export function drawType(draw: TypeDraw, depth: number, member = false): PlantedType {
  const { g } = draw;
  if (depth <= 0) return prim(g.choices.pick(prims.slice(0, 3)));
  switch (g.choices.int(10)) {
    case 0:
      return prim(g.choices.pick(prims));
    case 1:
      return { k: 'opt', t: drawType(draw, depth - 1, member) };
    case 2: {
      // Tables of one union share no field name: a table with the fields of one member and
      // more converts to that member, so a leaf changed in the longer one would be no error.
      const a = drawType(draw, depth - 1, true);
      const b = drawType(draw, depth - 1, true);
      return { k: 'union', a, b: a.k === 'table' && b.k === 'table' ? fieldsFrom(b, 4) : b };
    }
    case 3:
      return g.choices.chance(50)
        ? { k: 'inter', a: drawTable(draw, depth - 1), b: drawTable(draw, depth - 1, 4) }
        : interFns(draw, depth - 1);
    case 4:
    case 5:
      return drawTable(draw, depth - 1);
    case 6:
      if (member) return drawTable(draw, depth - 1);
      return { k: 'array', t: drawType(draw, depth - 1) };
    case 7:
      return drawFn(draw, depth - 1);
    case 8:
      if (draw.aliases.length > 0)
        return {
          k: 'alias',
          index: g.choices.pick(draw.aliases).index,
          arg: drawType(draw, depth - 1),
        };
      return { k: 'lit', val: g.choices.pick(['a', 'b', 'on', 'off']) };
    default:
      return {
        k: 'union',
        a: { k: 'lit', val: 'a' },
        b: { k: 'lit', val: g.choices.pick(['b', 'c']) },
      };
  }
}

/** Table `t` with its fields renumbered from `from`. */
function fieldsFrom(t: TableType, from: number): PlantedType {
  return { k: 'table', fields: t.fields.map(([, f], i) => [from + i, f] as const) };
}

/**
 * A sealed table type of 1 to 3 fields numbered from `from`.
 *
 * @example
 * ```ts
 * drawTable({ g, aliases: [] }, 1, 4); // e.g. {n4: boolean, n5: string}
 * ```
 */
export function drawTable(draw: TypeDraw, depth: number, from = 0): PlantedType {
  const n = 1 + draw.g.choices.int(3);
  return {
    k: 'table',
    fields: Array.from({ length: n }, (_, i) => [from + i, drawType(draw, depth)] as const),
  };
}

/**
 * Overloads of one arity (a function of fewer parameters converts to one of more) that differ
 * in their parameters: two that differ in their results only are one function returning the
 * intersection of both, which converts to much, so they stay one function.
 */
function interFns(draw: TypeDraw, depth: number): PlantedType {
  const a = drawFn(draw, depth) as PlantedType & { k: 'fn' };
  const b = drawFn(draw, depth, a.args.length) as PlantedType & { k: 'fn' };
  return JSON.stringify(a.args) === JSON.stringify(b.args) ? a : { k: 'inter', a, b };
}

/**
 * A function type of 1 to 3 parameters and 1 or 2 results, none of them optional.
 *
 * @example
 * ```ts
 * drawFn({ g, aliases: [] }, 1); // e.g. (number, {n0: string}) -> boolean
 * ```
 */
export function drawFn(draw: TypeDraw, depth: number, arity?: number): PlantedType {
  const { g } = draw;
  return {
    k: 'fn',
    args: Array.from({ length: arity ?? 1 + g.choices.int(3) }, () =>
      required(drawType(draw, depth)),
    ),
    rets: Array.from({ length: 1 + g.choices.int(2) }, () => drawType(draw, depth)),
  };
}

/**
 * `t` when it cannot be `nil` (a parameter that may not be left out), else `t` without `?`.
 *
 * @example
 * ```ts
 * required({ k: 'opt', t: prim('string') }); // string
 * ```
 */
export function required(t: PlantedType): PlantedType {
  if (t.k === 'opt') return required(t.t);
  return nilable(t) ? prim('number') : t;
}

/**
 * Whether `t` is neither a union nor an optional (its value has one shape).
 *
 * @example
 * ```ts
 * plain(prim('number')); // true
 * ```
 */
export function plain(t: PlantedType): boolean {
  return t.k !== 'union' && t.k !== 'opt';
}

/**
 * A primitive that occurs in none of `types`, if one is left.
 *
 * @example
 * ```ts
 * freshPrim(draw, [prim('number')]); // e.g. thread
 * ```
 */
export function freshPrim(draw: TypeDraw, types: readonly PlantedType[]): PlantedType | undefined {
  const used = new Set<PlantedPrim>();
  for (const t of types) primsOf(t, used, draw.aliases);
  const fresh = prims.filter((p) => !used.has(p));
  return fresh.length === 0 ? undefined : prim(draw.g.choices.pick(fresh));
}

/**
 * The annotation of a planted type.
 *
 * @example
 * ```ts
 * toType({ k: 'opt', t: prim('number') }); // number | nil
 * ```
 */
export function toType(t: PlantedType): Type {
  switch (t.k) {
    case 'prim':
      return ty.prim(t.name);
    case 'lit':
      return ty.str(t.val);
    case 'opt':
      return ty.optional(toType(t.t));
    case 'union':
      return ty.union(toType(t.a), toType(t.b));
    case 'inter':
      return ty.intersection(toType(t.a), toType(t.b));
    case 'table':
      return ty.table(t.fields.map(([k, f]) => [k, toType(f)]));
    case 'array':
      return ty.array(toType(t.t));
    case 'fn':
      return ty.fn(t.args.map(toType), t.rets.map(toType));
    case 'alias':
      return ty.alias(t.index, [toType(t.arg)]);
  }
}

/** The planted types `t` is made of, one level down (an alias's argument, not its body). */
function parts(t: PlantedType): readonly PlantedType[] {
  switch (t.k) {
    case 'prim':
    case 'lit':
      return [];
    case 'opt':
    case 'array':
      return [t.t];
    case 'union':
    case 'inter':
      return [t.a, t.b];
    case 'table':
      return t.fields.map(([, f]) => f);
    case 'fn':
      return [...t.args, ...t.rets];
    case 'alias':
      return [t.arg];
  }
}

/** The primitives that occur in `t` (a string singleton counts as `string`, an alias's body too). */
function primsOf(t: PlantedType, out: Set<PlantedPrim>, aliases: readonly PlantedAlias[]): void {
  if (t.k === 'prim') out.add(t.name);
  if (t.k === 'lit') out.add('string');
  for (const u of parts(t)) primsOf(u, out, aliases);
  if (t.k === 'alias')
    for (const a of aliases) if (a.index === t.index) primsOf(a.other, out, aliases);
}

/** `t` with every primitive leaf `from` replaced by `to`. */
function substitute(t: PlantedType, from: PlantedPrim, to: PlantedPrim): PlantedType {
  const sub = (u: PlantedType) => substitute(u, from, to);
  switch (t.k) {
    case 'prim':
      return t.name === from ? prim(to) : t;
    case 'lit':
      return t;
    case 'opt':
    case 'array':
      return { ...t, t: sub(t.t) };
    case 'alias':
      return { ...t, arg: sub(t.arg) };
    case 'union':
    case 'inter':
      return { ...t, a: sub(t.a), b: sub(t.b) };
    case 'table':
      return { ...t, fields: t.fields.map(([k, f]) => [k, sub(f)] as const) };
    case 'fn':
      return { ...t, args: t.args.map(sub), rets: t.rets.map(sub) };
  }
}

/**
 * A type that `t` does not convert to, nor it to `t`: `t` with every leaf of one of its
 * primitives replaced by a primitive that occurs nowhere in `t`. Wherever the leaves stand
 * (covariant in a union, contravariant in a parameter, invariant in a table's field or an
 * alias's argument), a value of one type then has, or a function of it accepts, something of
 * a primitive the other type lacks. Undefined when `t` has no primitive leaf or uses them all.
 *
 * @example
 * ```ts
 * incompatible(draw, { k: 'opt', t: prim('number') }); // e.g. string | nil
 * ```
 */
export function incompatible(draw: TypeDraw, t: PlantedType): PlantedType | undefined {
  const leaves = new Set<PlantedPrim>();
  primLeaves(t, leaves);
  if (leaves.size === 0) return undefined;
  const used = new Set<PlantedPrim>();
  primsOf(t, used, draw.aliases);
  const fresh = prims.filter((p) => !used.has(p));
  if (fresh.length === 0) return undefined;
  return substitute(t, draw.g.choices.pick([...leaves]), draw.g.choices.pick(fresh));
}

/** The primitives of `t`'s leaves (not its string singletons, nor its aliases' bodies). */
function primLeaves(t: PlantedType, out: Set<PlantedPrim>): void {
  if (t.k === 'prim') out.add(t.name);
  for (const u of parts(t)) primLeaves(u, out);
}

/**
 * Whether `t` can be `nil`.
 *
 * @example
 * ```ts
 * nilable({ k: 'union', a: prim('number'), b: { k: 'opt', t: prim('string') } }); // true
 * ```
 */
export function nilable(t: PlantedType): boolean {
  switch (t.k) {
    case 'opt':
      return true;
    case 'union':
      return nilable(t.a) || nilable(t.b);
    default:
      return false;
  }
}

/**
 * Whether a value of `t` can be called (a function in it somewhere at the top).
 *
 * @example
 * ```ts
 * callable({ k: 'opt', t: { k: 'fn', args: [], rets: [] } }); // true
 * ```
 */
export function callable(t: PlantedType): boolean {
  switch (t.k) {
    case 'fn':
      return true;
    case 'opt':
      return callable(t.t);
    case 'union':
    case 'inter':
      return callable(t.a) || callable(t.b);
    default:
      return false;
  }
}
