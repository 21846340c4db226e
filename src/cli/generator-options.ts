import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  arbitraryOptionsOf,
  DEFAULT_PLANTED_ERRORS,
  OptionError,
  profileNames,
  resolveOptions,
  validityLevels,
  type GeneratorSettings,
  type LuauArbitraryOptions,
  type ProfileName,
  type ValidityLevel,
} from '../arbitrary/index.js';

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
    level: 'runnable',
    profile: 'luau-web',
    why:
      'a campaign runs its programs in luau-web unless --runtime says otherwise: its profile ' +
      '(the luau profile when no runtime of --runtime, --diff or --guided is luau-web), and the ' +
      'runnable level, at which any error, timeout or difference is a finding',
    followsRuntime: true,
  },
} as const satisfies Record<string, GeneratorDefaults>;

/**
 * The flag of each generator setting: the one table between the command line and
 * {@link GeneratorSettings}. Commander names each flag's value by the setting (`--max-depth`
 * is `maxDepth`, `--no-types` is `types`), so the flags read into settings by this table
 * ({@link settingsOfFlags}), and an {@link OptionError} names its flag by it ({@link flagError}).
 *
 * @example
 * ```ts
 * generatorFlagNames.maxDepth; // '--max-depth'
 * ```
 */
export const generatorFlagNames = {
  seed: '--seed',
  level: '--level',
  profile: '--profile',
  maxNodes: '--max-nodes',
  maxDepth: '--max-depth',
  maxStatements: '--max-statements',
  types: '--no-types',
  plantedErrors: '--planted-errors',
} as const satisfies Record<Exclude<keyof GeneratorSettings, 'grammar'>, string>;

/**
 * The generator's command-line flags, as commander parses them: settings by name, the level
 * and profile from the choices the flags allow.
 *
 * @example
 * ```ts
 * generatorOptions({ level: 'syntax', profile: 'luau', types: true } satisfies GeneratorFlags);
 * ```
 */
export type GeneratorFlags = Partial<Omit<GeneratorSettings, 'grammar'>> &
  Pick<GeneratorSettings, 'level' | 'profile'> & { types: boolean };

/**
 * The generator settings the flags give (those not given are absent), read through
 * {@link generatorFlagNames}.
 *
 * @example
 * ```ts
 * settingsOfFlags({ level: 'scoped', profile: 'luau', types: true, maxDepth: 3 }).maxDepth; // 3
 * ```
 */
export function settingsOfFlags(flags: {
  readonly [K in keyof GeneratorSettings]?: GeneratorSettings[K] | undefined;
}): Partial<GeneratorSettings> {
  const keys = Object.keys(generatorFlagNames) as (keyof GeneratorSettings)[];
  return Object.fromEntries(keys.filter((k) => flags[k] !== undefined).map((k) => [k, flags[k]]));
}

/**
 * An {@link OptionError} in the user's words: the flag `flagOf` gives for its option, and
 * what is wrong. An option without a flag keeps its message.
 *
 * @example
 * ```ts
 * flagError(new OptionError('maxDepth', 'must be at most 64'), generatorFlagOf).message; // '--max-depth must be at most 64'
 * ```
 */
export function flagError(e: OptionError, flagOf: (option: string) => string | undefined): Error {
  const flag = flagOf(e.option);
  return new Error(flag === undefined ? e.message : `${flag} ${e.reason}`, { cause: e });
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
  return (generatorFlagNames as Record<string, string>)[option];
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
  return command.getOptionValueSource('profile') === 'default'
    ? undefined
    : command.opts<{ profile: ProfileName }>().profile;
}

/**
 * Parses a whole number for commander, with an error that names the flag.
 *
 * @example
 * ```ts
 * new Option('--count <n>').argParser(wholeNumber('--count', 1));
 * ```
 */
export function wholeNumber(flag: string, min: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
      throw new InvalidArgumentError(`${flag} must be a whole number >= ${min}, got '${value}'`);
    }
    return n;
  };
}

/**
 * A whole-number option (`--count <n>`) with its check ({@link wholeNumber}) and its default
 * (none: absent unless given).
 *
 * @example
 * ```ts
 * command.addOption(wholeNumberOption('--count <n>', 'programs to generate', 1, 1000));
 * ```
 */
export function wholeNumberOption(
  flags: string,
  description: string,
  min: number,
  defaultValue?: number,
): Option {
  const option = new Option(flags, description).argParser(wholeNumber(flags.split(' ')[0]!, min));
  return defaultValue === undefined ? option : option.default(defaultValue);
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
 * Adds the generator's flags to a command: `--level`, `--profile`, `--seed`, `--max-depth`,
 * `--max-statements`, `--max-nodes`, `--no-types`, `--planted-errors`, with the defaults of `of` (one of
 * {@link generatorDefaults}) and why in its help. One definition for `gen`, `check`,
 * `coverage` and `run`.
 *
 * @example
 * ```ts
 * addGeneratorFlags(new Command('gen'), 'gen').action((opts) => generatorOptions(opts));
 * ```
 */
export function addGeneratorFlags(command: Command, of: keyof typeof generatorDefaults): Command {
  const defaults: GeneratorDefaults = generatorDefaults[of];
  return command
    .addOption(
      new Option('--level <level>', 'validity level')
        .choices([...validityLevels])
        .default(defaults.level),
    )
    .addOption(
      new Option('--profile <profile>', 'feature profile')
        .choices([...profileNames])
        .default(
          defaults.profile,
          defaults.followsRuntime === true
            ? `"${defaults.profile}" while a runtime is luau-web, else "luau"`
            : undefined,
        ),
    )
    .addOption(wholeNumberOption('--seed <n>', 'generator seed (default: random)', 0))
    .addOption(wholeNumberOption('--max-depth <n>', 'deepest nesting (default: 6)', 1))
    .addOption(wholeNumberOption('--max-statements <n>', 'statements per block (default: 6)', 1))
    .addOption(wholeNumberOption('--max-nodes <n>', 'messages per tree (default: 400)', 1))
    .option('--no-types', 'no type syntax (annotations, aliases, type functions, generics)')
    .addOption(
      wholeNumberOption(
        '--planted-errors <n>',
        `percent of typed programs with a planted type error (--level typed only; default: ${DEFAULT_PLANTED_ERRORS})`,
        0,
      ),
    )
    .addHelpText(
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
export function generatorOptions(flags: GeneratorFlags): LuauArbitraryOptions {
  // A command's own `--grammar` (gen, check, coverage) holds a grammar, not a setting's name.
  const { grammar: _grammar, ...generator } = flags as GeneratorFlags & { grammar?: unknown };
  const options = arbitraryOptionsOf({ maxNodes: null, ...generator });
  try {
    resolveOptions(options);
  } catch (e) {
    if (e instanceof OptionError) throw flagError(e, generatorFlagOf);
    throw e;
  }
  return options;
}
