import { extname } from 'node:path';

/** The on-disk encodings of a tree. */
export type TreeFormat = 'binpb' | 'json' | 'textproto';

/**
 * Every {@link TreeFormat}, in the order tools list them.
 *
 * @example
 * ```ts
 * treeFormats.map((f) => treeFormatExtension[f]); // ['.textproto', '.binpb', '.json']
 * ```
 */
export const treeFormats: readonly TreeFormat[] = ['textproto', 'binpb', 'json'];

const byExtension: Record<string, TreeFormat> = {
  '.binpb': 'binpb',
  '.pb': 'binpb',
  '.json': 'json',
  '.textproto': 'textproto',
  '.txtpb': 'textproto',
};

/**
 * The file extension a format is written with.
 *
 * @example
 * ```ts
 * `${hash}${treeFormatExtension.binpb}`; // 'abc.binpb'
 * ```
 */
export const treeFormatExtension: Record<TreeFormat, string> = {
  binpb: '.binpb',
  json: '.json',
  textproto: '.textproto',
};

/**
 * The format a tree file is in, from its extension (`.binpb`, `.pb`, `.json`, `.textproto`,
 * `.txtpb`), or `undefined` when the extension is not one of them.
 *
 * @example
 * ```ts
 * treeFormatFromPath('corpus/abc.txtpb'); // 'textproto'
 * ```
 */
export function treeFormatFromPath(path: string): TreeFormat | undefined {
  return byExtension[extname(path).toLowerCase()];
}

/**
 * Parses a format name as a user types it (`binpb`, `pb`, `json`, `textproto`, `txtpb`).
 *
 * @example
 * ```ts
 * parseTreeFormat('txtpb'); // 'textproto'
 * ```
 */
export function parseTreeFormat(name: string): TreeFormat | undefined {
  return byExtension['.' + name.toLowerCase()];
}
