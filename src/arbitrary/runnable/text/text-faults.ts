import type { Choices } from '../choices.js';

/**
 * Tokens that break a chunk where they stand, one of each kind the lexer reads (so the
 * parser's message names each: `got ')'`, `got <eof>`, `got 'end'`, a number, a string...)
 * and the malformed ones: numbers, escapes, unfinished strings, long strings and comments,
 * interpolated strings, characters no token starts with.
 */
const irritants = [
  ')',
  '(',
  ']',
  '}',
  '{',
  'end',
  'then',
  'do',
  'else',
  'until',
  'local',
  'function',
  'return',
  '=',
  '==',
  ',',
  '.',
  ':',
  '::',
  '->',
  '...',
  '..',
  '<',
  '>',
  '+=',
  '@native',
  '@unknown',
  '1',
  '"s"',
  '[[x]]',
  '`a{1}`',
  'x',
  'type',
  'export',
  'continue',
  '0x',
  '1e',
  '0b2',
  '1.2.3',
  '0x1p4',
  '"\\xZZ"',
  '"\\u{110000}"',
  '"\\u{}"',
  '"\\q"',
  '"\\300"',
  '"unfinished',
  "'line\nbreak'",
  '[==[ unfinished',
  '--[[ unfinished',
  '`{}`',
  '`{1`',
  '`a{{1}}`',
  '`\\u{zz}`',
  '$',
  '!',
  '?',
  '~',
  '\\',
  '\u00e9',
  '\u0080',
  '\u0007',
];

/**
 * Short chunks that each stop the parser or the compiler at one of its diagnostics:
 * ambiguous calls, assignments to what is not a variable, misplaced `break`, `continue`,
 * `...` and `return`, attributes, generic lists and defaults in the wrong order, type packs
 * where a type goes, unions mixed with intersections, a statement that is an expression.
 */
const broken = [
  'local f = print\nf\n(1)',
  'local function a.b() end',
  'local t = {} t.a:b = 1',
  'local x, f = 1 x, f() = 1, 2',
  '(1) = 2',
  'break',
  'continue',
  'local function f() return ... end',
  'return 1 local x = 2',
  'if true then else elseif true then end',
  'elseif',
  'local function f() end end',
  'function f(a, ..., b) end',
  'local x: = 1',
  'local 1 = 2',
  'type T<A... , B> = A',
  'type T<A = number, B> = A',
  'local function f<T = number>() end',
  'type T = (number) ->',
  'local x: {[number]} = {}',
  'type T = typeof',
  'type T = number & string | nil',
  'type T<A...> = A',
  'type T = ...number',
  'local x: ...number = 1',
  'goto x',
  '::label::',
  'local x <const> = 1',
  'local x <close> = 1',
  'x',
  'a.b',
  'f() + 1',
  'a:b',
  'a:b.c()',
  'return f{1}{2}"x"[[y]]:z',
  'for i = 1 do end',
  'for a, b = 1, 2 do end',
  'for i in do end',
  'repeat local x = 1',
  'while true do',
  'function f() return 1',
  '@native local x = 1',
  '@native',
  '@unknownattr function f() end',
  'export type',
  'local type T = number',
  'local function f(x: number = 1) end',
  'return if true then 1',
  'return if true then 1 elseif 2',
  'return `a{`',
  'return f<<>>()',
  'return f<<number',
  'local a = 1 a<<number>>()',
  'local x = {[1] 2}',
  'local x = #',
  'return not',
  'return 1 +',
  'return (1',
  'return a.',
  'return a[1',
  'return "a" "b"',
  'local function f(self.x) end',
  'function a.b.c:d.e() end',
  'function a:b:c() end',
  'return function() end()',
  'local a.b = 1',
  'a, b',
  'local x = 1 x ..= ',
  'type T = {x: number, x: string}',
  'type T = {read: number, read x: number, write read y: string}',
  'type T = <A>() -> A<number>',
  'type T = () -> ()?',
  'local x = y :: ',
];

