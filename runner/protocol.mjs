// @ts-check
// luau-fuzz runner: the protocol between luau-fuzz and its runner, in one place for both
// sides. The runner (`runner/*.mjs`, copied into workspace projects) and luau-fuzz's
// TypeScript (`src/runtime/`) import from here the job and outcome shapes, the batch's
// encoding, the command line of every subcommand of `main.mjs`, the files they leave, the
// pool's options and the defaults; the type checker reads this file through its JSDoc. The
// messages between the pool and its VM workers are `worker-protocol.mjs`.
import { Buffer } from 'node:buffer';
import { gunzipSync, gzipSync } from 'node:zlib';
import { RunArgsError } from './command-line.mjs';

export * from './command-line.mjs';
export * from './worker-protocol.mjs';

/** @typedef {import('./command-line.mjs').RunOptions} RunOptions */

/** @typedef {'ok' | 'compile-error' | 'runtime-error' | 'timeout' | 'crash'} OutcomeStatus */

/**
 * A program to run: one JSON line of a batch file.
 * @typedef {object} ProgramJob
 * @property {string} id Identifier echoed in the outcome.
 * @property {string} program The program's Luau source.
 * @property {string | undefined} [module] The module's Luau source, when the program has one (null in a batch line).
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

/** The ending of a request file in a resident runner's directory (see {@link handOverFiles}). */
export const requestSuffix = '.req';

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
  `f="$d/$n.fifo" q="$d/$n${requestSuffix}"`,
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

// ---- The luau-web pool (pool.mjs): its options, as `LuauWebPool` takes them too ----

/**
 * Options of the luau-web pool (`createPool` of pool.mjs, `LuauWebPool` in luau-fuzz); each
 * one left out takes its value in {@link poolDefaults}.
 * @typedef {object} PoolOptions
 * @property {number | undefined} [workers] VM worker processes run in parallel.
 * @property {number | undefined} [timeoutMs] Wall-clock limit per program, in milliseconds (luau-web has no instruction hook).
 * @property {number | undefined} [programsPerState] Programs run one after another in one VM state, each isolated from the others, before the state is replaced; 1 gives every program a fresh state.
 * @property {number | undefined} [recycleAfter] Programs per worker process before it is replaced.
 * @property {number | undefined} [heapBudgetKb] Heap (KiB) of a worker's abandoned states (a state's heap is never returned; the VM has 17 MB) after which the worker process is replaced.
 * @property {number | undefined} [pipeline] Programs queued in one worker at once.
 * @property {number | undefined} [standbyLead] Programs before a worker's last one at which its replacement starts.
 * @property {number | undefined} [excerptChars] Characters of output kept per outcome.
 * @property {number | undefined} [errorChars] Characters of error message kept per outcome.
 * @property {boolean | undefined} [tierUp] Let V8 recompile the VM's hot code with its optimizing compiler (costly at the start of each worker process, faster later); `false` keeps the baseline compiler only, as the runner does (see docs/throughput.md).
 */

/**
 * Options of one program's run in the pool.
 * @typedef {object} PoolRunOptions
 * @property {boolean | undefined} [compileOnly] Only compile (module and program); `ok` means it compiles.
 * @property {number | undefined} [timeoutMs] Overrides the pool's wall-clock limit for this program.
 */

/**
 * Counters of a pool's work.
 * @typedef {object} PoolStats
 * @property {number} workersStarted Worker processes started.
 * @property {number} recycled Worker processes replaced or ended.
 * @property {number} retried Crashes run again on a fresh worker to confirm them.
 * @property {number} programs Programs finished.
 * @property {number} states VM states the workers created for programs (compile-only states not counted).
 */

/** The defaults of {@link PoolOptions}. */
export const poolDefaults = Object.freeze({
  workers: runnerDefaults.workers,
  timeoutMs: runnerDefaults.timeoutMs,
  programsPerState: 1000,
  recycleAfter: 10000,
  heapBudgetKb: 12000,
  pipeline: 32,
  standbyLead: 12,
  excerptChars: runnerDefaults.excerptChars,
  errorChars: runnerDefaults.errorChars,
  tierUp: true,
});

// ---- The batch: JSON lines of jobs, gzip + base64 on the way ----

/**
 * A batch's jobs as JSON lines, each with its fields in order and `module` null when absent.
 * @param {readonly ProgramJob[]} jobs
 * @returns {string}
 */
export function batchLines(jobs) {
  return jobs
    .map((j) => `${JSON.stringify({ id: j.id, program: j.program, module: j.module ?? null })}\n`)
    .join('');
}

