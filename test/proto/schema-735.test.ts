import { toJson } from '@bufbuild/protobuf';
import type { DescMessage } from '@bufbuild/protobuf';
import { DescriptorProtoSchema } from '@bufbuild/protobuf/wkt';
import { describe, expect, it } from 'vitest';
import { grammar715, grammar735 } from '../../src/tree/index.js';

type File = typeof grammar715.file;

/** Every message (nested ones by their dotted name) of a schema. */
function messages(file: File): Map<string, DescMessage> {
  const out = new Map<string, DescMessage>();
  const add = (list: readonly DescMessage[]) => {
    for (const m of list) {
      out.set(m.typeName.slice('luau.'.length), m);
      add(m.nestedMessages);
    }
  };
  add(file.messages);
  return out;
}

/** A field as Luau's `fuzz/luau.proto` writes it: `optional bool is_const = 4 [default = false]`. */
function fieldLines(m: DescMessage): string[] {
  return m.fields.map((f) => {
    const p = f.proto;
    const label = ['', 'optional', 'required', 'repeated'][p.label]!;
    const type = p.typeName === '' ? `type${p.type}` : p.typeName;
    const oneof = f.oneof === undefined ? '' : ` oneof ${f.oneof.name}`;
    const dflt = p.defaultValue === '' ? '' : ` [default = ${p.defaultValue}]`;
    return `${label} ${type} ${p.name} = ${p.number}${dflt}${oneof}`;
  });
}

describe('proto/luau-735.proto', () => {
  const old = messages(grammar715.file);
  const now = messages(grammar735.file);

  it('keeps every message of the seed that 0.735 did not change, field for field', () => {
    for (const [name, m] of old) {
      if (name === 'ExprCall') continue;
      const lines = fieldLines(now.get(name)!);
      expect(lines.slice(0, m.fields.length), name).toEqual(fieldLines(m));
      expect(toJson(DescriptorProtoSchema, now.get(name)!.proto).enumType, name).toEqual(
        toJson(DescriptorProtoSchema, m.proto).enumType,
      );
    }
  });

  it("adds what Luau 0.735's fuzz/luau.proto adds: 74 messages against 66", () => {
    const topLevel = (f: File) => f.messages.length;
    expect(grammar735.file.proto.package).toBe('luau');
    expect([topLevel(grammar715.file), topLevel(grammar735.file)]).toEqual([66, 74]);
    // The fields each message gains (all of them for a new message), as Luau writes them.
    const added: Record<string, string[]> = {
      Expr: [
        'optional .luau.ExprBuiltinRef builtin_ref = 19 oneof expr_oneof',
        'optional .luau.ExprClassInst classinst = 20 oneof expr_oneof',
      ],
      ExprPrefix: [
        'optional .luau.ExprBuiltinRef builtin_ref = 7 oneof expr_oneof',
        'optional .luau.ExprClassInst classinst = 8 oneof expr_oneof',
      ],
      Stat: ['optional .luau.StatClass class = 19 oneof stat_oneof'],
      StatLocal: [
        'optional type8 is_const = 4 [default = false]',
        'optional type8 is_exported = 5 [default = false]',
      ],
      StatLocalFunction: [
        'optional type8 is_const = 3 [default = false]',
        'optional type8 is_exported = 4 [default = false]',
      ],
      StatClass: [
        'required .luau.Local name = 1',
        'repeated .luau.ClassProp props = 2',
        'repeated .luau.ClassMethod methods = 3',
        'required .luau.ExprClassInst inst = 4',
        'required .luau.Local local = 5',
        'optional type8 is_exported = 6 [default = false]',
        'optional type5 extends = 7',
        'required type8 is_open = 8',
      ],
      ClassMethod: [
        'optional .luau.Modifier access = 1',
        'optional .luau.Name name = 2 oneof name_oneof',
        'optional .luau.ClassMetamethodName metamethod = 3 oneof name_oneof',
        'required .luau.ExprFunction func = 4',
      ],
      ExprClassInst: [
        'required type5 index = 1',
        'required .luau.Expr firstArg = 2',
        'repeated .luau.Expr otherArgs = 3',
      ],
      ExprBuiltinRef: [
        'required .luau.ExprBuiltinRef.Library library = 1',
        'required type5 method = 2',
      ],
    };
    for (const [name, lines] of Object.entries(added))
      expect(fieldLines(now.get(name)!).slice(old.get(name)?.fields.length ?? 0), name).toEqual(
        lines,
      );
    expect(fieldLines(now.get('ExprCall')!)).toEqual([
      'optional .luau.ParenCall paren = 1 oneof call_oneof',
      'optional .luau.ParenlessCall parenless = 2 oneof call_oneof',
    ]);
    // The seed's ExprCall, renamed.
    expect(fieldLines(now.get('ParenCall')!)).toEqual(fieldLines(old.get('ExprCall')!));
  });
});