/** Locals a function may hold and registers one expression may take (Luau's limits). */
const LOCALS = 201;
const REGISTERS = 256;

/**
 * A chunk that exceeds one of the compiler's limits at every optimization level: more than 200
 * locals in a function (their values come from `...`, which the optimizer does not fold away),
 * more than 255 registers in one call, more than 200 upvalues in one function, or an
 * expression nested deeper than the parser allows. Each a few kilobytes at most.
 */
function overLimit(c: Choices): string {
  switch (c.int(4)) {
    case 0:
      return 'local ' + Array.from({ length: LOCALS }, (_, i) => `l${i}`).join(', ') + ' = ...';
    case 1:
      return 'return select(1, ' + Array.from({ length: REGISTERS }, () => '...').join(', ') + ')';
    case 2: {
      // 120 locals in each of two functions, all read by a third.
      const outer = Array.from({ length: 120 }, (_, i) => `o${i}`);
      const inner = Array.from({ length: 120 }, (_, i) => `n${i}`);
      return [
        `local ${outer.join(', ')} = ...`,
        'return function(...)',
        `local ${inner.join(', ')} = ...`,
        `return function() return ${[...outer, ...inner].join(' + ')} end`,
        'end',
      ].join('\n');
    }
    default: {
      const depth = c.pick([150, 250, 400]);
      return 'return ' + '('.repeat(depth) + '1' + ')'.repeat(depth);
    }
  }
}

/**
 * How a chunk's text is made faulty, drawn before its tokens are (so that a record used up by
 * a long chunk still gives every kind of fault): a {@link broken} chunk, a chunk over a
 * compiler limit, or a valid chunk's tokens with one token deleted, inserted (one of
 * {@link irritants}), replaced or repeated, at a position given in thousandths of its length.
 *
 * @example
 * ```ts
 * const fault = drawFault(c);
 * faultyText(fault, tokens);
 * ```
 */
export type Fault =
  | { readonly kind: 'broken' | 'limit'; readonly text: string }
  | {
      readonly kind: 'delete' | 'insert' | 'replace' | 'repeat';
      readonly at: number;
      readonly token: string;
      readonly count: number;
    };

/**
 * Draws a {@link Fault}.
 *
 * @example
 * ```ts
 * drawFault(c).kind; // 'insert'
 * ```
 */
export function drawFault(c: Choices): Fault {
  switch (c.int(8)) {
    case 0:
      return { kind: 'broken', text: c.pick(broken) };
    case 1:
      return { kind: 'limit', text: overLimit(c) };
    default:
      return {
        kind: c.pick(['delete', 'insert', 'replace', 'repeat'] as const),
        at: c.int(1000),
        token: c.pick(irritants),
        count: 1 + c.int(3),
      };
  }
}

/**
 * Chunk text that Luau refuses (or, where a change to a valid chunk left one valid, accepts):
 * the parser's and the compiler's first diagnostic is what the program prints.
 *
 * @example
 * ```ts
 * faultyText(drawFault(c), ['local', 'x', '=', '1']); // ['local', 'x', '1'], ['(1) = 2'], ...
 * ```
 */
export function faultyText(fault: Fault, tokens: readonly string[]): string[] {
  switch (fault.kind) {
    case 'broken':
    case 'limit':
      return [fault.text];
    case 'delete':
    case 'insert':
    case 'replace':
    case 'repeat': {
      const out = [...tokens];
      const at = Math.floor((fault.at * (out.length + 1)) / 1000);
      if (fault.kind === 'delete') out.splice(at, 1);
      else if (fault.kind === 'insert') out.splice(at, 0, fault.token);
      else if (fault.kind === 'replace') out.splice(at, 1, fault.token);
      else out.splice(at, 0, ...out.slice(at, at + fault.count));
      return out;
    }
  }
}
