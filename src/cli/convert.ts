import { basename, extname, join } from 'node:path';
import { forEachFile } from './each-file.js';
import { outputDirectory } from './directory-flags.js';
import { Command, Option } from 'commander';
import {
  convertGrammar,
  parseTreeFormat,
  readGrammarTreeFile,
  STDIO_PATH,
  treeFormatExtension,
  treeFormatFromPath,
  writeTreeFile,
  type AnyGrammar,
  type TreeFormat,
} from '../tree/index.js';
import { grammarOption } from './grammar-option.js';

interface ConvertCliOptions {
  to?: string;
  format?: string;
  out?: string;
  force?: boolean;
  grammar?: AnyGrammar;
  toGrammar?: AnyGrammar;
}

function formatOption(flag: string, description: string): Option {
  return new Option(flag, description).choices(['binpb', 'pb', 'json', 'textproto', 'txtpb']);
}

/**
 * `luau-fuzz convert FILE... --to FORMAT`: rewrites tree files in another encoding, and with
 * `--to-grammar` in another grammar (up from 715 to 735 always; down when the tree has no node
 * that 715 lacks, else an error naming the node and its path). `-` reads standard input (with
 * `--format`) and writes standard output; `--out -` writes one converted file to standard
 * output. Existing files are not replaced without `--force`.
 *
 * @example
 * ```sh
 * luau-fuzz convert crash.binpb --to textproto --out corpus/
 * luau-fuzz convert corpus/*.binpb --to-grammar 735 --out corpus-735/
 * ```
 */
export function convertCommand(): Command {
  return new Command('convert')
    .description('convert tree files between binary, JSON and text format, and between grammars')
    .argument('<files...>', "tree files (.binpb, .pb, .json, .textproto, .txtpb); '-' for stdin")
    .addOption(
      formatOption('--to <format>', 'output format (default: the input format with --to-grammar)'),
    )
    .addOption(
      formatOption(
        '--format <format>',
        'input format (default: from each extension; needed for -)',
      ),
    )
    .addOption(
      grammarOption(
        '--grammar <grammar>',
        "the inputs' grammar: 715 (the seed's) or 735 (default: the one each tree reads as, 715 when both)",
      ),
    )
    .addOption(grammarOption('--to-grammar <grammar>', 'output grammar (default: the input one)'))
    .option('--out <dir>', "output directory (default: beside each input); '-' for stdout")
    .option('--force', 'replace existing output files')
    .action(convertAction);
}

/** What `luau-fuzz convert` does with its flags. */
async function convertAction(
  files: string[],
  opts: ConvertCliOptions,
  command: Command,
): Promise<void> {
  if (opts.to === undefined && opts.toGrammar === undefined) {
    command.error('error: give --to <format>, --to-grammar <grammar>, or both');
  }
  const to = opts.to === undefined ? undefined : (parseTreeFormat(opts.to) as TreeFormat);
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
  await forEachFile(files, async (file) => {
    const read = await readGrammarTreeFile(file, {
      ...(from === undefined ? {} : { format: from }),
      ...(opts.grammar === undefined ? {} : { grammar: opts.grammar }),
    });
    const tree = convertGrammar(read, opts.toGrammar ?? read.grammar, file);
    const format = to ?? from ?? treeFormatFromPath(file)!;
    const toStdout = opts.out === STDIO_PATH || (file === STDIO_PATH && opts.out === undefined);
    const name =
      file === STDIO_PATH
        ? 'stdin' + treeFormatExtension[format]
        : basename(file, extname(file)) + treeFormatExtension[format];
    const target = toStdout ? STDIO_PATH : join(opts.out ?? join(file, '..'), name);
    await writeTreeFile(target, tree.tree, {
      schema: tree.grammar.moduleSet,
      format,
      overwrite: opts.force === true,
    });
    if (!toStdout) process.stdout.write(`${target}\n`);
  });
}
