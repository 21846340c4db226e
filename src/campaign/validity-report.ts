import fc from 'fast-check';
import { ModuleSetSchema, file_luau, type ModuleSet } from '../../gen/luau_pb.js';
import { printPretty } from '../print/index.js';
import { luauArbitraries, randomSeed, resolveOptions } from '../arbitrary/index.js';
import type { LuauArbitraryOptions } from '../arbitrary/index.js';
import { createLocalRuntime, parseRuntime } from '../runtime/index.js';
import type { LocalRuntime, ProgramOutcome, RuntimeProfile } from '../runtime/index.js';
import { treeStats } from '../tree/index.js';
import { ValidityTally } from './validity-tally.js';

/**
 * Options of {@link checkValidity}: the generator's, and how many programs to run how.
 *
 * @example
 * ```ts
 * await checkValidity({ level: 'runnable', count: 100, seed: 1, workers: 1 });
 * ```
 */
export interface ValidityCheckOptions extends LuauArbitraryOptions {
  /** Programs to generate. Default `1000`. */
  count?: number;
  /** Seed of the generator. Default: a random one (reported, so the run can be repeated). */
  seed?: number;
  /** Wall-clock limit per run in milliseconds (luau-web has no instruction hook). Default `5000`. */
  timeoutMs?: number;
  /** luau-web worker processes (or `luau` processes at once). Default `2`. */
  workers?: number;
  /** The runtime that compiles and runs the programs. Default luau-web. */
  runtime?: RuntimeProfile;
  /** Called after each program with the number done and the total. Default: none. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Called with each program's printed sources (the module's first), in sample order, so
   * that a caller can measure the same sample without generating it again. Default: none.
   */
  onSources?: (sources: readonly string[], index: number) => void;
}

/**
 * One error message (normalised: no chunk name or line) and how many programs gave it.
 *
 * @example
 * ```ts
 * for (const { message, count } of report.errors) console.log(count, message);
 * ```
 */
export interface ErrorCount {
  message: string;
  count: number;
  /** The first program (its sources joined) that gave it. */
  example: string;
}

/**
 * How often one oneof case occurs.
 *
 * @example
 * ```ts
 * report.coverage.filter((c) => c.trees < report.count / 100); // cases under 1%
 * ```
 */
export interface CaseCoverage {
  /** `Message.oneof=case`. */
  key: string;
  /** Trees in which it occurs at least once. */
  trees: number;
}

/**
 * What {@link checkValidity} measured.
 *
 * @example
 * ```ts
 * const { compiled, count } = await checkValidity({ level: 'scoped', count: 50 });
 * ```
 */
export interface ValidityReport {
  level: string;
  profile: string;
  seed: number;
  count: number;
  /** Programs whose sources parse (they compile, or fail only in code generation). */
  parsed: number;
  /** Programs whose sources compile. */
  compiled: number;
  /** Programs that ran to the end without error (runnable and typed levels; else `undefined`). */
  ran: number | undefined;
  /** Programs that ran twice with the same output (runnable and typed levels). */
  sameOutput: number | undefined;
  /** Outcomes of the first run (or of compiling) by status. */
  statuses: Record<string, number>;
  /** Error messages, most frequent first. */
  errors: ErrorCount[];
  /** Every oneof case of the schema with the number of trees that contain it. */
  coverage: CaseCoverage[];
  /** Mean and largest tree size, in messages. */
  nodes: { mean: number; max: number };
}

/**
 * The settings of a validity check with their defaults (the seed drawn when not given), and
 * the generator's options apart.
 *
 * @example
 * ```ts
 * const { count, seed, generator } = validitySettings({ level: 'syntax' }); // count 1000
 * ```
 */
export function validitySettings(options: ValidityCheckOptions) {
  const {
    count = 1000,
    timeoutMs = 5000,
    workers = 2,
    onProgress,
    onSources,
    runtime,
    seed = randomSeed(),
    ...generator
  } = options;
  return { count, timeoutMs, workers, onProgress, onSources, runtime, seed, generator };
}

/** Messages of Luau's code generator rather than its parser. */
const compilerMessage = /register|upvalue|constant limit|closure|too many/i;

