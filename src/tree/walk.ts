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
  const stack: TreeNode[] = [
    { desc, message, depth: 1, parent: undefined, field: undefined, index: undefined },
  ];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    visit(node);
    const fields = node.message as unknown as Fields;
    const children: TreeNode[] = [];
    for (const field of node.desc.fields) {
      const push = (child: unknown, index: number | undefined) => {
        if (field.message === undefined) return;
        children.push({
          desc: field.message,
          message: child as Message,
          depth: node.depth + 1,
          parent: node,
          field,
          index,
        });
      };
      if (field.oneof !== undefined) {
        const oneof = fields[field.oneof.localName] as { case?: string; value?: unknown };
        if (oneof.case === field.localName) push(oneof.value, undefined);
      } else if (field.fieldKind === 'message') {
        const value = fields[field.localName];
        if (value !== undefined) push(value, undefined);
      } else if (field.fieldKind === 'list' && field.listKind === 'message') {
        (fields[field.localName] as unknown[]).forEach((v, i) => push(v, i));
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
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
