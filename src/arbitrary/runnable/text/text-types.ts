import type { Choices } from '../choices.js';

/** Type syntax nests at most this deep, so a type stays a few dozen tokens. */
const MAX_TYPE_DEPTH = 3;

/** Names of types that any chunk may spell (they need not exist: the compiler ignores types). */
const named = ['number', 'string', 'boolean', 'any', 'unknown', 'never', 'nil', 'thread', 'buffer'];

/**
 * The generic types and generic packs a type may name.
 *
 * @example
 * ```ts
 * const scope: TypeScope = { generics: ['T'], packs: ['U'] };
 * ```
 */
export interface TypeScope {
  readonly generics: readonly string[];
  readonly packs: readonly string[];
}

/** Outside any generic function or alias. */
const noScope: TypeScope = { generics: [], packs: [] };

/** A compound type in parentheses, where a union, an intersection or `?` is to apply to it whole. */
function simple(t: string): string {
  return /[|&?]|->/.test(t) ? '(' + t + ')' : t;
}

/**
 * A type pack's text: `...T`, a generic pack `U...`, or a parenthesised list `(A, B, ...C)`.
 *
 * @example
 * ```ts
 * typePackText(c, 0, ['P0']); // '...number', 'P0...' or '(string, ...any)'
 * ```
 */
export function typePackText(c: Choices, d: number, packs: readonly string[]): string {
  switch (c.int(3)) {
    case 0:
      return '...' + typeText(c, d + 1, { generics: [], packs });
    case 1:
      if (packs.length > 0) return c.pick(packs) + '...';
      return '()';
    default:
      return '(' + typeList(c, d + 1, { generics: [], packs }, true) + ')';
  }
}

/** `A, B, ...C`: up to three types, the last sometimes a variadic pack. */
function typeList(c: Choices, d: number, scope: TypeScope, tail: boolean): string {
  const parts: string[] = [];
  for (let n = c.int(4); n > 0; n--) parts.push(typeText(c, d + 1, scope));
  if (tail && c.chance(30)) {
    const { packs } = scope;
    parts.push(packs.length > 0 && c.chance(50) ? c.pick(packs) + '...' : '...' + c.pick(named));
  }
  return parts.join(', ');
}

/** A table type: properties (with `read`/`write`), an indexer, or an array `{T}`. */
function tableType(c: Choices, d: number, scope: TypeScope) {
  if (c.chance(25)) return '{' + typeText(c, d + 1, scope) + '}';
  const props: string[] = [];
  const keys = ['x', 'y', 'type', 'read', 'end_'];
  for (let n = c.int(3); n > 0; n--) {
    const access = c.pick(['', '', 'read ', 'write ']);
    props.push(`${access}${keys[props.length]}: ${typeText(c, d + 1, scope)}`);
  }
  if (c.chance(40)) {
    const key = c.pick(['string', 'number', '"k"']);
    props.push(`[${key}]: ${typeText(c, d + 1, scope)}`);
  }
  const sep = c.pick([', ', '; ']);
  return '{' + props.join(sep) + (c.chance(30) && props.length > 0 ? sep.trim() : '') + '}';
}

/**
 * A function type `<T>(A, ...B) -> R`, with generics of its own, named parameters and a
 * return of one type, a parenthesised list or a pack.
 */
function functionType(c: Choices, d: number, scope: TypeScope) {
  const own = c.chance(30) ? genericListText(c, false) : { text: '', ...noScope };
  const inner: TypeScope = {
    generics: [...scope.generics, ...own.generics],
    packs: [...scope.packs, ...own.packs],
  };
  const params: string[] = [];
  for (let n = c.int(3); n > 0; n--) {
    const t = typeText(c, d + 1, inner);
    params.push(c.chance(30) ? `p${params.length}: ${t}` : t);
  }
  if (c.chance(25)) params.push('...' + typeText(c, d + 1, inner));
  return `${own.text}(${params.join(', ')}) -> ${returnTypeText(c, d + 1, inner)}`;
}

/**
 * A type's text: names (with type arguments, some of them packs), generics in scope,
 * singletons, `typeof(...)`, optionals, unions and intersections (each with an optional
 * leading separator), tables and function types, parenthesised types.
 *
 * @example
 * ```ts
 * typeText(c, 0, { generics: ['T'], packs: ['U'] }); // '{read x: T, [string]: (number) -> U...}?'
 * ```
 */
export function typeText(c: Choices, d: number, scope: TypeScope = noScope): string {
  const { generics } = scope;
  if (d >= MAX_TYPE_DEPTH) return c.pick([...named, ...generics]);
  switch (c.int(12)) {
    case 0:
      return tableType(c, d, scope);
    case 1:
      return functionType(c, d, scope);
    case 2: {
      const sep = c.pick([' | ', ' & ']);
      const lead = c.chance(20) ? sep.trim() + ' ' : '';
      // Unions and intersections mix only in parentheses, and a function type's return would
      // take the rest: compound operands are parenthesised.
      const part = () => simple(typeText(c, d + 1, scope));
      return lead + [part(), part()].join(sep);
    }
    case 3:
      return simple(typeText(c, d + 1, scope)) + '?';
    case 4:
      return c.pick(['"s"', "'t'", 'true', 'false', '"\\n"']);
    case 5:
      return `typeof(${c.pick(['1', 'a', '"x" .. 1', '{}', 's:upper()'])})`;
    case 6: {
      const args = [typeText(c, d + 1, scope)];
      if (c.chance(40)) args.push(typePackText(c, d, scope.packs));
      return `${c.pick(['Map', 'Box', 'mod.T'])}<${args.join(', ')}>`;
    }
    case 7:
      return '(' + typeText(c, d + 1, scope) + ')';
    default:
      return generics.length > 0 && c.chance(50) ? c.pick(generics) : c.pick(named);
  }
}

/**
 * A function's or a function type's return: one type, `()`, a list in parentheses, a pack.
 *
 * @example
 * ```ts
 * returnTypeText(c, 0); // '(number, ...string)'
 * ```
 */
export function returnTypeText(c: Choices, d: number, scope: TypeScope = noScope): string {
  switch (c.int(4)) {
    case 0:
      return '(' + typeList(c, d, scope, true) + ')';
    case 1:
      return typePackText(c, d, scope.packs);
    default:
      return typeText(c, d, scope);
  }
}

/**
 * Generic parameters `<T, U...>` of a function or a type alias; an alias's may have defaults
 * (`<T = number, U... = ...string>`), which must follow those without.
 *
 * @example
 * ```ts
 * genericListText(c, true).text; // '<T, U = string, V... = ...number>'
 * ```
 */
export function genericListText(c: Choices, defaults: boolean): { text: string } & TypeScope {
  const generics: string[] = [];
  const packs: string[] = [];
  const parts: string[] = [];
  let defaulted = false;
  // Generic types come before generic packs, and once one has a default all after it do.
  const n = 1 + c.int(3);
  const firstPack = c.int(n + 1);
  for (let i = 0; i < n; i++) {
    const pack = i >= firstPack;
    const name = `${pack ? 'P' : 'T'}${i}`;
    defaulted ||= defaults && c.chance(35);
    const dflt = !defaulted
      ? ''
      : pack
        ? ' = ' + typePackText(c, 1, [])
        : ' = ' + typeText(c, 1, { generics, packs: [] });
    (pack ? packs : generics).push(name);
    parts.push(name + (pack ? '...' : '') + dflt);
  }
  return { text: '<' + parts.join(', ') + '>', generics, packs };
}
