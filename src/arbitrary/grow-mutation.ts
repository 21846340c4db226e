import type fc from 'fast-check';

/**
 * How a record of choices is let grow past the campaign's size: `grow` reads it with a larger
 * node budget (`maxNodes` times its scale: twice to sixteen times its parent's, at most
 * {@link MAX_SCALE} times the options'), with fresh choices appended for the generator to read
 * on. Fresh programs keep the options' size; a larger program enters a corpus only when it
 * reaches something new.
 */
export type GrowMutation = 'grow';

/** The grow mutations, in a stable order. */
export const growMutations: readonly GrowMutation[] = ['grow'];

/**
 * Most times the options' `maxNodes` a grown record is read with.
 *
 * @example
 * ```ts
 * MAX_SCALE; // 16
 * ```
 */
export const MAX_SCALE = 16;

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
 * The record of choices grown once: read with a larger scale, drawn among the doublings of
 * its own up to {@link MAX_SCALE} in proportion to each (from 1: 2, 4, 8 or 16, sixteen the
 * most likely: programs read with the largest budget reach the most per program, and a campaign
 * should not wait for a chain of kept mid-size entries to get there), with choices appended
 * for the generator to read on (as many as it holds times the growth, at least 256, within
 * {@link choicesAtScale}) drawn from `random` in `[0, 65536)`; undefined when it is at its
 * largest scale already.
 *
 * @example
 * ```ts
 * growRecord(Int32Array.of(3, 1), 1, streamRandom(1), 2048); // { scale: 2, 4, 8 or 16, choices: 258 long }
 * ```
 */
export function growRecord(
  choices: Int32Array,
  scale: number,
  random: fc.Random,
  maxChoices: number,
): { choices: Int32Array; scale: number } | undefined {
  const larger: number[] = [];
  for (let s = scale * 2; s <= MAX_SCALE; s *= 2) larger.push(s);
  if (larger.length === 0) return undefined;
  let x = random.nextInt(0, larger.reduce((a, b) => a + b, 0) - 1);
  let next = larger[0]!;
  for (const s of larger) {
    next = s;
    if ((x -= s) < 0) break;
  }
  const length = Math.min(
    choicesAtScale(maxChoices, next),
    choices.length + Math.max(256, (choices.length * (next - scale)) / scale),
  );
  return { choices: appendChoices(choices, length, random), scale: next };
}

/**
 * `choices` cut or lengthened to `length`, the choices past its own drawn from `random` in
 * `[0, 65536)`: what `grow` gives a record for the generator to read on.
 *
 * @example
 * ```ts
 * appendChoices(Int32Array.of(3, 1), 4, streamRandom(1)); // Int32Array [3, 1, x, y]
 * ```
 */
export function appendChoices(choices: Int32Array, length: number, random: fc.Random): Int32Array {
  const out = new Int32Array(length);
  out.set(choices.subarray(0, length));
  for (let i = choices.length; i < length; i++) out[i] = random.nextInt(0, 0xffff);
  return out;
}
