import Type from 'typebox';
import { checkValue } from '../format/index.js';
import { grammars, parseGrammar, type GrammarName } from '../tree/grammar.js';
import { OptionError } from './option-error.js';
import { checkerTargets, profileNames, resolveOptions, validityLevels } from './options.js';
import type { LuauArbitraryOptions } from './options.js';
import { resolveSettings, setting, storedSchema, withAbsent } from './setting-table.js';
import type { GivenSettings, ResolvedSettings, Setting, SettingTable } from './setting-table.js';

/** The arbitraries' own defaults, which the settings' defaults and help read. */
const arbitraryDefaults = resolveOptions();

/** A limit: a whole number, or `null` for the arbitraries' default (which may hang on the level). */
const limit = (least: number, most?: number) =>
  Type.Union([
    Type.Integer(most === undefined ? { minimum: least } : { minimum: least, maximum: most }),
    Type.Null(),
  ]);

/**
 * A seed for a generator given none: any of fast-check's seeds, so that its programs are drawn
 * from a sequence no other run is likely to share. The one place a seed is decided when none
 * is given ({@link generatorSettingTable}'s `seed`).
 *
 * @example
 * ```ts
 * const seed = randomSeed(); // 0 ≤ seed < 2³¹ − 1
 * ```
 */
export function randomSeed(): number {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0]! % (2 ** 31 - 1);
}

/**
 * The generator's settings, each named once: flag, type, default, check, help, and whether a
 * campaign records it. Everything that fixes a generated program besides its index: with these
 * settings, program `i` is the value fast-check draws at run `i` for `seed`. The defaults of
 * `level` and `profile` are the library's; a command area gives its own
 * (`generatorDefaults` of the command line, `campaignSettingTable`).
 *
 * @example
 * ```ts
 * generatorSettingTable.maxDepth.flag; // '--max-depth <n>'
 * ```
 */
export const generatorSettingTable = {
  seed: setting(Type.Integer(), {
    flag: '--seed <n>',
    default: randomSeed,
    help: 'generator seed',
    defaultText: 'random',
    stored: true,
  }),
  level: setting(Type.Enum([...validityLevels]), {
    flag: '--level <level>',
    default: arbitraryDefaults.level,
    help: 'validity level',
    stored: true,
  }),
  // Recorded since grammar 735: a campaign recorded before is of the seed's grammar.
  grammar: setting(Type.Enum(grammars.map((g) => g.name)), {
    flag: '--grammar <grammar>',
    default: arbitraryDefaults.grammar,
    parse: (text: string, flag: string): GrammarName => {
      const grammar = parseGrammar(text);
      if (grammar === undefined)
        throw new Error(
          `${flag} must be one of ${grammars.map((g) => g.name).join(', ')}, got '${text}'`,
        );
      return grammar.name;
    },
    help: "the programs' grammar: 715 (the seed's) or 735 (Luau 0.735's: classes, const, export, builtin references, paren-less calls)",
    stored: true,
    absentAs: '715' as GrammarName,
  }),
  profile: setting(Type.Enum([...profileNames]), {
    flag: '--profile <profile>',
    default: arbitraryDefaults.profile,
    help: 'feature profile',
    stored: true,
  }),
  maxNodes: setting(limit(1), {
    flag: '--max-nodes <n>',
    default: null as number | null,
    help: 'messages per tree',
    defaultText: String(arbitraryDefaults.maxNodes),
    stored: true,
    absentAs: null,
  }),
  maxDepth: setting(limit(1), {
    flag: '--max-depth <n>',
    default: null as number | null,
    help: 'deepest nesting',
    defaultText: String(arbitraryDefaults.maxDepth),
    stored: true,
    absentAs: null,
  }),
  maxStatements: setting(limit(1), {
    flag: '--max-statements <n>',
    default: null as number | null,
    help: 'statements per block',
    defaultText: String(arbitraryDefaults.maxStatements),
    stored: true,
    absentAs: null,
  }),
  types: setting(Type.Boolean(), {
    flag: '--no-types',
    default: true,
    help: 'no type syntax (annotations, aliases, type functions, generics)',
    stored: true,
    absentAs: true,
  }),
  plantedErrors: setting(limit(0, 100), {
    flag: '--planted-errors <n>',
    default: null as number | null,
    help: 'percent of typed programs with a planted type error (--level typed only)',
    defaultText: String(arbitraryDefaults.plantedErrors),
    stored: true,
    absentAs: null,
  }),
  // Recorded since the checker target: a campaign recorded before made its programs for the old solver.
  checker: setting(Type.Enum([...checkerTargets]), {
    flag: '--checker <solver>',
    default: arbitraryDefaults.checker,
    help: 'with --level typed: the type checker the programs are made for (old: the old solver of 0.715; new: the new solver, LuauSolverV2, as every mode of 0.735)',
    stored: true,
    absentAs: 'old' as const,
  }),
};

