import { create } from '@bufbuild/protobuf';
import { fromText } from '@bufbuild/protobuf/txtpb';
import { afterAll, describe, expect, it } from 'vitest';
import { ExprUnary_Op, ModuleSetSchema, type Expr, type ModuleSet } from '../../gen/luau_pb.js';
import { NESTING_LIMIT, PrintError, printPretty } from '../../src/print/index.js';
import {
  bin,
  bool,
  brk,
  expr,
  call,
  cont,
  global,
  group,
  ifelse,
  int,
  localStat,
  nil,
  num,
  Op,
  program,
  ret,
  str,
  un,
  varargs,
  whileStat,
} from './helpers/build.js';
import { LuauWorker } from './helpers/luau-worker.js';

const luau = new LuauWorker();
afterAll(() => luau.close());

/** The pretty source of a program. */
const pretty = (tree: ModuleSet, options = {}): string => printPretty(tree, options).at(-1)!;
/** The pretty text of one expression (printed as `return <expr>`). */
const show = (e: Expr): string => pretty(program(ret(e))).slice('return '.length, -1);
const text = (textproto: string): ModuleSet => fromText(ModuleSetSchema, textproto);

async function compiles(source: string): Promise<string | undefined> {
  const [result] = await luau.process([source]);
  return result!.error ?? result!.abort;
}

