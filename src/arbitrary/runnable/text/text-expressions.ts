import type { Choices } from '../choices.js';
import { contextualNames, longText, numberText, quotedText } from './text-lexemes.js';
import { typeText } from './text-types.js';

/**
 * The token that stands for an input of the enclosing program: the text of an integer, put
 * into the source when the program runs (always between parentheses, so `-5` stays a number).
 *
 * @example
 * ```ts
 * joinTokens(['return', '(', HOLE, ')']).split(HOLE); // ['return ( ', ' )']
 * ```
 */
export const HOLE = '\u0001';

/**
 * What a text expression computes.
 *
 * @example
 * ```ts
 * const ty: TextTy = 'num';
 * ```
 */
export type TextTy = 'num' | 'str' | 'bool';

/**
 * A variable of the chunk's text and what it holds.
 *
 * @example
 * ```ts
 * const v: TextVar = { name: 'a', ty: 'num' };
 * ```
 */
export interface TextVar {
  readonly name: string;
  readonly ty: TextTy;
}

/**
 * A function of the chunk's text, the number parameters it takes and how it is called.
 *
 * @example
 * ```ts
 * const f: TextFn = { name: 'get', params: 1, call: ['o', ':', 'get'] };
 * ```
 */
export interface TextFn {
  readonly name: string;
  readonly params: number;
  /** How the function is called: `f(...)`, `o:m(...)` or `o.a.m(...)`. */
  readonly call: string[];
}

/** Expressions nest at most this deep. */
const MAX_EXPR_DEPTH = 2;
/** Longest string a variable of the chunk holds (what `..=` adds apart). */
const MAX_TEXT = '40';

/**
 * The expressions of a chunk's text (see `TextChunk`), typed (numbers, strings, booleans) so
 * that a valid chunk raises no error of its own: operators at every precedence (with the
 * parentheses `^` and `not` need), if-expressions, casts, calls of the chunk's functions and
 * methods, `select('#', ...)` in vararg functions, indexed table constructors, interpolated
 * strings, string methods, calls with a string argument (`string.len "x"`).
 *
 * @example
 * ```ts
 * new TextExpressions(c).expr('num', 0); // ['(', 'a', '+', '0x1F', ')']
 * ```
 */
export class TextExpressions {
  protected vars: TextVar[] = [
    { name: 'a', ty: 'num' },
    { name: 'b', ty: 'num' },
    { name: 's', ty: 'str' },
  ];
  protected fns: TextFn[] = [];
  protected next = 0;
  protected vararg = true;

  constructor(protected readonly choices: Choices) {}

  protected fresh(): string {
    const c = this.choices;
    const name = c.chance(10) ? c.pick(contextualNames) : `v${this.next}`;
    this.next++;
    // A name already in scope would hide a variable of another type.
    return this.vars.some((v) => v.name === name) ? `v${this.next - 1}` : name;
  }

  protected pickVar(ty: TextTy): TextVar | undefined {
    const vs = this.vars.filter((v) => v.ty === ty);
    return vs.length > 0 ? this.choices.pick(vs) : undefined;
  }

  /** An expression of a type, as tokens. */
  expr(ty: TextTy, d: number): string[] {
    switch (ty) {
      case 'num':
        return this.num(d);
      case 'str':
        return this.str(d);
      case 'bool':
        return this.bool(d);
    }
  }

  protected leaf(ty: TextTy): string[] {
    const c = this.choices;
    const v = c.chance(50) ? this.pickVar(ty) : undefined;
    if (v !== undefined) return [v.name];
    switch (ty) {
      case 'num':
        return c.chance(25) ? ['(', HOLE, ')'] : [numberText(c)];
      case 'str':
        return [c.chance(20) ? longText(c) : quotedText(c)];
      case 'bool':
        return [c.pick(['true', 'false'])];
    }
  }

  protected num(d: number): string[] {
    const c = this.choices;
    if (d >= MAX_EXPR_DEPTH) return this.leaf('num');
    switch (c.int(13)) {
      case 0:
      case 1: {
        const op = c.pick(['+', '-', '*', '/', '//', '%', '^']);
        // `^` binds tighter than a unary operator on its left: `#s ^ 2` is `#(s ^ 2)`.
        const left = this.num(d + 1);
        const e = [...(op === '^' ? this.group(left) : left), op, ...this.num(d + 1)];
        return c.chance(50) ? ['(', ...e, ')'] : e;
      }
      case 2:
        return ['-', ...this.num(d + 1)];
      case 3:
        return ['#', ...this.group(this.str(d + 1))];
      case 4:
        return ['(', ...this.ifExpr('num', d), ')'];
      case 5: {
        const f = this.fns.length > 0 ? c.pick(this.fns) : undefined;
        if (f === undefined) return this.leaf('num');
        const args: string[] = [];
        for (let i = 0; i < f.params; i++) args.push(...(i > 0 ? [','] : []), ...this.num(d + 1));
        return [...f.call, '(', ...args, ')'];
      }
      case 6:
        return this.vararg ? ['select', '(', "'#'", ',', '...', ')'] : this.leaf('num');
      case 7: {
        const items = [...this.num(d + 1), c.pick([',', ';']), ...this.num(d + 1)];
        return ['(', '{', ...items, '}', ')', '[', c.pick(['1', '2']), ']'];
      }
      case 8:
        return ['(', ...this.num(d + 1), '::', typeText(c, 1), ')'];
      case 9:
        return [
          c.pick(['math.max', 'math.min']),
          '(',
          ...this.num(d + 1),
          ',',
          ...this.num(d + 1),
          ')',
        ];
      case 10:
        return ['string.len', c.pick([quotedText(c), longText(c)])];
      case 11:
        return this.unnamed(d);
      default:
        return this.leaf('num');
    }
  }

