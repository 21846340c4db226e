export { Choices, expandRecord, MAX_CHOICES, type ChoiceSpan, type SpanKind } from './choices.js';
export { choiceRecord, shrinkCandidateBound } from './record-arbitrary.js';
export { type ChoiceRecordOptions } from './record-arbitrary.js';
export { LOOP_FUEL, MAX_STRING } from './generator.js';
export { runnableChunk, runnableModuleSet, runnableNumber } from './program.js';
export { hasLibrary } from './library/profile-library.js';
