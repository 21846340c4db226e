import { grammars, type GrammarName } from '../tree/grammar.js';
import { OptionError } from './option-error.js';
import { profileNames, resolveOptions, validityLevels } from './options.js';
import type { LuauArbitraryOptions, ProfileName, ValidityLevel } from './options.js';

/**
 * Everything that fixes a generated program besides its index: with these settings, program
 * `i` is the value fast-check draws at run `i` for `seed`. One value, carried whole from the
 * command line through a campaign's options and `options.json`, its generation threads and
 * its finding records, and read back from them by {@link readGeneratorSettings}.
 *
 * The limits are `null` or absent for the arbitraries' defaults: campaigns record `null`,
 * and the records of campaigns older than a limit have no field for it.
 *
 * @example
 * ```ts
 * const settings: GeneratorSettings = { seed: 42, level: 'runnable', profile: 'luau-web', maxNodes: null };
 * ```
 */
export interface GeneratorSettings {
  /** The seed of fast-check's runs. */
  readonly seed: number;
  /** How valid the programs are. */
  readonly level: ValidityLevel;
  /** The grammar of the trees (absent: `'715'`, the seed's). */
  readonly grammar?: GrammarName;
  /** Which syntax families are on. */
  readonly profile: ProfileName;
  /** Largest tree in messages (`null`: the arbitraries' default). */
  readonly maxNodes: number | null;
  /** Deepest nesting (`null` or absent: the arbitraries' default). */
  readonly maxDepth?: number | null;
  /** Most statements in one block (`null` or absent: the arbitraries' default). */
  readonly maxStatements?: number | null;
  /** Type syntax at all (absent: true). */
  readonly types?: boolean;
  /**
   * Typed programs with a planted type error, in percent (`null` or absent: the arbitraries'
   * default, `DEFAULT_PLANTED_ERRORS`).
   */
  readonly plantedErrors?: number | null;
}

/**
 * The arbitraries' options of generator settings (the seed aside; `null` or absent limits:
 * the arbitraries' defaults).
 *
 * @example
 * ```ts
 * luauArbitraries(arbitraryOptionsOf({ level: 'runnable', profile: 'luau-web', maxNodes: null })).moduleSet;
 * ```
 */
export function arbitraryOptionsOf(
  settings: Omit<GeneratorSettings, 'seed'>,
): LuauArbitraryOptions {
  return {
    level: settings.level,
    ...(settings.grammar === undefined || settings.grammar === '715'
      ? {}
      : { grammar: settings.grammar }),
    profile: settings.profile,
    ...(settings.types === false ? { types: false } : {}),
    ...(settings.maxNodes == null ? {} : { maxNodes: settings.maxNodes }),
    ...(settings.maxDepth == null ? {} : { maxDepth: settings.maxDepth }),
    ...(settings.maxStatements == null ? {} : { maxStatements: settings.maxStatements }),
    ...(settings.plantedErrors == null ? {} : { plantedErrors: settings.plantedErrors }),
  };
}

/**
 * Generator settings with every field present (`null` limits for the defaults), checked as
 * the arbitraries check their options: an {@link OptionError} names the bad field.
 *
 * @example
 * ```ts
 * generatorSettings({ seed: 1, level: 'scoped', profile: 'luau', maxNodes: null }).types; // true
 * ```
 */
export function generatorSettings(settings: GeneratorSettings): Required<GeneratorSettings> {
  if (!Number.isInteger(settings.seed))
    throw new OptionError('seed', `must be an integer, got ${String(settings.seed)}`);
  return { seed: settings.seed, ...settingsBesideSeed(settings) };
}

/**
 * Generator settings but the seed, with every field present and checked as
 * {@link generatorSettings} checks them: for a caller that decides the seed itself (the
 * command line draws it), so that the seed goes from there straight to the generator.
 *
 * @example
 * ```ts
 * settingsBesideSeed({ level: 'scoped', profile: 'luau', maxNodes: null }).maxDepth; // null
 * ```
 */
export function settingsBesideSeed(
  settings: Omit<GeneratorSettings, 'seed'>,
): Required<Omit<GeneratorSettings, 'seed'>> {
  for (const key of ['maxNodes', 'maxDepth', 'maxStatements'] as const) {
    const value = settings[key];
    if (value != null && (!Number.isInteger(value) || value < 1))
      throw new OptionError(key, `must be an integer ≥ 1, got ${String(value)}`);
  }
  resolveOptions(arbitraryOptionsOf(settings));
  return {
    level: settings.level,
    grammar: settings.grammar ?? '715',
    profile: settings.profile,
    maxNodes: settings.maxNodes ?? null,
    maxDepth: settings.maxDepth ?? null,
    maxStatements: settings.maxStatements ?? null,
    types: settings.types ?? true,
    plantedErrors: settings.plantedErrors ?? null,
  };
}

/**
 * The generator settings recorded in a file (a campaign's `options.json`, a finding's
 * `outcome.json`), whatever version wrote it: limits missing from older files read as the
 * defaults. A field of the wrong type or out of range is an {@link OptionError} whose message
 * names the file and the field.
 *
 * @example
 * ```ts
 * const settings = readGeneratorSettings(JSON.parse(text), 'out/options.json');
 * ```
 */
export function readGeneratorSettings(
  record: unknown,
  source: string,
): Required<GeneratorSettings> {
  const fields = (typeof record === 'object' && record !== null ? record : {}) as Record<
    string,
    unknown
  >;
  const bad = (key: string, what: string): OptionError =>
    new OptionError(
      key,
      `must be ${what}, got ${JSON.stringify(fields[key]) ?? 'nothing'}`,
      `${source}: ${key} must be ${what}, got ${JSON.stringify(fields[key]) ?? 'nothing'}`,
    );
  const { seed, level, grammar, profile, types } = fields;
  if (typeof seed !== 'number') throw bad('seed', 'an integer');
  if (!validityLevels.includes(level as ValidityLevel))
    throw bad('level', `one of ${validityLevels.join(', ')}`);
  const grammarNames = grammars.map((g) => g.name);
  if (grammar !== undefined && !grammarNames.includes(grammar as GrammarName))
    throw bad('grammar', `one of ${grammarNames.join(', ')}`);
  if (!profileNames.includes(profile as ProfileName))
    throw bad('profile', `one of ${profileNames.join(', ')}`);
  if (types !== undefined && typeof types !== 'boolean') throw bad('types', 'true or false');
  const limit = (
    key: 'maxNodes' | 'maxDepth' | 'maxStatements' | 'plantedErrors',
  ): number | null => {
    const value = fields[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'number') throw bad(key, 'an integer ≥ 1 or null');
    return value;
  };
  try {
    return generatorSettings({
      seed,
      level: level as ValidityLevel,
      grammar: (grammar ?? '715') as GrammarName,
      profile: profile as ProfileName,
      maxNodes: limit('maxNodes'),
      maxDepth: limit('maxDepth'),
      maxStatements: limit('maxStatements'),
      types: types ?? true,
      plantedErrors: limit('plantedErrors'),
    });
  } catch (e) {
    if (e instanceof OptionError)
      throw new OptionError(e.option, e.reason, `${source}: ${e.option} ${e.reason}`);
    throw e;
  }
}
