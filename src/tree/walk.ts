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
  checkWalkArguments(desc, message);
  const stack: TreeNode[] = [
    { desc, message, depth: 1, parent: undefined, field: undefined, index: undefined },
  ];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    visit(node);
    pushChildren(stack, node);
  }
}

/** The schema comes first, as in protobuf-es (`toBinary(Schema, message)`), then the tree. */
function checkWalkArguments(desc: DescMessage, message: Message): void {
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
}

/** Pushes a node's children last first, so that they come off the stack in field order. */
function pushChildren(stack: TreeNode[], node: TreeNode): void {
  const fields = node.message as unknown as Fields;
  const slots = childSlots(node.desc);
  for (let s = slots.length - 1; s >= 0; s--) {
    const slot = slots[s]!;
    if (slot.kind === 'oneof') {
      const oneof = fields[slot.localName] as { case?: string; value?: unknown };
      const field = oneof.case === undefined ? undefined : slot.members.get(oneof.case);
      if (field !== undefined)
        stack.push(childNode(node, field, oneof.value as Message, undefined));
    } else if (slot.kind === 'field') {
      const value = fields[slot.field.localName];
      if (value !== undefined) stack.push(childNode(node, slot.field, value as Message, undefined));
    } else {
      const list = fields[slot.field.localName] as unknown[];
      for (let i = list.length - 1; i >= 0; i--) {
        stack.push(childNode(node, slot.field, list[i] as Message, i));
      }
    }
  }
}

function childNode(
  parent: TreeNode,
  field: DescField & { message: DescMessage },
  message: Message,
  index: number | undefined,
): TreeNode {
  return { desc: field.message, message, depth: parent.depth + 1, parent, field, index };
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
