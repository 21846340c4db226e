import { basename, extname, join } from 'node:path';
import { errorLine } from './error-line.js';
import { outputDirectory } from './directory-flags.js';
import { Command, Option } from 'commander';
import {
  parseTreeFormat,
  readTreeFile,
  STDIO_PATH,
  treeFormatExtension,
  writeTreeFile,
  type TreeFormat,
} from '../tree/index.js';

interface ConvertCliOptions {
  to: string;
  format?: string;
  out?: string;
  force?: boolean;
}

function formatOption(flag: string, description: string): Option {
  return new Option(flag, description).choices(['binpb', 'pb', 'json', 'textproto', 'txtpb']);
}

/**
 * `luau-fuzz convert FILE... --to FORMAT`: rewrites tree files in another encoding. `-` reads
 * standard input (with `--format`) and writes standard output; `--out -` writes one converted
 * file to standard output. Existing files are not replaced without `--force`.
 *
 * @example
 * ```sh
 * luau-fuzz convert crash.binpb --to textproto --out corpus/
 * ```
 */
export function convertCommand(): Command {
  return new Command('convert')
    .description('convert tree files between binary, JSON and text format')
    .argument('<files...>', "tree files (.binpb, .pb, .json, .textproto, .txtpb); '-' for stdin")
    .addOption(formatOption('--to <format>', 'output format').makeOptionMandatory())
    .addOption(
      formatOption(
        '--format <format>',
        'input format (default: from each extension; needed for -)',
      ),
    )
    .option('--out <dir>', "output directory (default: beside each input); '-' for stdout")
    .option('--force', 'replace existing output files')
    .action(async (files: string[], opts: ConvertCliOptions, command: Command) => {
      const to = parseTreeFormat(opts.to) as TreeFormat;
      const from = opts.format === undefined ? undefined : parseTreeFormat(opts.format);
      if (files.includes(STDIO_PATH) && from === undefined) {
        command.error("error: reading '-' (standard input) needs --format <format>");
      }
      if (files.filter((f) => f === STDIO_PATH).length > 1) {
        command.error("error: '-' (standard input) can be given once");
      }
      if (opts.out === STDIO_PATH && files.length > 1) {
        command.error('error: --out - (standard output) takes one input file');
      }
      if (opts.out !== undefined && opts.out !== STDIO_PATH) {
        outputDirectory('--out', opts.out);
      }
      let failed = 0;
      for (const file of files) {
        try {
          const tree = await readTreeFile(file, from === undefined ? {} : { format: from });
          const toStdout =
            opts.out === STDIO_PATH || (file === STDIO_PATH && opts.out === undefined);
          const name =
            file === STDIO_PATH
              ? 'stdin' + treeFormatExtension[to]
              : basename(file, extname(file)) + treeFormatExtension[to];
          const target = toStdout ? STDIO_PATH : join(opts.out ?? join(file, '..'), name);
          await writeTreeFile(target, tree, { format: to, overwrite: opts.force === true });
          if (!toStdout) process.stdout.write(`${target}\n`);
        } catch (e) {
          failed++;
          process.stderr.write(errorLine(e));
        }
      }
      if (failed > 0) process.exitCode = 1;
    });
}
