import { StringDecoder } from 'node:string_decoder';

/**
 * Keeps the first `limit` characters of a byte stream and drops the rest without decoding
 * it, so memory stays bounded however much a command prints.
 *
 * @example
 * ```ts
 * const out = new OutputBuffer(1000);
 * child.stdout.on('data', (b: Buffer) => out.push(b));
 * ```
 */
export class OutputBuffer {
  private readonly decoder = new StringDecoder('utf8');
  private text = '';
  /** Whether the stream reached `limit` characters. */
  reached = false;

  constructor(readonly limit: number) {
    if (limit <= 0) this.reached = true;
  }

  push(chunk: Buffer): void {
    if (this.reached) return;
    const s = this.decoder.write(chunk);
    if (this.text.length + s.length >= this.limit) {
      this.text += s.slice(0, this.limit - this.text.length);
      this.reached = true;
    } else {
      this.text += s;
    }
  }

  /** The text kept, followed by ` (truncated at N characters)` when the limit was reached. */
  result(): string {
    if (this.reached) return `${this.text} (truncated at ${this.limit} characters)`;
    const rest = this.decoder.end();
    return this.text + rest.slice(0, this.limit - this.text.length);
  }
}
