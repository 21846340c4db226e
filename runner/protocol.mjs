// @ts-check
// luau-fuzz runner: the protocol between luau-fuzz and its runner, in one place for both
// sides. The runner (`runner/*.mjs`, copied into workspace projects) and luau-fuzz's
// TypeScript (`src/runtime/`) import the job and outcome shapes, the flags of `main.mjs run`
// and the defaults from here; the type checker reads this file through its JSDoc.

/** @typedef {'ok' | 'compile-error' | 'runtime-error' | 'timeout' | 'crash'} OutcomeStatus */

/**
 * A program to run: one JSON line of a batch file.
 * @typedef {object} ProgramJob
 * @property {string} id Identifier echoed in the outcome.
 * @property {string} program The program's Luau source.
 * @property {string | null | undefined} [module] The module's Luau source, when the program has one.
 */

/**
 * How one program ended: one JSON line of the runner's output, the same for every runtime.
 * @typedef {object} ProgramOutcome
 * @property {string} id The program's id, as given to the runtime.
 * @property {OutcomeStatus} status How it ended.
 * @property {string} [signal] The signal that killed the runtime's process, when one did (`SIGSEGV`, …).
 * @property {string} outputHash SHA-256 (hex) of everything the program printed (one line per `print` call).
 * @property {string} output The start of the output, at most `excerptChars` characters.
 * @property {string} [error] The compiler's or runtime's message, bounded, for every status but `ok`.
 * @property {number} timeMs Wall-clock time of compiling and running the program, in milliseconds.
 * @property {boolean} [retried] True when a crash was confirmed by running the program again on a fresh VM.
 */

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

/** Every status, in report order. */
export const outcomeStatuses = /** @type {readonly OutcomeStatus[]} */ (
  Object.freeze(['ok', 'compile-error', 'runtime-error', 'timeout', 'crash'])
);

/** SHA-256 of the empty output. */
export const emptyOutputHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * Defaults of both sides: what the runner does with a flag left out, and what luau-fuzz
 * passes when its caller leaves an option out.
 */
export const runnerDefaults = Object.freeze({
  /** Wall-clock limit per program, in milliseconds. */
  timeoutMs: 2000,
  /** Characters of output kept per outcome. */
  excerptChars: 512,
  /** Characters of error message kept per outcome. */
  errorChars: 1024,
  /** Programs run in parallel. */
  workers: 1,
  /**
   * Largest encoded batch (gzip + base64 characters) per run; a batch larger than one request
   * takes is uploaded in parts first.
   */
  payloadChars: 1_000_000,
});

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

/**
 * A runtime's result as an outcome line: its fields in the protocol's order, the output's
 * hash and excerpt defaulting to the empty output's; the job's id and retry mark win.
 * @param {{ id?: string | undefined, status: OutcomeStatus, signal?: string | undefined, outputHash?: string | undefined, output?: string | undefined, error?: string | undefined, timeMs?: number | undefined, retried?: boolean | undefined }} r
 * @param {{ id?: string | undefined, retried?: boolean | undefined }} [job]
 * @returns {ProgramOutcome}
 */
export function toOutcome(r, job) {
  // Key order: id, status, signal?, outputHash, output, error?, timeMs, retried?.
  /** @type {Record<string, unknown>} */
  const out = { id: job?.id ?? r.id ?? '', status: r.status };
  if (r.signal !== undefined) out.signal = r.signal;
  out.outputHash = r.outputHash ?? emptyOutputHash;
  out.output = r.output ?? '';
  if (r.error !== undefined) out.error = r.error;
  out.timeMs = r.timeMs ?? 0;
  if (job?.retried === true || r.retried === true) out.retried = true;
  return /** @type {ProgramOutcome} */ (out);
}

/**
 * Exit code of the submit script when no resident runner took the batch, or the one that did
 * died before it ended: the batch did not run (or not to the end), start a runner again.
 */
export const residentGoneExit = 75;

/** The file in a resident runner's directory that asks it to leave once its batches end. */
export const residentStopFile = 'stop';

/** Seconds the submit script waits for a resident runner to take its batch. */
export const residentClaimSeconds = 10;

/**
 * The script (`sh -c SCRIPT sh DIR NAME CLAIM run BATCH ...`) that hands a batch to the
 * resident runner serving DIR (`main.mjs serve DIR`, see serve.mjs) and prints its outcomes
 * as `run` would. It makes a named pipe NAME.fifo and opens it, with a watchdog holding the
 * write end for CLAIM seconds ({@link residentClaimSeconds}); posts the `run` arguments (one
 * per line) as NAME.req; and reads the server's status line from the pipe. The server holds
 * its own write end while the batch runs, so the read ends with the server's status, or
 * with end-of-file once the server died and the watchdog left. A request still untaken when
 * the watchdog wakes is withdrawn. Without a status, or when DIR is gone (the server left),
 * it exits {@link residentGoneExit}.
 */
export const submitScript = [
  'd=$1 n=$2 c=$3; shift 3',
  'f="$d/$n.fifo" q="$d/$n.req"',
  // DIR is made before the server starts and removed when it leaves.
  `[ -d "$d" ] && rm -f "$f" && mkfifo "$f" || exit ${residentGoneExit}`,
  `( exec 4> "$f"; sleep "$c" 4>&-; mv "$q" "$d/$n.cancel" 2>/dev/null && echo ${residentGoneExit} >&4 ) </dev/null >/dev/null 2>&1 &`,
  'w=$!',
  'exec 3< "$f"',
  's=',
  `printf '%s\\n' "$@" > "$q.tmp" && mv "$q.tmp" "$q" && IFS= read -r s <&3`,
  'kill $w 2>/dev/null',
  'exec 3<&-',
  'rm -f "$f" "$q.tmp" "$d/$n.cancel"',
  'case $s in',
  '  0) exec cat "$2.out" ;;',
  '  2\\ *) printf \'luau-fuzz runner: %s\\n\' "${s#2 }" >&2; exit 2 ;;',
  `  *) exit ${residentGoneExit} ;;`,
  'esac',
].join('\n');
