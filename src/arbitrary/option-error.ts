/**
 * An option out of range, with the option's name kept apart from what is wrong with it, so
 * that a command can name it in its own words (a flag, a field of a file) without reading the
 * message. It is a `RangeError`, as every option error of the arbitraries was.
 *
 * @example
 * ```ts
 * try { resolveOptions({ maxDepth: 100, level: 'runnable' }); }
 * catch (e) { if (e instanceof OptionError) console.error(`--max-depth ${e.reason}`); }
 * ```
 */
export class OptionError extends RangeError {
  override readonly name: string = 'OptionError';
  /** The option's name, as the options object spells it (`maxDepth`). */
  readonly option: string;
  /** What is wrong, without the name (`must be a positive integer, got 0`). */
  readonly reason: string;

  /** `message` defaults to `option <option> <reason>`. */
  constructor(option: string, reason: string, message = `option ${option} ${reason}`) {
    super(message);
    this.option = option;
    this.reason = reason;
  }
}
