import type { Command } from 'commander';
import {
  arbitraryOptionsOf,
  generatorSettingTable,
  OptionError,
  resolveGeneratorSettings,
  resolveOptions,
  type GeneratorSettings,
  type GivenGeneratorSettings,
  type LuauArbitraryOptions,
  type ProfileName,
  type SettingTable,
  type ValidityLevel,
} from '../arbitrary/index.js';
import { campaignSettingTable } from '../campaign/index.js';
import { flagError, flagName, settingOptions } from './setting-flags.js';

/**
 * The default level and profile of a command that generates programs, and why.
 *
 * @example
 * ```ts
 * addGeneratorFlags(new Command('gen'), 'gen');
 * ```
 */
export interface GeneratorDefaults {
  /** The default `--level`. */
  readonly level: ValidityLevel;
  /** The default `--profile`. */
  readonly profile: ProfileName;
  /** Why, as the help says it. */
  readonly why: string;
  /**
   * Whether the profile, unless `--profile` is given, is the one the command's runtimes all
   * take (`profileOfRuntimes`): `profile` is then the default runtime's.
   */
  readonly followsRuntime?: boolean;
}

/**
 * The defaults of `gen`, `check`, `coverage` and `run`. `gen` writes a corpus that nothing runs: the
 * library's defaults, the whole grammar. `check` and `run` run their programs, in luau-web
 * unless `--runtime` says otherwise: the runnable level in luau-web's profile, so that
 * `check` measures what `run` runs. `coverage` runs real Luau: runnable programs, whole language.
 *
 * @example
 * ```ts
 * generatorDefaults.run.level; // 'runnable'
 * ```
 */
export const generatorDefaults = {
  gen: {
    level: 'syntax',
    profile: 'luau',
    why:
      "a corpus is read by parsers and tools, not run: the library's defaults, every tree " +
      'that parses, over the whole grammar',
  },
  check: {
    level: 'runnable',
    profile: 'luau-web',
    why:
      'what `run` runs by default, so that the report measures it: runnable programs in the ' +
      "bundled luau-web VM's profile (the luau profile when --runtime names another runtime)",
    followsRuntime: true,
  },
  coverage: {
    level: 'runnable',
    profile: 'luau',
    why:
      'a coverage build is real Luau, which takes the whole language, and runnable programs ' +
      'reach the VM and the native code generator as well as the parser and the compiler',
  },
  run: {
    level: campaignSettingTable.level.default,
    profile: 'luau-web',
    why:
      'a campaign runs its programs in luau-web unless --runtime says otherwise: its profile ' +
      '(the luau profile when no runtime of --runtime, --diff or --guided is luau-web), and the ' +
      'runnable level, at which any error, timeout or difference is a finding',
    followsRuntime: true,
  },
} as const satisfies Record<string, GeneratorDefaults>;

/**
 * The generator settings of a command, its defaults of {@link generatorDefaults} in place of
 * the library's.
 *
 * @example
 * ```ts
 * commandGeneratorTable('gen').level.default; // 'syntax'
 * ```
 */
export function commandGeneratorTable(
  of: keyof typeof generatorDefaults,
): typeof generatorSettingTable {
  const defaults: GeneratorDefaults = generatorDefaults[of];
  const t = generatorSettingTable;
  return {
    ...t,
    level: { ...t.level, default: defaults.level },
    profile: {
      ...t.profile,
      default: defaults.profile,
      ...(defaults.followsRuntime === true
        ? { defaultText: `"${defaults.profile}" while a runtime is luau-web, else "luau"` }
        : {}),
    },
  };
}

/**
 * The flag of a generator setting, for {@link flagError}.
 *
 * @example
 * ```ts
 * generatorFlagOf('maxNodes'); // '--max-nodes'
 * ```
 */
export function generatorFlagOf(option: string): string | undefined {
  const setting = (generatorSettingTable as SettingTable)[option];
  return setting === undefined ? undefined : flagName(setting);
}

/**
 * The `--profile` given on the command line, or undefined when it was not: a command whose
 * defaults {@link GeneratorDefaults.followsRuntime} then takes the one its runtimes all take
 * (`profileOfRuntimes`).
 *
 * @example
 * ```ts
 * givenProfile(command) ?? profileOfRuntimes(['luau-cli:-O2']); // 'luau' unless --profile was given
 * ```
 */
export function givenProfile(command: Command): ProfileName | undefined {
  return command.getOptionValueSource('profile') === undefined
    ? undefined
    : command.opts<{ profile: ProfileName }>().profile;
}

/**
 * The generator settings of a command's flags, resolved with the command's defaults (the
 * seed: random unless given): a value the generator refuses (`--max-depth 100` above the
 * schema level, `--grammar 735` at a level it is not generated at) is an error naming the flag.
 *
 * @example
 * ```ts
 * const settings = generatorSettingsOf('gen', flags); // settings.seed: --seed, or random
 * ```
 */
export function generatorSettingsOf(
  of: keyof typeof generatorDefaults,
  flags: GivenGeneratorSettings,
): GeneratorSettings {
  try {
    return resolveGeneratorSettings(commandGeneratorTable(of), flags);
  } catch (e) {
    if (e instanceof OptionError) throw flagError(e, generatorFlagOf);
    throw e;
  }
}

/** Breaks text into lines of at most 80 characters, at spaces. */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > 80) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].join('\n');
}

/**
 * Adds the generator's flags to a command, one per row of `generatorSettingTable`
 * (`--seed`, `--level`, `--grammar`, `--profile`, `--max-nodes`, `--max-depth`,
 * `--max-statements`, `--no-types`, `--planted-errors`), with the defaults of `of` (one of
 * {@link generatorDefaults}) and why in its help. One definition for `gen`, `check` and
 * `coverage`; `run` gives its campaign's table, whose rows are the generator's and its own.
 *
 * @example
 * ```ts
 * addGeneratorFlags(new Command('gen'), 'gen').action((opts) => generatorOptions(opts));
 * ```
 */
export function addGeneratorFlags(
  command: Command,
  of: keyof typeof generatorDefaults,
  table: SettingTable = commandGeneratorTable(of),
): Command {
  const defaults: GeneratorDefaults = generatorDefaults[of];
  for (const option of settingOptions(table)) command.addOption(option);
  return command.addHelpText(
    'after',
    `\n${wrap(`Defaults --level ${defaults.level} --profile ${defaults.profile}: ${defaults.why}.`)}`,
  );
}

/**
 * The generator options the flags of {@link addGeneratorFlags} select, checked: a value the
 * generator refuses (`--max-depth 100` above the schema level) is an error naming the flag.
 *
 * @example
 * ```ts
 * generatorOptions({ level: 'scoped', profile: 'luau-web', types: true }).level; // 'scoped'
 * ```
 */
export function generatorOptions(flags: GivenGeneratorSettings): LuauArbitraryOptions {
  const options = arbitraryOptionsOf(flags);
  try {
    resolveOptions(options);
  } catch (e) {
    if (e instanceof OptionError) throw flagError(e, generatorFlagOf);
    throw e;
  }
  return options;
}