  /**
   * Library functions the tree's name table cannot spell (`math.lerp`, `vector.dot`, …): text
   * spells any name, so the compiler sees them as builtins (folding them at -O2) and the VM
   * runs them.
   */
  protected unnamed(d: number): string[] {
    const c = this.choices;
    const n = (): string[] => this.num(d + 1);
    const v = (): string[] => ['vector.create', '(', ...n(), ',', ...n(), ',', ...n(), ')'];
    const component = (): string[] => ['.', c.pick(['x', 'y', 'z'])];
    switch (c.int(8)) {
      case 0:
        return ['math.lerp', '(', ...n(), ',', ...n(), ',', ...n(), ')'];
      case 1: {
        const test = c.pick(['math.isnan', 'math.isinf', 'math.isfinite']);
        return ['(', 'if', test, '(', ...n(), ')', 'then', '1', 'else', '0', ')'];
      }
      case 2:
        return ['vector.dot', '(', ...v(), ',', ...v(), ')'];
      case 3:
        return c.chance(50)
          ? ['vector.magnitude', '(', ...v(), ')']
          : ['vector.angle', '(', ...v(), ',', ...v(), ')'];
      case 4:
        return ['vector.cross', '(', ...v(), ',', ...v(), ')', ...component()];
      case 5:
        return ['vector.normalize', '(', ...v(), ')', ...component()];
      case 6:
        return ['vector.lerp', '(', ...v(), ',', ...v(), ',', ...n(), ')', ...component()];
      default:
        return ['bit32.byteswap', '(', ...n(), ')'];
    }
  }

  /** `e` where a method call or an index needs a prefix: a name, or `(e)`. */
  protected group(e: string[]): string[] {
    return e.length === 1 && /^[A-Za-z_]/.test(e[0]!) ? e : ['(', ...e, ')'];
  }

  protected str(d: number): string[] {
    const c = this.choices;
    if (d >= MAX_EXPR_DEPTH) return this.leaf('str');
    switch (c.int(9)) {
      case 0:
      case 1:
        return [...this.expr(c.pick(['num', 'str'] as const), d + 1), '..', ...this.str(d + 1)];
      case 2:
        return [this.interp(d)];
      case 3:
        return ['tostring', '(', ...this.expr(c.pick(['num', 'bool'] as const), d + 1), ')'];
      case 4: {
        const m = c.pick(['upper', 'lower', 'reverse']);
        return [...this.group(this.str(d + 1)), ':', m, '(', ')'];
      }
      case 5: {
        const args = [...this.num(d + 1), ',', ...this.str(d + 1)];
        return ['(', "'%s|%s'", ')', ':', 'format', '(', ...args, ')'];
      }
      case 6:
        return ['(', ...this.ifExpr('str', d), ')'];
      case 7:
        return ['string.upper', c.pick([quotedText(c), longText(c)])];
      default:
        return this.leaf('str');
    }
  }

  /** `` `text{e}text{e}` ``, with the escapes an interpolated string reads. */
  protected interp(d: number): string {
    const c = this.choices;
    let out = '`' + c.pick(['', 'a', '\\{', '\\`', '\\u{48}', 'x y']);
    for (let n = 1 + c.int(2); n > 0; n--) {
      const e = this.expr(c.pick(['num', 'str', 'bool'] as const), d + 1);
      out += '{' + joinTokens(e) + '}' + c.pick(['', '-', '\\n', '}']);
    }
    return out + '`';
  }

  protected bool(d: number): string[] {
    const c = this.choices;
    if (d >= MAX_EXPR_DEPTH) return this.leaf('bool');
    switch (c.int(6)) {
      case 0:
      case 1: {
        const ty = c.pick(['num', 'str'] as const);
        const op = c.pick(['==', '~=', '<', '<=', '>', '>=']);
        return [...this.expr(ty, d + 1), op, ...this.expr(ty, d + 1)];
      }
      case 2:
        return ['not', ...this.group(this.bool(d + 1))];
      case 3:
        return [...this.bool(d + 1), c.pick(['and', 'or']), ...this.bool(d + 1)];
      case 4:
        return ['(', ...this.ifExpr('bool', d), ')'];
      default:
        return this.leaf('bool');
    }
  }

  /** `if c then x elseif c then y else z`. */
  protected ifExpr(ty: TextTy, d: number): string[] {
    const out = ['if', ...this.bool(d + 1), 'then', ...this.expr(ty, d + 1)];
    if (this.choices.chance(30))
      out.push('elseif', ...this.bool(d + 1), 'then', ...this.expr(ty, d + 1));
    return [...out, 'else', ...this.expr(ty, d + 1)];
  }

  /** `e` cut to {@link MAX_TEXT} bytes, so a string variable never holds more. */
  protected cut(e: string[]): string[] {
    if (this.choices.chance(50)) return ['string.sub', '(', ...e, ',', '1', ',', MAX_TEXT, ')'];
    return [...this.group(e), ':', 'sub', '(', '1', ',', MAX_TEXT, ')'];
  }

  protected leafText(): string[] {
    const c = this.choices;
    return c.chance(50) ? [quotedText(c)] : ['tostring', '(', ...this.num(2), ')'];
  }
}

/**
 * Tokens as text: a space between two tokens, none around a line break.
 *
 * @example
 * ```ts
 * joinTokens(['local', 'x', '=', '1', '\n', 'return', 'x']); // 'local x = 1\nreturn x'
 * ```
 */
export function joinTokens(tokens: readonly string[]): string {
  let out = '';
  let prev = '\n';
  for (const t of tokens) {
    if (t !== '\n' && prev !== '\n') out += ' ';
    out += t;
    prev = t;
  }
  return out;
}
