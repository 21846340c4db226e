import type { BatchResult } from '../../runner/luau-batch.mjs';
import { LuauPrograms, type ProgramFiles } from '../../runner/luau-programs.mjs';
import type { LuauCliProfile } from './profile.js';

/** One program for {@link LuauBatchRunner}: its source and, when it has one, its module's. */
export interface LuauBatchProgram {
  readonly program: string;
  readonly module?: string | undefined;
}

/** How a `luau` executable is run: its path and options (`-O2`, `--codegen`, …). */
export interface LuauEngine {
  /** Path of the `luau` executable. */
  readonly luau: string;
  /** Options placed before the files, e.g. `['-O0']` or `['-O2', '--codegen']`. */
  readonly args: readonly string[];
  /** Variables added to the process's environment (e.g. `LLVM_PROFILE_FILE`). Default: none. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The engine of a `luau-cli` profile: its executable with every option of its spec, in order.
 *
 * @example
 * ```ts
 * luauEngine(parseRuntime('luau-cli:-O2:--codegen-cold:path=/opt/luau')); // { luau: '/opt/luau', args: ['-O2', '--codegen-cold'] }
 * ```
 */
export function luauEngine(profile: LuauCliProfile): LuauEngine {
  return { luau: profile.executable, args: [...profile.options] };
}

/** What one program did in a batch. */
export interface LuauBatchOutcome {
  /**
   * `ok`: ran to the end; `error`: the CLI reported a compile or runtime error (exit status 1
   * when run alone); `crash`: the process died of a signal or ended early with the program
   * alone in it; `timeout`: it ran past the limit; `output-limit`: it printed more than the
   * limit (its output is cut there).
   */
  readonly status: BatchResult['status'];
  /** Everything the program printed (bytes as Latin-1 characters). */
  readonly stdout: string;
  /**
   * For `error`, the program's own standard error: the message and stack trace, naming its
   * file (`./d3/program.luau:2: …`); for the other statuses but `ok`, what stopped it.
   */
  readonly error: string;
}

/** Options of {@link LuauBatchRunner.run}. */
export interface LuauBatchOptions {
  /** Programs per process. Default: the runner's (`luauProgramsDefaults.batchSize`, 64). */
  readonly batchSize?: number;
  /** Processes at a time. Default 2. */
  readonly concurrency?: number;
  /**
   * Wall-clock limit of one program, in ms. Default 20000: longer than a campaign's, for the
   * slower builds (coverage, sanitizers) and the heavier programs that benches and tests run.
   */
  readonly timeoutMs?: number;
  /** Bytes of standard output one program may print before it is stopped. Default 16 MiB. */
  readonly maxOutputBytes?: number;
}

/**
 * Runs many programs with the Luau command-line VM, many files per process, through the
 * runner's one batch runner (`runner/luau-programs.mjs`, the same code as the campaign's
 * `luau-cli` runtime): the `luau` CLI runs each file it is given in its own sandboxed thread
 * of one VM, prints outputs in order and reports errors on standard error. A marker file
 * between programs splits the output and the errors per program and gives each its own time
 * limit; a process that crashes, times out or prints past the limit is split around the
 * program at fault, so one bad program never costs the others their outcome. The files are
 * written once (`d<i>/program.luau`, beside its `module0.luau`) and serve every engine run.
 *
 * @example
 * ```ts
 * const batch = new LuauBatchRunner([{ program: 'print(1 + 1)' }]);
 * const [o] = await batch.run({ luau: '../shared/tools/luau-715/luau', args: ['-O2'] });
 * batch.close(); // o.stdout === '2\n'
 * ```
 */
export class LuauBatchRunner {
  /** The programs' directory (removed by {@link close}). */
  readonly dir: string;
  readonly #programs: LuauPrograms;
  readonly #files: readonly ProgramFiles[];

  /**
   * @param programs What to write.
   * @param tmpDir Where the programs' directory is made.
   * @param typeCheck Files for `luau-analyze`: the module's names are locals (see `LuauPrograms.write`).
   */
  constructor(programs: readonly LuauBatchProgram[], tmpDir?: string, typeCheck = false) {
    this.#programs = new LuauPrograms(tmpDir);
    this.dir = this.#programs.dir;
    this.#files = programs.map((p, i) => this.#programs.write(p, `d${i}`, false, typeCheck));
  }

  /**
   * Runs every program with `engine` and resolves to their outcomes, in program order; rejects
   * when the executable does not start.
   *
   * @example
   * ```ts
   * const o0 = await batch.run({ luau, args: ['-O0'] }, { batchSize: 200 });
   * ```
   */
  async run(engine: LuauEngine, options: LuauBatchOptions = {}): Promise<LuauBatchOutcome[]> {
    const maxOutputBytes = options.maxOutputBytes ?? 16 * 1024 * 1024;
    const results = await this.#programs.run(
      this.#files.map((f) => f.program),
      {
        argv: (files: string[]) => [engine.luau, ...engine.args, ...files],
        timeoutMs: options.timeoutMs ?? 20_000,
        batchSize: options.batchSize,
        concurrency: options.concurrency ?? 2,
        keepBytes: maxOutputBytes,
        maxOutputBytes,
        env: engine.env === undefined ? undefined : { ...process.env, ...engine.env },
      },
    );
    return results.map((r) => ({
      status: r.status,
      stdout: r.output.toString('latin1'),
      error: r.message,
    }));
  }

  /**
   * The files of each program, relative to {@link dir}, in program order: its module's first
   * when it has one, then its own (which begins with the line that names the module), so that
   * a tool that takes files (`luau-compile`, `luau-analyze`) reads the same sources.
   *
   * @example
   * ```ts
   * batch.files(); // [['d0/program.luau'], ['d1/module0.luau', 'd1/program.luau']]
   * ```
   */
  files(): string[][] {
    return this.#files.map((f) => [...f.files]);
  }

  /**
   * Removes the programs' files.
   *
   * @example
   * ```ts
   * batch.close();
   * ```
   */
  close(): void {
    this.#programs.close();
  }
}

/**
 * Whether two outcomes of one program differ in what a differential test compares: how it
 * ended (ran to the end, error, crash, timeout) or what it printed.
 *
 * @example
 * ```ts
 * const detected = batchOutcomesDiffer(reference[i]!, faulty[i]!);
 * ```
 */
export function batchOutcomesDiffer(a: LuauBatchOutcome, b: LuauBatchOutcome): boolean {
  return a.status !== b.status || a.stdout !== b.stdout;
}
