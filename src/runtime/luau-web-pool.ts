import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProgramOutcome } from './outcome.js';
import { runnerSourceDir } from './runner-files.js';

/** Options of {@link LuauWebPool}. */
export interface LuauWebPoolOptions {
  /** VM worker processes run in parallel. Default 1. */
  readonly workers?: number;
  /** Wall-clock limit per program, in milliseconds (luau-web has no instruction hook). Default 2000. */
  readonly timeoutMs?: number;
  /**
   * Programs run one after another in one VM state, each isolated from the others, before the
   * state is replaced; 1 gives every program a fresh state. Default 1000.
   */
  readonly programsPerState?: number;
  /** Programs per worker process before it is replaced. Default 10000. */
  readonly recycleAfter?: number;
  /**
   * Heap (KiB) of a worker's abandoned states (a state's heap is never returned; the VM has
   * 17 MB) after which the worker process is replaced. Default 12000.
   */
  readonly heapBudgetKb?: number;
  /** Programs queued in one worker at once. Default 32. */
  readonly pipeline?: number;
  /** Characters of output kept in {@link ProgramOutcome.output}. Default 512. */
  readonly excerptChars?: number;
  /** Characters of error message kept in {@link ProgramOutcome.error}. Default 1024. */
  readonly errorChars?: number;
  /**
   * Let V8 recompile the VM's hot code with its optimizing compiler (about 1.4 CPU-seconds per
   * worker process, for code about 1.5 times as fast). `false` keeps the baseline compiler
   * only, as the campaign runner does: there, over up to 9,000 programs, tier-up never paid
   * off. Default true.
   */
  readonly tierUp?: boolean;
}

/** A program to run: Luau source, and optionally the module that `require(module0)` runs. */
export interface ProgramJob {
  /** Identifier echoed in the outcome. */
  readonly id: string;
  /** The program's Luau source. */
  readonly program: string;
  /** The module's Luau source, when the program has one. */
  readonly module?: string | undefined;
}

/** Options of one {@link LuauWebPool.run} call. */
export interface RunOptions {
  /** Only compile (module and program); `ok` means it compiles. Default false. */
  readonly compileOnly?: boolean;
  /** Overrides the pool's wall-clock limit for this program. */
  readonly timeoutMs?: number;
}

/** Counters of a pool's work. */
export interface LuauWebPoolStats {
  /** Worker processes started. */
  readonly workersStarted: number;
  /** Worker processes replaced or ended. */
  readonly recycled: number;
  /** Crashes re-run on a fresh worker to confirm them. */
  readonly retried: number;
  /** Programs finished. */
  readonly programs: number;
  /** VM states the workers created for programs (compile-only states not counted). */
  readonly states: number;
}

interface JsPool {
  run(job: ProgramJob, options?: RunOptions): Promise<ProgramOutcome>;
  close(): Promise<void>;
  readonly stats: LuauWebPoolStats;
}

interface JsPoolModule {
  createPool(options: LuauWebPoolOptions): JsPool;
}

let poolModule: Promise<JsPoolModule> | undefined;

/** Loads the runner's pool implementation (`runner/pool.mjs`), shared with the installed runner. */
function loadPoolModule(): Promise<JsPoolModule> {
  poolModule ??= import(
    pathToFileURL(join(runnerSourceDir, 'pool.mjs')).href
  ) as Promise<JsPoolModule>;
  return poolModule;
}

/**
 * Runs Luau programs in the bundled luau-web VM, in worker processes that can be killed at a
 * wall-clock limit and replaced after an abort. Many programs share one VM state, each with
 * its own globals, output and module, so that no program changes another's output (as if each
 * ran in a fresh state; `programsPerState: 1` really gives each one). This is the very code of
 * the runner that campaigns install into workspace projects (`runner/`).
 *
 * Statuses: `compile-error` (the module or program does not compile), `runtime-error` (it
 * raised an error), `timeout` (no result within `timeoutMs`), `crash` (the VM aborted, or its
 * process died). `print` writes one line per call (arguments through `tostring`, tab-separated);
 * `require(module0)` (or `module1`) returns the value of running the module once.
 *
 * @example
 * ```ts
 * const pool = new LuauWebPool({ workers: 2, timeoutMs: 1000 });
 * const outcome = await pool.run({ id: '1', program: 'print(1 + 1)' });
 * // outcome.status === 'ok', outcome.output === '2\n'
 * await pool.close();
 * ```
 */
export class LuauWebPool {
  readonly #pool: Promise<JsPool>;
  #closed = false;

  constructor(options: LuauWebPoolOptions = {}) {
    this.#pool = loadPoolModule().then((m) => m.createPool(options));
    // A failure to start surfaces on the first run().
    this.#pool.catch(() => undefined);
  }

  /**
   * Runs one program (or only compiles it) and resolves to its outcome. A failing program is
   * an outcome, not a rejection; the promise rejects only when the pool is closed first.
   */
  async run(job: ProgramJob, options: RunOptions = {}): Promise<ProgramOutcome> {
    if (this.#closed) throw new Error('LuauWebPool is closed');
    return (await this.#pool).run(job, options);
  }

  /** The pool's counters so far. */
  async stats(): Promise<LuauWebPoolStats> {
    return { ...(await this.#pool).stats };
  }

  /** Ends the worker processes; programs not finished are rejected. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await (await this.#pool).close();
  }
}
