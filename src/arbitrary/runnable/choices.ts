/**
 * Most choices one program reads. A program stops growing when its record runs out, so the
 * length of the record bounds the program as well as `maxNodes` does.
 *
 * @example
 * ```ts
 * expandRecord(1, MAX_CHOICES).length; // 2048
 * ```
 */
export const MAX_CHOICES = 2048;

/**
 * `length` choices in `[0, 65536)` from `seed` (mulberry32).
 *
 * @example
 * ```ts
 * expandRecord(1, 3).length; // 3
 * ```
 */
export function expandRecord(seed: number, length: number): number[] {
  const out = new Array<number>(length);
  let a = seed >>> 0;
  for (let i = 0; i < length; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) >>> 16;
  }
  return out;
}

/**
 * The constructs whose choices are noted as spans: `stat`, one statement of a block (the
 * draw of its production included); `block`, a nested block's statements (their count
 * included).
 */
export type SpanKind = 'stat' | 'block';

/**
 * The choices `[start, end)` of a record that one construct read: a mutation that replaces,
 * copies, deletes or repeats them changes that construct and leaves the choices before it
 * as they were.
 *
 * @example
 * ```ts
 * const spans: ChoiceSpan[] = [];
 * runnableModuleSet(record, options, spans); // spans[0]: { kind: 'stat', start: 9, end: 31 }
 * ```
 */
export interface ChoiceSpan {
  readonly kind: SpanKind;
  readonly start: number;
  readonly end: number;
}

/**
 * Reads a record of choices: each read takes the next number modulo the options; a used-up
 * record reads `0`, the smallest option, so every program ends.
 *
 * @example
 * ```ts
 * const c = new Choices([7, 2]);
 * c.int(4); // 3
 * c.chance(50); // false (2 < 50 reads as "no")
 * c.int(4); // 0 (used up)
 * ```
 */
export class Choices {
  private i = 0;

  /**
   * @param spans Where to note the spans of constructs (see {@link span}); none by default.
   */
  constructor(
    private readonly record: readonly number[],
    private readonly spans?: ChoiceSpan[],
  ) {}

  /**
   * Runs `build`, noting the positions of the choices it read as one span of `kind` when
   * spans are noted and `made` says it made something (a construct that gave nothing is no
   * place to mutate: deleting or repeating it changes no program): bookkeeping only, it reads
   * nothing.
   */
  span<T>(kind: SpanKind, build: () => T, made: (value: T) => boolean = () => true): T {
    if (this.spans === undefined) return build();
    const start = this.i;
    const value = build();
    if (this.i > start && made(value)) this.spans.push({ kind, start, end: this.i });
    return value;
  }

  /** Whether every choice has been read. */
  get exhausted(): boolean {
    return this.i >= this.record.length;
  }

  /** A number in `[0, n)`. */
  int(n: number): number {
    if (n <= 1) return 0;
    const x = this.record[this.i++];
    return x === undefined ? 0 : x % n;
  }

  /** True with about `percent` % probability; false once the record is used up. */
  chance(percent: number): boolean {
    return this.int(100) >= 100 - percent;
  }

  /** One of `options` (the first once the record is used up). */
  pick<T>(options: readonly T[]): T {
    return options[this.int(options.length)]!;
  }

  /** An index drawn by weight (index 0 once the record is used up). */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    if (total <= 0) return 0;
    let x = this.int(total);
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return 0;
  }
}
