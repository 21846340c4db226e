import { mkdir } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { Command, Option } from 'commander';
import {
  parseTreeFormat,
  readTreeFile,
  treeFormatExtension,
  writeTreeFile,
  type TreeFormat,
} from '../tree/index.js';

function formatOption(flag: string, description: string): Option {
  return new Option(flag, description).choices(['binpb', 'pb', 'json', 'textproto', 'txtpb']);
}

/**
 * `luau-fuzz convert FILE... --to FORMAT`: rewrites tree files in another encoding.
 *
 * @example
 * ```sh
 * luau-fuzz convert crash.binpb --to textproto --out corpus/
 * ```
 */
export function convertCommand(): Command {
  return new Command('convert')
    .description('convert tree files between binary, JSON and text format')
    .argument('<files...>', 'tree files (.binpb, .pb, .json, .textproto, .txtpb)')
    .addOption(formatOption('--to <format>', 'output format').makeOptionMandatory())
    .addOption(formatOption('--format <format>', 'input format (default: from each extension)'))
    .option('--out <dir>', 'output directory (default: beside each input)')
    .action(async (files: string[], opts: { to: string; format?: string; out?: string }) => {
      const to = parseTreeFormat(opts.to) as TreeFormat;
      const from = opts.format === undefined ? undefined : parseTreeFormat(opts.format);
      if (opts.out !== undefined) await mkdir(opts.out, { recursive: true });
      let failed = 0;
      for (const file of files) {
        try {
          const tree = await readTreeFile(file, from === undefined ? {} : { format: from });
          const name = basename(file, extname(file)) + treeFormatExtension[to];
          const target = join(opts.out ?? join(file, '..'), name);
          await writeTreeFile(target, tree, { format: to });
          process.stdout.write(`${target}\n`);
        } catch (e) {
          failed++;
          process.stderr.write(
            `luau-fuzz convert: ${e instanceof Error ? e.message : String(e)}\n`,
          );
        }
      }
      if (failed > 0) process.exitCode = 1;
    });
}
