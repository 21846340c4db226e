import { Command } from 'commander';
import { CorpusError, exportCorpus } from '../campaign/guided/index.js';
import { FormatError } from '../format/index.js';
import { outputDirectory } from './directory-flags.js';

/**
 * `luau-fuzz corpus export DIR --out OUT`: writes the programs of a guided campaign's corpus
 * as text-format trees and Luau sources. `DIR` is any folder `run --corpus` takes: the
 * corpus folder, the campaign directory holding it, or a folder of `.txtpb` trees.
 *
 * @example
 * ```sh
 * luau-fuzz corpus export runs/c1 --out seed-corpus
 * ```
 */
export function corpusCommand(): Command {
  return new Command('corpus').description('the corpus of a guided campaign').addCommand(
    new Command('export')
      .description('write the corpus as text-format trees (.txtpb) and Luau sources (.luau)')
      .argument(
        '<dir>',
        "the corpus: a guided campaign's directory or its corpus/, or a folder of .txtpb trees",
      )
      .requiredOption('--out <dir>', 'where to write the files')
      .action((dir: string, opts: { out: string }) => {
        // Checked before the corpus is read, created only once it has been.
        outputDirectory('--out', opts.out, { create: false });
        let written;
        try {
          written = exportCorpus(dir, opts.out);
        } catch (e) {
          if (e instanceof CorpusError || e instanceof FormatError)
            throw new Error(`corpus export DIR: ${e.message}`, { cause: e });
          throw e;
        }
        const { entries, unprintable } = written;
        process.stdout.write(
          `${entries} programs written to ${opts.out}` +
            (unprintable > 0 ? ` (${unprintable} as trees only: the printer refused them)` : '') +
            '\n',
        );
      }),
  );
}
