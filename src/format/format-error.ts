/** Where a {@link FormatError} was found, besides its source. */
export interface FormatErrorDetails {
  /** The field, as a path (`query.projects[0].title`); `''` for the document itself. */
  field?: string;
  /** The line of a JSON-lines file, counted from 1. */
  line?: number;
  cause?: unknown;
}

/**
 * A document that is not in its format: not JSON, cut short, or JSON of another shape. The
 * message names the source (a file, or an HTTP request or answer), the field and what is
 * wrong with it.
 *
 * @example
 * ```ts
 * try { readJsonFile('out/state.json', State); } catch (e) {
 *   if (e instanceof FormatError) console.error(e.source, e.field, e.problem);
 * }
 * ```
 */
export class FormatError extends Error {
  override readonly name = 'FormatError';
  readonly field: string;
  readonly line: number | undefined;

  constructor(
    /** The file's path, or the HTTP request or answer the document came in. */
    readonly source: string,
    /** What is wrong, as the end of a sentence (`must be string, not number`). */
    readonly problem: string,
    details: FormatErrorDetails = {},
  ) {
    const where = details.line === undefined ? source : `${source}:${details.line}`;
    const field = details.field ?? '';
    super(
      `${where}: ${field === '' ? '' : `field '${field}' `}${problem}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.field = field;
    this.line = details.line;
  }
}
