export { profileReach, RawProfileError, readRawProfile } from './raw-profile.js';
export { readRawProfileFunctions } from './raw-profile.js';
export type { ProfileReach, RawProfile, RawProfileFunction } from './raw-profile.js';
export { CounterLayoutError, CounterMap } from './counter-map.js';
export type { CounterMapState } from './counter-map.js';
export { CoverageRunner } from './coverage-runner.js';
export type { CoverageOutcome, CoverageReadStats } from './coverage-runner.js';
export type { CoverageRunnerOptions } from './coverage-runner.js';
