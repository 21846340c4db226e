import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toBinary } from '@bufbuild/protobuf';
import { Command, InvalidArgumentError, Option } from 'commander';
import fc from 'fast-check';
import { ModuleSetSchema, type ModuleSet } from '../../gen/luau_pb.js';
import {
  addGeneratorFlags,
  generatorDefaults,
  generatorOptions,
  wholeNumber,
  type GeneratorFlags,
} from './generator-options.js';
import { GENERATOR_VERSION, luauArbitraries, resolveOptions } from '../arbitrary/index.js';
import { printPretty } from '../print/index.js';
import { encodeTree, treeFormatExtension, treeStats, type TreeFormat } from '../tree/index.js';

/**
 * What `gen` can write per tree: the three tree encodings and printed Luau.
 *
 * @example
 * ```ts
 * const formats: CorpusFormat[] = ['textproto', 'luau'];
 * ```
 */
export type CorpusFormat = TreeFormat | 'luau';

const corpusFormats: readonly CorpusFormat[] = ['textproto', 'binpb', 'json', 'luau'];

interface GenFlags extends GeneratorFlags {
  count: number;
  format: CorpusFormat[];
  out: string;
}

function formatList(value: string): CorpusFormat[] {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const bad = list.filter((f) => !corpusFormats.includes(f as CorpusFormat));
  if (list.length === 0 || bad.length > 0) {
    throw new InvalidArgumentError(
      `--format takes a comma-separated list of ${corpusFormats.join(', ')}; not ${bad.join(', ') || 'empty'}`,
    );
  }
  return [...new Set(list)] as CorpusFormat[];
}

/**
 * The content hash that names a tree's files: the first 16 hex digits of SHA-256 of its binary encoding.
 *
 * @example
 * ```ts
 * treeHash(tree); // e.g. '06b65c61d63051cf', the name of its files
 * ```
 */
export function treeHash(tree: ModuleSet): string {
  return createHash('sha256').update(toBinary(ModuleSetSchema, tree)).digest('hex').slice(0, 16);
}

/** The files of one tree in the requested formats, by file name. */
function treeFiles(
  tree: ModuleSet,
  hash: string,
  formats: readonly CorpusFormat[],
): Map<string, Uint8Array | string> {
  const files = new Map<string, Uint8Array | string>();
  for (const format of formats) {
    if (format === 'luau') {
      const sources = printPretty(tree);
      files.set(`${hash}.luau`, sources[sources.length - 1] ?? '');
      if (sources.length === 2) files.set(`${hash}.module.luau`, sources[0] ?? '');
    } else {
      files.set(hash + treeFormatExtension[format], encodeTree(ModuleSetSchema, tree, format));
    }
  }
  return files;
}

/**
 * `luau-fuzz gen`: writes a corpus directory of generated trees, one file per format per tree
 * (`.textproto`, `.binpb`, `.json`, `.luau` and `.module.luau`), named by a content hash so a
 * duplicate tree is written once, and `manifest.json` with the seed, the options, the generator
 * version and each tree's size. Text format files are protobuf text format of `luau.ModuleSet`, loadable as a
 * seed corpus by Luau's own protobuf fuzzer.
 *
 * @example
 * ```sh
 * luau-fuzz gen --count 500 --seed 1 --level scoped --profile luau-web --format textproto,luau --out corpus/
 * ```
 */
export function genCommand(): Command {
  return addGeneratorFlags(
    new Command('gen').description('write a corpus of generated trees'),
    generatorDefaults.gen,
  )
    .addOption(
      new Option('--count <n>', 'trees to generate')
        .argParser(wholeNumber('--count', 1))
        .default(100),
    )
    .addOption(
      new Option('--format <list>', `formats, comma-separated (${corpusFormats.join(', ')})`)
        .argParser(formatList)
        .default(['textproto'] as CorpusFormat[], 'textproto'),
    )
    .requiredOption('--out <dir>', 'corpus directory (created when missing)')
    .action(async (flags: GenFlags) => {
      const seed = flags.seed ?? Math.floor(Math.random() * 2 ** 31);
      const options = generatorOptions(flags);
      const resolved = resolveOptions(options);
      const trees = fc.sample(luauArbitraries(options).moduleSet, { seed, numRuns: flags.count });
      await mkdir(flags.out, { recursive: true });
      const seen = new Set<string>();
      const entries: { hash: string; nodes: number; depth: number; module: boolean }[] = [];
      for (const tree of trees) {
        const hash = treeHash(tree);
        if (seen.has(hash)) continue;
        seen.add(hash);
        for (const [name, content] of treeFiles(tree, hash, flags.format)) {
          await writeFile(join(flags.out, name), content);
        }
        const stats = treeStats(ModuleSetSchema, tree);
        entries.push({
          hash,
          nodes: stats.nodes,
          depth: stats.depth,
          module: tree.module !== undefined,
        });
      }
      const manifest = {
        seed,
        // With the seed and options, it says which trees the corpus holds.
        generatorVersion: GENERATOR_VERSION,
        count: flags.count,
        unique: entries.length,
        formats: flags.format,
        options: resolved,
        trees: entries,
      };
      await writeFile(join(flags.out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
      process.stdout.write(
        `wrote ${entries.length} trees (${flags.count - entries.length} duplicates skipped) to ${flags.out}, seed ${seed}\n`,
      );
    });
}
