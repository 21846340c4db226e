/**
 * A tree that a printer refuses to print: today only trees nested deeper than Luau's parser
 * accepts (pretty mode), which would otherwise give source that cannot parse.
 *
 * @example
 * ```ts
 * try {
 *   printPretty(tree);
 * } catch (e) {
 *   if (e instanceof PrintError) console.error(e.message);
 * }
 * ```
 */
export class PrintError extends Error {
  override readonly name = 'PrintError';

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}
