import { Command, InvalidArgumentError, Option } from 'commander';
import { luauArbitraries, OptionError } from '../arbitrary/index.js';
import { generatePrograms } from '../campaign/index.js';
import { grammar715, parseGrammar, type AnyGrammar } from '../tree/index.js';
import { luau735FuzzerFlags, readLuauFiles, type LuauBatchProgram } from '../runtime/index.js';
import {
  coverageBuild,
  CoverageBuildError,
  coverageModeNames,
  coverageModes,
  defaultCoverageModes,
  findLlvmTools,
  formatEngineCoverage,
  formatSetRuns,
  measureEngineCoverage,
  parseCoverageModes,
  type CoverageModeName,
  type EngineCoverage,
} from '../coverage/index.js';
import { addGeneratorFlags, generatorOptions, generatorSettingsOf } from './generator-options.js';
import { wholeNumberOption } from './setting-flags.js';
import type { GivenGeneratorSettings } from '../arbitrary/index.js';

interface CoverageFlags extends GivenGeneratorSettings {
  fflags?: string;
  count: number;
  build: string;
  compare?: string;
  modes?: CoverageModeName[];
  llvmBin?: string;
  timeout: number;
  workers: number;
  batchSize: number;
  json?: boolean;
}

/** An error of the command's own, whose message names the flag at fault. */
function flagError(flag: string, e: unknown): Error {
  return new Error(`${flag}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}

/**
 * Generates `count` programs of `grammar` with the generator's flags, printed as a runtime
 * runs them; programs the printer refuses are left out (and counted).
 *
 * @throws {@link OptionError} for flags the generator does not take (a grammar at a level it is not generated at).
 * @example
 * ```ts
 * const { programs } = generatedSample({ level: 'runnable', profile: 'luau', types: true }, 100, 1);
 * ```
 */
export function generatedSample(
  flags: GivenGeneratorSettings,
  count: number,
  seed: number,
  grammar: AnyGrammar = grammar715,
): { programs: LuauBatchProgram[]; unprintable: number } {
  const options = { ...generatorOptions(flags), grammar: grammar.name };
  const arbitrary = luauArbitraries(options).moduleSet;
  const drawn = generatePrograms(
    arbitrary,
    seed,
    Array.from({ length: count }, (_, i) => i),
    grammar,
  );
  const printable = drawn.filter((p) => p.printError === undefined);
  return {
    programs: printable.map((p) => ({ program: p.program, module: p.module })),
    unprintable: drawn.length - printable.length,
  };
}

/**
 * `luau-fuzz coverage`: generates programs and runs them on a Luau build made for
 * source-based coverage (`make config=coverage`), optionally with a folder of `.luau` files
 * to compare with, and prints line and branch coverage per component (Ast, Compiler, VM,
 * CodeGen; Analysis for luau-analyze): generated, compared, union, and what each set covers
 * that the other does not. `--json` prints the report as JSON.
 *
 * @example
 * ```sh
 * luau-fuzz coverage --build ~/luau/build/coverage --compare ~/luau/tests/conformance --count 500
 * luau-fuzz coverage --build ~/luau/build/coverage --level typed --modes analyze-strict --json
 * ```
 */
export function coverageCommand(): Command {
  const modeHelp = coverageModeNames
    .map((m) => {
      const { tool, args } = coverageModes[m];
      return `${m} (${[tool, ...args].join(' ')})`;
    })
    .join(', ');
  return addGeneratorFlags(
    new Command('coverage').description(
      'engine coverage: run generated programs (and --compare DIR) on a coverage build of Luau, ' +
        'print line and branch coverage per component',
    ),
    'coverage',
  )
    .addOption(
      new Option(
        '--build <dir>',
        'folder of a Luau coverage build (make config=coverage): luau, luau-compile, luau-analyze',
      ).makeOptionMandatory(),
    )
    .option(
      '--compare <dir>',
      "folder of .luau files to compare with (e.g. Luau's tests/conformance)",
    )
    .option(
      '--fflags <list>',
      'flags every executable runs with, as --fflags= takes them (default with --grammar 735: ' +
        `those of Luau 0.735's own fuzzer, ${luau735FuzzerFlags.join(',')}; else none)`,
    )
    .addOption(
      new Option(
        '--modes <list>',
        `how programs run, comma-separated: ${modeHelp} (default: runnable run-O0,run-O2-codegen; ` +
          'typed also analyze-strict; schema, syntax, scoped compile-O2)',
      ).argParser((text: string) => {
        try {
          return parseCoverageModes(text);
        } catch (e) {
          throw new InvalidArgumentError((e as Error).message);
        }
      }),
    )
    .addOption(wholeNumberOption('--count <n>', 'programs to generate', 1, 1000))
    .option(
      '--llvm-bin <dir>',
      'folder of llvm-profdata and llvm-cov (default: the PATH, also versioned names such as llvm-cov-14)',
    )
    .addOption(
      wholeNumberOption('--timeout <ms>', 'wall-clock limit per program and run', 1, 10_000),
    )
    .addOption(wholeNumberOption('--workers <n>', 'processes at a time', 1, 2))
    .addOption(wholeNumberOption('--batch-size <n>', 'programs per process', 1, 50))
    .option('--json', 'print the report as JSON')
    .action(coverageAction);
}

