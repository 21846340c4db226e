import {
  fromBinary,
  fromJsonString,
  isFieldSet,
  toBinary,
  toJson,
  type DescMessage,
  type MessageShape,
} from '@bufbuild/protobuf';
import { fromText, toText } from '@bufbuild/protobuf/txtpb';
import { FeatureSet_FieldPresence } from '@bufbuild/protobuf/wkt';
import { TreeError } from './errors.js';
import type { TreeFormat } from './format.js';
import { treePath, walkTree } from './walk.js';

/**
 * How deep a tree may nest, in messages, before reading it is refused. C++ protobuf (and so
 * Luau's own fuzzer) stops parsing at 100 by default; 1000 leaves room for trees written by
 * other tools while protobuf-es decodes every format inside the default JavaScript stack
 * (measured: text format overflows it past about 1,400 levels).
 *
 * @example
 * ```ts
 * decodeTree(ModuleSetSchema, bytes, 'binpb', { maxDepth: MAX_TREE_DEPTH / 2 });
 * ```
 */
export const MAX_TREE_DEPTH = 1000;

/** Options of {@link decodeTree}. */
export interface DecodeOptions {
  /** Name of the input in error messages. Default `<input>`. */
  source?: string;
  /** Deepest message nesting accepted. Default {@link MAX_TREE_DEPTH}. */
  maxDepth?: number;
  /**
   * Accept messages whose `required` fields are missing (as C++ `ParsePartialFromString`
   * does). Default `false`: a missing required field is an error naming its path.
   */
  allowPartial?: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/**
 * Decodes a tree from bytes in the given format, with protobuf-es. Every failure is a
 * {@link TreeError} naming the source and what is wrong: truncated or malformed input, wrong
 * JSON types, a missing required field (with its path), nesting deeper than `maxDepth`.
 *
 * @example
 * ```ts
 * const tree = decodeTree(ModuleSetSchema, bytes, 'binpb', { source: 'crash-1.binpb' });
 * ```
 */
export function decodeTree<Desc extends DescMessage>(
  schema: Desc,
  bytes: Uint8Array,
  format: TreeFormat,
  options: DecodeOptions = {},
): MessageShape<Desc> {
  const source = options.source ?? '<input>';
  const recursionLimit = options.maxDepth ?? MAX_TREE_DEPTH;
  let message: MessageShape<Desc>;
  try {
    switch (format) {
      case 'binpb':
        message = fromBinary(schema, bytes, { recursionLimit, readUnknownFields: true });
        break;
      case 'json':
        message = fromJsonString(schema, utf8.decode(bytes), { recursionLimit });
        break;
      case 'textproto':
        message = fromText(schema, utf8.decode(bytes), { recursionLimit });
        break;
    }
  } catch (e) {
    throw new TreeError(source, `not a valid ${format} ${schema.typeName}: ${describe(e)}`, {
      cause: e,
    });
  }
  if (options.allowPartial !== true) {
    const missing = missingRequiredField(schema, message);
    if (missing !== undefined) {
      throw new TreeError(source, `required field ${missing} is not set`);
    }
  }
  return message;
}

/** Options of {@link encodeTree}. */
export interface EncodeOptions {
  /** Name of the output in error messages. Default `<output>`. */
  source?: string;
}

/**
 * Encodes a tree in the given format with protobuf-es. JSON is pretty-printed with two
 * spaces; text format is what the C++ `TextFormat` parser (and so libprotobuf-mutator)
 * reads. A tree with a missing required field is a {@link TreeError}.
 *
 * @example
 * ```ts
 * await writeFile('t.textproto', encodeTree(ModuleSetSchema, tree, 'textproto'));
 * ```
 */
export function encodeTree<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  format: TreeFormat,
  options: EncodeOptions = {},
): Uint8Array {
  try {
    switch (format) {
      case 'binpb':
        return toBinary(schema, message);
      case 'json':
        return encoder.encode(JSON.stringify(toJson(schema, message), null, 2) + '\n');
      case 'textproto':
        return encoder.encode(toText(schema, message));
    }
  } catch (e) {
    throw new TreeError(
      options.source ?? '<output>',
      `cannot encode as ${format}: ${describe(e)}`,
      {
        cause: e,
      },
    );
  }
}

/**
 * The path of the first `required` field that is not set (`program.body[0].while.cond`), or
 * `undefined` when every required field of the tree is set.
 *
 * @example
 * ```ts
 * missingRequiredField(ModuleSetSchema, create(ModuleSetSchema)); // 'program'
 * ```
 */
export function missingRequiredField<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
): string | undefined {
  let missing: string | undefined;
  walkTree(schema, message, (node) => {
    if (missing !== undefined) return;
    for (const field of node.desc.fields) {
      if (field.presence !== FeatureSet_FieldPresence.LEGACY_REQUIRED) continue;
      if (!isFieldSet(node.message, field)) {
        const parent = treePath(node);
        missing = parent === '' ? field.name : `${parent}.${field.name}`;
        return;
      }
    }
  });
  return missing;
}

function describe(e: unknown): string {
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    return 'nesting too deep to decode';
  }
  return e instanceof Error ? e.message : String(e);
}