describe('printPretty', () => {
  describe('precedence', () => {
    const [a, b, c] = [global(1), global(2), global(3)];
    it.each([
      ['a + b + c for (a + b) + c', bin(Op.Add, bin(Op.Add, a, b), c), 'n1 + n2 + n3'],
      ['a + (b + c)', bin(Op.Add, a, bin(Op.Add, b, c)), 'n1 + (n2 + n3)'],
      ['(a + b) * c', bin(Op.Mul, bin(Op.Add, a, b), c), '(n1 + n2) * n3'],
      ['a + b * c', bin(Op.Add, a, bin(Op.Mul, b, c)), 'n1 + n2 * n3'],
      ['a ^ b ^ c for a ^ (b ^ c)', bin(Op.Pow, a, bin(Op.Pow, b, c)), 'n1 ^ n2 ^ n3'],
      ['(a ^ b) ^ c', bin(Op.Pow, bin(Op.Pow, a, b), c), '(n1 ^ n2) ^ n3'],
      ['a .. b .. c for a .. (b .. c)', bin(Op.Concat, a, bin(Op.Concat, b, c)), 'n1 .. n2 .. n3'],
      ['(a .. b) .. c', bin(Op.Concat, bin(Op.Concat, a, b), c), '(n1 .. n2) .. n3'],
      ['a or b and c', bin(Op.Or, a, bin(Op.And, b, c)), 'n1 or n2 and n3'],
      ['(a or b) and c', bin(Op.And, bin(Op.Or, a, b), c), '(n1 or n2) and n3'],
      [
        'a < b == c (comparisons chain)',
        bin(Op.CompareEq, bin(Op.CompareLt, a, b), c),
        'n1 < n2 == n3',
      ],
      ['-a ^ b for -(a ^ b)', un(ExprUnary_Op.Minus, bin(Op.Pow, a, b)), '-n1 ^ n2'],
      ['(-a) ^ b', bin(Op.Pow, un(ExprUnary_Op.Minus, a), b), '(-n1) ^ n2'],
      ['(-5) ^ 2 (a negative number is a unary minus)', bin(Op.Pow, num(-5), num(2)), '(-5) ^ 2'],
      ['2 ^ -3', bin(Op.Pow, num(2), num(-3)), '2 ^ -3'],
      ['-(a + b)', un(ExprUnary_Op.Minus, bin(Op.Add, a, b)), '-(n1 + n2)'],
      ['not (a == b)', un(ExprUnary_Op.Not, bin(Op.CompareEq, a, b)), 'not (n1 == n2)'],
      ['not a == b', bin(Op.CompareEq, un(ExprUnary_Op.Not, a), b), 'not n1 == n2'],
      ['#a + 1', bin(Op.Add, un(ExprUnary_Op.Len, a), num(1)), '#n1 + 1'],
      ['a - -1', bin(Op.Sub, a, num(-1)), 'n1 - -1'],
      ['an explicit group', group(bin(Op.Add, a, b)), '(n1 + n2)'],
    ])('prints %s', (_name, e, expected) => {
      expect(show(e)).toBe(expected);
    });

    it('separates a minus from a negative operand so that it is not a comment', () => {
      expect(show(un(ExprUnary_Op.Minus, num(-5)))).toBe('- -5');
      expect(show(un(ExprUnary_Op.Minus, un(ExprUnary_Op.Minus, a)))).toBe('- -n1');
      expect(show(un(ExprUnary_Op.Minus, int(-5n)))).toBe('- -5i');
    });

    it('parenthesises an if-expression used as an operand, whose else would take the rest', () => {
      const e = bin(Op.Add, bin(Op.Mul, a, ifelse(b, num(1), num(2))), c);
      expect(show(e)).toBe('n1 * (if n2 then 1 else 2) + n3');
      expect(show(un(ExprUnary_Op.Not, ifelse(a, b, c)))).toBe('not (if n1 then n2 else n3)');
    });

    it('completes an if-expression without else with else nil', () => {
      expect(show(ifelse(a, b))).toBe('if n1 then n2 else nil');
    });
  });

  describe('literals', () => {
    it('prints numbers, integers, booleans and nil', () => {
      expect(show(num(-2147483648))).toBe('-2147483648');
      expect(show(int(5n))).toBe('5i');
      expect(show(int(-5n))).toBe('-5i');
      expect(show(int(-(2n ** 63n)))).toBe('(-9223372036854775807i - 1i)');
      expect(show(bool(true))).toBe('true');
      expect(show(nil())).toBe('nil');
    });

    it('keeps every byte of a string with Luau escapes', () => {
      expect(show(str('plain text'))).toBe('"plain text"');
      expect(show(str('q"b\\s\n\t\r\x00\x07\x7f1'))).toBe('"q\\"b\\\\s\\n\\t\\r\\0\\a\\x7f1"');
      expect(show(str('é😀'))).toBe('"é😀"');
      expect(show(str('\u2028\u202e\ud800\x1bz'))).toBe('"\\u{2028}\\u{202e}\\xef\\xbf\\xbd\\27z"');
    });

    it('prints multi-line text in long brackets that no ] in it closes early', async () => {
      expect(show(str('a\nb'))).toBe('[[a\nb]]');
      expect(show(str('\nx]]'))).toBe('[=[\n\nx]]]=]');
      expect(show(str('a]\n'))).toBe('[[a]\n]]');
      // Not after `[`, where `[[` would read as the start of one.
      const indexed = pretty(
        text(`program { body { return { list { index_expr {
          expr { global { name { custom: 1 } } } index { string { val: "a\\nb" } } } } } } }`),
      );
      expect(indexed).toBe('return n1[ [[a\nb]]]\n');
      // The bytes read back are the string's.
      const texts = ['a\nb', '\nx]]', 'a]\n', '\t\n\né]=]', 'q"b\\s\n\t\r\x00\x07\x7f1\x1bz\u0085'];
      const results = await luau.process(
        texts.map((t) => `print(string.byte(${show(str(t))}, 1, -1))`),
        true,
      );
      expect(results.map((r) => r.output?.trim())).toEqual(
        texts.map((t) => [...new TextEncoder().encode(t)].join('\t')),
      );
    });

    it('escapes braces and backticks in interpolated strings and never writes {{', () => {
      const interp = (...parts: Expr[]) =>
        create(ModuleSetSchema, {
          program: {
            body: [
              {
                statOneof: {
                  case: 'return',
                  value: { list: [{ exprOneof: { case: 'interpstring', value: { parts } } }] },
                },
              },
            ],
          },
        });
      expect(pretty(interp(str('a{b}`c'), global(1), str('"')))).toBe('return `a\\{b}\\`c{n1}"`\n');
      expect(pretty(interp())).toBe('return ``\n');
      const withTable = pretty(
        interp(global(1), expr({ exprOneof: { case: 'table', value: {} } })),
      );
      expect(withTable).toBe('return `{n1}{ {} }`\n');
      expect(withTable).not.toContain('{{');
    });
  });

  describe('names', () => {
    it('renames reserved words used as globals and methods, and indexes them as fields', () => {
      const tree = text(`program { body { call { expr {
        func { index_name { expr { global { name { builtin: 104 } } } index { builtin: 74 } } }
        self: true
        args { index_name { expr { global { name { builtin: 74 } } } index { builtin: 104 } } }
        args { table { items { key_name { builtin: 104 } value { nil {} } } } }
      } } } }`);
      expect(pretty(tree)).toBe('nil_:function_(function_["nil"], {["nil"] = nil})\n');
    });
  });

  describe('repairs', () => {
    it('prints break and continue outside a loop of the current function as do end', () => {
      const fn = {
        exprOneof: {
          case: 'function' as const,
          value: { vararg: false, body: { body: [brk()] } },
        },
      };
      const tree = program(
        whileStat(bool(true), [localStat([1], [fn as Expr]), cont()]),
        brk(),
        ret(num(1)),
      );
      expect(pretty(tree)).toBe(
        'while true do\n    local l1 = function()\n        do end\n    end\n    continue\nend\ndo end\n',
      );
    });

    it('prints ... outside a vararg function as _', () => {
      const fn = {
        exprOneof: {
          case: 'function' as const,
          value: { vararg: false, body: { body: [ret(varargs())] } },
        },
      } as Expr;
      expect(pretty(program(ret(varargs(), fn)))).toBe(
        'return ..., function()\n    return _\nend\n',
      );
    });

    it('drops the statements after return, break and continue', () => {
      expect(pretty(program(ret(num(1)), ret(num(2))))).toBe('return 1\n');
      expect(pretty(program(whileStat(nil(), [brk(), ret()])))).toBe(
        'while nil do\n    break\nend\n',
      );
    });

    it('separates a statement that starts with ( from the one before with ;', async () => {
      const tree = program(
        call(global(1)),
        call(group(global(2))),
        localStat([1]),
        call(group(global(3))),
      );
      const source = pretty(tree);
      expect(source).toBe('n1();\n(n2)()\nlocal l1;\n(n3)()\n');
      expect(await compiles(source)).toBeUndefined();
    });

    it('renames references of a type function to enclosing locals', async () => {
      const tree = text(`program {
        body { local { vars { name: 1 } values { number { val: 1 } } } }
        body { type_function { export: false name { index: 1 } func { vararg: false
          args { name: 2 }
          body {
            body { local { vars { name: 3 } } }
            body { return { list { local { var { name: 1 } } } list { local { var { name: 2 } } } list { local { var { name: 3 } } } } }
          } } } }
        body { return { list { local { var { name: 1 } } } } }
      }`);
      const source = pretty(tree);
      expect(source).toBe(
        'local l1 = 1\ntype function t1(l2)\n    local l3\n    return outer_l1, l2, l3\nend\nreturn l1\n',
      );
      expect(await compiles(source)).toBeUndefined();
    });

    it('wraps a repeat body in do … end when a continue would skip a local used by until', async () => {
      const tree = text(`program { body { repeat {
        body {
          body { if { cond { global { name { custom: 1 } } } then { body { continue {} } } } }
          body { local { vars { name: 1 } values { number { val: 1 } } } }
        }
        cond { local { var { name: 1 } } }
      } } }`);
      const source = pretty(tree);
      expect(source).toBe(
        'repeat\n    do\n        if n1 then\n            continue\n        end\n        local l1 = 1\n    end\nuntil l1\n',
      );
      expect(await compiles(source)).toBeUndefined();
    });

    it('keeps a repeat body unwrapped when until names only locals declared before the continue', async () => {
      const tree = text(`program { body { repeat {
        body {
          body { local { vars { name: 1 } values { number { val: 1 } } } }
          body { if { cond { global { name { custom: 1 } } } then { body { continue {} } } } }
          body { local { vars { name: 2 } values { number { val: 2 } } } }
        }
        cond { local { var { name: 1 } } }
      } } }`);
      const source = pretty(tree);
      expect(source).toContain('repeat\n    local l1 = 1\n');
      expect(source).not.toContain('do');
      // Luau compiles it: the condition reads l1, declared before the continue.
      expect(await compiles(source)).toBeUndefined();
    });

    it('prints only the attributes Luau accepts, once each, and none before type function', async () => {
      const tree = text(`program {
        body { local_function { var { name: 1 } func { vararg: false body {}
          attributes { type: Native }
          attributes { type: Unknown name { builtin: 118 } }
          attributes { type: Native braced: true }
          attributes { type: Checked }
          attributes { type: Deprecated args { string { val: "use" } } }
        } } }
        body { type_function { export: true name { index: 2 } func { vararg: false body {} attributes { type: Native } } } }
      }`);
      const source = pretty(tree);
      expect(source).toBe(
        '@native @checked @deprecated local function l1()\nend\nexport type function t2()\nend\n',
      );
      expect(await compiles(source)).toBeUndefined();
    });

    it('prints attributes in one braced list when the first is braced', async () => {
      const tree = text(`program {
        body { local_function { var { name: 1 } func { vararg: false body {}
          attributes { type: Checked braced: true }
          attributes { type: Native }
          attributes { type: Checked }
        } } }
      }`);
      const source = pretty(tree);
      expect(source).toBe('@[checked, native] local function l1()\nend\n');
      expect(await compiles(source)).toBeUndefined();
    });

    it('prints the table argument of @deprecated, as {}, in a braced list only', async () => {
      const tree = text(`program {
        body { local_function { var { name: 1 } func { vararg: false body {}
          attributes { type: Deprecated braced: true args { table { items { value { number { val: 1 } } } } } }
          attributes { type: Native }
        } } }
        body { local_function { var { name: 2 } func { vararg: false body {}
          attributes { type: Native braced: true }
          attributes { type: Deprecated args { string { val: "use" } } }
        } } }
        body { local_function { var { name: 3 } func { vararg: false body {}
          attributes { type: Deprecated args { table {} } }
        } } }
      }`);
      const source = pretty(tree);
      expect(source).toBe(
        '@[deprecated {}, native] local function l1()\nend\n' +
          '@[native, deprecated] local function l2()\nend\n' +
          '@deprecated local function l3()\nend\n',
      );
      expect(await compiles(source)).toBeUndefined();
    });

    it('prints function statements whose target is not a function name as assignments', async () => {
      const tree = text(`program {
        body { function { self: true func { vararg: false args { name: 1 } body { body { return { list { global { name { custom: 7 } } } } } } }
          var { index_name { expr { call { func { global { name { custom: 1 } } } self: false } } index { custom: 2 } } } } }
        body { function { self: false func { vararg: true body {} }
          var { index_expr { expr { global { name { custom: 1 } } } index { number { val: 3 } } } } } }
        body { function { self: true func { vararg: false body {} }
          var { index_name { expr { index_name { expr { local { var { name: 4 } } } index { custom: 5 } } } index { custom: 6 } } } } }
      }`);
      const source = pretty(tree);
      expect(source).toBe(
        'n1().n2 = function(self, l1)\n    return n7\nend\n' +
          'n1[3] = function(...)\nend\n' +
          'function l4.n5:n6()\nend\n',
      );
      expect(await compiles(source)).toBeUndefined();
    });
  });

  describe('nesting', () => {
    const nested = (depth: number): ModuleSet => {
      let e = num(1);
      for (let i = 0; i < depth; i++) e = group(e);
      return program(ret(e));
    };

    it('prints trees inside the parser limit, and they compile', async () => {
      const source = pretty(nested(NESTING_LIMIT / 2 - 10));
      expect(source.startsWith('return ((((')).toBe(true);
      expect(await compiles(source)).toBeUndefined();
    });

    it('refuses a tree deeper than the parser limit with a PrintError', () => {
      expect(() => printPretty(nested(NESTING_LIMIT + 1))).toThrow(PrintError);
      expect(() => printPretty(nested(NESTING_LIMIT + 1))).toThrow(
        /nests deeper than Luau's parser accepts/,
      );
    });
  });

  describe('options', () => {
    const tree = text(`program { body { local_function { var { name: 1 } func {
      vararg: false args { name: 2 } types { primitive { kind: 4 } } rettypes { primitive { kind: 6 } }
      body { body { while { cond { local { var { name: 2 } } } body { body { break {} } } } } } } } } }`);

    it('indents with four spaces and prints annotations by default', () => {
      expect(pretty(tree)).toBe(
        'local function l1(l2: number): string\n    while l2 do\n        break\n    end\nend\n',
      );
    });

    it('indents with the given number of spaces or string, and leaves annotations out on request', () => {
      expect(pretty(tree, { indent: 2, types: false })).toBe(
        'local function l1(l2)\n  while l2 do\n    break\n  end\nend\n',
      );
      expect(pretty(tree, { indent: '\t' })).toContain('\n\twhile l2 do\n\t\tbreak\n');
    });

    it('refuses an indentation that is not whitespace', () => {
      expect(() => printPretty(tree, { indent: 'x' })).toThrow(RangeError);
      expect(() => printPretty(tree, { indent: -1 })).toThrow(RangeError);
    });

    it('prints the module first, then the program', () => {
      const both = text(`module { body { return { list { number { val: 1 } } } } }
        program { body { require_into_local { var { name: 3 } modulenum: -1 } } }`);
      expect(printPretty(both)).toEqual(['return 1\n', 'local l3 = require(module1)\n']);
      expect(printPretty(program())).toEqual(['']);
    });
  });
});

