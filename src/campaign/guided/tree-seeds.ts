import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleSet } from '../../../gen/luau_pb.js';
import type { ProgramRecord } from '../../arbitrary/index.js';
import { decodeGrammarTree, grammar715, TreeError } from '../../tree/index.js';
import type { AnyGrammar, GrammarTree } from '../../tree/index.js';
import { CorpusError } from './corpus.js';

/**
 * Whether `dir` holds text-format trees (`*.txtpb`, as `corpus export` writes them, or a seed
 * corpus of Luau's own fuzzer).
 *
 * @example
 * ```ts
 * holdsTrees('seed-corpus'); // true when it has a .txtpb file
 * ```
 */
export function holdsTrees(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.txtpb'));
}

/**
 * The text-format trees of `dir` (`*.txtpb`, in name order) as records of trees: seeds of a
 * guided campaign at a level built from trees (schema, syntax, scoped). Every tree is of
 * `grammar`; without one, of the grammar of the first: a folder that mixes grammars is refused.
 *
 * @throws {@link CorpusError} naming the file that is not a `ModuleSet` of the grammar in text format.
 * @example
 * ```ts
 * const seeds = treeSeeds('seed-corpus', grammar735); // [{ kind: 'tree', tree }, …]
 * ```
 */
export function treeSeeds(dir: string, grammar?: AnyGrammar): ProgramRecord[] {
  return treeSeedsOfGrammar(dir, grammar).records;
}

/**
 * The text-format trees of `dir` as {@link treeSeeds} reads them, and their grammar
 * (`undefined` for a folder without trees and no grammar given).
 *
 * @example
 * ```ts
 * const { grammar, records } = treeSeedsOfGrammar('seed-corpus');
 * ```
 */
export function treeSeedsOfGrammar(
  dir: string,
  grammar?: AnyGrammar,
): { grammar: AnyGrammar | undefined; records: ProgramRecord[] } {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.txtpb'))
    .sort()
    .map((f) => join(dir, f));
  const read = (file: string, as: AnyGrammar | undefined): GrammarTree => {
    try {
      return decodeGrammarTree(readFileSync(file), 'textproto', {
        source: file,
        ...(as === undefined ? {} : { grammar: as }),
      });
    } catch (e) {
      if (e instanceof TreeError) throw new CorpusError(e.message, { cause: e });
      throw e;
    }
  };
  let trees = files.map((file) => read(file, grammar));
  // A tree that reads as either grammar reads as the seed's: the folder is of the newest one
  // a tree reads as only, and each of its trees must read as that one.
  const of = grammar ?? trees.find((t) => t.grammar !== grammar715)?.grammar ?? trees[0]?.grammar;
  if (grammar === undefined && of !== undefined && of !== grammar715)
    trees = files.map((file) => read(file, of));
  return { grammar: of, records: trees.map((t) => ({ kind: 'tree', tree: t.tree as ModuleSet })) };
}
