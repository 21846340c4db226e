import {
  create,
  createRegistry,
  equals,
  toBinary,
  type DescMessage,
  type Message,
} from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema, file_luau, type ModuleSet } from '../../gen/luau_pb.js';
import { luauArbitraries, profileNames } from '../../src/arbitrary/index.js';
import { build } from '../../src/arbitrary/build.js';

const registry = createRegistry(file_luau);

function descOf(message: Message): DescMessage {
  const desc = registry.getMessage(message.$typeName);
  if (desc === undefined) throw new Error(`not a message of the schema: ${message.$typeName}`);
  return desc;
}

function isMessageObject(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && '$typeName' in value;
}

function recreateValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(recreateValue);
  if (isMessageObject(value)) return recreate(value);
  return value;
}

/**
 * The message `create()` makes from the fields `message` has set, its sub-messages made the
 * same way: what the generator built before it made messages without `create()`.
 */
function recreate(message: Message): Message {
  const desc = descOf(message);
  const own = message as unknown as Record<string, unknown>;
  const init: Record<string, unknown> = {};
  for (const member of desc.members) {
    const name = member.localName;
    if (!Object.prototype.hasOwnProperty.call(own, name)) continue;
    const value = own[name];
    if (member.kind === 'oneof') {
      const o = value as { case: string | undefined; value?: unknown };
      init[name] = o.case === undefined ? o : { case: o.case, value: recreateValue(o.value) };
    } else init[name] = recreateValue(value);
  }
  return create(desc, init);
}

/**
 * Where two values differ in what JavaScript can see of them: prototypes, own keys and their
 * order, values. Undefined when they do not.
 */
function difference(a: unknown, b: unknown, path: string): string | undefined {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b) ? undefined : `${path}: ${String(a)} vs ${String(b)}`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: prototype`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join() !== kb.join()) return `${path}: keys ${ka.join()} vs ${kb.join()}`;
  for (const k of ka) {
    const d = difference(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      `${path}.${k}`,
    );
    if (d !== undefined) return d;
  }
  return undefined;
}

const levels = ['runnable', 'typed'] as const;

describe('build', () => {
  it('shares the leaves trees repeat, frozen, so that no tree can change another', () => {
    expect(build.local(3)).toBe(build.local(3));
    expect(build.global('math')).toBe(build.global('math'));
    expect(build.number(-7)).toBe(build.number(-7));
    expect(build.number(1 << 20)).not.toBe(build.number(1 << 20));
    const ref = build.local(5);
    expect(() => {
      (ref.exprOneof as { value: unknown }).value = build.nil().exprOneof.value;
    }).toThrow(TypeError);
    const v = ref.exprOneof.case === 'local' ? ref.exprOneof.value.var : undefined;
    expect(() => Object.assign(v!, { name: 6 })).toThrow(TypeError);
    expect(build.local(5)).toEqual(build.local(5));
    expect(v?.name).toBe(5);
  });

  for (const level of levels) {
    for (const profile of profileNames) {
      it(`makes the messages create() makes (${level}, ${profile})`, () => {
        const trees: ModuleSet[] = fc.sample(luauArbitraries({ level, profile }).moduleSet, {
          seed: 7,
          numRuns: 40,
        });
        let messages = 0;
        for (const tree of trees) {
          const again = recreate(tree) as ModuleSet;
          expect(difference(tree, again, 'tree')).toBeUndefined();
          expect(equals(ModuleSetSchema, tree, again)).toBe(true);
          expect(toBinary(ModuleSetSchema, tree)).toEqual(toBinary(ModuleSetSchema, again));
          // Integer literals are int64 fields, bigints to JSON.
          const json = JSON.stringify(tree, (_, v: unknown) =>
            typeof v === 'bigint' ? v.toString() : v,
          );
          messages += json.split('"$typeName"').length - 1;
        }
        // The comparison covered real programs, not empty ones.
        expect(messages).toBeGreaterThan(trees.length * 100);
      });
    }
  }
});
