import { fromBinary } from '@bufbuild/protobuf';
import { fromText } from '@bufbuild/protobuf/txtpb';
import { describe, expect, it } from 'vitest';
import { printPretty } from '../../src/print/index.js';
import { grammar735 } from '../../src/tree/index.js';
import { compileErrors735 as compileErrors, haveCompiler735 } from '../helpers/luau-compile-735.js';
import { needsShared } from '../helpers/shared.js';
import { compatVectors, haveVectors735 } from '../helpers/vectors.js';

const pretty = (textproto: string): string =>
  printPretty(fromText(grammar735.moduleSet, textproto), { grammar: grammar735 }).at(-1)!;

describe.runIf(haveVectors735 && haveCompiler735)('printPretty, grammar 735', needsShared, () => {
  const vectors = compatVectors('compat-vectors-735.jsonl');

  it('prints every reference tree so that Luau 0.735 with the class flags compiles it', () => {
    const sources = new Map<string, string>();
    for (const v of vectors) {
      const tree = fromBinary(grammar735.moduleSet, Buffer.from(v.binpb_base64, 'base64'));
      for (const types of [true, false]) {
        const printed = printPretty(tree, { grammar: grammar735, types });
        printed.forEach((text, i) => sources.set(`${v.id}-${types}-${i}.luau`, text));
        // The text format reads as the same tree.
        const again = fromText(grammar735.moduleSet, v.textproto);
        expect(printPretty(again, { grammar: grammar735, types }), v.id).toEqual(printed);
      }
    }
    const all = [...sources.values()].join('\n');
    // The trees hold what 0.735 added, so the check is of that.
    for (const added of [/^(export )?(open )?class C0/m, /\bconst /, /^export /m, /\w "/, /math\./])
      expect(all).toMatch(added);
    expect(compileErrors(sources)).toEqual([]);
  });

  it('writes const only where every name has its value and nothing assigns it later', () => {
    expect(
      pretty('program { body { local { vars { name: 1 } values { nil {} } is_const: true } } }'),
    ).toBe('const l1 = nil\n');
    const reassigned = `program {
      body { local { vars { name: 1 } values { nil {} } is_const: true } }
      body { assign { vars { local { var { name: 1 } } } values { nil {} } } }
    }`;
    expect(pretty(reassigned)).toBe('local l1 = nil\nl1 = nil\n');
    expect(pretty('program { body { local { vars { name: 1 } is_const: true } } }')).toBe(
      'local l1\n',
    );
  });

  it('exports only in the source block of a source that does not return, each name once', () => {
    const local = 'local { vars { name: 1 } values { nil {} } is_exported: true }';
    expect(pretty(`program { body { ${local} } body { ${local} } }`)).toBe(
      'export local l1 = nil\nlocal l1 = nil\n',
    );
    expect(pretty(`program { body { block { body { ${local} } } } }`)).toBe(
      'do\n    local l1 = nil\nend\n',
    );
    expect(pretty(`program { body { ${local} } body { return {} } }`)).toBe(
      'local l1 = nil\nreturn\n',
    );
  });

  it('declares classes in the source block only, with members that are names, once each', () => {
    const cls = `class {
      name { name: 7 } local { name: 2 } is_open: true
      inst { index: 0 firstArg { nil {} } }
      props { name { builtin: 2 } } props { name { custom: 1 } } props { name { custom: 1 } }
      methods { name { builtin: 8 } func { vararg: false body {} } }
    }`;
    expect(pretty(`program { body { ${cls} } body { block { body { ${cls} } } } }`)).toBe(
      'open class C0\n    public p__add\n    public n1\n    function m__index()\n    end\nend\n' +
        'l2 = C0.new { p__add = nil, n1 = nil }\ndo\nend\n',
    );
  });

  it('prints a method without a name as the constructor, whose first parameter is self', () => {
    const cls = (args: string) => `class {
      name { name: 7 } local { name: 2 } is_open: false
      inst { index: 0 firstArg { nil {} } }
      props { name { custom: 1 } }
      methods { func { ${args} vararg: false body { body { assign {
        vars { index_name { expr { local { var { name: 3 } } } index { custom: 1 } } }
        values { local { var { name: 4 } } } } } } } }
    }`;
    expect(pretty(`program { body { ${cls('args { name: 3 } args { name: 4 }')} } }`)).toBe(
      'class C0\n    public n1\n    function __init(self, l4)\n        local l3 = self;\n' +
        '        l3.n1 = l4\n    end\nend\nl2 = C0.new { n1 = nil }\n',
    );
    // No parameter of its own: `self` alone.
    expect(pretty(`program { body { ${cls('')} } }`)).toContain('function __init(self)\n');
  });
});
