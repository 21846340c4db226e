import { appendFileSync, readFileSync } from 'node:fs';
import type { Static, TSchema } from 'typebox';
import { checkValue } from './check.js';
import { parseJson } from './parse-json.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** A last line that does not end in a newline: its writer stopped before finishing it. */
export interface TruncatedLine {
  /** Its line number, counted from 1. */
  line: number;
  text: string;
}

/** The records of a JSON-lines text, and its cut-short last line if any. */
export interface JsonLines<T> {
  records: T[];
  truncated: TruncatedLine | undefined;
  /** Bytes of the complete lines: truncate the file to this before appending to it. */
  completeBytes: number;
}

/**
 * Parses a JSON-lines text (one JSON value per line, each ending in a newline) and checks
 * every line against a schema. A last line without its newline is cut short, whatever it
 * holds, and is returned apart; a faulty line before it is a {@link FormatError} naming
 * `source`, the line number, the field and the fault. Blank lines are skipped.
 *
 * @example
 * ```ts
 * const { records, truncated } = parseJsonLines(text, ProgramRecord, 'out/results.jsonl');
 * ```
 */
export function parseJsonLines<T extends TSchema>(
  text: string,
  schema: T,
  source: string,
): JsonLines<Static<T>> {
  const end = text.lastIndexOf('\n') + 1;
  const lines = text.slice(0, end).split('\n');
  lines.pop();
  const records: Static<T>[] = [];
  lines.forEach((line, i) => {
    if (line.trim() !== '') records.push(parseJson(line, schema, source, { line: i + 1 }));
  });
  const rest = text.slice(end);
  return {
    records,
    truncated: rest === '' ? undefined : { line: lines.length + 1, text: rest },
    completeBytes: Buffer.byteLength(text.slice(0, end)),
  };
}

/**
 * Reads a JSON-lines file with {@link parseJsonLines}; a missing file has no records.
 *
 * @example
 * ```ts
 * const log = readJsonLines(join(dir, 'programs.jsonl'), LoggedProgram);
 * if (log.truncated !== undefined) truncateSync(file, log.completeBytes);
 * ```
 */
export function readJsonLines<T extends TSchema>(path: string, schema: T): JsonLines<Static<T>> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      return { records: [], truncated: undefined, completeBytes: 0 };
    throw e;
  }
  return parseJsonLines(text, schema, path);
}

/** How {@link writeJsonLines} writes. */
export interface WriteJsonLinesOptions {
  /** Add the lines at the end of the file instead of replacing it. Default `false`. */
  append?: boolean;
}

/**
 * Checks values against their schema and writes them, a line each, in one write; none is
 * written when one would not read back. By default the lines are the whole file, written
 * with {@link writeFileAtomic} (the file holds the old lines or the new ones, never a part);
 * with `append` they are added at its end, where a reader sees each line whole or cut short
 * without its newline.
 *
 * @example
 * ```ts
 * writeJsonLines(join(dir, 'results.jsonl'), ProgramRecord, batch, { append: true });
 * ```
 */
export function writeJsonLines<T extends TSchema>(
  path: string,
  schema: T,
  values: readonly Static<T>[],
  { append = false }: WriteJsonLinesOptions = {},
): void {
  (append ? appendFileSync : writeFileAtomic)(path, jsonLines(path, schema, values));
}

function jsonLines<T extends TSchema>(
  path: string,
  schema: T,
  values: readonly Static<T>[],
): string {
  for (const v of values) checkValue(schema, v, path);
  return values.map((v) => `${JSON.stringify(v)}\n`).join('');
}
