import type { LuauArbitraries } from './arbitraries-shape.js';
import { resolveOptions, type LuauArbitraryOptions } from './options.js';
import { schemaArbitraries } from './schema-level.js';

/**
 * An arbitrary for every message of the schema, valid at the requested level and for the
 * requested profile. Values are protobuf-es messages that encode with `toBinary` as they are;
 * the same seed gives the same trees, and fast-check's shrinking works on them.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * const { moduleSet } = luauArbitraries({ level: 'schema' });
 * fc.assert(fc.property(moduleSet, (tree) => toBinary(ModuleSetSchema, tree).length >= 0));
 * ```
 */
export function luauArbitraries(options: LuauArbitraryOptions = {}): LuauArbitraries {
  const resolved = resolveOptions(options);
  return schemaArbitraries(resolved);
}
