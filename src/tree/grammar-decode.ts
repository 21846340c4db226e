import type { Message } from '@bufbuild/protobuf';
import { decodeTree, type DecodeOptions } from './codec.js';
import { TreeError } from './errors.js';
import type { TreeFormat } from './format.js';
import { grammar715, grammar735, type AnyGrammar, type GrammarTree } from './grammar.js';
import { treePath, walkTree } from './walk.js';

/** Options of {@link decodeGrammarTree}. */
export interface GrammarDecodeOptions extends DecodeOptions {
  /**
   * The grammar the tree must be in. Default: found from the tree, the seed's (715) when it
   * reads as both (a tree without calls or new nodes means the same in both).
   */
  grammar?: AnyGrammar;
}

type Reading = { tree: GrammarTree; unknown: string | undefined } | { error: unknown };

function read(
  grammar: AnyGrammar,
  bytes: Uint8Array,
  format: TreeFormat,
  options: DecodeOptions,
): Reading {
  let tree: GrammarTree;
  try {
    tree =
      grammar === grammar715
        ? { grammar: grammar715, tree: decodeTree(grammar715.moduleSet, bytes, format, options) }
        : { grammar: grammar735, tree: decodeTree(grammar735.moduleSet, bytes, format, options) };
  } catch (error) {
    return { error };
  }
  return { tree, unknown: unknownFieldPath(tree) };
}

/** Where the first field that the tree's schema does not know is, or undefined. */
function unknownFieldPath({ grammar, tree }: GrammarTree): string | undefined {
  let found: string | undefined;
  walkTree(grammar.moduleSet, tree, (node) => {
    if (found === undefined && ((node.message as Message).$unknown?.length ?? 0) > 0)
      found = treePath(node) || '<root>';
  });
  return found;
}

/**
 * Decodes a tree of either grammar and says which it is in. The two grammars share their
 * package and most messages, so a binary tree of one often decodes as the other, garbled: a
 * reading counts only when it decodes with every required field set and no field the schema
 * does not know. A tree that does not fit the grammar asked for, but fits the other one, is a
 * {@link TreeError} that names the grammar it is in; a tree that fits neither gets the error
 * of the grammar asked for (or the seed's), and a binary tree that decodes only with fields
 * neither schema knows keeps them (as {@link decodeTree} does).
 *
 * @example
 * ```ts
 * const { grammar, tree } = decodeGrammarTree(bytes, 'binpb', { source: 'crash.binpb' });
 * ```
 */
export function decodeGrammarTree(
  bytes: Uint8Array,
  format: TreeFormat,
  options: GrammarDecodeOptions = {},
): GrammarTree {
  const { grammar, ...decode } = options;
  const first = grammar ?? grammar715;
  const other = first === grammar715 ? grammar735 : grammar715;
  const asFirst = read(first, bytes, format, decode);
  if ('tree' in asFirst && asFirst.unknown === undefined) return asFirst.tree;
  const asOther = read(other, bytes, format, decode);
  if ('tree' in asOther && asOther.unknown === undefined) {
    if (grammar === undefined) return asOther.tree;
    const why =
      'error' in asFirst
        ? asFirst.error instanceof TreeError
          ? asFirst.error.reason
          : String(asFirst.error)
        : `field ${asFirst.unknown} is not in its schema`;
    throw new TreeError(
      options.source ?? '<input>',
      `not a tree of grammar ${first.name} (${why}); it reads as a tree of grammar ${other.name}: choose grammar ${other.name}`,
    );
  }
  if ('tree' in asFirst) return asFirst.tree;
  throw asFirst.error;
}
