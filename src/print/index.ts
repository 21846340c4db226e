export { printCompat, type CompatOptions } from './compat/module.js';
export { PrintError } from './errors.js';
export { nameTables, type NameTables } from './name-tables.js';
