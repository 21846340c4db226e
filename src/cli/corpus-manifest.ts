import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Type, { type Static } from 'typebox';
import { readJsonFile, writeJsonFile } from '../format/index.js';

const count = Type.Integer({ minimum: 0 });

/**
 * One tree's entry in a corpus's `manifest.json`.
 *
 * @example
 * ```ts
 * const tree: ManifestTree = { hash: '3f9a0c1d2e4b5a69', nodes: 120, depth: 9, module: false };
 * ```
 */
export const ManifestTree = Type.Object({
  /** Its files' name: SHA-256 of its binary encoding, 16 hex digits. */
  hash: Type.String({ pattern: '^[0-9a-f]{16}$' }),
  nodes: count,
  depth: count,
  /** Whether it has a module beside the program. */
  module: Type.Boolean(),
});
export type ManifestTree = Static<typeof ManifestTree>;

/**
 * What made trees of a corpus: the seed, the generator version, the count asked for, the
 * formats written and the resolved generator options (an object; `grammar` names the
 * grammar, 715 when absent). Manifests of older versions lack what they did not record
 * but the seed.
 *
 * @example
 * ```ts
 * const run: ManifestRun = { seed: 1, generatorVersion: 12, count: 100, formats: ['textproto'], options };
 * ```
 */
export const ManifestRun = Type.Object({
  seed: Type.Integer(),
  generatorVersion: Type.Optional(count),
  count: Type.Optional(count),
  formats: Type.Optional(Type.Array(Type.String())),
  // The generator's to check, beside the grammar read here.
  options: Type.Optional(Type.Object({ grammar: Type.Optional(Type.String()) })),
});
export type ManifestRun = Static<typeof ManifestRun>;

/**
 * `manifest.json` of a corpus written by `gen`: the run that wrote it last, every run before
 * it (`runs`, when trees were added with `--force`) and every tree.
 *
 * @example
 * ```ts
 * const manifest = readCorpusManifest('corpus'); // undefined when there is none
 * ```
 */
export const CorpusManifest = Type.Object({
  ...ManifestRun.properties,
  unique: Type.Optional(count),
  runs: Type.Optional(Type.Array(ManifestRun)),
  trees: Type.Array(ManifestTree),
});
export type CorpusManifest = Static<typeof CorpusManifest>;

/**
 * The manifest of the corpus in `dir`, checked, or undefined when it has none.
 *
 * @throws {@link FormatError} naming the file and the field when it does not read back.
 * @example
 * ```ts
 * const trees = readCorpusManifest('corpus')?.trees ?? [];
 * ```
 */
export function readCorpusManifest(dir: string): CorpusManifest | undefined {
  const path = join(dir, 'manifest.json');
  return existsSync(path) ? readJsonFile(path, CorpusManifest) : undefined;
}

/**
 * Writes the manifest of the corpus in `dir` whole (checked first).
 *
 * @example
 * ```ts
 * writeCorpusManifest('corpus', { ...run, unique: trees.length, trees });
 * ```
 */
export function writeCorpusManifest(dir: string, manifest: CorpusManifest): void {
  writeJsonFile(join(dir, 'manifest.json'), CorpusManifest, manifest, { indent: 2 });
}