describe('printPretty types', () => {
  const luauTypes = new LuauWorker();
  afterAll(() => luauTypes.close());

  it('parenthesises function types and mixed unions and intersections, and compiles', async () => {
    const tree = fromText(
      ModuleSetSchema,
      `program {
        body { type_alias { export: false name { index: 1 } type { union {
          left { function { args { primitive { kind: 4 } } } }
          right { intersection { left { union { left { boolean { val: true } } right { string { val: "a\\"{b" } } } } right { extern { kind: 1 } } } }
        } } } }
        body { type_alias { export: false name { index: 2 } generics { index: 0 } genericpacks { index: 1 } type { function {
          generics { index: 2 } args { literal { name { generic { index: 0 } } } }
          rets { literal { name { regular { index: 1 } } generics { primitive { kind: 6 } } genericpacks { index: 1 } } }
          rets { table {
            items { key { builtin: 104 } type { primitive { kind: 0 } } }
            items { access: Write key { custom: 3 } type { ref { prefix { name: 1 } index { builtin { index: 13 } } } } }
            indexer { access: Read key { primitive { kind: 6 } } value { typeof { expr { varargs {} } } } }
          } }
        } } } }
        body { local_function { var { name: 1 } func { vararg: false body {
          body { local { vars { name: 2 } types { typeof { expr { varargs {} } } } } }
        } } } }
      }`,
    );
    const source = printPretty(tree)[0]!;
    expect(source).toBe(
      'type t1 = ((number) -> ()) | ((true | "a\\"{b") & Instance)\n' +
        'type t2<A, B...> = <C>(A) -> (t1<string, B...>, {["nil"]: any, write n3: l1.keyof, read [string]: typeof(...)})\n' +
        'local function l1()\n    local l2: typeof(_)\nend\n',
    );
    const [result] = await luauTypes.process([source]);
    expect(result).toEqual({});
  });

  it('parenthesises a string singleton indexer key, which ["s"] would read as a property', async () => {
    const tree = fromText(
      ModuleSetSchema,
      `program {
        body { type_alias { export: false name { index: 1 } type { table {
          indexer { access: Read key { string { val: "\\000" } } value { primitive { kind: 0 } } }
        } } } }
        body { type_alias { export: false name { index: 2 } type { table {
          indexer { key { string { val: "a" } } value { primitive { kind: 0 } } }
        } } } }
      }`,
    );
    const source = printPretty(tree)[0]!;
    expect(source).toBe('type t1 = {read [("\\0")]: any}\ntype t2 = {[("a")]: any}\n');
    // Unparenthesised, the first is refused: a property name may not hold \0.
    const [result, plain] = await luauTypes.process([
      source,
      source.replace(/\[\(|\)\]/g, (m) => (m === '[(' ? '[' : ']')),
    ]);
    expect(result).toEqual({});
    expect(plain!.error).toMatch(/malformed escape sequence or \\0/);
  });
});
