import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DescField } from '@bufbuild/protobuf';
import { FieldDescriptorProto_Label, FieldDescriptorProto_Type } from '@bufbuild/protobuf/wkt';
import { describe, expect, it } from 'vitest';
import { file_luau } from '../../gen/luau_pb.js';
import { haveShared, needsShared, sharedDir } from '../helpers/shared.js';

/** One field as the seed's tables write it: `req int32 name=1`, `oneof o: a=1 (T)`. */
interface SeedField {
  name: string;
  number: number;
  label: 'req' | 'opt' | 'rep' | 'oneof';
  type: string;
  oneof?: string;
}

interface SeedTables {
  messages: Map<string, SeedField[]>;
  enums: Map<string, Map<string, number>>;
}

function parseSeed(markdown: string): SeedTables {
  const messages = new Map<string, SeedField[]>();
  const enums = new Map<string, Map<string, number>>();
  const values = (text: string) =>
    new Map(
      text.split(',').map((v) => {
        const [k, n] = v.trim().split('=');
        return [k!, Number(n)] as const;
      }),
    );
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length !== 4 || cells[1] === 'Message' || cells[1]!.startsWith('---')) continue;
    const [, head, body] = cells as [string, string, string];
    if (head.startsWith('enum ')) {
      enums.set(head.slice(5), values(body));
      continue;
    }
    const names = head.split(',').map((n) => n.trim());
    const fields: SeedField[] = [];
    for (let part of body.replace(/^each: /, '').split(';')) {
      part = part.trim();
      if (part === 'no fields' || part === 'variadic arguments are not modelled') continue;
      let m = /^(req|opt|rep) (\w+) (\w+)=(\d+)$/.exec(part);
      if (m) {
        fields.push({
          label: m[1] as SeedField['label'],
          type: m[2]!,
          name: m[3]!,
          number: +m[4]!,
        });
        continue;
      }
      m = /^oneof (\w+): (.*)$/.exec(part);
      if (m) {
        for (const member of m[2]!.split(',')) {
          const mm = /^(\w+)=(\d+) \((\w+)\)$/.exec(member.trim());
          if (!mm) throw new Error(`unparsed oneof member '${member}' of ${head}`);
          fields.push({
            label: 'oneof',
            oneof: m[1]!,
            name: mm[1]!,
            number: +mm[2]!,
            type: mm[3]!,
          });
        }
        continue;
      }
      m = /^enum (\w+): (.*)$/.exec(part);
      if (m) {
        for (const name of names) enums.set(`${name}.${m[1]!}`, values(m[2]!));
        continue;
      }
      throw new Error(`unparsed field '${part}' of ${head}`);
    }
    for (const name of names) messages.set(name, fields);
  }
  return { messages, enums };
}

const scalarNames: Partial<Record<FieldDescriptorProto_Type, string>> = {
  [FieldDescriptorProto_Type.INT32]: 'int32',
  [FieldDescriptorProto_Type.INT64]: 'int64',
  [FieldDescriptorProto_Type.BOOL]: 'bool',
  [FieldDescriptorProto_Type.STRING]: 'string',
};

function describeField(field: DescField): SeedField {
  const type =
    field.message?.name ??
    field.enum?.name ??
    scalarNames[field.proto.type] ??
    `?${field.proto.type}`;
  const label =
    field.oneof !== undefined
      ? 'oneof'
      : (
          {
            [FieldDescriptorProto_Label.REQUIRED]: 'req',
            [FieldDescriptorProto_Label.OPTIONAL]: 'opt',
            [FieldDescriptorProto_Label.REPEATED]: 'rep',
          } as const
        )[field.proto.label];
  return {
    label,
    type,
    name: field.name,
    number: field.number,
    ...(field.oneof === undefined ? {} : { oneof: field.oneof.name }),
  };
}

const seed: SeedTables = haveShared
  ? parseSeed(readFileSync(join(sharedDir, 'seeds', 'program-schema.md'), 'utf8'))
  : { messages: new Map(), enums: new Map() };

describe('proto/luau.proto', () => {
  it('is proto2 in package luau', () => {
    expect(file_luau.edition).toBe(998 /* EDITION_PROTO2 */);
    expect(file_luau.proto.package).toBe('luau');
  });
});

describe.skipIf(!haveShared)('proto/luau.proto and the schema tables', needsShared, () => {
  it('has exactly the messages of the schema tables', () => {
    expect(seed.messages.size).toBeGreaterThan(60);
    expect(file_luau.messages.map((m) => m.name).sort()).toEqual([...seed.messages.keys()].sort());
  });

  it.each([...seed.messages.keys()])('declares %s field by field as the schema does', (name) => {
    const message = file_luau.messages.find((m) => m.name === name);
    expect(message, name).toBeDefined();
    const actual = message!.fields.map((f) => describeField(f));
    expect(actual).toEqual(seed.messages.get(name));
  });

  it('has exactly the enums of the schema tables, value by value', () => {
    const actual = new Map<string, Map<string, number>>();
    for (const e of file_luau.enums)
      actual.set(e.name, new Map(e.values.map((v) => [v.name, v.number])));
    for (const m of file_luau.messages) {
      for (const e of m.nestedEnums) {
        actual.set(`${m.name}.${e.name}`, new Map(e.values.map((v) => [v.name, v.number])));
      }
    }
    expect(actual).toEqual(seed.enums);
  });
});
