import { writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { forEachFile } from './each-file.js';
import { outputDirectory } from './directory-flags.js';
import { Command, InvalidArgumentError, Option } from 'commander';
import { printCompat, printPretty } from '../print/index.js';
import {
  parseTreeFormat,
  readGrammarTreeFile,
  STDIO_PATH,
  type AnyGrammar,
  type GrammarTree,
  type TreeFormat,
} from '../tree/index.js';
import { grammarOption } from './grammar-option.js';

interface PrintCliOptions {
  mode: 'compat' | 'pretty';
  types: boolean;
  format?: string;
  out?: string;
  indent?: number;
  grammar?: AnyGrammar;
}

function parseIndent(value: string): number {
  if (!(/^\d{1,2}$/.test(value) && Number(value) <= 16)) {
    throw new InvalidArgumentError('a number of spaces from 0 to 16');
  }
  return Number(value);
}

/** The sources of one tree, named `module` and `program`. */
function sourcesOf(
  { grammar, tree }: GrammarTree,
  opts: PrintCliOptions,
): { name: string; text: string }[] {
  const texts =
    opts.mode === 'compat'
      ? printCompat(tree, { grammar, types: opts.types })
      : printPretty(tree, {
          grammar,
          types: opts.types,
          ...(opts.indent === undefined ? {} : { indent: opts.indent }),
        });
  const names = texts.length === 2 ? ['module', 'program'] : ['program'];
  return texts.map((text, i) => ({ name: names[i]!, text }));
}

/**
 * `luau-fuzz print FILE...`: prints tree files as Luau source, in pretty mode (readable,
 * always parses) or compat mode (byte-identical to the reference printer of Luau's fuzzer).
 * With `--out DIR` it writes `NAME.luau` (and `NAME.module.luau` when the tree has a module)
 * instead of printing. A bad file is reported with its name and the others still print; the
 * exit code is 1 when any failed.
 *
 * @example
 * ```sh
 * luau-fuzz print crash-0a1b.binpb --mode compat --no-types
 * ```
 */
export function printCommand(): Command {
  return new Command('print')
    .description('print tree files as Luau source')
    .argument('<files...>', "tree files (.binpb, .pb, .json, .textproto, .txtpb); '-' for stdin")
    .addOption(
      new Option('--mode <mode>', 'compat: as the reference fuzzer printer; pretty: readable')
        .choices(['compat', 'pretty'])
        .default('pretty'),
    )
    .option('--types', 'print type annotations', true)
    .option('--no-types', 'leave out annotations of locals, parameters and return types')
    .addOption(
      new Option('--format <format>', 'input format (default: from each extension)').choices([
        'binpb',
        'pb',
        'json',
        'textproto',
        'txtpb',
      ]),
    )
    .option(
      '--indent <spaces>',
      'spaces per indentation level in pretty mode (default: 4)',
      parseIndent,
    )
    .addOption(
      grammarOption(
        '--grammar <grammar>',
        "the trees' grammar: 715 (the seed's) or 735 (default: the one each tree reads as, 715 when both)",
      ),
    )
    .option('--out <dir>', 'write .luau files into this directory instead of printing')
    .action(printAction);
}

/** What `luau-fuzz print` does with its flags. */
async function printAction(
  files: string[],
  opts: PrintCliOptions,
  command: Command,
): Promise<void> {
  const format =
    opts.format === undefined ? undefined : (parseTreeFormat(opts.format) as TreeFormat);
  if (files.includes(STDIO_PATH) && format === undefined) {
    command.error("error: reading '-' (standard input) needs --format <format>");
  }
  if (opts.out !== undefined) outputDirectory('--out', opts.out);
  let printed = 0;
  await forEachFile(files, async (file) => {
    const tree = await readGrammarTreeFile(file, {
      ...(format === undefined ? {} : { format }),
      ...(opts.grammar === undefined ? {} : { grammar: opts.grammar }),
    });
    let sources: { name: string; text: string }[];
    try {
      sources = sourcesOf(tree, opts);
    } catch (e) {
      throw new Error(`${file}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    if (opts.out !== undefined) {
      const base = basename(file, extname(file));
      for (const { name, text } of sources) {
        const target = join(opts.out, name === 'module' ? `${base}.module.luau` : `${base}.luau`);
        await writeFile(target, text);
        process.stdout.write(`${target}\n`);
      }
      return;
    }
    const headers = files.length > 1 || sources.length > 1;
    for (const { name, text } of sources) {
      // A header line is a Luau comment, so the whole output stays Luau.
      if (headers) process.stdout.write(`${printed > 0 ? '\n' : ''}-- ${file}: ${name}\n`);
      process.stdout.write(text);
      printed++;
    }
  });
}
