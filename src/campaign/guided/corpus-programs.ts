import type { ModuleSet } from '../../../gen/luau_pb.js';
import { programRecords } from '../../arbitrary/index.js';
import type { LuauBatchProgram } from '../../runtime/index.js';
import { grammar715, type AnyGrammar } from '../../tree/index.js';
import { sourcesOf } from '../programs.js';
import { Corpus, CorpusError } from './corpus.js';

/** One corpus entry built again from its record. */
export interface CorpusProgram {
  /** The entry's number in the corpus. */
  readonly id: number;
  readonly tree: ModuleSet;
  /** The grammar of its tree. */
  readonly grammar: AnyGrammar;
  /** Its Luau sources, or undefined when the printer refused the tree. */
  readonly sources: LuauBatchProgram | undefined;
}

/**
 * The entries of a corpus folder as trees and Luau sources, built again from their records
 * with the generator options the corpus was written with.
 *
 * @throws {@link CorpusError} when the folder holds no corpus.
 * @example
 * ```ts
 * const programs = corpusPrograms('runs/c1/corpus').flatMap((p) => p.sources ?? []);
 * ```
 */
export function corpusPrograms(dir: string): CorpusProgram[] {
  const corpus = Corpus.load(dir);
  const generator = corpus.generator();
  if (generator === undefined) throw new CorpusError(`${dir}: no corpus here (no generator.json)`);
  const records = programRecords(generator);
  return corpus.entries.map((e) => corpusProgram(e.id, records.build(e.record), corpus.grammar));
}

/**
 * A tree of `grammar` numbered `id` with its Luau sources (undefined when the printer refuses
 * it).
 *
 * @example
 * ```ts
 * corpusProgram(0, tree).sources?.program; // 'local l0 = …'
 * ```
 */
export function corpusProgram(
  id: number,
  tree: ModuleSet,
  grammar: AnyGrammar = grammar715,
): CorpusProgram {
  let sources: LuauBatchProgram | undefined;
  try {
    sources = sourcesOf(tree, grammar);
  } catch {
    sources = undefined;
  }
  return { id, tree, grammar, sources };
}
