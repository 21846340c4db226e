import { commentText } from './text-lexemes.js';
import { TextExpressions } from './text-expressions.js';
import { genericListText, returnTypeText, typeText } from './text-types.js';
import type { Choices } from '../choices.js';

/** Statements of one block, of the whole chunk, and nesting of blocks. */
const MAX_BLOCK = 3;
const MAX_CHUNK = 7;
const MAX_NEST = 2;

/**
 * Builds the tokens of a chunk of Luau source that is valid by construction and computes
 * values of its arguments (`local a, b, s = ...`: two numbers and a string) and of the
 * program's inputs ({@link HOLE}), with the lexer's and the parser's features: every number
 * and string spelling, comments, type annotations, generics and aliases, casts, interpolated
 * strings, compound assignments, every loop with constant bounds, local functions with
 * attributes, methods on nested tables, and names the grammar gives a meaning to in some
 * places (`type`, `continue`, `export`). Strings grow only outside loops, so every value the
 * chunk builds stays bounded.
 *
 * @example
 * ```ts
 * const tokens = new TextChunk(c).chunk(); // ['local', 'a', ',', 'b', ',', 's', '=', '...', '\n', ...]
 * ```
 */
export class TextChunk extends TextExpressions {
  private loops = 0;
  private nest = 0;

  chunk(): string[] {
    const c = this.choices;
    const out: string[] = [];
    if (c.chance(20))
      out.push(c.pick(['--!strict', '--!nonstrict', '--!native', '--!nocheck']), '\n');
    out.push('local', 'a', ',', 'b', ',', 's', '=', '...', '\n');
    if (c.chance(40)) out.push(...this.objectPrelude());
    const n = 2 + c.int(MAX_CHUNK - 1);
    for (let i = 0; i < n && !c.exhausted; i++) this.separate(out, this.stat(true));
    if (c.chance(20)) {
      out.push(...this.raise());
    } else {
      const results = this.vars.slice(-4).flatMap((v, i) => (i > 0 ? [',', v.name] : [v.name]));
      out.push('return', ...results);
    }
    return out;
  }

  /** Statements apart: a line break, a space, a semicolon, or a comment. */
  private separate(out: string[], stat: string[]): void {
    const c = this.choices;
    out.push(...stat);
    switch (c.int(8)) {
      case 0:
        out.push(';');
        break;
      case 1:
        out.push(commentText(c, true), '\n');
        break;
      case 2:
        out.push(';', '\n');
        break;
      default:
        out.push('\n');
    }
  }

  private objectPrelude(): string[] {
    const k = this.num(1);
    this.fns.push({ name: 'get', params: 1, call: ['o', ':', 'get'] });
    this.fns.push({ name: 'm', params: 2, call: ['o', '.', 'inner', '.', 'm'] });
    return [
      ...['local', 'o', '=', '{', 'k', '=', ...k, ',', 'inner', '=', '{', '}', '}', '\n'],
      ...['function', 'o', ':', 'get', '(', 'x', ')', 'return', 'self', '.', 'k', '+', 'x'],
      ...['end', '\n', 'function', 'o', '.', 'inner', '.', 'm', '(', 'x', ',', 'y'],
      ...[')', 'return', 'x', '*', 'y', 'end', '\n'],
    ];
  }

  /** An expression of a type, as tokens. */
  /** A block's statements, in a scope of their own. */
  private block(): string[] {
    const saved = [this.vars, this.fns] as const;
    this.vars = [...this.vars];
    this.fns = [...this.fns];
    this.nest++;
    const out: string[] = [];
    for (let n = 1 + this.choices.int(MAX_BLOCK); n > 0 && !this.choices.exhausted; n--) {
      this.separate(out, this.stat(false));
    }
    this.nest--;
    [this.vars, this.fns] = saved;
    return out;
  }

