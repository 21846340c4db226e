export { luauArbitraryKeys, type LuauArbitraries } from './arbitraries-shape.js';
export { luauArbitraries } from './luau-arbitraries.js';
export { messageKey } from './message-key.js';
export {
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
