import { fromText } from '@bufbuild/protobuf/txtpb';
import { describe, expect, it } from 'vitest';
import { printPretty } from '../../src/print/index.js';
import { grammar735 } from '../../src/tree/index.js';

const pretty = (textproto: string, types = true): string =>
  printPretty(fromText(grammar735.moduleSet, textproto), { grammar: grammar735, types }).at(-1)!;

/** A class with one number prop and a method `n200(l5, l6)`, `types` its parameters' types. */
const withMethod = (types: string) => `program {
  body { local { vars { name: 4 } } }
  body { class {
    name { name: 0 }
    props { name { custom: 0 } type { primitive { kind: 4 } } }
    methods { name { custom: 200 } func {
      args { name: 5 } args { name: 6 } vararg: false
      body { body { return { list { local { var { name: 5 } } } } } }
      ${types}
    } }
    inst { index: 0 firstArg { number { val: 1 } } }
    local { name: 4 }
    is_open: false
  } }
  body { local { vars { name: 7 } values { classinst { index: 0 firstArg { number { val: 2 } } } } types { extern { kind: 0 } } } }
}`;

describe('printPretty, a class written for a checker (grammar 735)', () => {
  it('takes self first in its methods, makes instances through a cast, and is the extern type', () => {
    const typed = withMethod(
      'types { primitive { kind: 0 } } types { extern { kind: 0 } } rettypes { extern { kind: 0 } }',
    );
    expect(pretty(typed)).toBe(
      [
        'local l4',
        'class C0',
        '    public n0: number',
        '    function n200(self, l6: C0): C0',
        '        local l5 = self;',
        '        return l5',
        '    end',
        'end',
        'l4 = (C0 :: any).new { n0 = 1 }',
        'local l7: C0 = (C0 :: any).new { n0 = 2 }',
        '',
      ].join('\n'),
    );
  });

  it('is written as before without annotated methods, or without types', () => {
    const plain = [
      'local l4',
      'class C0',
      '    public n0: number',
      '    function n200(l5, l6)',
      '        return l5',
      '    end',
      'end',
      'l4 = C0.new { n0 = 1 }',
      'local l7: Vector3 = C0.new { n0 = 2 }',
      '',
    ].join('\n');
    expect(pretty(withMethod(''))).toBe(plain);
    const typed = withMethod('types { primitive { kind: 0 } } types { extern { kind: 0 } }');
    expect(pretty(typed, false)).toBe(plain.replace(': number', '').replace(': Vector3', ''));
  });
});
