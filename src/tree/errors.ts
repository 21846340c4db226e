/**
 * A tree that could not be read, decoded or written. `source` names the file (or `<input>`),
 * `reason` says what is wrong with it.
 *
 * @example
 * ```ts
 * try { await readTreeFile('bad.binpb'); } catch (e) { if (e instanceof TreeError) console.error(e.message); }
 * ```
 */
export class TreeError extends Error {
  override readonly name = 'TreeError';
  constructor(
    readonly source: string,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`${source}: ${reason}`, options);
  }
}
