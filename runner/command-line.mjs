// @ts-check
// luau-fuzz runner: the command line of `main.mjs`, built by luau-fuzz and read by the runner.
// Part of the protocol: `protocol.mjs` exports all of it; import it from there.

/** Seconds without a batch after which a resident runner leaves (`serve --idle-exit-s`). */
export const residentIdleExitSeconds = 300;

/**
 * Options of `main.mjs run`, each passed as its flag (see {@link runArgs}).
 * @typedef {object} RunOptions
 * @property {'luau-web' | 'command'} [runtime] The bundled luau-web VM, or a command template.
 * @property {string} [template] The command template of the `command` runtime.
 * @property {number} [timeoutMs] Wall-clock limit per program, in milliseconds.
 * @property {number} [workers] Programs run in parallel.
 * @property {number} [recycleAfter] luau-web: programs per worker process before it is replaced.
 * @property {number} [programsPerState] luau-web: programs per VM state before it is replaced.
 * @property {number} [excerptChars] Characters of output kept per outcome.
 */

/** The flag of each option of `main.mjs run`. */
const flags = Object.freeze({
  runtime: '--runtime',
  template: '--template',
  timeoutMs: '--timeout-ms',
  workers: '--workers',
  recycleAfter: '--recycle-after',
  programsPerState: '--programs-per-state',
  excerptChars: '--excerpt',
});

/** The flag after which every argument is a part of the inline batch (gzip + base64). */
export const dataFlag = '--data';

/**
 * The flag that names a file holding the batch (gzip + base64, uploaded before the run when
 * the batch is larger than one request takes); the file is removed once read.
 */
export const dataFileFlag = '--data-file';

/** Bad arguments of `main.mjs run`: the message names the flag. */
export class RunArgsError extends Error {
  /** @override */
  name = 'RunArgsError';
}

/**
 * The arguments of `main.mjs run` that pass `options` (options left out are not passed).
 * @param {RunOptions} options
 * @returns {string[]}
 */
export function runArgs(options) {
  /** @type {string[]} */
  const args = [];
  for (const [key, flag] of Object.entries(flags)) {
    const value = options[/** @type {keyof RunOptions} */ (key)];
    if (value !== undefined) args.push(flag, String(value));
  }
  return args;
}

/**
 * Reads the arguments of `main.mjs run`: the options, the positional arguments, the parts
 * of an inline batch (everything after {@link dataFlag}) and the file of an uploaded one.
 * @param {readonly string[]} args
 * @returns {{ options: RunOptions, positional: string[], data: string[], dataFile?: string }}
 * @throws {RunArgsError} for an unknown flag, a flag without its value, or a bad value.
 */
export function parseRunArgs(args) {
  /** @type {Record<string, string | number>} */
  const options = {};
  /** @type {string[]} */
  const positional = [];
  /** @type {string[]} */
  let data = [];
  /** @type {string | undefined} */
  let dataFile;
  /** @type {Map<string, string>} */
  const byFlag = new Map(Object.entries(flags).map(([key, flag]) => [flag, key]));
  for (let i = 0; i < args.length; i++) {
    const a = /** @type {string} */ (args[i]);
    if (a === dataFlag) {
      data = args.slice(i + 1);
      break;
    }
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    if (a === dataFileFlag) {
      dataFile = args[++i];
      if (dataFile === undefined) throw new RunArgsError(`${a} needs a value`);
      continue;
    }
    const key = byFlag.get(a);
    if (key === undefined) throw new RunArgsError(`unknown option ${a}`);
    const value = args[++i];
    if (value === undefined) throw new RunArgsError(`${a} needs a value`);
    if (key === 'runtime') {
      if (value !== 'luau-web' && value !== 'command')
        throw new RunArgsError(`${a} must be luau-web or command, got '${value}'`);
      options[key] = value;
    } else if (key === 'template') {
      options[key] = value;
    } else {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1)
        throw new RunArgsError(`${a} must be a positive integer, got '${value}'`);
      options[key] = n;
    }
  }
  return {
    options: /** @type {RunOptions} */ (options),
    positional,
    data,
    ...(dataFile === undefined ? {} : { dataFile }),
  };
}

