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
import { clearInterval, setInterval } from 'node:timers';
import {
  decodeBatch,
  parseBatchLines,
  parseRunArgs,
  resultsFile,
  resultsKeepMs,
  resultsSuffix,
  RunArgsError,
} from './protocol.mjs';

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

/**
 * Creates the runtime that `options` name. A luau-web runtime keeps V8's baseline WebAssembly
 * code: the optimizing tier-up does not pay off in the runner (docs/throughput.md).
 * @param {RunOptions} options
 * @returns {Promise<Runtime>}
 * @throws {RunArgsError} for a command runtime without its template.
 */
export async function createRuntime(options) {
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
      tierUp: false,
    });
  }
  if (options.template === undefined) throw new RunArgsError('--runtime command needs --template');
  const { createCommandRuntime } = await import('./command.mjs');
  return createCommandRuntime({ ...common, template: options.template });
}

/**
 * Reads a batch from the arguments of `run`: inline, uploaded (the file is removed once
 * read), or from BATCH itself; and empties its results file (BATCH.out).
 * @param {readonly string[]} args
 * @returns {Batch}
 * @throws {RunArgsError} for bad arguments or a batch that is not JSON lines.
 */
export function loadBatch(args) {
  const { options, data, dataFile, positional } = parseRunArgs(args);
  const batchPath = positional[0];
  if (batchPath === undefined) throw new RunArgsError('run needs a BATCH file');
  /** @type {ProgramJob[]} */
  let jobs;
  if (data.length > 0 || dataFile !== undefined) {
    jobs =
      dataFile === undefined
        ? decodeBatch(data.join(''), `the inline batch of ${batchPath}`)
        : decodeBatch(readFileSync(dataFile, 'utf8'), `the batch file ${dataFile}`);
    if (dataFile !== undefined) rmSync(dataFile, { force: true });
  } else {
    jobs = parseBatchLines(readFileSync(batchPath, 'utf8'), `batch ${batchPath}`);
    rmSync(batchPath, { force: true });
  }
  mkdirSync(dirname(batchPath), { recursive: true });
  const resultsPath = resultsFile(batchPath);
  writeFileSync(resultsPath, '');
  // Results of earlier batches are kept only so long, so that a long campaign does not fill
  // the project's disk.
  removeOldResults(dirname(batchPath), resultsKeepMs);
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
        const outcome = await runtime.run(job);
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
    if (!name.endsWith(resultsSuffix)) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > ageMs) rmSync(path, { force: true });
    } catch {
      // Another runner removed it first.
    }
  }
}