  /** A statement (`top`: in the chunk's own block, where `export type` may stand). */
  private stat(top: boolean): string[] {
    const c = this.choices;
    const nested = this.nest < MAX_NEST;
    switch (c.int(16)) {
      case 0:
      case 1:
        return this.local();
      case 2:
      case 3:
        return this.assign();
      case 4:
        return nested ? this.ifStat() : this.local();
      case 5:
        return nested ? this.forStat() : this.assign();
      case 6:
        return nested ? this.counted() : this.local();
      case 7:
        return nested ? this.localFunction() : this.local();
      case 8: {
        const alias = genericTypeAlias(c);
        return top && c.chance(50) ? ['export', ...alias] : alias;
      }
      case 9:
        return nested ? ['do', ...this.block(), 'end'] : this.assign();
      case 10:
        if (this.loops > 0) {
          return ['if', ...this.bool(1), 'then', c.pick(['break', 'continue']), 'end'];
        }
        return this.local();
      case 11: {
        const vs = this.vars.filter((v) => v.ty === 'num');
        if (vs.length < 2) return this.local();
        const x = c.pick(vs).name;
        const y = c.pick(vs).name;
        if (x === y) return this.assign();
        return [x, ',', y, '=', y, ',', x];
      }
      default:
        return c.chance(50) ? this.local() : this.assign();
    }
  }

  private local(): string[] {
    const c = this.choices;
    const ty = c.pick(['num', 'num', 'str', 'bool'] as const);
    const e = ty === 'str' ? this.cut(this.str(0)) : this.expr(ty, 0);
    const name = this.fresh();
    const annotation = c.chance(35) ? [':', typeText(c, 0)] : [];
    this.vars.push({ name, ty });
    return ['local', name, ...annotation, '=', ...e];
  }

  private assign(): string[] {
    const c = this.choices;
    const v = c.pick(this.vars);
    if (v.ty === 'str') {
      // What `..=` adds reads no string variable, and what `=` stores is cut: no string doubles
      // per iteration or per call.
      if (c.chance(50)) return [v.name, '..=', ...this.leafText()];
      return [v.name, '=', ...this.cut(this.str(1))];
    }
    if (v.ty === 'bool') return [v.name, '=', ...this.bool(1)];
    const op = c.pick(['=', '+=', '-=', '*=', '/=', '//=', '%=', '^=']);
    return [v.name, op, ...this.num(1)];
  }

  private ifStat(): string[] {
    const c = this.choices;
    const out = ['if', ...this.bool(1), 'then', ...this.block()];
    for (let n = c.int(3); n > 0; n--) out.push('elseif', ...this.bool(1), 'then', ...this.block());
    if (c.chance(50)) out.push('else', ...this.block());
    return [...out, 'end'];
  }

  /** A loop body: `break` and `continue` may stand in it. */
  private loopBody(): string[] {
    this.loops++;
    try {
      return this.block();
    } finally {
      this.loops--;
    }
  }

  /** Numeric and generic `for` loops over at most a dozen values. */
  private forStat(): string[] {
    const c = this.choices;
    if (c.chance(50)) {
      const from = c.pick(['0', '1', '3', '-1', '0.5']);
      const to = c.pick(['0', '2', '4', '-2', '3.5']);
      const step = c.chance(50) ? [',', c.pick(['1', '2', '-1', '0.5', '-0.5'])] : [];
      const i = `i${this.next++}`;
      this.vars.push({ name: i, ty: 'num' });
      const body = this.loopBody();
      this.vars.pop();
      return ['for', i, '=', from, ',', to, ...step, 'do', ...body, 'end'];
    }
    const k = `k${this.next++}`;
    const v = `e${this.next++}`;
    const items = [
      ...this.num(2),
      ',',
      ...this.num(2),
      ...(c.chance(50) ? [',', ...this.num(2)] : []),
    ];
    const source = c.pick([
      ['{', ...items, '}'],
      ['ipairs', '(', '{', ...items, '}', ')'],
      ['next', ',', '{', ...items, '}'],
    ]);
    this.vars.push({ name: k, ty: 'num' }, { name: v, ty: 'num' });
    const body = this.loopBody();
    this.vars.splice(-2);
    return ['for', k, ',', v, 'in', ...source, 'do', ...body, 'end'];
  }

