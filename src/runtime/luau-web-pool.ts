import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as pool from '../../runner/pool.mjs';
import type * as protocol from '../../runner/protocol.mjs';
import type { ProgramOutcome } from './outcome.js';
import { runnerSourceDir } from './runner-files.js';

/**
 * Options of {@link LuauWebPool}: the runner's pool options (`runner/protocol.mjs`,
 * `PoolOptions`; each default in its `poolDefaults`).
 *
 * @example
 * ```ts
 * const options: LuauWebPoolOptions = { workers: 2, timeoutMs: 1000, programsPerState: 1 };
 * ```
 */
export type LuauWebPoolOptions = Readonly<protocol.PoolOptions>;

/**
 * A program to run: Luau source, and optionally the module that `require(module0)` runs (the
 * runner's job, `runner/protocol.mjs`).
 *
 * @example
 * ```ts
 * const job: ProgramJob = { id: '1', program: 'print(require(module0))', module: 'return 1' };
 * ```
 */
export type ProgramJob = Readonly<protocol.ProgramJob>;

/**
 * Options of one {@link LuauWebPool.run} call (the runner's `PoolRunOptions`).
 *
 * @example
 * ```ts
 * await pool.run(job, { compileOnly: true });
 * ```
 */
export type RunOptions = Readonly<protocol.PoolRunOptions>;

/**
 * Counters of a pool's work (the runner's `PoolStats`).
 *
 * @example
 * ```ts
 * const { programs, workersStarted } = await pool.stats();
 * ```
 */
export type LuauWebPoolStats = Readonly<protocol.PoolStats>;

type PoolModule = typeof pool;
type JsPool = ReturnType<PoolModule['createPool']>;

let poolModule: Promise<PoolModule> | undefined;

/**
 * Loads the runner's pool implementation (`runner/pool.mjs`) from the runner's directory, the
 * very files installed into projects (a build of luau-fuzz does not copy them).
 */
function loadPoolModule(): Promise<PoolModule> {
  poolModule ??= import(
    pathToFileURL(join(runnerSourceDir, 'pool.mjs')).href
  ) as Promise<PoolModule>;
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
