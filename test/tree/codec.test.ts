import { create, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ExprSchema, ModuleSetSchema } from '../../gen/luau_pb.js';
import {
  decodeTree,
  encodeTree,
  MAX_TREE_DEPTH,
  missingRequiredField,
  TreeError,
  treeStats,
} from '../../src/tree/index.js';

const utf8 = new TextEncoder();

function varint(n: number): number[] {
  const out: number[] = [];
  for (; n > 0x7f; n >>>= 7) out.push((n & 0x7f) | 0x80);
  out.push(n);
  return out;
}

/** `return ((((...nil...))))` with `levels` nested groups: two messages per level. */
function deepBinary(levels: number): Uint8Array {
  // Length-delimited headers from the innermost message out, then written outermost first.
  const headers: number[][] = [];
  let size = 2; // Expr { nil {} }
  const wrap = (tag: number) => {
    const header = [tag, ...varint(size)];
    headers.push(header);
    size += header.length;
  };
  for (let i = 0; i < levels; i++) {
    wrap(0x0a); // ExprGroup { expr }
    wrap(0x0a); // Expr { group }
  }
  wrap(0x0a); // StatReturn { list }
  wrap(0x3a); // Stat { return }
  wrap(0x0a); // StatBlock { body }
  wrap(0x12); // ModuleSet { program }
  const out = new Uint8Array(size);
  let at = 0;
  for (let i = headers.length - 1; i >= 0; i--) {
    out.set(headers[i]!, at);
    at += headers[i]!.length;
  }
  out.set([0x12, 0x00], at);
  return out;
}

function decodeError(run: () => unknown): TreeError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(TreeError);
    return e as TreeError;
  }
  throw new Error('expected a TreeError');
}

describe('decodeTree', () => {
  it('names the source and the problem for truncated binary', () => {
    const bytes = toBinary(
      ModuleSetSchema,
      create(ModuleSetSchema, { program: { body: [{ statOneof: { case: 'break', value: {} } }] } }),
    );
    const e = decodeError(() =>
      decodeTree(ModuleSetSchema, bytes.subarray(0, bytes.length - 1), 'binpb', {
        source: 'a.binpb',
      }),
    );
    expect(e.source).toBe('a.binpb');
    expect(e.message).toMatch(/^a\.binpb: not a valid binpb luau\.ModuleSet: /);
  });

  it('rejects malformed text format with the parser message', () => {
    const e = decodeError(() =>
      decodeTree(ModuleSetSchema, utf8.encode('program { bodyy {} }'), 'textproto', {
        source: 't',
      }),
    );
    expect(e.message).toContain('bodyy');
  });

  it('rejects JSON of the wrong type and JSON that does not parse', () => {
    expect(
      decodeError(() =>
        decodeTree(ModuleSetSchema, utf8.encode('{"program": {"body": 3}}'), 'json'),
      ).message,
    ).toMatch(/body/);
    expect(
      decodeError(() => decodeTree(ModuleSetSchema, utf8.encode('{"program": '), 'json')).message,
    ).toMatch(/JSON/);
  });

  it('names the path of a missing required field', () => {
    const text = 'program { body { while { body {} } } }';
    const e = decodeError(() => decodeTree(ModuleSetSchema, utf8.encode(text), 'textproto'));
    expect(e.reason).toBe('required field program.body[0].while.cond is not set');
    const partial = decodeTree(ModuleSetSchema, utf8.encode(text), 'textproto', {
      allowPartial: true,
    });
    expect(missingRequiredField(ModuleSetSchema, partial)).toBe('program.body[0].while.cond');
  });

  it('rejects binary that is not valid UTF-8 in text format', () => {
    expect(() =>
      decodeTree(ModuleSetSchema, Uint8Array.from([0x70, 0xff, 0xfe]), 'textproto'),
    ).toThrow(TreeError);
  });

  it('reads trees up to MAX_TREE_DEPTH in every format', () => {
    const levels = Math.floor((MAX_TREE_DEPTH - 6) / 2);
    const tree = decodeTree(ModuleSetSchema, deepBinary(levels), 'binpb');
    expect(treeStats(ModuleSetSchema, tree).depth).toBe(2 * levels + 6);
    for (const format of ['json', 'textproto'] as const) {
      const again = decodeTree(ModuleSetSchema, encodeTree(ModuleSetSchema, tree, format), format);
      expect(treeStats(ModuleSetSchema, again).depth).toBe(2 * levels + 6);
    }
  });

  it('refuses nesting far deeper than any real tree without exhausting the stack', () => {
    const e = decodeError(() => decodeTree(ModuleSetSchema, deepBinary(100_000), 'binpb'));
    expect(e.reason).toMatch(/recursion|depth|nest/i);
    const deepText = 'program { body { return { list { ' + 'group { expr { '.repeat(50_000);
    expect(() => decodeTree(ModuleSetSchema, utf8.encode(deepText), 'textproto')).toThrow(
      TreeError,
    );
    const deepJson = '{"program":{"body":[{"return":{"list":[' + '{"group":{"expr":'.repeat(50_000);
    expect(() => decodeTree(ModuleSetSchema, utf8.encode(deepJson), 'json')).toThrow(TreeError);
  });

  it('decodes any message type, not only ModuleSet', () => {
    const expr = create(ExprSchema, { exprOneof: { case: 'number', value: { val: -7 } } });
    const back = decodeTree(ExprSchema, encodeTree(ExprSchema, expr, 'textproto'), 'textproto');
    expect(back.exprOneof).toMatchObject({ case: 'number', value: { val: -7 } });
  });
});

describe('encodeTree', () => {
  it('refuses a tree with a missing required field', () => {
    const tree = create(ModuleSetSchema, {});
    expect(() => encodeTree(ModuleSetSchema, tree, 'binpb', { source: 'x.binpb' })).toThrow(
      /x\.binpb: cannot encode as binpb: .*required field/,
    );
  });

  it('writes text format as the C++ TextFormat parser reads it', () => {
    const tree = create(ModuleSetSchema, {
      program: {
        body: [
          {
            statOneof: {
              case: 'local',
              value: { values: [{ exprOneof: { case: 'string', value: { val: 'a"\n\u0001' } } }] },
            },
          },
        ],
      },
    });
    const text = new TextDecoder().decode(encodeTree(ModuleSetSchema, tree, 'textproto'));
    expect(text).toContain('val: "a\\"\\n\\x01"');
    expect(text.endsWith('\n')).toBe(true);
  });
});
