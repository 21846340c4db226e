import { isMessage, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { walkTree } from '../tree/index.js';

/**
 * The messages of type `desc` nested inside `message` (the message itself excluded), those
 * closest to the top first: the candidates of hoisting when shrinking.
 *
 * @example
 * ```ts
 * [...nestedOfKind(StatSchema, whileStat)]; // the statements of the loop's body, and theirs
 * ```
 */
export function* nestedOfKind<Desc extends DescMessage>(
  desc: Desc,
  message: MessageShape<Desc>,
): IterableIterator<MessageShape<Desc>> {
  const found: { depth: number; message: MessageShape<Desc> }[] = [];
  walkTree(desc, message, (node) => {
    if (node.depth > 1 && isMessage(node.message, desc)) {
      found.push({ depth: node.depth, message: node.message });
    }
  });
  found.sort((a, b) => a.depth - b.depth);
  for (const f of found) yield f.message;
}
