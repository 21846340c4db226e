import { readFile, writeFile } from 'node:fs/promises';
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { decodeTree, encodeTree, type DecodeOptions } from './codec.js';
import { TreeError } from './errors.js';
import { treeFormatFromPath, type TreeFormat } from './format.js';
import { decodeGrammarTree, type GrammarDecodeOptions } from './grammar-decode.js';
import type { GrammarTree } from './grammar.js';

/** Options of {@link readTreeFile} and {@link writeTreeFile}. */
export interface TreeFileOptions<Desc extends DescMessage> extends Omit<DecodeOptions, 'source'> {
  /** The message type of the file. Default `ModuleSet`. */
  schema?: Desc;
  /** The encoding; default: from the file's extension. */
  format?: TreeFormat;
  /** {@link writeTreeFile}: replace an existing file. Default `true`; `false` fails instead. */
  overwrite?: boolean;
}

/**
 * The path that names standard input (for {@link readTreeFile}) or standard output (for
 * {@link writeTreeFile}); the format must then be given.
 *
 * @example
 * ```ts
 * const tree = await readTreeFile(STDIO_PATH, { format: 'textproto' });
 * ```
 */
export const STDIO_PATH = '-';

function formatOf(path: string, format: TreeFormat | undefined): TreeFormat {
  if (path === STDIO_PATH && format === undefined) {
    throw new TreeError(path, 'standard input and output have no extension: give the format');
  }
  const found = format ?? treeFormatFromPath(path);
  if (found === undefined) {
    throw new TreeError(
      path,
      'unknown tree format: use the extension .binpb, .pb, .json, .textproto or .txtpb, or give the format',
    );
  }
  return found;
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readBytes(path: string): Promise<Uint8Array> {
  try {
    return path === STDIO_PATH ? await readStdin() : await readFile(path);
  } catch (e) {
    throw new TreeError(path, `cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, {
      cause: e,
    });
  }
}

/**
 * Reads a tree file, in the format its extension says unless `format` is given; the path `-`
 * reads standard input (the format must then be given).
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
  const bytes = await readBytes(path);
  const schema = (options.schema ?? ModuleSetSchema) as Desc;
  return decodeTree(schema, bytes, format, { ...options, source: path });
}

/** Options of {@link readGrammarTreeFile}. */
export interface GrammarTreeFileOptions extends Omit<GrammarDecodeOptions, 'source'> {
  /** The encoding; default: from the file's extension. */
  format?: TreeFormat;
}

/**
 * Reads a tree file of either grammar ({@link decodeGrammarTree}): the grammar asked for, or
 * the one the tree is in. A tree of the other grammar than the one asked for is a
 * {@link TreeError} that names the grammar it is in.
 *
 * @example
 * ```ts
 * const { grammar, tree } = await readGrammarTreeFile('crash.binpb', { grammar: grammar735 });
 * ```
 */
export async function readGrammarTreeFile(
  path: string,
  options: GrammarTreeFileOptions = {},
): Promise<GrammarTree> {
  const format = formatOf(path, options.format);
  const bytes = await readBytes(path);
  return decodeGrammarTree(bytes, format, { ...options, source: path });
}

/**
 * Writes a tree file, in the format its extension says unless `format` is given; the path `-`
 * writes standard output (the format must then be given).
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
    if (path === STDIO_PATH) {
      await new Promise<void>((resolve, reject) =>
        process.stdout.write(bytes, (e) => (e ? reject(e) : resolve())),
      );
    } else {
      await writeFile(path, bytes, { flag: options.overwrite === false ? 'wx' : 'w' });
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new TreeError(path, 'already exists; not overwritten', { cause: e });
    }
    throw new TreeError(path, `cannot write: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, {
      cause: e,
    });
  }
}
