import { InvalidArgumentError, Option, type Command } from 'commander';
import type { TSchema } from 'typebox';
import { integerOf } from '../arbitrary/index.js';
import type { GivenSettings, OptionError, Setting, SettingTable } from '../arbitrary/index.js';

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

/**
 * The flag of a setting as errors name it (`--max-depth`), or undefined for a setting the
 * command line does not set.
 *
 * @example
 * ```ts
 * flagName(generatorSettingTable.types); // '--no-types'
 * ```
 */
export function flagName(setting: { readonly flag?: string }): string | undefined {
  return setting.flag?.split(' ')[0];
}

/** A flag's text parser: the setting's own, else a whole number for a number of its type. */
function parserOf(
  flag: string,
  schema: TSchema | undefined,
  parse: ((text: string, flag: string) => unknown) | undefined,
): ((text: string) => unknown) | undefined {
  if (parse !== undefined)
    return (text) => {
      try {
        return parse(text, flag);
      } catch (e) {
        throw new InvalidArgumentError((e as Error).message);
      }
    };
  const integer = schema === undefined ? undefined : integerOf(schema);
  return integer === undefined ? undefined : wholeNumber(flag, integer.minimum ?? 0);
}

/** The help of a setting: its text and its default, as the table gives them. */
function helpOf(setting: Setting): string {
  const fixed =
    setting.default === undefined ||
    setting.default === null ||
    typeof setting.default === 'function' ||
    typeof setting.default === 'boolean'
      ? undefined
      : Array.isArray(setting.default)
        ? setting.default.join(' ')
        : JSON.stringify(setting.default);
  const shown = setting.defaultText ?? fixed;
  return shown === undefined ? setting.help : `${setting.help} (default: ${shown})`;
}

/**
 * The commander options of a table's settings, each from its row: flag, help and default,
 * the choices of a setting of named values, the parser of its text (a whole number ≥ the
 * type's minimum, or the row's own). Commander gives no defaults: a setting not given stays
 * absent, and its default is the resolution's.
 *
 * @example
 * ```ts
 * for (const option of settingOptions(campaignSettingTable)) command.addOption(option);
 * ```
 */
export function settingOptions(table: SettingTable, names = Object.keys(table)): Option[] {
  const options: Option[] = [];
  for (const name of names) {
    const setting = table[name]!;
    if (setting.flag === undefined) continue;
    const option = new Option(setting.flag, helpOf(setting));
    const values = (setting.schema as { enum?: unknown[] }).enum;
    if (values !== undefined) option.choices(values.map(String));
    const parse = parserOf(flagName(setting)!, setting.schema, setting.parse);
    // After `choices`, whose list the help shows: a parser of its own replaces its check.
    if (parse !== undefined) option.argParser(parse);
    options.push(option);
    for (const more of setting.moreFlags ?? []) {
      const extra = new Option(more.flag, more.help);
      const parseMore = parserOf(more.flag.split(' ')[0]!, undefined, more.parse);
      if (parseMore !== undefined) extra.argParser(parseMore);
      options.push(extra);
    }
  }
  return options;
}

/**
 * The settings of a table given on the command line: each from its flags given (a flag left
 * at commander's default is not given).
 *
 * @example
 * ```ts
 * const given = givenSettings(command, campaignSettingTable); // { count: 300 } for --count 300
 * ```
 */
export function givenSettings<T extends SettingTable>(
  command: Command,
  table: T,
): GivenSettings<T> {
  const flags: Record<string, unknown> = {};
  for (const o of command.options) {
    const source = command.getOptionValueSource(o.attributeName());
    if (o.long !== undefined && source !== undefined && source !== 'default')
      flags[o.long] = command.getOptionValue(o.attributeName());
  }
  const given: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(table)) {
    const flag = flagName(setting);
    const value = setting.fromFlags?.(flags) ?? (flag === undefined ? undefined : flags[flag]);
    if (value !== undefined) given[name] = value;
  }
  return given as GivenSettings<T>;
}

/**
 * The flags given on the command line among a table's (each setting's and its more flags).
 *
 * @example
 * ```ts
 * givenFlags(command, campaignSettingTable); // ['--level', '--seed']
 * ```
 */
export function givenFlags(command: Command, table: SettingTable): string[] {
  const flags = new Set(
    Object.values(table).flatMap((s) => [
      ...(s.flag === undefined ? [] : [flagName(s)!]),
      ...(s.moreFlags ?? []).map((m) => m.flag.split(' ')[0]!),
    ]),
  );
  return command.options
    .filter((o) => o.long !== undefined && flags.has(o.long))
    .filter((o) => command.getOptionValueSource(o.attributeName()) === 'cli')
    .map((o) => o.long!);
}

/**
 * An {@link OptionError} in the user's words: the flag `flagOf` gives for its option, and
 * what is wrong. An option without a flag keeps its message.
 *
 * @example
 * ```ts
 * flagError(new OptionError('maxDepth', 'must be at most 64'), (o) => flagName(table[o])).message; // '--max-depth must be at most 64'
 * ```
 */
export function flagError(e: OptionError, flagOf: (option: string) => string | undefined): Error {
  const flag = flagOf(e.option);
  return new Error(flag === undefined ? e.message : `${flag} ${e.reason}`, { cause: e });
}