/**
 * Generates programs at a level, prints them with the pretty printer and runs them in the
 * bundled luau-web VM, each in a fresh state in a worker process that a wall-clock limit can
 * kill: compiling only at the schema, syntax and scoped levels; running twice and comparing
 * the output at the runnable and typed levels. Reports parse, compile, run and same-output
 * counts, errors by message and the coverage of every oneof case.
 *
 * @example
 * ```ts
 * const report = await checkValidity({ level: 'scoped', profile: 'luau-web', count: 200, seed: 1 });
 * report.compiled === report.count;
 * ```
 */
export async function checkValidity(options: ValidityCheckOptions = {}): Promise<ValidityReport> {
  const { count, timeoutMs, workers, onProgress, onSources, runtime, seed, generator } =
    validitySettings(options);
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`count must be a positive integer, got ${count}`);
  const resolved = resolveOptions(generator);
  const runs = resolved.level === 'runnable' || resolved.level === 'typed';
  const arb = luauArbitraries(generator).moduleSet;
  const trees = fc.sample(arb, { seed, numRuns: count });
  const pool = await createLocalRuntime(runtime ?? parseRuntime('luau-web'), {
    workers,
    timeoutMs,
  });
  const tally = new ValidityTally();
  const counts = { parsed: 0, compiled: 0, ran: 0, same: 0 };
  let done = 0;
  try {
    await Promise.all(
      trees.map(async (tree, i) => {
        tally.addTree(treeStats(ModuleSetSchema, tree));
        const job = programJob(tree, String(i));
        onSources?.(job.module === undefined ? [job.program] : [job.module, job.program], i);
        await checkProgram(pool, job, runs, tally, counts);
        onProgress?.(++done, count);
      }),
    );
  } finally {
    await pool.close();
  }
  const { level, profile } = resolved;
  return tally.report(
    file_luau,
    { level, profile, seed, count },
    {
      parsed: counts.parsed,
      compiled: counts.compiled,
      ran: runs ? counts.ran : undefined,
      sameOutput: runs ? counts.same : undefined,
    },
  );
}

type ProgramJob = ReturnType<typeof programJob>;

/**
 * Compiles one program, and at the levels that run runs it twice: counts whether it parsed,
 * compiled, ran and gave the same output twice, and tallies the outcome that counts.
 */
async function checkProgram(
  pool: LocalRuntime,
  job: ProgramJob,
  runs: boolean,
  tally: ValidityTally,
  counts: { parsed: number; compiled: number; ran: number; same: number },
): Promise<void> {
  const example = [job.module, job.program].filter((s) => s !== undefined).join('\n-- program\n');
  const note = (outcome: ProgramOutcome) => {
    tally.addStatus(outcome.status);
    if (outcome.status !== 'ok')
      tally.addError(normaliseError(outcome.error ?? outcome.status), example);
  };
  const compile = await pool.run(job, { compileOnly: true });
  if (compile.status === 'ok') {
    counts.parsed++;
    counts.compiled++;
  } else if (compile.status === 'compile-error' && compilerMessage.test(compile.error ?? '')) {
    counts.parsed++;
  }
  if (!runs || compile.status !== 'ok') {
    note(compile);
    return;
  }
  const first = await pool.run(job);
  const second = await pool.run(job);
  note(first);
  if (first.status !== 'ok') return;
  counts.ran++;
  if (second.status === 'ok' && first.outputHash === second.outputHash) counts.same++;
  else tally.addError('output differs between two runs', example);
}

/** A tree as the runner takes it: the program, and the module that `require(module0)` runs. */
function programJob(tree: ModuleSet, id: string): { id: string; program: string; module?: string } {
  const sources = printPretty(tree).map(nonEmpty);
  const program = sources[sources.length - 1] ?? '\n';
  return sources.length === 2 ? { id, program, module: sources[0]! } : { id, program };
}

/** luau-web rejects an empty chunk ("Incomplete statement"), which Luau accepts: run a newline. */
function nonEmpty(source: string): string {
  return source === '' ? '\n' : source;
}

function normaliseError(message: string): string {
  return message
    .replace(/\[string "[^"]*"\]:\d+:\s*/g, '')
    .replace(/^[^:\n]*:\d+:\s*/, '')
    .split('\n')[0]!
    .slice(0, 160);
}
