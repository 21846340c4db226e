import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeTree } from '../../tree/index.js';
import { corpusFolder } from './corpus-folder.js';
import { corpusProgram, corpusPrograms, type CorpusProgram } from './corpus-programs.js';
import { treeSeedsOfGrammar } from './tree-seeds.js';

/** What {@link exportCorpus} wrote. */
export interface CorpusExport {
  /** Entries written. */
  readonly entries: number;
  /** Entries whose tree the printer refused (written as trees only). */
  readonly unprintable: number;
}

/**
 * The trees of a folder of text-format trees, numbered in name order, with their sources: of
 * one grammar, a file of another refused.
 */
function treePrograms(dir: string): CorpusProgram[] {
  const { grammar, records } = treeSeedsOfGrammar(dir);
  return records.flatMap((record, id) =>
    record.kind === 'tree' ? [corpusProgram(id, record.tree, grammar)] : [],
  );
}

/**
 * Writes the programs of a corpus as text-format trees (`NNNNNN.txtpb`, a seed corpus for
 * Luau's own fuzzer and for `luau-fuzz print`) and as Luau sources (`NNNNNN.luau`, and
 * `NNNNNN.module.luau` for a program with a module). `dir` is any folder `run --corpus` takes
 * ({@link corpusFolder}): a corpus folder, whose entries are built again from their records
 * with the generator options it was written with, a campaign directory holding one, or a
 * folder of `.txtpb` trees.
 *
 * @throws CorpusError when the folder holds no corpus, or its `generator.json` does not read.
 * @example
 * ```ts
 * exportCorpus('runs/c1', 'seed-corpus'); // { entries: 212, unprintable: 0 }
 * ```
 */
export function exportCorpus(dir: string, out: string): CorpusExport {
  const folder = corpusFolder(dir);
  const programs = existsSync(join(folder, 'generator.json'))
    ? corpusPrograms(folder)
    : treePrograms(folder);
  mkdirSync(out, { recursive: true });
  let unprintable = 0;
  for (const { id, tree, grammar, sources } of programs) {
    const name = String(id).padStart(6, '0');
    const text = encodeTree(grammar.moduleSet, tree as never, 'textproto');
    writeFileSync(join(out, `${name}.txtpb`), text);
    if (sources === undefined) {
      unprintable++;
      continue;
    }
    writeFileSync(join(out, `${name}.luau`), sources.program);
    if (sources.module !== undefined)
      writeFileSync(join(out, `${name}.module.luau`), sources.module);
  }
  return { entries: programs.length, unprintable };
}
