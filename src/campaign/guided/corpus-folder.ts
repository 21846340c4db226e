import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CorpusError } from './corpus.js';
import { holdsTrees } from './tree-seeds.js';

/**
 * A folder to seed from: a corpus folder, the `corpus/` of a campaign directory, or a folder
 * of text-format trees (`*.txtpb`).
 *
 * @throws {@link CorpusError} when none of these is there.
 * @example
 * ```ts
 * corpusFolder('runs/c1'); // 'runs/c1/corpus'
 * ```
 */
export function corpusFolder(dir: string): string {
  const stats = statSync(dir, { throwIfNoEntry: false });
  if (stats === undefined) throw new CorpusError(`${dir}: no such folder`);
  if (!stats.isDirectory())
    throw new CorpusError(
      `${dir}: not a folder (expected a corpus folder, a campaign directory holding corpus/, or a folder of .txtpb trees)`,
    );
  for (const d of [dir, join(dir, 'corpus')]) if (existsSync(join(d, 'generator.json'))) return d;
  if (holdsTrees(dir)) return dir;
  throw new CorpusError(
    `${dir} holds no corpus (no generator.json, nor corpus/generator.json) and no .txtpb trees`,
  );
}