  /** `while` and `repeat` loops counted by a variable the body does not see. */
  private counted(): string[] {
    const c = this.choices;
    const n = `w${this.next++}`;
    const limit = c.pick(['0', '1', '3']);
    const body = this.loopBody();
    const init = ['local', n, '=', '0', '\n'];
    if (c.chance(50)) {
      return [...init, 'while', n, '<', limit, 'do', n, '+=', '1', ...body, 'end'];
    }
    return [...init, 'repeat', n, '+=', '1', ...body, 'until', n, '>=', limit];
  }

  /**
   * `local function f<T>(x: T, y, ...: number): number ... return e end`, sometimes `@native`;
   * its body sees the variables around it (as upvalues) and its parameters.
   */
  private localFunction(): string[] {
    const c = this.choices;
    const name = `f${this.next++}`;
    const params = 1 + c.int(2);
    const generic = c.chance(30) ? genericListText(c, false) : undefined;
    const ps: string[] = [];
    for (let i = 0; i < params; i++) {
      const t = c.chance(40) ? [':', typeText(c, 1, generic)] : [];
      ps.push(...(i > 0 ? [','] : []), `p${i}`, ...t);
    }
    const vararg = c.chance(40);
    if (vararg) ps.push(',', '...', ...(c.chance(50) ? [':', typeText(c, 1)] : []));
    const ret = c.chance(40) ? [':', returnTypeText(c, 1, generic)] : [];
    const savedVararg = this.vararg;
    const savedLoops = this.loops;
    const savedFns = this.fns;
    // A body calls no other local function (the object's methods apart), so calls in loops
    // do not multiply one another.
    this.fns = this.fns.filter((f) => f.call[0] === 'o');
    this.vararg = vararg;
    this.loops = 0;
    this.vars = [...this.vars];
    for (let i = 0; i < params; i++) this.vars.push({ name: `p${i}`, ty: 'num' });
    const body = this.block();
    const result = this.num(1);
    this.vars.splice(-params);
    this.vararg = savedVararg;
    this.loops = savedLoops;
    this.fns = savedFns;
    this.fns.push({ name, params, call: [name] });
    const attr = c.chance(20) ? ['@native'] : [];
    return [
      ...attr,
      ...['local', 'function', name, ...(generic ? [generic.text] : []), '(', ...ps, ')', ...ret],
      ...[...body, 'return', ...result, 'end'],
    ];
  }

  /**
   * The end of a chunk that raises an error at level 1, 2 or 3 from two calls down, each call
   * on a line of its own, so the message names the line of the level's caller.
   */
  private raise(): string[] {
    const c = this.choices;
    const level = c.pick(['1', '2', '3']);
    this.vararg = false;
    const msg = this.str(1);
    // Functions of a table, which -O2 does not inline: inlining would change the levels.
    return [
      ...['local', 'fail', '=', '{', '}', '\n', 'function', 'fail', '.', 'one', '(', ')', '\n'],
      ...['error', '(', ...msg, ',', level, ')', '\n', 'end', '\n', 'function', 'fail', '.'],
      ...['two', '(', ')', '\n', 'fail', '.', 'one', '(', ')', '\n', 'return', '1', '\n', 'end'],
      ...['\n', 'return', 'fail', '.', 'two', '(', ')'],
    ];
  }
}

/** `type Name<T, U = ..., P... = ...> = <type>`. */
function genericTypeAlias(c: Choices): string[] {
  const generic = c.chance(50) ? genericListText(c, true) : undefined;
  const name = c.pick(['Alias', 'T', 'Pair', 'read']);
  const body = typeText(c, 0, generic);
  return ['type', name, ...(generic ? [generic.text] : []), '=', body];
}
