/**
 * The output buffer both printers append to: a list of string pieces joined once at the
 * end, with the current indentation for printers that break lines (compat mode never
 * indents). Appending is the hot path, so it does no work beyond a push.
 *
 * @example
 * ```ts
 * const w = new Writer('    ');
 * w.write('do');
 * w.indent();
 * w.newline();
 * w.write('x = 1');
 * w.dedent();
 * w.newline();
 * w.write('end');
 * w.text(); // 'do\n    x = 1\nend'
 * ```
 */
export class Writer {
  /** The pieces written so far, in order. */
  readonly parts: string[] = [];
  private readonly unit: string;
  private depth = 0;
  private breaks: string[] = ['\n'];

  /** @param unit the text of one indentation level (default: four spaces). */
  constructor(unit = '    ') {
    this.unit = unit;
  }

  /** Appends `s`. */
  write(s: string): void {
    this.parts.push(s);
  }

  /** Starts a new line at the current indentation (nothing is written before the first text). */
  newline(): void {
    this.parts.push(this.breaks[this.depth]!);
  }

  /** One level deeper for the following lines. */
  indent(): void {
    this.depth++;
    if (this.breaks.length <= this.depth)
      this.breaks.push(this.breaks[this.depth - 1]! + this.unit);
  }

  /** One level shallower for the following lines. */
  dedent(): void {
    this.depth--;
  }

  /** The text written since `from` (a length of {@link parts}), without joining everything. */
  textSince(from: number): string {
    return this.parts.slice(from).join('');
  }

  /** The first character written at or after position `from` of {@link parts}, or `''`. */
  firstCharSince(from: number): string {
    for (let i = from; i < this.parts.length; i++) {
      const p = this.parts[i]!;
      if (p.length > 0) return p[0]!;
    }
    return '';
  }

  /** Everything written, joined. */
  text(): string {
    return this.parts.join('');
  }
}
