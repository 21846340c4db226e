import { create } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ExprSchema,
  LocalSchema,
  StatBlockSchema,
  StatSchema,
  StatWhileSchema,
  type Stat,
} from '../../gen/luau_pb.js';
import { caseOf, hoisting, messageOf } from '../../src/arbitrary/index.js';

describe('messageOf', () => {
  it('builds messages that shrink without context, towards smaller values', () => {
    const local = messageOf(LocalSchema, { name: fc.integer({ min: 0, max: 255 }) });
    const value = create(LocalSchema, { name: 200 });
    expect(local.canShrinkWithoutContext(value)).toBe(true);
    const shrunk = [...local.shrink(value, undefined).take(20)].map((v) => v.value.name);
    expect(shrunk.length).toBeGreaterThan(0);
    expect(shrunk.every((n) => n < 200)).toBe(true);
  });

  it('refuses to shrink a message of another type or with a field it does not build', () => {
    const local = messageOf(LocalSchema, { name: fc.integer({ min: 0, max: 10 }) });
    expect(local.canShrinkWithoutContext(create(ExprSchema))).toBe(false);
    expect(local.canShrinkWithoutContext(create(LocalSchema, { name: 99 }))).toBe(false);
  });
});

describe('hoisting', () => {
  it('offers the nested statements of a statement first when shrinking', () => {
    const cond = create(ExprSchema);
    const stat: fc.Arbitrary<Stat> = fc.letrec<{ stat: Stat }>((tie) => ({
      stat: hoisting(
        messageOf(StatSchema, {
          statOneof: fc.oneof(
            { maxDepth: 3, withCrossShrink: true },
            caseOf(
              'block',
              messageOf(StatBlockSchema, { body: fc.array(tie('stat'), { maxLength: 2 }) }),
            ),
            caseOf(
              'while',
              messageOf(StatWhileSchema, {
                cond: fc.constant(cond),
                body: messageOf(StatBlockSchema, { body: fc.array(tie('stat'), { maxLength: 2 }) }),
              }),
            ),
          ),
        }),
        function* (s) {
          const o = s.statOneof;
          const body =
            o.case === 'block' ? o.value.body : o.case === 'while' ? o.value.body?.body : [];
          yield* body ?? [];
        },
      ),
    })).stat;
    const inner = create(StatSchema, {
      statOneof: {
        case: 'while',
        value: create(StatWhileSchema, { cond, body: create(StatBlockSchema) }),
      },
    });
    const outer = create(StatSchema, {
      statOneof: { case: 'block', value: create(StatBlockSchema, { body: [inner] }) },
    });
    const [first] = [...stat.shrink(outer, undefined).take(1)];
    expect(first?.value).toBe(inner);
  });
});
