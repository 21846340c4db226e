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
export { runnerDefaults } from './runner-files.js';
export { createLocalRuntime } from './local-runtime.js';
export type { LocalRuntime, LocalRuntimeOptions } from './local-runtime.js';
export {
  commandTemplate,
  parseRuntime,
  RuntimeSpecError,
  runnerRuntimeArgs,
  runnerRuntimeOptions,
  shellWord,
} from './profile.js';
export { runtimeHostPaths } from './host-paths.js';
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
export type { InstallRunnerOptions, RemoteBatchOptions } from './remote-runner.js';
export {
  ResidentRunnerGoneError,
  startResidentRunner,
  stopResidentRunner,
} from './resident-runner.js';
export type { ResidentRunner, ResidentRunnerOptions } from './resident-runner.js';
export { luauWebDir, runnerBundle, runnerSourceDir } from './runner-files.js';
export type { InstalledRunner, RunnerBundle, RunnerFile } from './runner-files.js';
export { bytecodeCoverage, countListing } from './bytecode-coverage.js';
export type { BytecodeCoverage, BytecodeCoverageOptions } from './bytecode-coverage.js';
export { duplicateRate } from './duplicate-rate.js';
export type { DuplicateRate } from './duplicate-rate.js';
export { LuauBatchRunner, batchOutcomesDiffer, luauEngine } from './luau-batch.js';
export type {
  LuauBatchOptions,
  LuauBatchOutcome,
  LuauBatchProgram,
  LuauEngine,
} from './luau-batch.js';
export { defaultLuauToolsDir, luauTools } from './luau-tools.js';
export type { FaultyLuau, LuauTools } from './luau-tools.js';
export { coverageBuild, CoverageBuildError, isCoverageInstrumented } from './coverage-build.js';
export type { LuauToolName } from './coverage-build.js';
export {
  coverageModeNames,
  coverageModes,
  defaultCoverageModes,
  parseCoverageModes,
} from './coverage-modes.js';
export type { CoverageMode, CoverageModeName } from './coverage-modes.js';
export { componentOf, coverageSummary, mergeProfiles } from './coverage-summary.js';
export type { ComponentCounts, CoverageCounts } from './coverage-summary.js';
export { formatEngineCoverage, formatSetRuns } from './coverage-table.js';
export { measureEngineCoverage, toolComponents } from './engine-coverage.js';
export type {
  ComponentCoverage,
  CoverageComparison,
  EngineCoverage,
  EngineCoverageOptions,
  SetRuns,
  ToolCoverage,
} from './engine-coverage.js';
export { findLlvmTools, LlvmToolsMissingError } from './llvm-tools.js';
export type { FindLlvmToolsOptions, LlvmTools } from './llvm-tools.js';
export { runToolBatches, runToolReports } from './tool-batch.js';
export type { ToolBatchOptions, ToolReport, ToolStatus } from './tool-batch.js';
export { readLuauFiles } from './luau-files.js';
