import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleSetSchema } from '../../../gen/luau_pb.js';
import type { ProgramRecord } from '../../arbitrary/index.js';
import { decodeTree, TreeError } from '../../tree/index.js';
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
 * guided campaign at a level built from trees (schema, syntax, scoped).
 *
 * @throws {@link CorpusError} naming the file that is not a `ModuleSet` in text format.
 * @example
 * ```ts
 * const seeds = treeSeeds('seed-corpus'); // [{ kind: 'tree', tree }, …]
 * ```
 */
export function treeSeeds(dir: string): ProgramRecord[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txtpb'))
    .sort()
    .map((f) => {
      const file = join(dir, f);
      try {
        const tree = decodeTree(ModuleSetSchema, readFileSync(file), 'textproto', {
          source: file,
        });
        return { kind: 'tree', tree };
      } catch (e) {
        if (e instanceof TreeError) throw new CorpusError(e.message, { cause: e });
        throw e;
      }
    });
}
