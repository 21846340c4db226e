import { InvalidArgumentError, Option, type Command } from 'commander';
import { profileNames, validityLevels, type LuauArbitraryOptions } from '../arbitrary/index.js';

/**
 * The generator's command-line flags, as commander parses them.
 *
 * @example
 * ```ts
 * generatorOptions({ level: 'syntax', profile: 'luau', types: true } satisfies GeneratorFlags);
 * ```
 */
export interface GeneratorFlags {
  level: string;
  profile: string;
  seed?: number;
  maxDepth?: number;
  maxStatements?: number;
  maxNodes?: number;
  types: boolean;
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
 * Adds the generator's flags to a command: `--level`, `--profile`, `--seed`, `--max-depth`,
 * `--max-statements`, `--max-nodes`, `--no-types`.
 *
 * @example
 * ```ts
 * addGeneratorFlags(new Command('gen')).action((opts) => generatorOptions(opts));
 * ```
 */
export function addGeneratorFlags(
  command: Command,
  defaultLevel = 'syntax',
  defaultProfile = 'luau',
): Command {
  return command
    .addOption(
      new Option('--level <level>', 'validity level')
        .choices([...validityLevels])
        .default(defaultLevel),
    )
    .addOption(
      new Option('--profile <profile>', 'feature profile')
        .choices([...profileNames])
        .default(defaultProfile),
    )
    .addOption(
      new Option('--seed <n>', 'generator seed (default: random)').argParser(
        wholeNumber('--seed', 0),
      ),
    )
    .addOption(
      new Option('--max-depth <n>', 'deepest nesting (default: 6)').argParser(
        wholeNumber('--max-depth', 1),
      ),
    )
    .addOption(
      new Option('--max-statements <n>', 'statements per block (default: 6)').argParser(
        wholeNumber('--max-statements', 1),
      ),
    )
    .addOption(
      new Option('--max-nodes <n>', 'messages per tree (default: 400)').argParser(
        wholeNumber('--max-nodes', 1),
      ),
    )
    .option('--no-types', 'no type syntax (annotations, aliases, type functions, generics)');
}

/**
 * The generator options the flags of {@link addGeneratorFlags} select.
 *
 * @example
 * ```ts
 * generatorOptions({ level: 'scoped', profile: 'luau-web', types: true }).level; // 'scoped'
 * ```
 */
export function generatorOptions(flags: GeneratorFlags): LuauArbitraryOptions {
  return {
    level: flags.level as LuauArbitraryOptions['level'] & string,
    profile: flags.profile as LuauArbitraryOptions['profile'] & string,
    types: flags.types,
    ...(flags.maxDepth === undefined ? {} : { maxDepth: flags.maxDepth }),
    ...(flags.maxStatements === undefined ? {} : { maxStatements: flags.maxStatements }),
    ...(flags.maxNodes === undefined ? {} : { maxNodes: flags.maxNodes }),
  };
}
