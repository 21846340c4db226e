// @ts-check
// luau-fuzz runner: the messages between the luau-web pool (`pool.mjs`) and its VM worker
// processes (`worker.mjs`, forked with an IPC channel), and the worker's settings. Part of the
// protocol: `protocol.mjs` exports all of it.

/** @typedef {import('./protocol.mjs').OutcomeStatus} OutcomeStatus */

/**
 * A program as the pool sends it to a worker (in arrays: programs sent together go in one
 * message).
 * @typedef {object} WorkerJob
 * @property {number} seq The pool's number for it, echoed in its result.
 * @property {string} id
 * @property {string} program
 * @property {string | undefined} [module]
 * @property {boolean} [compileOnly]
 */

/**
 * What a worker sends back per program (in arrays: results go back in batches).
 * @typedef {object} WorkerResult
 * @property {number} seq The job's `seq`.
 * @property {string} id
 * @property {OutcomeStatus} status
 * @property {string} outputHash
 * @property {string} output
 * @property {number} outputBytes
 * @property {number} timeMs
 * @property {string} [error]
 * @property {number} [heapKb] Heap of the VM state after the program, in KiB.
 * @property {boolean} [abort] The VM aborted: the worker must be replaced.
 * @property {boolean} [retire] The worker asks to be replaced once its queued programs end.
 * @property {number} [statesCreated] VM states the worker has created so far.
 * @property {string[]} [diagnostics] What the VM printed through `console`.
 */

/**
 * The message a worker sends once its VM is up, before any result.
 * @typedef {{ ready: true }} WorkerReady
 */

/**
 * A worker's settings: from the pool's options, and the file it writes the number and start
 * time of the program it runs into (a Float64Array of two).
 * @typedef {object} WorkerSettings
 * @property {number} excerptChars
 * @property {number} errorChars
 * @property {number} programsPerState
 * @property {number} heapBudgetKb
 * @property {string} [statusFile]
 */

/** The environment variable that carries a worker's settings (JSON). */
export const workerSettingsVariable = 'LUAU_FUZZ_WORKER';

/**
 * A worker's settings in the environment of its process.
 * @param {WorkerSettings} settings
 * @returns {Record<string, string>}
 */
export function workerSettingsEnv(settings) {
  return { [workerSettingsVariable]: JSON.stringify(settings) };
}

/**
 * Reads a worker's settings from its environment.
 * @param {NodeJS.ProcessEnv} env
 * @returns {WorkerSettings}
 * @throws {Error} when they are missing or not what {@link workerSettingsEnv} writes.
 */
export function readWorkerSettings(env) {
  const text = env[workerSettingsVariable];
  if (text === undefined) throw new Error(`${workerSettingsVariable} is not set`);
  const s = /** @type {Record<string, unknown>} */ (JSON.parse(text));
  for (const key of ['excerptChars', 'errorChars', 'programsPerState', 'heapBudgetKb']) {
    if (typeof s[key] !== 'number')
      throw new Error(`${workerSettingsVariable}.${key} must be a number`);
  }
  if (s.statusFile !== undefined && typeof s.statusFile !== 'string')
    throw new Error(`${workerSettingsVariable}.statusFile must be a string`);
  return /** @type {WorkerSettings} */ (/** @type {unknown} */ (s));
}
