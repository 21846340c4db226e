import { toBinary, type Message } from '@bufbuild/protobuf';
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

/**
 * How well bytes read as a grammar: 2 every field known and the bytes those of the tree (a
 * binary reading can decode only by taking one wire type for another: protobuf-es reads a
 * length-delimited field where a `bool` goes as a number, so 735's `parenless` reads as 715's
 * `self`), 1 every field known, 0 decoded with fields the schema does not know, -1 not decoded.
 */
type Reading =
  { score: 2 | 1 | 0; tree: GrammarTree; why?: string } | { score: -1; error: unknown };

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
    return { score: -1, error };
  }
  const unknown = unknownFieldPath(tree);
  if (unknown !== undefined)
    return { score: 0, tree, why: `field ${unknown} is not in its schema` };
  if (format === 'binpb' && !sameBytes(toBinary(tree.grammar.moduleSet, tree.tree), bytes))
    return { score: 1, tree, why: 'its bytes read as it only with a field of another wire type' };
  return { score: 2, tree };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
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
 * package and most messages, so a binary tree of one often decodes as the other, garbled: the
 * reading that counts is the one with every required field set, no field the schema does not
 * know and, in binary, the same bytes when encoded again. A tree that reads better as the
 * other grammar than as the one asked for is a {@link TreeError} that names the grammar it is
 * in; a tree that reads as neither gets the error of the grammar asked for (or the seed's),
 * and a binary tree that decodes only with fields neither schema knows keeps them (as
 * {@link decodeTree} does).
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
  if (asFirst.score === 2) return asFirst.tree;
  const asOther = read(other, bytes, format, decode);
  if ('tree' in asOther && asOther.score >= 1 && asOther.score > asFirst.score) {
    if (grammar === undefined) return asOther.tree;
    const why =
      asFirst.score === -1
        ? asFirst.error instanceof TreeError
          ? asFirst.error.reason
          : String(asFirst.error)
        : asFirst.why;
    throw new TreeError(
      options.source ?? '<input>',
      `not a tree of grammar ${first.name} (${why}); it reads as a tree of grammar ${other.name}: choose grammar ${other.name}`,
    );
  }
  if (asFirst.score === -1) throw asFirst.error;
  return asFirst.tree;
}
