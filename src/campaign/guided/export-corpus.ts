import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleSetSchema } from '../../../gen/luau_pb.js';
import { encodeTree } from '../../tree/index.js';
import { corpusPrograms } from './corpus-programs.js';

/** What {@link exportCorpus} wrote. */
export interface CorpusExport {
  /** Entries written. */
  readonly entries: number;
  /** Entries whose tree the printer refused (written as trees only). */
  readonly unprintable: number;
}

/**
 * Writes the programs of a corpus folder as text-format trees (`NNNNNN.txtpb`, a seed corpus
 * for Luau's own fuzzer and for `luau-fuzz print`) and as Luau sources (`NNNNNN.luau`, and
 * `NNNNNN.module.luau` for a program with a module), built again from their records with the
 * generator options the corpus was written with.
 *
 * @throws CorpusError when the folder holds no corpus.
 * @example
 * ```ts
 * exportCorpus('runs/c1/corpus', 'seed-corpus'); // { entries: 212, unprintable: 0 }
 * ```
 */
export function exportCorpus(dir: string, out: string): CorpusExport {
  const programs = corpusPrograms(dir);
  mkdirSync(out, { recursive: true });
  let unprintable = 0;
  for (const { id, tree, sources } of programs) {
    const name = String(id).padStart(6, '0');
    writeFileSync(join(out, `${name}.txtpb`), encodeTree(ModuleSetSchema, tree, 'textproto'));
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
