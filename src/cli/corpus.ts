import { Command } from 'commander';
import { exportCorpus } from '../campaign/guided/index.js';

/**
 * `luau-fuzz corpus export DIR --out OUT`: writes the programs of a guided campaign's corpus
 * (`DIR`: the campaign's `corpus/` folder) as text-format trees and Luau sources.
 *
 * @example
 * ```sh
 * luau-fuzz corpus export runs/c1/corpus --out seed-corpus
 * ```
 */
export function corpusCommand(): Command {
  return new Command('corpus').description('the corpus of a guided campaign').addCommand(
    new Command('export')
      .description('write the corpus as text-format trees (.txtpb) and Luau sources (.luau)')
      .argument('<dir>', "the corpus folder (a guided campaign's corpus/)")
      .requiredOption('--out <dir>', 'where to write the files')
      .action((dir: string, opts: { out: string }) => {
        const { entries, unprintable } = exportCorpus(dir, opts.out);
        process.stdout.write(
          `${entries} programs written to ${opts.out}` +
            (unprintable > 0 ? ` (${unprintable} as trees only: the printer refused them)` : '') +
            '\n',
        );
      }),
  );
}
