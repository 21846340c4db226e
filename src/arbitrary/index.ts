export { luauArbitraryKeys, type LuauArbitraries } from './arbitraries-shape.js';
export { luauArbitraries } from './luau-arbitraries.js';
export { messageKey } from './message-key.js';
export {
  MAX_VALID_DEPTH,
  profileFeatures,
  profileNames,
  resolveOptions,
  validityLevels,
  type LuauArbitraryOptions,
  type LuauFeatures,
  type ProfileName,
  type ResolvedOptions,
  type ValidityLevel,
} from './options.js';
export { anyInt32, anyInt64, anyProtoString } from './scalars.js';
export { schemaArbitraries } from './schema-level.js';
export { copyMessage } from './copy-message.js';
export { nestedOfKind } from './descendants.js';
export { hoisting } from './hoisting.js';
export { caseOf, messageOf, messageToInit, type OneofValue } from './message-builder.js';
export {
  builtinIndex,
  identifierNameIndices,
  luauKeywords,
  runtimeGlobalIndices,
  runtimeGlobals,
} from './names.js';
export { rawGrammar, type RawArbitraries } from './raw-grammar.js';
export { MAX_VISIBLE_LOCALS, ScopedResolver } from './resolve-scoped.js';
export { Scope, type Frame, type VisibleLocal } from './scope.js';
export { build } from './build.js';
export { LOOP_FUEL, MAX_STRING, RunnableResolver, type ValueKind } from './resolve-runnable.js';
export { luauProgram, type LuauProgram, type LuauProgramOptions } from './luau-program.js';
export {
  checkValidity,
  type CaseCoverage,
  type ErrorCount,
  type ValidityCheckOptions,
  type ValidityReport,
} from './validity-report.js';
export {
  addGeneratorFlags,
  generatorOptions,
  wholeNumber,
  type GeneratorFlags,
} from './cli-options.js';
