import type { DescField, DescMessage, Message } from '@bufbuild/protobuf';

/** One message met while walking a tree. */
export interface TreeNode {
  /** The descriptor of the message. */
  readonly desc: DescMessage;
  /** The message itself. */
  readonly message: Message;
  /** 1 for the root, its children 2, and so on. */
  readonly depth: number;
  /** The node that holds this one, `undefined` for the root. */
  readonly parent: TreeNode | undefined;
  /** The field of `parent` that holds this node (with its list index), `undefined` for the root. */
  readonly field: DescField | undefined;
  readonly index: number | undefined;
}

type Fields = Record<string, unknown>;

/** Where a message's children are: its message fields, lists of messages and oneofs, in field order. */
type ChildSlot =
  | { readonly kind: 'field'; readonly field: DescField & { message: DescMessage } }
  | { readonly kind: 'list'; readonly field: DescField & { message: DescMessage } }
  | {
      readonly kind: 'oneof';
      readonly localName: string;
      /** The message members of the oneof by case name. */
      readonly members: ReadonlyMap<string, DescField & { message: DescMessage }>;
    };

const slotsOf = new WeakMap<DescMessage, readonly ChildSlot[]>();

/** The child slots of a message kind, worked out once per descriptor. */
function childSlots(desc: DescMessage): readonly ChildSlot[] {
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

/**
 * Visits every message of a tree, parents before children, without recursion, so that a
 * tree of any depth is walked in constant stack space.
 *
 * @example
 * ```ts
 * let n = 0;
 * walkTree(ModuleSetSchema, tree, () => { n++; });
 * ```
 */
export function walkTree(
  desc: DescMessage,
  message: Message,
  visit: (node: TreeNode) => void,
): void {
  // The schema comes first, as in protobuf-es (`toBinary(Schema, message)`).
  if ((desc as { kind?: unknown } | undefined)?.kind !== 'message') {
    throw new TypeError(
      `expected a message descriptor (e.g. ModuleSetSchema) as the first argument, then the tree; got ${describe(desc)}`,
    );
  }
  if (typeof message !== 'object' || message === null || !('$typeName' in message)) {
    throw new TypeError(
      `expected a ${desc.typeName} message as the second argument; got ${describe(message)}`,
    );
  }
  const stack: TreeNode[] = [
    { desc, message, depth: 1, parent: undefined, field: undefined, index: undefined },
  ];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    visit(node);
    const fields = node.message as unknown as Fields;
    const depth = node.depth + 1;
    // Children go on the stack last first, so that they come off it in field order.
    const slots = childSlots(node.desc);
    for (let s = slots.length - 1; s >= 0; s--) {
      const slot = slots[s]!;
      if (slot.kind === 'oneof') {
        const oneof = fields[slot.localName] as { case?: string; value?: unknown };
        const field = oneof.case === undefined ? undefined : slot.members.get(oneof.case);
        if (field !== undefined) {
          const child = oneof.value as Message;
          stack.push({
            desc: field.message,
            message: child,
            depth,
            parent: node,
            field,
            index: undefined,
          });
        }
      } else if (slot.kind === 'field') {
        const value = fields[slot.field.localName];
        if (value !== undefined) {
          const { field } = slot;
          stack.push({
            desc: field.message,
            message: value as Message,
            depth,
            parent: node,
            field,
            index: undefined,
          });
        }
      } else {
        const list = fields[slot.field.localName] as unknown[];
        const { field } = slot;
        for (let i = list.length - 1; i >= 0; i--) {
          stack.push({
            desc: field.message,
            message: list[i] as Message,
            depth,
            parent: node,
            field,
            index: i,
          });
        }
      }
    }
  }
}

/** A short description of a wrong argument. */
function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  const typeName = (value as { $typeName?: unknown }).$typeName;
  return typeof typeName === 'string' ? `a ${typeName} message` : 'an object';
}

/**
 * The path of a node from the root, as protobuf text names it: `program.body[2].if.cond`.
 *
 * @example
 * ```ts
 * walkTree(ModuleSetSchema, tree, (node) => console.log(treePath(node)));
 * ```
 */
export function treePath(node: TreeNode): string {
  const parts: string[] = [];
  for (let n: TreeNode | undefined = node; n?.field !== undefined; n = n.parent) {
    parts.push(n.index === undefined ? n.field.name : `${n.field.name}[${n.index}]`);
  }
  return parts.reverse().join('.');
}
