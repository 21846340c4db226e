export { printCompat, type CompatOptions } from './compat/module.js';
export { printPretty, type PrettyOptions } from './pretty/module.js';
export { NESTING_LIMIT } from './pretty/context.js';
export { PrintError } from './errors.js';
export { nameTables, nameTables735, type NameTables, type NameTables735 } from './name-tables.js';
export { luauKeywords } from './keywords.js';
export { frameBlocks } from './pretty/frame-blocks.js';
