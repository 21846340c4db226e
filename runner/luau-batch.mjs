// @ts-check
// luau-fuzz runner: runs many Luau programs in one process of the `luau` CLI (or a command
// that runs files the way it does: each in its own sandboxed thread of one VM, outputs in
// order, errors on standard error). A marker file between programs splits the output and the
// errors per program and restarts the time limit; a process that crashes, times out or prints
// past the limit is split around the program at fault. `luau-programs.mjs` writes the
// programs and runs them in batches through it, for the campaign's command runtime
// (`command.mjs`) and luau-fuzz's `LuauBatchRunner` alike.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Buffer } from 'node:buffer';
import { emptyOutputHash } from './protocol.mjs';
import { exitSignal, round, spawnCommand, startError } from './spawn-command.mjs';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/**
 * How one program of a batch ended. `ok`: ran to the end; `error`: wrote to standard error (a
 * compile or runtime error of the CLI); `crash`: the process died of a signal, or ended early,
 * with the program alone in it; `timeout`: it ran past the limit; `output-limit`: it printed
 * more than the limit (its output is cut there).
 * @typedef {'ok' | 'error' | 'crash' | 'timeout' | 'output-limit'} BatchStatus
 */

/**
 * One program's part of a batch.
 * @typedef {object} BatchResult
 * @property {BatchStatus} status
 * @property {string} [signal] The signal that killed the process, for a crash with one.
 * @property {string} outputHash SHA-256 (hex) of the program's output (up to the limit).
 * @property {Buffer} output The first `keepBytes` bytes of its output.
 * @property {string} message Its own standard error (trimmed, the marker's trace removed) for
 *   `error`; what ended the process for the other statuses but `ok`; empty for `ok`.
 * @property {number} timeMs Wall-clock time of the program, in milliseconds.
 * @property {boolean} [retried] True when a crash was confirmed by running the program alone.
 */

/**
 * The marker run before, between and after programs: prints a line and raises an error, both
 * with a random text no program can know.
 * @typedef {object} Marker
 * @property {string} file Its file name, beside the programs.
 * @property {string} text The random text.
 * @property {string} source Its Luau source.
 */

/**
 * Options of {@link runLuauBatch}.
 * @typedef {object} BatchOptions
 * @property {(files: string[]) => string[]} argv The command line that runs `files` in order.
 * @property {string} cwd The directory of the files and of the marker file.
 * @property {Marker} marker
 * @property {number} timeoutMs Wall-clock limit per program, in milliseconds.
 * @property {number} [keepBytes] Bytes of each program's output kept. Default: all of it.
 * @property {number} [maxOutputBytes] Bytes one program may print before its process is
 *   stopped. Default: no limit.
 * @property {Set<ChildProcess>} [running] Holds the process while it runs (to stop it early).
 * @property {NodeJS.ProcessEnv} [env] The process's environment. Default: this process's.
 */

/**
 * A marker with a fresh random text, named `file`.
 * @param {string} [file]
 * @returns {Marker}
 */
export function createMarker(file = 'marker.luau') {
  const text = `luau-fuzz-marker-${randomBytes(12).toString('hex')}`;
  return { file, text, source: `print("${text}") error("${text}", 0)\n` };
}

/**
 * Runs `entries` (program files, relative to `cwd`) in one process of `options.argv`, with
 * the marker file before, between and after them, and gives each its result, in order. A
 * process that does not start rejects (`cannot start …`): that is no program's outcome. A
 * process that times out, dies of a signal or prints past the limit is split: the program
 * that was running gets the outcome (a crash is confirmed by running it alone: a crash that
 * needs the programs before it is not its own), and the programs before and after it run
 * again as batches of their own. A process that ends early without a signal, or whose output
 * does not split, runs each program alone.
 *
 * @example
 * ```js
 * const marker = createMarker();
 * writeFileSync(join(dir, marker.file), marker.source);
 * const [a, b] = await runLuauBatch(['a.luau', 'b.luau'], {
 *   argv: (files) => ['luau', '-O2', ...files], cwd: dir, marker, timeoutMs: 2000,
 * });
 * ```
 * @param {readonly string[]} entries
 * @param {BatchOptions} options
 * @returns {Promise<BatchResult[]>}
 */
