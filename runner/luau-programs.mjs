// @ts-check
// luau-fuzz runner: the one batch runner for a `luau` executable (or a command that runs files
// as it does). It writes programs into a scratch directory, one directory per program
// (`luauFiles` of protocol.mjs: the program, its module beside it), with the marker file of
// `luau-batch.mjs`, and runs them in batches, several processes at a time. It serves the
// campaign's command runtime (`command.mjs`) and luau-fuzz's `LuauBatchRunner` (benches and
// tests).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMarker, runLuauBatch } from './luau-batch.mjs';
import { luauFiles, modulePrelude, runnerDefaults } from './protocol.mjs';
import { Slots } from './slots.mjs';

/** @typedef {import('./luau-batch.mjs').BatchResult} BatchResult */
/** @typedef {import('./luau-batch.mjs').Marker} Marker */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/**
 * A program's source and, when it has one, its module's.
 * @typedef {{ program: string, module?: string | null | undefined }} LuauSource
 */

/**
 * The files of one program, relative to the scratch directory.
 * @typedef {object} ProgramFiles
 * @property {string} dir Its directory.
 * @property {string} program Its program file.
 * @property {string} module Its module file (whether or not it has a module).
 * @property {string[]} files Its files, the module's first when it has one: what a tool that
 *   takes files (`luau-compile`, `luau-analyze`) reads.
 * @property {string[]} entries The files to run: the program, or, compiling only, every file.
 */

/**
 * Options of {@link LuauPrograms.run}.
 * @typedef {object} RunProgramsOptions
 * @property {(files: string[]) => string[]} argv The command line that runs `files` in order.
 * @property {number | undefined} [timeoutMs] Wall-clock limit per program, in milliseconds.
 * @property {number | undefined} [batchSize] Programs per process.
 * @property {number | undefined} [concurrency] Processes at a time.
 * @property {number | undefined} [keepBytes] Bytes of each program's output kept. Default: all.
 * @property {number | undefined} [maxOutputBytes] Bytes one program may print before its process is stopped. Default: no limit.
 * @property {Set<ChildProcess> | undefined} [running] Holds the processes while they run (to stop them early).
 * @property {NodeJS.ProcessEnv | undefined} [env] The processes' environment. Default: this process's.
 */

/** Defaults of {@link LuauPrograms.run}. */
export const luauProgramsDefaults = Object.freeze({
  timeoutMs: runnerDefaults.timeoutMs,
  batchSize: 64,
  concurrency: runnerDefaults.workers,
});

/**
 * The directory of a program named after its content and mode: the same program gets the same
 * chunk name (`./pHASH/program.luau`) in every batch and every runtime.
 * @param {LuauSource} source
 * @param {boolean} [compileOnly]
 */
export function contentDir(source, compileOnly = false) {
  const hasModule = typeof source.module === 'string';
  const key = createHash('sha256')
    .update(`${compileOnly ? 'c' : 'r'}\0${source.program}\0${hasModule ? source.module : ''}`)
    .digest('hex')
    .slice(0, 16);
  return `p${key}`;
}

/**
 * A scratch directory: under `parent` when given, else in memory (`/dev/shm`) where there is
 * one (writing a directory per program to a disk costs more than running it), else under the
 * system's temporary directory.
 * @param {string | undefined} parent
 */
export function scratchDir(parent) {
  const prefix = 'luau-fuzz-cmd-';
  if (parent !== undefined) return mkdtempSync(join(parent, prefix));
  try {
    return mkdtempSync(join('/dev/shm', prefix));
  } catch {
    return mkdtempSync(join(tmpdir(), prefix));
  }
}

/**
 * Programs written for a `luau` executable, run in batches.
 *
 * @example
 * ```js
 * const programs = new LuauPrograms();
 * const a = programs.write({ program: 'print(1)' }, 'd0');
 * const [r] = await programs.run([a.program], { argv: (files) => ['luau', '-O2', ...files] });
 * programs.close(); // r.output is '1\n'
 * ```
 */
export class LuauPrograms {
  /** @param {string} [parent] Where the scratch directory is made (see {@link scratchDir}). */
  constructor(parent) {
    /** The scratch directory (removed by {@link close}). */
    this.dir = scratchDir(parent);
    /** @type {Marker} */
    this.marker = createMarker();
    writeFileSync(join(this.dir, this.marker.file), this.marker.source);
  }

  /**
   * Writes a program's files into directory `dir` (again: the same files). With a module,
   * the program starts with `modulePrelude`; compiling only, each file starts with
   * `do return end`, which runs nothing, and the module is checked as a file of its own.
   * For the type checker (`typeCheck`) the prelude declares the names as locals:
   * `luau-analyze` resolves `require` of a constant local, and reports a global it does not
   * know.
   * @param {LuauSource} source
   * @param {string} dir
   * @param {boolean} [compileOnly]
   * @param {boolean} [typeCheck]
   * @returns {ProgramFiles}
   */
  write(source, dir, compileOnly = false, typeCheck = false) {
    const hasModule = typeof source.module === 'string';
    const stop = compileOnly ? 'do return end ' : '';
    const program = `${dir}/${luauFiles.program}`;
    const module = `${dir}/${luauFiles.module}`;
    mkdirSync(join(this.dir, dir), { recursive: true });
    writeFileSync(
      join(this.dir, program),
      `${stop}${hasModule ? (typeCheck ? 'local ' : '') + modulePrelude : ''}${source.program}`,
    );
    if (hasModule) writeFileSync(join(this.dir, module), `${stop}${source.module}`);
    const files = hasModule ? [module, program] : [program];
    return { dir, program, module, files, entries: compileOnly ? files : [program] };
  }

  /**
   * Removes a program's directory.
   * @param {string} dir
   */
  remove(dir) {
    rmSync(join(this.dir, dir), { recursive: true, force: true });
  }

  /**
   * Runs `entries` (files written by {@link write}) in batches of `batchSize` per process, and
   * resolves to their results in order (see `runLuauBatch`); rejects when the command does not
   * start.
   * @param {readonly string[]} entries
   * @param {RunProgramsOptions} options
   * @returns {Promise<BatchResult[]>}
   */
  async run(entries, options) {
    const batchSize = options.batchSize ?? luauProgramsDefaults.batchSize;
    const slots = new Slots(options.concurrency ?? luauProgramsDefaults.concurrency);
    const batchOptions = {
      argv: options.argv,
      cwd: this.dir,
      marker: this.marker,
      timeoutMs: options.timeoutMs ?? luauProgramsDefaults.timeoutMs,
      ...(options.keepBytes === undefined ? {} : { keepBytes: options.keepBytes }),
      ...(options.maxOutputBytes === undefined ? {} : { maxOutputBytes: options.maxOutputBytes }),
      ...(options.running === undefined ? {} : { running: options.running }),
      ...(options.env === undefined ? {} : { env: options.env }),
    };
    /** @type {Promise<BatchResult[]>[]} */
    const batches = [];
    for (let from = 0; from < entries.length; from += batchSize) {
      const some = entries.slice(from, from + batchSize);
      batches.push(slots.use(() => runLuauBatch(some, batchOptions)));
    }
    return (await Promise.all(batches)).flat();
  }

  /** Removes the scratch directory and every program in it. */
  close() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
