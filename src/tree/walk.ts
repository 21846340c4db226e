import type { DescField, DescMessage, Message } from '@bufbuild/protobuf';
import { childSlots } from './child-slots.js';

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