/** What `luau-fuzz coverage` does with its flags. */
async function coverageAction(flags: CoverageFlags): Promise<void> {
  const settings = generatorSettingsOf('coverage', flags);
  const { level, profile, seed } = settings;
  const modes = flags.modes ?? defaultCoverageModes(level);
  const { build, llvm, compared } = coverageTools(flags, modes);
  const grammar = parseGrammar(settings.grammar) ?? grammar715;
  let sampled;
  try {
    sampled = generatedSample(settings, flags.count, seed, grammar);
  } catch (e) {
    if (e instanceof OptionError && e.option === 'grammar')
      throw new Error(`--grammar: ${e.reason}`, { cause: e });
    throw e;
  }
  const { programs, unprintable } = sampled;
  const fflags =
    flags.fflags?.split(',').filter((f) => f !== '') ??
    (grammar.flags.length > 0 ? luau735FuzzerFlags : []);
  let report: EngineCoverage;
  try {
    report = await measureEngineCoverage({
      build,
      llvm,
      modes,
      flags: fflags,
      generated: programs,
      compared,
      timeoutMs: flags.timeout,
      concurrency: flags.workers,
      batchSize: flags.batchSize,
      onStep: flags.json !== true && process.stderr.isTTY === true ? stepPrinter() : undefined,
    });
  } catch (e) {
    if (e instanceof CoverageBuildError) throw flagError('--build', e);
    throw e;
  }
  const sample = {
    level,
    grammar: grammar.name,
    profile,
    seed,
    count: flags.count,
    unprintable,
    fflags,
  };
  printCoverageReport(report, sample, grammar, programs.length, flags);
}

/** The coverage build, the llvm tools and the programs to compare with, that the flags name. */
function coverageTools(flags: CoverageFlags, modes: readonly CoverageModeName[]) {
  const needed = [...new Set(modes.map((m) => coverageModes[m].tool))];
  let build;
  try {
    build = coverageBuild(flags.build, needed);
  } catch (e) {
    throw flagError('--build', e);
  }
  const llvm = findLlvmTools({ llvmBin: flags.llvmBin });
  let compared: { name: string; program: string }[] | undefined;
  if (flags.compare !== undefined) {
    try {
      compared = readLuauFiles(flags.compare);
    } catch (e) {
      throw flagError('--compare', e);
    }
  }
  return { build, llvm, compared };
}

/** Each step of the measure on stderr, with the seconds since it started. */
function stepPrinter(): (step: string) => void {
  const started = performance.now();
  return (step) =>
    process.stderr.write(
      `coverage: ${step} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
    );
}

/** The coverage report on stdout: JSON, or the text of each set of runs. */
function printCoverageReport(
  report: EngineCoverage,
  sample: {
    level: string;
    grammar: string;
    profile: string;
    seed: number;
    count: number;
    unprintable: number;
    fflags: readonly string[];
  },
  grammar: AnyGrammar,
  generated: number,
  flags: CoverageFlags,
): void {
  if (flags.json === true) {
    process.stdout.write(
      JSON.stringify({ ...sample, compare: flags.compare, ...report }, null, 2) + '\n',
    );
    return;
  }
  const lines = [
    `build ${report.build}`,
    `generated: ${generated} programs (level ${sample.level}` +
      (grammar === grammar715 ? '' : `, grammar ${grammar.name}`) +
      `, profile ${sample.profile}, seed ${sample.seed}` +
      (sample.fflags.length > 0 ? `; --fflags=${sample.fflags.join(',')}` : '') +
      (sample.unprintable > 0 ? `; ${sample.unprintable} the printer refused, left out` : '') +
      ')',
    formatSetRuns(report.generated).trimEnd(),
  ];
  if (report.compared !== undefined)
    lines.push(
      `compared: ${report.compared.programs} files of ${flags.compare}`,
      formatSetRuns(report.compared).trimEnd(),
    );
  process.stdout.write(lines.join('\n') + '\n\n' + formatEngineCoverage(report));
}
