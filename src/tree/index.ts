export { decodeTree, encodeTree, missingRequiredField, MAX_TREE_DEPTH } from './codec.js';
export { type DecodeOptions, type EncodeOptions } from './codec.js';
export { TreeError } from './errors.js';
export { readTreeFile, STDIO_PATH, writeTreeFile, type TreeFileOptions } from './files.js';
export { parseTreeFormat, treeFormatExtension, treeFormatFromPath, treeFormats } from './format.js';
export { type TreeFormat } from './format.js';
export { treeKinds, type TreeKinds } from './kinds.js';
export { addTreeStats, emptyTreeStats, treeStats, type TreeStats } from './stats.js';
export { treePath, walkTree, type TreeNode } from './walk.js';