/**
 * The encoded form of a batch (gzip + base64 of its JSON lines): what travels inline after
 * {@link dataFlag} or in the file of {@link dataFileFlag}.
 * @param {readonly ProgramJob[]} jobs
 * @returns {string}
 */
export function encodeBatch(jobs) {
  return gzipSync(Buffer.from(batchLines(jobs))).toString('base64');
}

/**
 * Reads the JSON lines of a batch, checking every field.
 * @param {string} text
 * @param {string} source What the lines are, for messages (`batch b1.jsonl`).
 * @returns {ProgramJob[]}
 * @throws {RunArgsError} naming the line and the field of the first bad job.
 */
export function parseBatchLines(text, source) {
  /** @type {ProgramJob[]} */
  const jobs = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const where = `line ${i + 1} of ${source}`;
    /** @type {unknown} */
    let value;
    try {
      value = JSON.parse(line);
    } catch {
      throw new RunArgsError(`${where} is not JSON`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new RunArgsError(`${where} is not a JSON object`);
    const { id, program, module } = /** @type {Record<string, unknown>} */ (value);
    if (typeof id !== 'string' && typeof id !== 'number')
      throw new RunArgsError(`${where}: "id" must be a string`);
    if (typeof program !== 'string') throw new RunArgsError(`${where}: "program" must be a string`);
    if (module !== undefined && module !== null && typeof module !== 'string')
      throw new RunArgsError(`${where}: "module" must be a string or null`);
    jobs.push({ id: String(id), program, ...(typeof module === 'string' ? { module } : {}) });
  }
  return jobs;
}

/**
 * Reads an encoded batch ({@link encodeBatch}).
 * @param {string} encoded
 * @param {string} source What the batch is, for messages.
 * @returns {ProgramJob[]}
 * @throws {RunArgsError} when it is not gzip + base64, or for a bad job.
 */
export function decodeBatch(encoded, source) {
  let text;
  try {
    text = gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8');
  } catch {
    throw new RunArgsError(`${source} is not gzip + base64`);
  }
  return parseBatchLines(text, source);
}

// ---- Files ----

/** The runner's entry point, in its directory. */
export const runnerMain = 'main.mjs';

/** The runner's manifest (every file's SHA-256), in its directory. */
export const runnerManifest = 'manifest.json';

/** A batch's names are file names: letters, digits, `-`, `_`, `.`. */
const batchName = /^[\w.-]+$/;

/**
 * The files of batch `name` under `dir`: its JSON lines (the path `run` takes), the
 * uploaded encoded batch ({@link dataFileFlag}), and its outcomes (written by `run`, served
 * by `read`; removed after {@link resultsKeepMs}).
 * @param {string} dir
 * @param {string} name
 * @returns {{ batch: string, upload: string, results: string }}
 * @throws {RangeError} for a name that is not a file name.
 */
export function batchFiles(dir, name) {
  if (!batchName.test(name)) throw new RangeError(`bad batch name '${name}'`);
  const batch = `${dir}/${name}.jsonl`;
  return { batch, upload: `${batch}.b64`, results: resultsFile(batch) };
}

/**
 * The file that `run BATCH` writes its outcome lines to.
 * @param {string} batchPath
 */
export function resultsFile(batchPath) {
  return `${batchPath}${resultsSuffix}`;
}

/** The ending of results files (see {@link resultsFile}). */
export const resultsSuffix = '.out';

/** How long results files are kept: long enough to be read back in parts, in ms. */
export const resultsKeepMs = 10 * 60 * 1000;

/**
 * The files of a program run by a `luau` executable, in a directory of its own: the program,
 * and its module beside it (which the program names `./module0`).
 */
export const luauFiles = Object.freeze({ program: 'program.luau', module: 'module0.luau' });

/**
 * The start of the first line of a program that has a module ({@link luauFiles}): `module0`
 * and `module1` name it, as globals (a type function may reference a global, not an outer
 * local), on the program's first line so that its line numbers stay. luau-web's VM workers
 * set the same names.
 */
export const modulePrelude = 'module0, module1 = "./module0", "./module0"; ';

/**
 * The hand-over files of request `name` in a resident runner's directory `dir`: the request
 * (the `run` arguments, one per line), the request once a server claimed it, and the named
 * pipe that carries the server's status line. {@link submitScript} names them the same way.
 * @param {string} dir
 * @param {string} name
 */
export function handOverFiles(dir, name) {
  return {
    request: `${dir}/${name}${requestSuffix}`,
    taken: `${dir}/${name}.taken`,
    fifo: `${dir}/${name}.fifo`,
  };
}