export async function runLuauBatch(entries, options) {
  const { marker, timeoutMs } = options;
  if (entries.length === 0) return [];
  const files = [marker.file];
  for (const e of entries) files.push(e, marker.file);
  const argv = options.argv(files);
  const r = await spawnCommand(argv, options.cwd, {
    marker,
    marks: entries.length + 1,
    timeoutMs,
    keepBytes: options.keepBytes,
    maxOutputBytes: options.maxOutputBytes,
    running: options.running,
    env: options.env,
  });
  if (r.spawnError !== undefined) throw new Error(startError(argv, r.spawnError));
  // The Luau CLI warns of a flag it does not know and goes on without it: every program
  // would run without what the command line asked for.
  const refused = r.stderr.split(marker.text)[0]?.match(/^Warning: unrecognized .*$/gm);
  if (refused) throw new Error(`${argv[0]} does not take its options: ${refused.join(' ')}`);
  const signal = exitSignal(r.code, r.signal);
  const overflow = r.overflowPart !== undefined;
  const stopped = r.timedOut || overflow || signal !== undefined;
  if (!stopped && r.seen === entries.length + 1 && r.parts.length === entries.length + 2) {
    const errs = r.stderr.split(marker.text);
    return entries.map((_, i) => {
      const part = /** @type {{ hash: string, head: Buffer }} */ (r.parts[i + 1]);
      const message = stripMarkerTrace(errs[i + 1] ?? '', marker.file).trim();
      return {
        status: message === '' ? 'ok' : 'error',
        outputHash: part.hash,
        output: part.head,
        message,
        timeMs: round((r.markTimes[i + 1] ?? 0) - (r.markTimes[i] ?? 0)),
      };
    });
  }
  if (!stopped) {
    // Ended early without a signal, or output that does not split: each program alone.
    if (entries.length > 1) {
      const out = [];
      for (const e of entries) out.push(...(await runLuauBatch([e], options)));
      return out;
    }
    const said = r.stderr.split(marker.text).join('').trim() || `exit code ${r.code}`;
    return [
      {
        status: 'crash',
        ...empty,
        message: `the command ended without a result: ${said}`,
        timeMs: round(performance.now() - r.started),
      },
    ];
  }
  // The program at fault: the one whose output passed the limit, else the one after the last
  // marker seen (it was running when the process was stopped or died).
  const at = overflow ? (r.overflowPart ?? 0) - 1 : r.seen - 1;
  const culprit = Math.min(Math.max(at, 0), entries.length - 1);
  const since = r.markTimes[culprit] ?? r.started;
  /** @type {BatchResult} */
  let own;
  if (overflow) {
    const part = r.parts[culprit + 1];
    own = {
      status: 'output-limit',
      outputHash: part?.hash ?? empty.outputHash,
      output: part?.head ?? empty.output,
      message: `printed more than ${options.maxOutputBytes} bytes`,
      timeMs: round(performance.now() - since),
    };
  } else if (r.timedOut) {
    own = {
      status: 'timeout',
      ...empty,
      message: `no result within ${timeoutMs} ms`,
      timeMs: timeoutMs,
    };
  } else if (entries.length === 1) {
    own = {
      status: 'crash',
      ...(signal === undefined ? {} : { signal }),
      ...empty,
      message:
        stripMarkerTrace(r.stderr.split(marker.text)[1] ?? '', marker.file).trim() ||
        `killed by ${signal}`,
      timeMs: round(performance.now() - since),
    };
  } else {
    const [alone] = await runLuauBatch([/** @type {string} */ (entries[culprit])], options);
    if (alone === undefined) throw new Error('a program run alone gave no result');
    own = alone.status === 'crash' ? { ...alone, retried: true } : alone;
  }
  if (entries.length === 1) return [own];
  // Standard output of the programs before the culprit died in the process's buffer.
  const before = await runLuauBatch(entries.slice(0, culprit), options);
  const after = await runLuauBatch(entries.slice(culprit + 1), options);
  return [...before, own, ...after];
}

/** No output. */
const empty = Object.freeze({
  outputHash: emptyOutputHash,
  output: Buffer.alloc(0),
});

/**
 * Removes the marker's own stack trace from the start of a part of standard error.
 * @param {string} text
 * @param {string} file
 */
function stripMarkerTrace(text, file) {
  const name = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^\\nstacktrace:\\n(?:[^\\n]*\\n)*?\\./${name}:\\d+\\n`).exec(text);
  return m === null ? text : text.slice(m[0].length);
}
