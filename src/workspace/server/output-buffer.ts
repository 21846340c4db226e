import { StringDecoder } from 'node:string_decoder';

/** Size of `s` once written in a JSON string (without the quotes). */
function jsonLength(s: string): number {
  return JSON.stringify(s).length - 2;
}

/**
 * What all streams of one exec may keep together, counted in characters of the JSON answer
 * (so a NUL byte, sent as `\u0000`, costs 6): the server's bound on the memory an exec's
 * output takes, whatever `max_output` says.
 *
 * @example
 * ```ts
 * const budget = new OutputBudget(4_000_000);
 * const out = new OutputBuffer(1e6, budget), err = new OutputBuffer(1e6, budget);
 * ```
 */
export class OutputBudget {
  remaining: number;
  constructor(readonly total: number) {
    this.remaining = total;
  }
}

/**
 * Keeps the first `limit` characters of a byte stream (and no more than its exec's
 * {@link OutputBudget}) and drops the rest without decoding it, so memory stays bounded
 * however much a command prints.
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
  /** Whether the exec's budget ran out while this stream still had output. */
  overBudget = false;

  constructor(
    readonly limit: number,
    private readonly budget: OutputBudget = new OutputBudget(Infinity),
  ) {
    if (limit <= 0) this.reached = true;
  }

  push(chunk: Buffer): void {
    if (this.reached || this.overBudget) return;
    this.add(this.decoder.write(chunk));
  }

  private add(s: string): void {
    if (s === '') return;
    const room = this.limit - this.text.length;
    const hitLimit = s.length >= room;
    let part = hitLimit ? s.slice(0, room) : s;
    let cost = jsonLength(part);
    if (cost > this.budget.remaining) {
      // The longest prefix within the budget (the cost grows with the prefix).
      let lo = 0;
      let hi = part.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (jsonLength(part.slice(0, mid)) <= this.budget.remaining) lo = mid;
        else hi = mid - 1;
      }
      part = part.slice(0, lo);
      cost = jsonLength(part);
      this.overBudget = true;
    }
    this.text += part;
    this.budget.remaining -= cost;
    if (hitLimit && !this.overBudget) this.reached = true;
  }

  /** The text kept, followed by a note when the limit or the exec's budget cut it. */
  result(): string {
    if (this.overBudget) {
      return `${this.text} (truncated: the exec's output passed the server's limit of ${this.budget.total} characters)`;
    }
    if (this.reached) return `${this.text} (truncated at ${this.limit} characters)`;
    this.add(this.decoder.end());
    if (this.overBudget) return this.result();
    return this.text;
  }
}
