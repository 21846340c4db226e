import { join } from 'node:path';
import { programRecords, type LuauArbitraryOptions } from '../../src/arbitrary/index.js';
import { Corpus } from '../../src/campaign/guided/index.js';

/**
 * A corpus folder `root/name` of the first `count` fresh programs of `seed`, each kept as if it
 * had reached one counter first.
 *
 * @example
 * ```ts
 * const dir = corpusOf(root, 'c', { level: 'runnable', profile: 'luau' }, 12, 3);
 * ```
 */
export function corpusOf(
  root: string,
  name: string,
  generator: LuauArbitraryOptions,
  count: number,
  seed: number,
): string {
  const dir = join(root, name);
  const corpus = Corpus.load(dir);
  corpus.claim(generator);
  const records = programRecords(generator);
  for (let run = 0; run < count; run++)
    corpus.add({
      record: records.read(records.ofRun(seed, run)).record,
      origin: { kind: 'fresh', run },
      firstCounters: 1,
      keptAt: run,
    });
  return dir;
}
