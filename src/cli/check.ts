import cliProgress from 'cli-progress';
import { existsSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { addGeneratorFlags, generatorSettingsOf, givenProfile } from './generator-options.js';
import type { GivenGeneratorSettings } from '../arbitrary/index.js';
import { wholeNumberOption } from './setting-flags.js';
import { checkValidity, type ValidityReport } from '../campaign/index.js';
import {
  missingExecutable,
  parseRuntime,
  RuntimeSpecError,
  type RuntimeProfile,
} from '../runtime/index.js';
import { profileOfRuntimes } from '../campaign/index.js';
import { defaultLuauCompile, formatSampleMeasures, measureSample } from './sample-measures.js';
import { grammar715, parseGrammar } from '../tree/index.js';
import { arbitraryOptionsOf } from '../arbitrary/index.js';
import { grammarValidity } from './grammar-validity.js';

interface CheckFlags extends GivenGeneratorSettings {
  count: number;
  runtime: RuntimeProfile;
  json?: boolean;
  luauCompile?: string;
  timeout: number;
  workers: number;
}

function percent(n: number, of: number): string {
  return `${((100 * n) / of).toFixed(1)}%`;
}

/**
 * What a report's numbers owe to its runtime rather than to the generator: luau-web 1.4.0
 * rejects integer literals (`5i`, "Malformed number"), which Luau 0.715 accepts, so the `luau`
 * profile's programs that use them fail to compile there only. The runtime's line, then what
 * applies.
 *
 * @example
 * ```ts
 * process.stdout.write(runtimeNote(report, parseRuntime('luau-web')));
 * ```
 */
export function runtimeNote(r: ValidityReport, runtime: RuntimeProfile): string {
  const lines = [`runtime ${runtime.spec}`];
  const malformed = r.errors.find((e) => /^Malformed number/.test(e.message));
  if (runtime.kind === 'luau-web' && malformed !== undefined) {
    lines.push(
      `  ${malformed.count} programs (${percent(malformed.count, r.count)}) fail with "Malformed number": ` +
        'integer literals (5i), which real Luau parses and luau-web 1.4.0 does not;',
      `  without them ${percent(r.compiled + malformed.count, r.count)} would compile. ` +
        'Measure on real Luau with --runtime luau-cli:path=LUAU, or leave them out with --profile luau-web.',
    );
  }
  return lines.join('\n') + '\n';
}

/**
 * Whether a report meets its level's target: all compile (syntax, scoped), 99% run alike (runnable, typed).
 *
 * @example
 * ```ts
 * if (!meetsTarget(report)) process.exitCode = 1;
 * ```
 */
export function meetsTarget(report: ValidityReport): boolean {
  switch (report.level) {
    case 'syntax':
    case 'scoped':
      return report.compiled === report.count;
    case 'runnable':
    case 'typed':
      return (report.sameOutput ?? 0) >= 0.99 * report.count;
    default:
      return true;
  }
}

/**
 * The report as a text table: the outcome counts, errors by message, and per-message coverage
 * (the share of trees in which each oneof case occurs; cases under 1% are listed apart).
 *
 * @example
 * ```ts
 * process.stdout.write(formatReport(await checkValidity({ count: 10 })));
 * ```
 */
export function formatReport(r: ValidityReport): string {
  const lines: string[] = [];
  lines.push(`level ${r.level}, profile ${r.profile}, ${r.count} programs, seed ${r.seed}`);
  lines.push(`tree size: mean ${r.nodes.mean.toFixed(1)} messages, largest ${r.nodes.max}`);
  lines.push('');
  const rows: [string, number | undefined][] = [
    ['parsed', r.parsed],
    ['compiled', r.compiled],
    ['ran without error', r.ran],
    ['same output twice', r.sameOutput],
  ];
  for (const [label, n] of rows) {
    if (n !== undefined)
      lines.push(
        `  ${label.padEnd(20)} ${String(n).padStart(7)}  ${percent(n, r.count).padStart(6)}`,
      );
  }
  lines.push('');
  lines.push(
    'outcomes: ' +
      Object.entries(r.statuses)
        .map(([status, n]) => `${status} ${n}`)
        .join(', '),
  );
  if (r.errors.length > 0) {
    lines.push('errors by message:');
    for (const e of r.errors.slice(0, 15))
      lines.push(`  ${String(e.count).padStart(6)}  ${e.message}`);
  }
  lines.push('');
  lines.push('coverage (share of trees containing each case):');
  const byOneof = new Map<string, string[]>();
  const rare: string[] = [];
  for (const c of r.coverage) {
    const [oneof, name] = c.key.split('=') as [string, string];
    const share = c.trees / r.count;
    const list = byOneof.get(oneof) ?? [];
    list.push(`${name} ${(100 * share).toFixed(0)}%`);
    byOneof.set(oneof, list);
    if (share < 0.01) rare.push(`${c.key} (${c.trees})`);
  }
  for (const [oneof, cases] of byOneof) lines.push(`  ${oneof}: ${cases.join(', ')}`);
  lines.push(`cases in under 1% of trees: ${rare.length === 0 ? 'none' : rare.join(', ')}`);
  return lines.join('\n') + '\n';
}

/**
 * `luau-fuzz check`: generates programs at a level (by default what `run` runs: runnable, in
 * luau-web's profile), prints and runs them in luau-web (or the
 * runtime of `--runtime`, with the specs of `run`: `luau-cli:-O2:path=LUAU`, …), and
 * prints a table of outcomes (parsed, compiled, ran, same output twice, errors by message)
 * and per-kind coverage; `--json` prints the report as JSON. Exit code 1 when the level's
 * target is missed (syntax, scoped: every program compiles; runnable, typed: at least 99% run
 * without error and print the same twice).
 *
 * @example
 * ```sh
 * luau-fuzz check --level runnable --profile luau-web --count 1000 --seed 7
 * luau-fuzz check --level scoped --profile luau --runtime luau-cli:-O2:path=/opt/luau/luau
 * ```
 */
export function checkCommand(): Command {
  return addGeneratorFlags(
    new Command('check').description(
      'validity report: generate programs, run them (luau-web or --runtime), count outcomes and coverage',
    ),
    'check',
  )
    .addOption(wholeNumberOption('--count <n>', 'programs to generate', 1, 1000))
    .addOption(wholeNumberOption('--timeout <ms>', 'wall-clock limit per run', 1, 5000))
    .addOption(wholeNumberOption('--workers <n>', 'luau-web worker processes', 1, 2))
    .addOption(
      new Option(
        '--runtime <spec>',
        'runtime, as for run: luau-web, luau-cli[:-O0|-O1|-O2][:--codegen][:--OPTION…][:path=EXE], ' +
          'command:TEMPLATE (other than luau-web, the default --profile is luau)',
      )
        .argParser((spec: string) => {
          let runtime: RuntimeProfile;
          try {
            runtime = parseRuntime(spec);
          } catch (e) {
            if (e instanceof RuntimeSpecError) throw new InvalidArgumentError(e.message);
            throw e;
          }
          // Run here, from the current directory.
          const missing = missingExecutable(spec, process.cwd());
          if (missing !== undefined) throw new InvalidArgumentError(`${missing} does not exist`);
          return runtime;
        })
        .default(parseRuntime('luau-web'), 'luau-web'),
    )
    .addHelpText(
      'after',
      '\nWith --grammar 735 the level is syntax unless given; run its programs on Luau 0.735 with the class flags, e.g. ' +
        '--runtime luau-cli:path=LUAU-0.735:--fflags=DebugLuauUserDefinedClasses=true,DebugLuauUserDefinedClassesRuntime=true',
    )
    .option('--json', 'print the report as JSON')
    .addOption(
      new Option(
        '--luau-compile <path>',
        'luau-compile for the opcode and builtin coverage (default: the Luau tools folder beside the package, when present)',
      ).argParser((path: string) => {
        if (!existsSync(path)) throw new InvalidArgumentError(`no such file: ${path}`);
        return path;
      }),
    )
    .action(checkAction);
}

/** What `luau-fuzz check` does with its flags. */
async function checkAction(flags: CheckFlags, command: Command): Promise<void> {
  const profile = givenProfile(command) ?? profileOfRuntimes([flags.runtime.spec]);
  const showProgress = flags.json !== true && process.stderr.isTTY === true;
  const bar = showProgress
    ? new cliProgress.SingleBar(
        {
          format: 'check [{bar}] {value}/{total} programs | {eta_formatted} left',
          stream: process.stderr,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  bar?.start(flags.count, 0);
  const printed: string[][] = [];
  // A grammar other than the seed's is generated at the syntax level unless told otherwise.
  const otherGrammar = flags.grammar !== undefined && flags.grammar !== grammar715.name;
  const settings = generatorSettingsOf('check', {
    ...flags,
    profile,
    ...(otherGrammar && flags.level === undefined ? { level: 'syntax' as const } : {}),
  });
  const grammar = parseGrammar(settings.grammar)!;
  const generator = arbitraryOptionsOf(settings);
  const check = grammar === grammar715 ? checkValidity : grammarValidity.bind(null, grammar);
  const report = await check({
    onSources: (sources, i) => (printed[i] = [...sources]),
    ...generator,
    count: flags.count,
    timeoutMs: flags.timeout,
    workers: flags.workers,
    runtime: flags.runtime,
    seed: settings.seed,
    ...(bar === undefined ? {} : { onProgress: (done: number) => bar.update(done) }),
  });
  bar?.stop();
  // The default luau-compile is 0.715's, which rejects what 0.735 adds.
  const compiler = grammar === grammar715 ? defaultLuauCompile() : undefined;
  const measures = await measureSample(printed, flags.luauCompile ?? compiler);
  process.stdout.write(
    flags.json === true
      ? JSON.stringify({ ...report, runtime: flags.runtime.spec, ...measures }, null, 2) + '\n'
      : runtimeNote(report, flags.runtime) + formatReport(report) + formatSampleMeasures(measures),
  );
  if (!meetsTarget(report)) process.exitCode = 1;
}
