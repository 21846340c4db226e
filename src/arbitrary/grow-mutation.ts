import type fc from 'fast-check';

/**
 * How a record of choices is let grow past the campaign's size: `grow` reads it with twice its
 * parent's node budget (`maxNodes` times its scale, at most {@link MAX_SCALE} times the
 * options'), with fresh choices appended for the generator to read on. Fresh programs keep
 * the options' size; a larger program enters a corpus only when it reaches something new.
 */
export type GrowMutation = 'grow';

/** The grow mutations, in a stable order. */
export const growMutations: readonly GrowMutation[] = ['grow'];

/**
 * Most times the options' `maxNodes` a grown record is read with.
 *
 * @example
 * ```ts
 * MAX_SCALE; // 8
 * ```
 */
export const MAX_SCALE = 8;

/**
 * Most choices a record of scale `scale` holds: a record as long as
 * `maxChoices` for each of the options' budgets it is read with.
 *
 * @example
 * ```ts
 * choicesAtScale(2048, 4); // 8192
 * ```
 */
export function choicesAtScale(maxChoices: number, scale: number): number {
  return maxChoices * scale;
}

/**
 * The record of choices grown once: the scale doubled (at most {@link MAX_SCALE}) and as many
 * choices appended as it holds (at least 256, within {@link choicesAtScale}), drawn from
 * `random` in `[0, 65536)`; undefined when it is at its largest scale already.
 *
 * @example
 * ```ts
 * growRecord(Int32Array.of(3, 1), 1, streamRandom(1), 2048); // { scale: 2, choices: 258 long }
 * ```
 */
export function growRecord(
  choices: Int32Array,
  scale: number,
  random: fc.Random,
  maxChoices: number,
): { choices: Int32Array; scale: number } | undefined {
  const next = Math.min(MAX_SCALE, scale * 2);
  if (next <= scale) return undefined;
  const length = Math.min(
    choicesAtScale(maxChoices, next),
    choices.length + Math.max(256, choices.length),
  );
  const out = new Int32Array(length);
  out.set(choices.subarray(0, length));
  for (let i = choices.length; i < length; i++) out[i] = random.nextInt(0, 0xffff);
  return { choices: out, scale: next };
}
