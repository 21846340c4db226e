export {
  profileReach,
  RawProfileError,
  readRawProfile,
  readRawProfileFunctions,
} from './raw-profile.js';
export type { ProfileReach, RawProfile, RawProfileFunction } from './raw-profile.js';
export { CounterLayoutError, CounterMap } from './counter-map.js';
export type { CounterMapState } from './counter-map.js';
export { CoverageRunner } from './coverage-runner.js';
export type {
  CoverageOutcome,
  CoverageReadStats,
  CoverageRunnerOptions,
} from './coverage-runner.js';
