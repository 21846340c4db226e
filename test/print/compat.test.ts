import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ExprUnary_Op, ModuleSetSchema } from '../../gen/luau_pb.js';
import { PrintError, printCompat, printPretty } from '../../src/print/index.js';
import { MAX_TREE_DEPTH, treeStats } from '../../src/tree/index.js';
import { fromText } from '@bufbuild/protobuf/txtpb';
import { group, num, program, ret, un } from './helpers/build.js';

const compat = (textproto: string, types = true): string[] =>
  printCompat(fromText(ModuleSetSchema, textproto), { types });

describe('printCompat', () => {
  it('reproduces the reference quirks of names', () => {
    expect(
      compat(`program {
        body { assign { vars { global { name { builtin: -1 } } } } }
        body { require_into_local { var { name: -1 } modulenum: -1 } }
        body { type_alias { export: false name { index: 257 } generics { index: -1 } genericpacks { index: 25 } type { ref { prefix { name: 511 } } } } }
      }`),
    ).toEqual(['__mul = nil\nlocal l255 = require(module-1)\ntype t1<@,Z...> = l255.any\n']);
  });

  it('adds no parentheses, keeps operator spacing and leaves an else-less if-expression open', () => {
    expect(
      compat(`program { body { return {
        list { binary { op: Mul left { binary { op: Add left { number { val: 1 } } right { number { val: -2 } } } } right { unary { op: Minus expr { number { val: -3 } } } } } }
        list { ifelse { cond { nil {} } then { string { val: "a b\\n" } } } }
      } } }`),
    ).toEqual(['return 1 + -2 * - -3,if nil then "ab"\n']);
  });

  it('prints annotations only when types are on', () => {
    const tree = `program { body { local { vars { name: 1 } types { primitive { kind: 4 } } } } }`;
    expect(compat(tree, true)).toEqual(['local l1:number\n']);
    expect(compat(tree, false)).toEqual(['local l1\n']);
  });

  it('prints the deepest tree that decodes, as pretty mode does', () => {
    let e = num(1);
    for (let i = 0; treeStats(ModuleSetSchema, program(ret(e))).depth < MAX_TREE_DEPTH - 2; i++) {
      e = i % 2 === 0 ? group(e) : un(ExprUnary_Op.Minus, e);
    }
    const tree = fromBinary(ModuleSetSchema, toBinary(ModuleSetSchema, program(ret(e))), {
      recursionLimit: MAX_TREE_DEPTH,
    });
    expect(printCompat(tree)[0]).toMatch(/^return (- \(){200,}1\){200,}\n$/);
    expect(printPretty(tree)[0]).toMatch(/^return (-\(){200,}1\){200,}\n$/);
  });

  it('prints trees built in memory far deeper, and refuses past the JavaScript stack', () => {
    const nested = (depth: number) => {
      let e = num(1);
      for (let i = 0; i < depth; i++) e = group(e);
      return program(ret(e));
    };
    expect(printCompat(nested(3_000))[0]!.length).toBe('return \n'.length + 1 + 2 * 3_000);
    expect(() => printCompat(nested(200_000))).toThrow(PrintError);
  });
});
