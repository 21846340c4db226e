import { clone, type DescMessage, type Message } from '@bufbuild/protobuf';
import type fc from 'fast-check';
import { ModuleSetSchema, type ModuleSet } from '../../gen/luau_pb.js';
import { missingRequiredField, walkTree, type TreeNode } from '../tree/index.js';
import { copyMessage } from './copy-message.js';

/**
 * The mutations of libprotobuf-mutator on a tree: `replace` a subtree with a fresh one of the
 * same message kind, `copy` a subtree of the same kind from another tree over one, `delete` a
 * repeated element or an optional field.
 */
export type TreeMutation = 'replace' | 'copy' | 'delete';

/** The tree mutations, in a stable order. */
export const treeMutations: readonly TreeMutation[] = ['replace', 'copy', 'delete'];

/** Options of {@link mutateTree}. */
export interface MutateTreeOptions {
  /** A fresh message of a kind, or undefined when there is none to give. */
  readonly fresh: (desc: DescMessage, random: fc.Random) => Message | undefined;
  /** Trees a `copy` takes subtrees from. Default: the tree itself. */
  readonly donors?: readonly ModuleSet[] | undefined;
  /**
   * Makes the mutated tree valid at the level again (re-resolves scopes), or throws when it
   * cannot. Default: the tree as it is, refused when a required field is missing.
   */
  readonly revalidate?: ((tree: ModuleSet) => ModuleSet) | undefined;
}

type Fields = Record<string, unknown>;

/** Puts `value` where `node` is in its parent (or removes it, for `undefined`). */
function place(node: TreeNode, value: Message | undefined): void {
  const parent = node.parent!.message as unknown as Fields;
  const field = node.field!;
  if (node.index !== undefined) {
    const list = parent[field.localName] as unknown[];
    if (value === undefined) list.splice(node.index, 1);
    else list[node.index] = value;
  } else if (field.oneof !== undefined) {
    parent[field.oneof.localName] =
      value === undefined ? { case: undefined } : { case: field.localName, value };
  } else {
    parent[field.localName] = value;
  }
}

/**
 * The subtrees of a tree of the kind of `desc`.
 *
 * @example
 * ```ts
 * subtreesOfKind(tree, ExprSchema).length; // the expressions of the tree
 * ```
 */
export function subtreesOfKind(tree: ModuleSet, desc: DescMessage): Message[] {
  return nodesOf(tree)
    .filter((n) => n.desc.typeName === desc.typeName)
    .map((n) => n.message);
}

function nodesOf(tree: ModuleSet): TreeNode[] {
  const nodes: TreeNode[] = [];
  walkTree(ModuleSetSchema, tree, (n) => {
    if (n.parent !== undefined) nodes.push(n);
  });
  return nodes;
}

/**
 * One libprotobuf-mutator mutation of a tree, through protobuf-es reflection, on a copy:
 * returns the mutated tree made valid again by `revalidate`, or `undefined` when the mutation
 * did not apply (no subtree of that kind to copy) or left a tree that is not valid (a
 * required field deleted, or what `revalidate` refused): the caller counts those as discarded.
 *
 * @example
 * ```ts
 * const out = mutateTree(tree, random, { fresh: (desc, r) => freshOf(desc, r) });
 * if (out === undefined) discarded++;
 * ```
 */
export function mutateTree(
  tree: ModuleSet,
  random: fc.Random,
  options: MutateTreeOptions,
): { tree: ModuleSet; mutation: TreeMutation } | { tree: undefined; mutation: TreeMutation } {
  const mutation = treeMutations[random.nextInt(0, treeMutations.length - 1)]!;
  const copy = clone(ModuleSetSchema, tree);
  const nodes = nodesOf(copy);
  if (nodes.length === 0) return { tree: undefined, mutation };
  const node = nodes[random.nextInt(0, nodes.length - 1)]!;
  switch (mutation) {
    case 'replace': {
      const fresh = options.fresh(node.desc, random);
      if (fresh === undefined) return { tree: undefined, mutation };
      place(node, fresh);
      break;
    }
    case 'copy': {
      const donors = options.donors ?? [tree];
      const donor = donors[random.nextInt(0, donors.length - 1)]!;
      const same = nodesOf(donor).filter((n) => n.desc.typeName === node.desc.typeName);
      if (same.length === 0) return { tree: undefined, mutation };
      place(node, copyMessage(same[random.nextInt(0, same.length - 1)]!.message));
      break;
    }
    case 'delete':
      place(node, undefined);
      break;
  }
  try {
    const valid =
      options.revalidate === undefined
        ? missingRequiredField(ModuleSetSchema, copy) === undefined
          ? copy
          : undefined
        : options.revalidate(copy);
    return { tree: valid, mutation };
  } catch {
    return { tree: undefined, mutation };
  }
}
