import { readFile, writeFile } from 'node:fs/promises';
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { decodeTree, encodeTree, type DecodeOptions } from './codec.js';
import { TreeError } from './errors.js';
import { treeFormatFromPath, type TreeFormat } from './format.js';

/** Options of {@link readTreeFile} and {@link writeTreeFile}. */
export interface TreeFileOptions<Desc extends DescMessage> extends Omit<DecodeOptions, 'source'> {
  /** The message type of the file. Default `ModuleSet`. */
  schema?: Desc;
  /** The encoding; default: from the file's extension. */
  format?: TreeFormat;
}

function formatOf(path: string, format: TreeFormat | undefined): TreeFormat {
  const found = format ?? treeFormatFromPath(path);
  if (found === undefined) {
    throw new TreeError(
      path,
      'unknown tree format: use the extension .binpb, .pb, .json, .textproto or .txtpb, or give the format',
    );
  }
  return found;
}

/**
 * Reads a tree file, in the format its extension says unless `format` is given.
 * Every failure (missing file, bad content) is a {@link TreeError} naming the file.
 *
 * @example
 * ```ts
 * const tree = await readTreeFile('corpus/0a1b.textproto');
 * ```
 */
export async function readTreeFile<Desc extends DescMessage = typeof ModuleSetSchema>(
  path: string,
  options: TreeFileOptions<Desc> = {},
): Promise<MessageShape<Desc>> {
  const format = formatOf(path, options.format);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw new TreeError(path, `cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, {
      cause: e,
    });
  }
  const schema = (options.schema ?? ModuleSetSchema) as Desc;
  return decodeTree(schema, bytes, format, { ...options, source: path });
}

/**
 * Writes a tree file, in the format its extension says unless `format` is given.
 *
 * @example
 * ```ts
 * await writeTreeFile('out/case.binpb', tree);
 * ```
 */
export async function writeTreeFile<Desc extends DescMessage = typeof ModuleSetSchema>(
  path: string,
  message: MessageShape<Desc>,
  options: TreeFileOptions<Desc> = {},
): Promise<void> {
  const format = formatOf(path, options.format);
  const schema = (options.schema ?? ModuleSetSchema) as Desc;
  const bytes = encodeTree(schema, message, format, { source: path });
  try {
    await writeFile(path, bytes);
  } catch (e) {
    throw new TreeError(path, `cannot write: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, {
      cause: e,
    });
  }
}
