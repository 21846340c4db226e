import type fc from 'fast-check';
import type { ChoiceSpan } from './runnable/choices.js';

/**
 * How a record of choices is changed at the boundaries of the constructs the generator read
 * from it: `span-fresh` draws new choices for one statement or block, `span-splice` puts a
 * statement or block of another record (the same kind) in its place, `span-delete` removes a
 * statement, `span-duplicate` repeats one right after itself. The choices before the span are
 * left as they were, so the program up to that construct is the parent's.
 */
export type SpanMutation = 'span-fresh' | 'span-splice' | 'span-delete' | 'span-duplicate';

/** The span mutations, in a stable order. */
export const spanMutations: readonly SpanMutation[] = [
  'span-fresh',
  'span-splice',
  'span-delete',
  'span-duplicate',
];

/** A record of choices with the spans the generator noted reading it. */
export interface SpannedChoices {
  readonly choices: Int32Array;
  readonly spans: readonly ChoiceSpan[];
}

// Spans inside the record (a generator reads past its end as zeros), of the kinds wanted.
function within(s: SpannedChoices, kinds: readonly ChoiceSpan['kind'][]): ChoiceSpan[] {
  return s.spans.filter((p) => kinds.includes(p.kind) && p.start < s.choices.length);
}

function pick<T>(random: fc.Random, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[random.nextInt(0, items.length - 1)];
}

function replaced(choices: Int32Array, span: ChoiceSpan, run: Int32Array): Int32Array {
  const end = Math.min(span.end, choices.length);
  const out = new Int32Array(choices.length - (end - span.start) + run.length);
  out.set(choices.subarray(0, span.start));
  out.set(run, span.start);
  out.set(choices.subarray(end), span.start + run.length);
  return out;
}

/**
 * `record` changed by the span mutation `op` (see {@link SpanMutation}), its choices drawn
 * from `random` in `[values[0], values[1]]`; `undefined` when the record has no span `op`
 * applies to (no statement to delete, no donor span of the kind). The generator re-reads the
 * result, so it is a program of the level, as any record is.
 *
 * @example
 * ```ts
 * const child = mutateSpans(parent, 'span-delete', streamRandom(3), [donor], [0, 0xffff]);
 * ```
 */
export function mutateSpans(
  record: SpannedChoices,
  op: SpanMutation,
  random: fc.Random,
  donors: readonly SpannedChoices[],
  values: readonly [number, number],
): Int32Array | undefined {
  const { choices } = record;
  switch (op) {
    case 'span-fresh': {
      const span = pick(random, within(record, ['stat', 'block']));
      if (span === undefined) return undefined;
      const run = new Int32Array(Math.min(span.end, choices.length) - span.start);
      for (let i = 0; i < run.length; i++) run[i] = random.nextInt(values[0], values[1]);
      return replaced(choices, span, run);
    }
    case 'span-splice': {
      const span = pick(random, within(record, ['stat', 'block']));
      const donor = pick(random, donors);
      if (span === undefined || donor === undefined) return undefined;
      const from = pick(random, within(donor, [span.kind]));
      if (from === undefined) return undefined;
      return replaced(
        choices,
        span,
        donor.choices.subarray(from.start, Math.min(from.end, donor.choices.length)),
      );
    }
    case 'span-delete': {
      const span = pick(random, within(record, ['stat']));
      return span === undefined ? undefined : replaced(choices, span, new Int32Array(0));
    }
    case 'span-duplicate': {
      const span = pick(random, within(record, ['stat']));
      if (span === undefined) return undefined;
      const run = choices.subarray(span.start, Math.min(span.end, choices.length));
      const twice = new Int32Array(run.length * 2);
      twice.set(run);
      twice.set(run, run.length);
      return replaced(choices, span, twice);
    }
  }
}
