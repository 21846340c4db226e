import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toBinary } from '@bufbuild/protobuf';
import { Command, InvalidArgumentError, Option } from 'commander';
import fc from 'fast-check';
import type { ModuleSet } from '../tree/nodes.js';
import { addGeneratorFlags, generatorSettingsOf } from './generator-options.js';
import { wholeNumber } from './setting-flags.js';
import {
  arbitraryOptionsOf,
  GENERATOR_VERSION,
  type GivenGeneratorSettings,
  luauArbitraries,
  resolveOptions,
} from '../arbitrary/index.js';
import { printPretty } from '../print/index.js';
import {
  encodeTree,
  grammar715,
  parseGrammar,
  readGrammarTreeFile,
  STDIO_PATH,
  treeFormatExtension,
  treeStats,
  type AnyGrammar,
  type TreeFormat,
} from '../tree/index.js';
import { outputDirectory } from './directory-flags.js';
import {
  readCorpusManifest,
  writeCorpusManifest,
  type ManifestRun,
  type ManifestTree,
} from './corpus-manifest.js';

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

interface GenFlags extends GivenGeneratorSettings {
  count: number;
  format: CorpusFormat[];
  out?: string;
  stdout?: boolean;
  force?: boolean;
}

/** A tree file's name: the content hash and a tree format's extension. */
const treeFileName = /^([0-9a-f]{16})\.(textproto|binpb|json)$/;

/** A tree's manifest entry: its hash, size, depth and whether it has a module. */
function manifestTree(hash: string, grammar: AnyGrammar, tree: ModuleSet): ManifestTree {
  const stats = treeStats(grammar.moduleSet, tree as never);
  return { hash, nodes: stats.nodes, depth: stats.depth, module: tree.module !== undefined };
}

/**
 * The trees already in a corpus directory (for `--force`): the entries of its manifest whose
 * files are still there, and every other tree file, read to measure it.
 */
async function treesPresent(dir: string, grammar: AnyGrammar): Promise<ManifestTree[]> {
  const files = readdirSync(dir);
  const hashes = new Set(files.flatMap((f) => /^([0-9a-f]{16})\./.exec(f)?.[1] ?? []));
  const found = new Map<string, ManifestTree>();
  for (const t of readCorpusManifest(dir)?.trees ?? [])
    if (hashes.has(t.hash)) found.set(t.hash, t);
  for (const file of files) {
    const hash = treeFileName.exec(file)?.[1];
    if (hash === undefined || found.has(hash)) continue;
    // A tree of another grammar is refused, naming the file and its grammar.
    const { tree } = await readGrammarTreeFile(join(dir, file), { grammar });
    found.set(hash, manifestTree(hash, grammar, tree));
  }
  return [...found.values()];
}

/**
 * What made the trees of an earlier manifest (its `runs`, or its own seed and options). A
 * corpus holds trees of one grammar: a manifest of another (715 when it names none) is refused.
 */
function previousRuns(dir: string, grammar: AnyGrammar): ManifestRun[] {
  const old = readCorpusManifest(dir);
  if (old === undefined) return [];
  const had = old.options?.grammar ?? grammar715.name;
  if (had !== grammar.name)
    throw new Error(
      `${join(dir, 'manifest.json')}: the corpus holds trees of grammar ${String(had)}, not ${grammar.name} (--grammar): a corpus holds one grammar`,
    );
  if (old.runs !== undefined) return old.runs;
  const { unique: _unique, runs: _runs, trees: _trees, ...run } = old;
  return [run];
}

