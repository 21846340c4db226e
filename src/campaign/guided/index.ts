export { Corpus, CorpusError, recordFromJson, recordToJson } from './corpus.js';
export type { CorpusEntry, EntryOrigin, RecordJson } from './corpus.js';
export { corpusFolder, coverageLuau, freshRuns, guidedSource } from './guided-source.js';
export type { GuidedPoint, GuidedSettings, GuidedSource } from './guided-source.js';
export { entryWeight, pickEntry } from './schedule.js';
export { runGuided } from './guided-run.js';
export type { GuidedOptions, GuidedProgram, GuidedProgress, GuidedResult } from './guided-run.js';
export { exportCorpus } from './export-corpus.js';
export type { CorpusExport } from './export-corpus.js';
