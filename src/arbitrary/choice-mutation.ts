import type fc from 'fast-check';
import type { ChoiceRecord } from './choice-record.js';

/**
 * How a record of choices is changed: `change` overwrites a run of choices with new values,
 * `insert` adds a run, `delete` removes one, `splice` copies a run of another record over
 * (or into) this one.
 */
export type ChoiceMutation = 'change' | 'insert' | 'delete' | 'splice';

/** The mutations, in a stable order. */
export const choiceMutations: readonly ChoiceMutation[] = ['change', 'insert', 'delete', 'splice'];

/** A mutated record and what was done to it. */
export interface MutatedRecord {
  readonly record: ChoiceRecord;
  /** The mutations applied, in order. */
  readonly mutations: readonly ChoiceMutation[];
}

/** Options of {@link mutateRecord}. */
export interface MutateRecordOptions {
  /** Smallest and largest value of a choice. Default: any signed 32-bit value. */
  readonly values?: readonly [number, number] | undefined;
  /** Most choices a mutated record keeps (longer ones are cut). Default: no limit. */
  readonly maxLength?: number | undefined;
  /** Records a `splice` copies from (another corpus entry). Default: the record itself. */
  readonly donors?: readonly ChoiceRecord[] | undefined;
  /** Most mutations stacked on one record (at least 1). Default 4. */
  readonly maxStacked?: number | undefined;
  /** The first mutation (the others drawn). Default: drawn like the others. */
  readonly first?: ChoiceMutation | undefined;
}

/** A run length: short runs most often (1, 2, 4 … up to `max`). */
function runLength(random: fc.Random, max: number): number {
  const bits = random.nextInt(0, Math.max(0, Math.floor(Math.log2(Math.max(1, max)))));
  return Math.min(max, random.nextInt(1, 1 << bits));
}

type Values = readonly [number, number];

function randomValues(random: fc.Random, n: number, [min, max]: Values): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = random.nextInt(min, max);
  return out;
}

function concat(...parts: Int32Array[]): Int32Array {
  const out = new Int32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function applyOne(
  choices: Int32Array,
  op: ChoiceMutation,
  random: fc.Random,
  donors: readonly ChoiceRecord[],
  values: Values,
): Int32Array {
  const n = choices.length;
  switch (op) {
    case 'change': {
      if (n === 0) return randomValues(random, 1, values);
      const length = runLength(random, n);
      const at = random.nextInt(0, n - length);
      const out = Int32Array.from(choices);
      out.set(randomValues(random, length, values), at);
      return out;
    }
    case 'insert': {
      const at = random.nextInt(0, n);
      const run = randomValues(random, runLength(random, 16), values);
      return concat(choices.subarray(0, at), run, choices.subarray(at));
    }
    case 'delete': {
      if (n === 0) return choices;
      const length = runLength(random, n);
      const at = random.nextInt(0, n - length);
      return concat(choices.subarray(0, at), choices.subarray(at + length));
    }
    case 'splice': {
      const donor =
        donors.length === 0 ? choices : donors[random.nextInt(0, donors.length - 1)]!.choices;
      if (donor.length === 0) return choices;
      const length = runLength(random, donor.length);
      const from = random.nextInt(0, donor.length - length);
      const run = donor.slice(from, from + length);
      const at = random.nextInt(0, n);
      // Half the time over the choices there, half the time between them.
      return random.nextInt(0, 1) === 0
        ? concat(choices.subarray(0, at), run, choices.subarray(Math.min(n, at + length)))
        : concat(choices.subarray(0, at), run, choices.subarray(at));
    }
  }
}

/**
 * Mutates a record of choices by one to `maxStacked` mutations (change, insert, delete or
 * splice a run of choices), drawn from `random`. The generator re-reads the mutated choices
 * (see `generateFromRecord`), so the value it gives is one it can generate: valid at its level.
 *
 * @example
 * ```ts
 * const { record } = mutateRecord(parent, streamRandom(1), { donors: corpus });
 * const child = generateFromRecord(arb, record).value;
 * ```
 */
export function mutateRecord(
  record: ChoiceRecord,
  random: fc.Random,
  options: MutateRecordOptions = {},
): MutatedRecord {
  const stacked = random.nextInt(1, Math.max(1, options.maxStacked ?? 4));
  const donors = options.donors ?? [record];
  const values = options.values ?? [-0x80000000, 0x7fffffff];
  const maxLength = options.maxLength ?? Infinity;
  let choices = record.choices;
  const mutations: ChoiceMutation[] = [];
  for (let k = 0; k < stacked; k++) {
    const op =
      k === 0 && options.first !== undefined
        ? options.first
        : choiceMutations[random.nextInt(0, choiceMutations.length - 1)]!;
    choices = applyOne(choices, op, random, donors, values);
    if (choices.length > maxLength) choices = choices.slice(0, maxLength);
    mutations.push(op);
  }
  return { record: { ...record, choices }, mutations };
}