// ---- The command line of main.mjs ----

/** The subcommands of `main.mjs`. */
export const runnerCommands = Object.freeze({
  verify: 'verify',
  run: 'run',
  serve: 'serve',
  read: 'read',
  luau: 'luau',
});

/**
 * The arguments of `main.mjs verify`: checks every file against the manifest, and the
 * manifest against `checksum` when given.
 * @param {string} [checksum]
 * @returns {string[]}
 */
export function verifyArgs(checksum) {
  return checksum === undefined ? [runnerCommands.verify] : [runnerCommands.verify, checksum];
}

/**
 * The arguments of `main.mjs run`: the batch's path, its options, and the batch itself,
 * inline (the parts of its encoded form) or in an uploaded file.
 * @param {string} batchPath
 * @param {RunOptions} options
 * @param {{ data: readonly string[] } | { dataFile: string }} batch
 * @returns {string[]}
 */
export function runCommandArgs(batchPath, options, batch) {
  return [
    runnerCommands.run,
    batchPath,
    ...runArgs(options),
    ...('dataFile' in batch ? [dataFileFlag, batch.dataFile] : [dataFlag, ...batch.data]),
  ];
}

/**
 * The arguments of `main.mjs serve`: the resident runner handing over batches in `dir`.
 * @param {string} dir
 * @param {{ idleExitSeconds?: number | undefined }} [options]
 * @returns {string[]}
 */
export function serveArgs(dir, options = {}) {
  return [
    runnerCommands.serve,
    dir,
    '--idle-exit-s',
    String(options.idleExitSeconds ?? residentIdleExitSeconds),
  ];
}

/**
 * Reads the arguments of `serve` (those after the subcommand).
 * @param {readonly string[]} args
 * @returns {{ dir: string, idleExitSeconds: number }}
 * @throws {RunArgsError}
 */
export function parseServeArgs(args) {
  let dir;
  let idleExitSeconds = residentIdleExitSeconds;
  for (let i = 0; i < args.length; i++) {
    const a = /** @type {string} */ (args[i]);
    if (a === '--idle-exit-s') {
      const n = Number(args[++i]);
      if (!Number.isInteger(n) || n < 1)
        throw new RunArgsError(`--idle-exit-s must be a positive integer, got '${args[i] ?? ''}'`);
      idleExitSeconds = n;
    } else if (a.startsWith('--')) {
      throw new RunArgsError(`unknown option ${a}`);
    } else if (dir === undefined) {
      dir = a;
    } else {
      throw new RunArgsError(`serve takes one DIR, got '${dir}' and '${a}'`);
    }
  }
  if (dir === undefined) throw new RunArgsError('serve needs a DIR');
  return { dir, idleExitSeconds };
}

/**
 * The arguments of `main.mjs read`: `length` bytes of `file` from `offset`.
 * @param {string} file
 * @param {number} offset
 * @param {number} length
 * @returns {string[]}
 */
export function readArgs(file, offset, length) {
  return [runnerCommands.read, file, String(offset), String(length)];
}

/**
 * Reads the arguments of `read` (those after the subcommand).
 * @param {readonly string[]} args
 * @returns {{ file: string, offset: number, length: number }}
 * @throws {RunArgsError}
 */
export function parseReadArgs(args) {
  const [file, offsetText, lengthText] = args;
  const offset = Number(offsetText);
  const length = Number(lengthText);
  if (
    file === undefined ||
    !Number.isInteger(offset) ||
    !Number.isInteger(length) ||
    offset < 0 ||
    length < 1
  ) {
    throw new RunArgsError('usage: read FILE OFFSET LENGTH');
  }
  return { file, offset, length };
}

/**
 * Reads the arguments of `luau` (those after the subcommand): the file to run, as a `luau`
 * executable takes it (flags are ignored).
 * @param {readonly string[]} args
 * @returns {{ file: string }}
 * @throws {RunArgsError}
 */
export function parseLuauArgs(args) {
  const file = args.find((a) => !a.startsWith('--'));
  if (file === undefined) throw new RunArgsError('usage: luau FILE');
  return { file };
}
