// Argument checks shared by the benchmarks: a usage error names the flag and exits 2.
// (A leading `_`: not a benchmark of its own.)
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { packageRoot } from '../../src/package-root.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The checks of one benchmark's arguments, failing with its name and usage. */
export interface BenchArgs {
  /** Prints `NAME: message` and the usage, and exits 2. */
  fail(message: string): never;
  /** `text` as a whole number ≥ `min`, or fails naming `flag`. */
  whole(flag: string, text: string, min: number): number;
  /** The command line parsed strictly with `options` (positionals allowed), or fails. */
  parse<const T extends Options>(
    options: T,
  ): ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>;
}

/**
 * Argument checks for the benchmark `name`.
 *
 * @example
 * ```ts
 * const { parse, whole } = benchArgs('detect', usage);
 * const { values } = parse({ count: { type: 'string', default: '1000' } });
 * const count = whole('--count', values.count, 1);
 * ```
 */
export function benchArgs(name: string, usage: string): BenchArgs {
  const fail = (message: string): never => {
    process.stderr.write(`${name}: ${message}\n${usage}`);
    process.exit(2);
  };
  return {
    fail,
    whole(flag, text, min) {
      const n = Number(text);
      if (!Number.isInteger(n) || n < min) fail(`${flag} must be a whole number ≥ ${min}: ${text}`);
      return n;
    },
    parse(options) {
      try {
        return parseArgs({ options, allowPositionals: true, strict: true });
      } catch (e) {
        return fail((e as Error).message);
      }
    },
  };
}

/**
 * A path under `../shared` beside the package, where the benchmarks' default Luau builds and
 * reference files are.
 *
 * @example
 * ```ts
 * const build = sharedPath('tools', 'luau-715-coverage');
 * ```
 */
export function sharedPath(...parts: string[]): string {
  return join(packageRoot, '..', 'shared', ...parts);
}
