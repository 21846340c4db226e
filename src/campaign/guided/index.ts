export { Corpus, CorpusError, recordFromJson, recordToJson } from './corpus.js';
export type { CorpusEntry } from './corpus.js';
export {
  EntryFile,
  EntryOrigin,
  GeneratorFile,
  GuidedPoint,
  GuidedState,
} from './corpus-formats.js';
export { GuidedStateFile, LoggedProgram, MapFile, RecordJson } from './corpus-formats.js';
export { readGuidedState, writeGuidedState } from './guided-state.js';
export { guidedSource } from './guided-source.js';
export { freshRuns, readProgramLog } from './program-log.js';
export { GuidedLoop } from './guided-loop.js';
export type { GuidedLoopOptions } from './guided-loop.js';
export { corpusFolder } from './corpus-folder.js';
export type { GuidedSource } from './guided-source.js';
export { entryPicker, entryWeight } from './schedule.js';
export type { CounterHits } from './schedule.js';
export { runGuided } from './guided-run.js';
export type { GuidedOptions, GuidedResult } from './guided-run.js';
export { guidedDefaults, GuidedSteps } from './guided-step.js';
export type { GuidedProgram, GuidedStepsOptions, StepResult, StepState } from './guided-step.js';
export { autoShare, mutationShareOf, nextYields, rateBound, warmingUp } from './mutation-share.js';
export {
  nextOperatorYields,
  nextOriginYields,
  operatorWeighting,
  operatorWeights,
} from './operator-weights.js';
export type {
  OperatorYield,
  OperatorYields,
  OriginYields,
  ProgramOrigin,
} from './operator-weights.js';
export type { MutationShare, Yields } from './mutation-share.js';
export { exportCorpus } from './export-corpus.js';
export type { CorpusExport } from './export-corpus.js';
export { processCost, programCost } from './program-cost.js';
export { holdsTrees, treeSeeds, treeSeedsOfGrammar } from './tree-seeds.js';
export { corpusCoverage } from './corpus-coverage.js';
export type { CorpusCoverage, CorpusCoverageOptions } from './corpus-coverage.js';
export { corpusProgram, corpusPrograms } from './corpus-programs.js';
export type { CorpusProgram } from './corpus-programs.js';
