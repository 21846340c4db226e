// Checked formats: a schema per document, a reader that validates, a writer that writes whole.
export { checkValue, describeProblem, fieldPath } from './check.js';
export { type Problem, type SchemaError } from './check.js';
export { FormatError, type FormatErrorDetails } from './format-error.js';
export { parseJsonLines, readJsonLines, writeJsonLines } from './json-lines.js';
export { type JsonLines, type TruncatedLine, type WriteJsonLinesOptions } from './json-lines.js';
export { parseJson } from './parse-json.js';
export { readJsonFile } from './read-json-file.js';
export { writeFileAtomic, writeJsonFile } from './write-file-atomic.js';
export { withDefaults } from './with-defaults.js';
