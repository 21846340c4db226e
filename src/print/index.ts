export { printCompat, type CompatOptions } from './compat/module.js';
export { printPretty, type PrettyOptions } from './pretty/module.js';
export { NESTING_LIMIT } from './pretty/context.js';
export { PrintError } from './errors.js';
export { nameTables, type NameTables } from './name-tables.js';
export { luauKeywords } from './keywords.js';
