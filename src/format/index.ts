// Checked formats: a schema per document, a reader that validates, a writer that writes whole.
export { checkValue, describeProblem, fieldPath } from './check.js';
export { type Problem, type SchemaError } from './check.js';
export { FormatError, type FormatErrorDetails } from './format-error.js';
export { appendJsonLine, appendJsonLines, parseJsonLines, readJsonLines } from './json-lines.js';
export { writeJsonLines } from './json-lines.js';
export { type JsonLines, type TruncatedLine } from './json-lines.js';
export { parseJson } from './parse-json.js';
export { readJsonFile } from './read-json-file.js';
export { writeFileAtomic, writeJsonFile } from './write-file-atomic.js';
