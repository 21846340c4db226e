// @ts-check
// luau-fuzz runner: one batch, from its arguments to its outcome lines. `main.mjs run` runs
// one batch per process; `main.mjs serve` (see serve.mjs) runs many in one resident process.
import {
  appendFileSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Buffer } from 'node:buffer';
import { clearInterval, setInterval } from 'node:timers';
import { parseRunArgs, RunArgsError, runnerDefaults } from './protocol.mjs';

/** @typedef {import('./protocol.mjs').ProgramJob} ProgramJob */
/** @typedef {import('./protocol.mjs').ProgramOutcome} ProgramOutcome */
/** @typedef {import('./protocol.mjs').RunOptions} RunOptions */
/** @typedef {{ run(job: ProgramJob): Promise<ProgramOutcome>, close(): Promise<void> }} Runtime */

/**
 * A batch read from the arguments of `run`: its options, its programs, and the file its
 * outcomes go to (`BATCH.out`).
 * @typedef {object} Batch
 * @property {RunOptions} options
 * @property {ProgramJob[]} jobs
 * @property {string} resultsPath
 */

// A worker that runs fewer programs than this is cheaper without V8's tier-up (see pool.mjs).
export const TIER_UP_FROM = 3000;

/**
 * Creates the runtime that `options` name.
 * @param {RunOptions} options
 * @param {boolean} tierUp luau-web: whether V8 may optimize the VM's code (see pool.mjs).
 * @returns {Promise<Runtime>}
 * @throws {RunArgsError} for a command runtime without its template.
 */
export async function createRuntime(options, tierUp) {
  const common = {
    workers: options.workers,
    timeoutMs: options.timeoutMs,
    excerptChars: options.excerptChars,
  };
  if ((options.runtime ?? 'luau-web') === 'luau-web') {
    const { createPool } = await import('./pool.mjs');
    return createPool({
      ...common,
      recycleAfter: options.recycleAfter,
      programsPerState: options.programsPerState,
      tierUp,
    });
  }
  if (options.template === undefined) throw new RunArgsError('--runtime command needs --template');
  const { createCommandRuntime } = await import('./command.mjs');
  return createCommandRuntime({ ...common, template: options.template });
}

/**
 * Whether a one-shot run of `programs` programs should let V8 optimize the VM's code.
 * @param {RunOptions} options
 * @param {number} programs
 */
export function tierUpFor(options, programs) {
  return programs / (options.workers ?? runnerDefaults.workers) >= TIER_UP_FROM;
}

/**
 * Reads a batch from the arguments of `run` (writing an inline or uploaded batch to its file
 * first), and empties its results file.
 * @param {readonly string[]} args
 * @returns {Batch}
 * @throws {RunArgsError} for bad arguments or a batch file that is not JSON lines.
 */
export function loadBatch(args) {
  const { options, data, dataFile, positional } = parseRunArgs(args);
  const batchPath = positional[0];
  if (batchPath === undefined) throw new RunArgsError('run needs a BATCH file');
  if (data.length > 0 || dataFile !== undefined) {
    const text = dataFile === undefined ? data.join('') : readFileSync(dataFile, 'utf8');
    mkdirSync(dirname(batchPath), { recursive: true });
    writeFileSync(batchPath, gunzipSync(Buffer.from(text, 'base64')));
    if (dataFile !== undefined) rmSync(dataFile, { force: true });
  }
  const jobs = readFileSync(batchPath, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      try {
        return /** @type {ProgramJob} */ (JSON.parse(l));
      } catch {
        throw new RunArgsError(`line ${i + 1} of ${batchPath} is not JSON`);
      }
    });
  const resultsPath = `${batchPath}.out`;
  writeFileSync(resultsPath, '');
  // The batch is in memory now; results of earlier batches are kept 10 minutes (long enough
  // to be read back in parts), so a long campaign does not fill the project's disk.
  rmSync(batchPath, { force: true });
  removeOldResults(dirname(batchPath), 10 * 60 * 1000);
  return { options, jobs, resultsPath };
}

/**
 * Runs every program of a batch: each outcome line goes to the results file and to `emit`
 * (in parts of a few kB), then the `{"done":N}` line.
 * @param {Runtime} runtime
 * @param {Batch} batch
 * @param {(lines: string) => void} emit
 */
export async function runJobs(runtime, batch, emit) {
  let lines = '';
  const flush = () => {
    if (lines === '') return;
    emit(lines);
    appendFileSync(batch.resultsPath, lines);
    lines = '';
  };
  const timer = setInterval(flush, 200);
  try {
    await Promise.all(
      batch.jobs.map(async (job) => {
        const outcome = await runtime.run({
          id: String(job.id),
          program: job.program,
          module: job.module ?? undefined,
        });
        lines += `${JSON.stringify(outcome)}\n`;
        if (lines.length > 16384) flush();
      }),
    );
  } finally {
    clearInterval(timer);
    flush();
  }
  lines = `${JSON.stringify({ done: batch.jobs.length })}\n`;
  flush();
}

/**
 * @param {string} dir
 * @param {number} ageMs
 */
function removeOldResults(dir, ageMs) {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.out')) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > ageMs) rmSync(path, { force: true });
    } catch {
      // Another runner removed it first.
    }
  }
}
