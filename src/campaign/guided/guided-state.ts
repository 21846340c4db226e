import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonFile, writeJsonFile } from '../../format/index.js';
import { GuidedState, GuidedStateFile, type GuidedPoint } from './corpus-formats.js';
import type { StepResult } from './guided-step.js';

type Yields = NonNullable<GuidedState['yields']>;
const current = (y: Yields | { fresh: number[] }): y is Yields => typeof y.fresh === 'number';

/**
 * Where a guided campaign stands in its corpus folder `dir` (`state.json`): a campaign that
 * has not run a step yet stands at the start. A state of an older version reads with what it
 * kept in another shape as not known yet.
 *
 * @throws {@link FormatError} naming the file and the field when it is cut short, not JSON or
 * not a state.
 * @example
 * ```ts
 * const state = readGuidedState(join(campaignDir, 'corpus')); // { step: 0, nextRun: 0, … }
 * ```
 */
export function readGuidedState(dir: string): GuidedState {
  const file = join(dir, 'state.json');
  if (!existsSync(file)) return { step: 0, nextRun: 0, programs: 0, timeline: [] };
  const { yields, operators, ...rest } = readJsonFile(file, GuidedStateFile);
  // Older shapes (pairs of programs, counters per mutant) start again from nothing known.
  const all = Object.entries(operators ?? {});
  const shares = all.flatMap(([m, o]) => ('found' in o ? [[m, o] as const] : []));
  return {
    ...rest,
    ...(yields !== undefined && current(yields) ? { yields } : {}),
    ...(operators === undefined || shares.length < all.length
      ? {}
      : { operators: Object.fromEntries(shares) }),
  };
}

/**
 * Writes `state.json` of the corpus folder `dir` whole (checked first: a state the reader
 * would refuse is not written).
 *
 * @example
 * ```ts
 * writeGuidedState(dir, afterStep(state, done, { seconds: 2.5, counters: 9000, corpus: 40 }));
 * ```
 */
export function writeGuidedState(dir: string, state: GuidedState): void {
  writeJsonFile(join(dir, 'state.json'), GuidedState, state);
}

/**
 * Where a guided campaign stands after a step of `programs` programs that took `seconds`:
 * the step's state, the programs counted, and the step's point added to its course.
 *
 * @example
 * ```ts
 * state = afterStep(state, await steps.step(state, indices), { programs: 50, seconds: 2.5, counters: 9000, corpus: 40 });
 * ```
 */
export function afterStep(
  state: GuidedState,
  done: Pick<StepResult, 'state' | 'mutants'>,
  step: Pick<GuidedPoint, 'programs' | 'counters' | 'corpus'> & { readonly seconds: number },
): GuidedState {
  const last = state.timeline[state.timeline.length - 1];
  const programs = state.programs + step.programs;
  const point: GuidedPoint = {
    t: (last?.t ?? 0) + step.seconds,
    programs,
    mutants: (last?.mutants ?? 0) + done.mutants,
    counters: step.counters,
    corpus: step.corpus,
  };
  return { ...done.state, programs, timeline: [...state.timeline, point] };
}
