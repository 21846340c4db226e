export { Corpus, CorpusError } from './corpus.js';
export type { CorpusEntry, EntryOrigin } from './corpus.js';
export { entryWeight, pickEntry } from './schedule.js';
export { runGuided } from './guided-run.js';
export type { GuidedOptions, GuidedProgram, GuidedProgress, GuidedResult } from './guided-run.js';
export { exportCorpus } from './export-corpus.js';
export type { CorpusExport } from './export-corpus.js';