/** Writes trees to standard output: a header line before each file when there are several. */
function writeToStdout(files: readonly (readonly [string, Uint8Array | string])[]): void {
  for (const [name, content] of files) {
    if (files.length > 1) {
      const comment = name.endsWith('.luau') ? '--' : name.endsWith('.json') ? '//' : '#';
      process.stdout.write(`${comment} ${name}\n`);
    }
    process.stdout.write(content);
    const last = typeof content === 'string' ? content.at(-1) : undefined;
    if (typeof content === 'string' && last !== '\n') process.stdout.write('\n');
  }
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
export function treeHash(tree: ModuleSet, grammar: AnyGrammar = grammar715): string {
  return createHash('sha256')
    .update(toBinary(grammar.moduleSet, tree as never))
    .digest('hex')
    .slice(0, 16);
}

/** The files of one tree in the requested formats, by file name. */
function treeFiles(
  tree: ModuleSet,
  grammar: AnyGrammar,
  hash: string,
  formats: readonly CorpusFormat[],
): Map<string, Uint8Array | string> {
  const files = new Map<string, Uint8Array | string>();
  for (const format of formats) {
    if (format === 'luau') {
      const sources = printPretty(tree, { grammar });
      files.set(`${hash}.luau`, sources[sources.length - 1] ?? '');
      if (sources.length === 2) files.set(`${hash}.module.luau`, sources[0] ?? '');
    } else {
      files.set(
        hash + treeFormatExtension[format],
        encodeTree(grammar.moduleSet, tree as never, format),
      );
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
    'gen',
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
    .option(
      '--out <dir>',
      "corpus directory (created when missing; '-' prints the trees to standard output)",
    )
    .option('--stdout', 'print the trees to standard output (as --out -)')
    .option(
      '--force',
      'add to a corpus directory that is not empty (the manifest then lists every tree in it)',
    )
    .action(genAction);
}

/** What `luau-fuzz gen` does with its flags. */
async function genAction(flags: GenFlags): Promise<void> {
  const { toStdout, out } = genOutput(flags);
  const settings = generatorSettingsOf('gen', flags);
  const { seed } = settings;
  const grammar = parseGrammar(settings.grammar)!;
  const options = arbitraryOptionsOf(settings);
  const resolved = resolveOptions(options);
  // With --force, the trees already there stay listed (this run's seed and options are
  // those of the trees it added; `runs` keeps what made the others): read, and checked,
  // before a tree is written.
  const adding = flags.force === true && !toStdout;
  const previous = adding ? previousRuns(out, grammar) : [];
  const before = adding ? await treesPresent(out, grammar) : [];
  const arbitrary: fc.Arbitrary<ModuleSet> = luauArbitraries(options).moduleSet;
  const trees = fc.sample(arbitrary, { seed, numRuns: flags.count });
  const seen = new Set<string>();
  const entries: ManifestTree[] = [];
  const printed: [string, Uint8Array | string][] = [];
  for (const tree of trees) {
    const hash = treeHash(tree, grammar);
    if (seen.has(hash)) continue;
    seen.add(hash);
    for (const [name, content] of treeFiles(tree, grammar, hash, flags.format)) {
      if (toStdout) printed.push([name, content]);
      else await writeFile(join(out, name), content);
    }
    entries.push(manifestTree(hash, grammar, tree));
  }
  if (toStdout) {
    // Standard output holds only the trees; the seed goes to standard error.
    writeToStdout(printed);
    process.stderr.write(`luau-fuzz: ${entries.length} trees, seed ${seed}\n`);
    return;
  }
  const all = [...before, ...entries.filter((e) => !before.some((b) => b.hash === e.hash))];
  writeManifest(flags, out, { seed, options: resolved }, previous, all);
  process.stdout.write(
    `wrote ${entries.length} trees (${flags.count - entries.length} duplicates skipped) to ${out}, seed ${seed}` +
      (before.length > 0 ? `; the corpus now holds ${all.length}` : '') +
      '\n',
  );
}

/** Writes the corpus manifest: this run (with --force after the earlier ones) and every tree. */
function writeManifest(
  flags: GenFlags,
  out: string,
  made: { seed: number; options: NonNullable<ManifestRun['options']> },
  previous: ManifestRun[],
  all: ManifestTree[],
): void {
  const run = {
    seed: made.seed,
    // With the seed and options, it says which trees the corpus holds.
    generatorVersion: GENERATOR_VERSION,
    count: flags.count,
    formats: flags.format,
    options: made.options,
  };
  const manifest = {
    ...run,
    unique: all.length,
    ...(flags.force === true ? { runs: [...previous, run] } : {}),
    trees: all,
  };
  writeCorpusManifest(out, manifest);
}

/** Where `gen` writes: standard output, or a corpus directory (checked, and made). */
function genOutput(flags: GenFlags): { toStdout: boolean; out: string } {
  const toStdout = flags.stdout === true || flags.out === STDIO_PATH;
  if (flags.stdout === true && flags.out !== undefined && flags.out !== STDIO_PATH)
    throw new Error('give either --out DIR or --stdout, not both');
  if (!toStdout && flags.out === undefined)
    throw new Error('give --out DIR (a corpus directory) or --out - (standard output)');
  if (toStdout && flags.format.includes('binpb'))
    throw new Error('--format binpb is binary: write it to a directory with --out DIR');
  const out = flags.out ?? STDIO_PATH;
  if (!toStdout)
    outputDirectory('--out', out, { refuseNonEmpty: true, force: flags.force === true });
  return { toStdout, out };
}
