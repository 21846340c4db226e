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
export { createLocalRuntime } from './local-runtime.js';
export type { LocalRuntime, LocalRuntimeOptions } from './local-runtime.js';
export { commandTemplate, parseRuntime, RuntimeSpecError, runnerRuntimeArgs } from './profile.js';
export type { CommandProfile, LuauCliProfile, LuauWebProfile, RuntimeProfile } from './profile.js';
export {
  chunkText,
  encodeBatch,
  installRunner,
  RunnerBatchError,
  RunnerInstallError,
  runRemoteBatch,
  uploadFile,
} from './remote-runner.js';
export type { InstalledRunner, InstallRunnerOptions, RemoteBatchOptions } from './remote-runner.js';
export { luauWebDir, runnerBundle, runnerSourceDir } from './runner-files.js';
export type { RunnerBundle, RunnerFile } from './runner-files.js';
