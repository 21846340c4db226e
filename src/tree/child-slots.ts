import type { DescField, DescMessage } from '@bufbuild/protobuf';

/** Where a message's children are: its message fields, lists of messages and oneofs, in field order. */
export type ChildSlot =
  | { readonly kind: 'field'; readonly field: DescField & { message: DescMessage } }
  | { readonly kind: 'list'; readonly field: DescField & { message: DescMessage } }
  | {
      readonly kind: 'oneof';
      readonly localName: string;
      /** The message members of the oneof by case name. */
      readonly members: ReadonlyMap<string, DescField & { message: DescMessage }>;
    };

const slotsOf = new WeakMap<DescMessage, readonly ChildSlot[]>();

/**
 * The child slots of a message kind, worked out once per descriptor: its message fields, lists
 * of messages and oneofs with a message member, in field order.
 *
 * @example
 * ```ts
 * childSlots(StatIfSchema).map((s) => s.kind); // ["field", "field", "oneof"]: cond, then, else
 * ```
 */
export function childSlots(desc: DescMessage): readonly ChildSlot[] {
  let slots = slotsOf.get(desc);
  if (slots !== undefined) return slots;
  const out: ChildSlot[] = [];
  const seen = new Set<string>();
  for (const field of desc.fields) {
    if (field.oneof !== undefined) {
      // A oneof's fields are declared together: its one child sits where its first field is.
      if (seen.has(field.oneof.localName)) continue;
      seen.add(field.oneof.localName);
      const members = new Map<string, DescField & { message: DescMessage }>();
      for (const f of field.oneof.fields) {
        if (f.message !== undefined)
          members.set(f.localName, f as DescField & { message: DescMessage });
      }
      if (members.size > 0) out.push({ kind: 'oneof', localName: field.oneof.localName, members });
    } else if (field.fieldKind === 'message') {
      out.push({ kind: 'field', field });
    } else if (field.fieldKind === 'list' && field.listKind === 'message') {
      out.push({ kind: 'list', field });
    }
  }
  slots = out;
  slotsOf.set(desc, slots);
  return slots;
}
