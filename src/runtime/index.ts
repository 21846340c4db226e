export { LuauWebPool } from './luau-web-pool.js';
export type {
  LuauWebPoolOptions,
  LuauWebPoolStats,
  ProgramJob,
  RunOptions,
} from './luau-web-pool.js';
export {
  emptyOutputHash,
  OutcomeParseError,
  outcomeStatuses,
  parseOutcomeLine,
  parseOutcomeLines,
} from './outcome.js';
export type { OutcomeStatus, ProgramOutcome } from './outcome.js';