/**
 * Generator settings as given: each absent (its default) or set; a limit `null` is its
 * default too.
 *
 * @example
 * ```ts
 * const given: GivenGeneratorSettings = { level: 'scoped', maxDepth: 4 };
 * ```
 */
export type GivenGeneratorSettings = GivenSettings<typeof generatorSettingTable>;

/**
 * Generator settings resolved: every field present, a limit `null` for the arbitraries'
 * default. One value, carried whole from the command line through a campaign's options and
 * `options.json`, its generation threads and its finding records.
 *
 * @example
 * ```ts
 * const settings: GeneratorSettings = resolveGeneratorSettings(generatorSettingTable, { seed: 42 });
 * ```
 */
export type GeneratorSettings = ResolvedSettings<typeof generatorSettingTable>;

/**
 * The arbitraries' options of generator settings (the seed aside; `null` or absent limits:
 * the arbitraries' defaults).
 *
 * @example
 * ```ts
 * luauArbitraries(arbitraryOptionsOf({ level: 'runnable', profile: 'luau-web' })).moduleSet;
 * ```
 */
export function arbitraryOptionsOf(settings: GivenGeneratorSettings): LuauArbitraryOptions {
  const {
    level,
    grammar,
    profile,
    types,
    maxNodes,
    maxDepth,
    maxStatements,
    plantedErrors,
    checker,
  } = settings;
  return {
    ...(level === undefined ? {} : { level }),
    ...(grammar === undefined || grammar === arbitraryDefaults.grammar ? {} : { grammar }),
    ...(profile === undefined ? {} : { profile }),
    ...(types === false ? { types: false } : {}),
    ...(maxNodes == null ? {} : { maxNodes }),
    ...(maxDepth == null ? {} : { maxDepth }),
    ...(maxStatements == null ? {} : { maxStatements }),
    ...(plantedErrors == null ? {} : { plantedErrors }),
    // The seed's grammar leaves out the default; grammar 735 is checked by the new solver only.
    ...(checker === undefined || (checker === 'old' && grammar !== '735') ? {} : { checker }),
  };
}

/**
 * Resolves generator settings of a table (the generator's, or a command area's with its own
 * defaults): fills in the defaults, the seed included (random when not given: the one place it
 * is drawn), and checks every value as the arbitraries check their options. An
 * {@link OptionError} names the bad setting.
 *
 * @example
 * ```ts
 * resolveGeneratorSettings(generatorSettingTable, { seed: 1, level: 'scoped' }).types; // true
 * ```
 */
export function resolveGeneratorSettings<
  T extends SettingTable & { readonly [K in keyof typeof generatorSettingTable]: Setting },
>(table: T, given: GivenSettings<T>): ResolvedSettings<T> {
  const resolved = resolveSettings(table, given);
  resolveOptions(arbitraryOptionsOf(resolved as unknown as GivenGeneratorSettings));
  return resolved;
}

/**
 * The schema of the generator settings a file records (a campaign's `options.json`, a
 * finding's `outcome.json`): the settings it predates may be missing.
 *
 * @example
 * ```ts
 * checkValue(GeneratorSettingsRecord, record, 'out/options.json');
 * ```
 */
export const GeneratorSettingsRecord = storedSchema(generatorSettingTable, {});

/**
 * The generator settings recorded in a file, whatever version wrote it: the settings it
 * predates read as their defaults (`absentAs`). A field of the wrong type is a `FormatError`
 * naming the file and the field; a value the arbitraries refuse, an {@link OptionError} whose
 * message names the file and the field.
 *
 * @example
 * ```ts
 * const settings = readGeneratorSettings(record, 'out/options.json');
 * ```
 */
export function readGeneratorSettings(record: unknown, source: string): GeneratorSettings {
  const fields = withAbsent(
    generatorSettingTable,
    checkValue(GeneratorSettingsRecord, record, source),
  );
  const given: Record<string, unknown> = {};
  for (const name of Object.keys(generatorSettingTable))
    given[name] = (fields as Record<string, unknown>)[name];
  try {
    return resolveGeneratorSettings(generatorSettingTable, given as GivenGeneratorSettings);
  } catch (e) {
    if (e instanceof OptionError)
      throw new OptionError(e.option, e.reason, `${source}: ${e.option} ${e.reason}`);
    throw e;
  }
}
