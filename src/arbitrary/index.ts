export { luauArbitraryKeys, type LuauArbitraries } from './arbitraries-shape.js';
export { type LuauArbitraries735 } from './arbitraries-shape.js';
export { luauArbitraries } from './luau-arbitraries.js';
export { GENERATOR_VERSION } from './generator-version.js';
export { arbitraryOptionsOf, generatorSettingTable, randomSeed } from './generator-settings.js';
export { GeneratorSettingsRecord, readGeneratorSettings } from './generator-settings.js';
export { resolveGeneratorSettings } from './generator-settings.js';
export { type GeneratorSettings, type GivenGeneratorSettings } from './generator-settings.js';
export { integerOf, resolveSettings, setting, storedSchema, withAbsent } from './setting-table.js';
export { type GivenSettings, type ResolvedSettings } from './setting-table.js';
export { type Setting, type SettingTable } from './setting-table.js';
export { OptionError } from './option-error.js';
export { luauProgram, type LuauProgram, type LuauProgramOptions } from './luau-program.js';
export { judgeStrict, plantedErrorOf, PLANTED_PREFIX, type PlantedError } from './planted-error.js';
export { type StrictVerdict } from './planted-error.js';
export { DEFAULT_PLANTED_ERRORS, MAX_VALID_DEPTH, profileFeatures } from './options.js';
export { checkerTargets, profileNames, resolveOptions, validityLevels } from './options.js';
export {
  type CheckerTarget,
  type LuauArbitraryOptions,
  type LuauFeatures,
  type ProfileName,
} from './options.js';
export { type ResolvedOptions, type ValidityLevel } from './options.js';
export { anyInt32, anyInt64, anyProtoString } from './scalars.js';
export { hoisting } from './hoisting.js';
export { caseOf, messageOf, type OneofValue } from './message-builder.js';
export { messageKey } from './message-key.js';
export { runtimeGlobals } from './names.js';
export { MAX_VISIBLE_LOCALS } from './resolve-scoped.js';
export { LOOP_FUEL, MAX_STRING } from './runnable/index.js';
export { biasOfRun, generateFromRecord, streamRandom, type ChoiceRecord } from './choice-record.js';
export { type RecordedValue } from './choice-record.js';
export { choiceMutations, mutateRecord, type ChoiceMutation } from './choice-mutation.js';
export { type MutatedRecord, type MutateRecordOptions } from './choice-mutation.js';
export { programRecords, recordMutations, type ProgramMutation } from './program-record.js';
export { type ProgramRecord, type ProgramRecords } from './program-record.js';
export { mutateSpans, spanMutations, type SpanMutation } from './span-mutation.js';
export { type SpannedChoices } from './span-mutation.js';
export {
  appendChoices,
  choicesAtScale,
  growMutations,
  growRecord,
  MAX_SCALE,
} from './grow-mutation.js';
export { type GrowMutation } from './grow-mutation.js';
export { mutateTree, subtreesOfKind, treeMutations } from './tree-mutation.js';
export { type MutateTreeOptions, type TreeMutation } from './tree-mutation.js';
