import { describe, expect, it } from 'vitest';
import { ExprSchema, StatIfSchema, StatLocalSchema } from '../../gen/luau_pb.js';
import { childSlots } from '../../src/tree/child-slots.js';

/** A slot as `kind:name`, with the case names of a oneof's message members. */
const named = (desc: Parameters<typeof childSlots>[0]) =>
  childSlots(desc).map((s) =>
    s.kind === 'oneof'
      ? `oneof:${s.localName}:${[...s.members.keys()].join(',')}`
      : `${s.kind}:${s.field.localName}`,
  );

describe('childSlots', () => {
  it('lists message fields, lists and oneofs in field order', () => {
    expect(named(StatIfSchema)).toEqual([
      'field:cond',
      'field:then',
      expect.stringMatching(/^oneof:elseOneof:/),
    ]);
    expect(named(StatLocalSchema).every((s) => !s.startsWith('oneof'))).toBe(true);
    expect(named(StatLocalSchema).some((s) => s.startsWith('list:'))).toBe(true);
  });

  it('gives a oneof its message members by case name, once', () => {
    const [slot, ...rest] = childSlots(ExprSchema);
    expect(rest).toEqual([]);
    expect(slot?.kind).toBe('oneof');
    if (slot?.kind !== 'oneof') return;
    expect([...slot.members.keys()]).toContain('binary');
    for (const [name, f] of slot.members) expect(f.localName).toBe(name);
  });

  it('is worked out once per kind', () => {
    expect(childSlots(StatIfSchema)).toBe(childSlots(StatIfSchema));
  });
});
