import type { DescMessage, Message } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { luauArbitraries } from '../../src/arbitrary/index.js';
import { treePath, walkTree } from '../../src/tree/index.js';

/** The paths a plain recursive walk meets, parents first, children in field order. */
function recursivePaths(desc: DescMessage, message: Message, path: string, out: string[]): void {
  out.push(path);
  const fields = message as unknown as Record<string, unknown>;
  const at = (name: string): string => (path === '' ? name : `${path}.${name}`);
  const done = new Set<string>();
  for (const field of desc.fields) {
    if (field.oneof !== undefined) {
      if (done.has(field.oneof.localName)) continue;
      done.add(field.oneof.localName);
      const o = fields[field.oneof.localName] as { case?: string; value?: unknown };
      const member = field.oneof.fields.find((f) => f.localName === o.case);
      if (member?.message !== undefined)
        recursivePaths(member.message, o.value as Message, at(member.name), out);
    } else if (field.fieldKind === 'message' && fields[field.localName] !== undefined) {
      recursivePaths(field.message, fields[field.localName] as Message, at(field.name), out);
    } else if (field.fieldKind === 'list' && field.listKind === 'message') {
      (fields[field.localName] as Message[]).forEach((m, i) =>
        recursivePaths(field.message, m, at(`${field.name}[${i}]`), out),
      );
    }
  }
}

describe('walkTree', () => {
  it('visits parents before children and children in field order, as a recursive walk does', () => {
    const trees = fc.sample(luauArbitraries({ level: 'syntax' }).moduleSet, {
      seed: 11,
      numRuns: 30,
    });
    for (const tree of trees) {
      const walked: string[] = [];
      const depths: number[] = [];
      walkTree(ModuleSetSchema, tree, (node) => {
        walked.push(treePath(node));
        depths.push(node.depth);
      });
      const expected: string[] = [];
      recursivePaths(ModuleSetSchema, tree, '', expected);
      expect(walked).toEqual(expected);
      expect(depths[0]).toBe(1);
      expect(walked.length).toBeGreaterThan(1);
    }
  });
});
