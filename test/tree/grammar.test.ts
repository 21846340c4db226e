import { equals, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { needsShared } from '../helpers/shared.js';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { printCompat } from '../../src/print/index.js';
import {
  convertGrammar,
  decodeGrammarTree,
  decodeTree,
  encodeTree,
  grammar715,
  grammar735,
  parseGrammar,
  TreeError,
  type GrammarTree,
} from '../../src/tree/index.js';
import { compatVectors, haveVectors735, type CompatVector } from '../helpers/vectors.js';

const vectors715 = compatVectors();
const vectors735 = haveVectors735 ? compatVectors('compat-vectors-735.jsonl') : [];
const bytes = (v: CompatVector) => Buffer.from(v.binpb_base64, 'base64');
const text = new TextEncoder();
const prologue = 'open class _ end\n';

describe('grammars', () => {
  it('are named by their release', () => {
    expect(parseGrammar('715')).toBe(grammar715);
    expect(parseGrammar('0.735')).toBe(grammar735);
    expect(parseGrammar('736')).toBeUndefined();
    expect([grammar715.has('StatClass'), grammar735.has('StatClass')]).toEqual([false, true]);
    expect(grammar735.has('ParenlessCall') && grammar735.has('ExprCall')).toBe(true);
    expect(grammar735.flags).toContain('DebugLuauUserDefinedClasses=true');
  });
});

describe.runIf(haveVectors735)('the codecs of grammar 735', needsShared, () => {
  it.each(vectors735.map((v) => [v.id, v] as const))(
    'round-trip vector %s between text format, binary and JSON',
    (_id, v) => {
      const schema = grammar735.moduleSet;
      const fromText = decodeTree(schema, text.encode(v.textproto), 'textproto');
      expect(Buffer.from(toBinary(schema, fromText)).equals(bytes(v))).toBe(true);
      const fromBinary = decodeTree(schema, bytes(v), 'binpb');
      expect(equals(schema, fromBinary, fromText)).toBe(true);
      const viaJson = decodeTree(schema, encodeTree(schema, fromBinary, 'json'), 'json');
      expect(equals(schema, viaJson, fromBinary)).toBe(true);
    },
  );
});

describe.runIf(haveVectors735)('decodeGrammarTree', needsShared, () => {
  it('reads every vector as its grammar, and a tree of the other one as an error naming it', () => {
    const cases = [
      ...vectors715.map((v) => [v, grammar715, grammar735] as const),
      ...vectors735.map((v) => [v, grammar735, grammar715] as const),
    ];
    let refused = 0;
    for (const [v, own, other] of cases) {
      for (const [data, format] of [
        [bytes(v), 'binpb'],
        [text.encode(v.textproto), 'textproto'],
      ] as const) {
        expect(decodeGrammarTree(data, format, { grammar: own }).grammar, v.id).toBe(own);
        try {
          const read = decodeGrammarTree(data, format, { grammar: other, source: v.id });
          // Only a tree that means the same in both reads as the other grammar.
          expect(read.grammar).toBe(other);
          expect(Buffer.from(toBinary(other.moduleSet, read.tree)).equals(bytes(v)), v.id).toBe(
            true,
          );
        } catch (e) {
          expect(e).toBeInstanceOf(TreeError);
          expect((e as Error).message).toContain(`reads as a tree of grammar ${own.name}`);
          refused++;
        }
      }
    }
    // Most trees of either grammar hold a call, whose shape differs.
    expect(refused).toBeGreaterThan(cases.length);
  });

  it('finds the grammar of a tree when none is asked for, the seed when it reads as both', () => {
    let detected = 0;
    for (const v of vectors735) {
      const found = decodeGrammarTree(bytes(v), 'binpb');
      if (found.grammar === grammar735) {
        detected++;
        continue;
      }
      // Read as the seed's only when it means the same: the same tree, once taken up.
      const asOwn = decodeTree(grammar735.moduleSet, bytes(v), 'binpb');
      const up = convertGrammar(found, grammar735).tree as typeof asOwn;
      expect(equals(grammar735.moduleSet, asOwn, up), v.id).toBe(true);
    }
    expect(detected).toBeGreaterThan(200);
  });
});

describe.runIf(haveVectors735)('convertGrammar', needsShared, () => {
  it('takes every 715 tree up and back byte for byte, printed as the 0.735 reference prints it', () => {
    for (const v of vectors715) {
      const tree: GrammarTree = {
        grammar: grammar715,
        tree: decodeTree(grammar715.moduleSet, bytes(v), 'binpb'),
      };
      const up = convertGrammar(tree, grammar735);
      expect(up.grammar).toBe(grammar735);
      // 0.735's reference printer prints a call as 715's does, after its prologue.
      expect(printCompat(up.tree, { grammar: grammar735 }), v.id).toEqual(
        v.types.map((s) => prologue + s),
      );
      const down = convertGrammar(up, grammar715);
      expect(
        Buffer.from(toBinary(grammar715.moduleSet, down.tree as ModuleSet)).equals(bytes(v)),
        v.id,
      ).toBe(true);
    }
  });

  it('takes a 735 tree down when it has no new node, and names the first new node otherwise', () => {
    const refusals = new Set<string>();
    let converted = 0;
    for (const v of vectors735) {
      const tree: GrammarTree = {
        grammar: grammar735,
        tree: decodeTree(grammar735.moduleSet, bytes(v), 'binpb'),
      };
      try {
        const down = convertGrammar(tree, grammar715, v.id);
        expect(
          printCompat(down.tree).map((s) => prologue + s),
          v.id,
        ).toEqual(v.types);
        converted++;
      } catch (e) {
        expect(e).toBeInstanceOf(TreeError);
        const m =
          /^\S+: \S+ is (?:.*\((\w+)\), which grammar 715 does not have|an (ExprCall) with neither)/.exec(
            (e as Error).message,
          );
        expect(m, (e as Error).message).not.toBeNull();
        refusals.add(m![1] ?? m![2]!);
      }
    }
    expect(converted).toBeGreaterThan(100);
    expect([...refusals].sort()).toEqual([
      'ExprBuiltinRef',
      'ExprCall',
      'ExprClassInst',
      'ParenlessCall',
      'StatClass',
      'is_const',
      'is_exported',
    ]);
  });
});
