// @ts-check
// luau-fuzz runner: runs many Luau programs in one process of the `luau` CLI (or a command
// that runs files the way it does: each in its own sandboxed thread of one VM, outputs in
// order, errors on standard error). A marker file between programs splits the output and the
// errors per program and restarts the time limit; a process that crashes, times out or prints
// past the limit is split around the program at fault. One implementation for the campaign's
// command runtime (`command.mjs`) and luau-fuzz's `LuauBatchRunner`; plain JavaScript, so
// that it also runs installed in a workspace project under that project's `node`.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:os';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { Buffer } from 'node:buffer';
import { emptyOutputHash } from './protocol.mjs';

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
 * What one process did.
 * @typedef {object} ProcessResult
 * @property {number | null} [code]
 * @property {string | null} [signal]
 * @property {boolean} timedOut
 * @property {number} [overflowPart] The part of standard output that passed the limit.
 * @property {{ hash: string, head: Buffer }[]} parts Standard output, split at the marker.
 * @property {string} stderr
 * @property {number[]} markTimes When each error marker arrived.
 * @property {number} seen Error markers seen.
 * @property {Error} [spawnError]
 * @property {number} started
 */

/**
 * The start of the first line of a program that has a module (`module0.luau` beside it):
 * `module0` and `module1` name it, as globals (a type function may reference a global, not an
 * outer local), on the program's first line so that its line numbers stay.
 */
export const modulePrelude = 'module0, module1 = "./module0", "./module0"; ';

/** Before the first marker only the command starts (no program runs): a loaded machine may take longer than one program's limit for that. */
export const startAllowanceMs = 10_000;

// Signal number → name; the first name wins (6 is SIGABRT, not its alias SIGIOT).
/** @type {Record<number, string>} */
const signalNames = {};
for (const [name, n] of Object.entries(constants.signals)) signalNames[n] ??= name;

/**
 * The signal that ended a process: the one it died of, or the one a shell's exit code 128+n
 * stands for.
 * @param {number | null | undefined} code
 * @param {string | null | undefined} signal
 * @returns {string | undefined}
 */
export function exitSignal(code, signal) {
  if (signal) return signal;
  return code !== null && code !== undefined && code > 128 ? signalNames[code - 128] : undefined;
}

/**
 * A marker with a fresh random text, named `file`.
 * @param {string} [file]
 * @returns {Marker}
 */
export function createMarker(file = 'marker.luau') {
  const text = `luau-fuzz-marker-${randomBytes(12).toString('hex')}`;
  return { file, text, source: `print("${text}") error("${text}", 0)\n` };
}

/** Splits a stream at a marker line, hashing each part and keeping its start. */
class Splitter {
  /**
   * @param {Buffer} marker An empty marker: one part.
   * @param {number} keepBytes
   * @param {number} maxBytes Bytes a part may have; past them `overflowPart` is set.
   */
  constructor(marker, keepBytes, maxBytes) {
    this.marker = marker;
    this.keepBytes = keepBytes;
    this.maxBytes = maxBytes;
    this.pending = Buffer.alloc(0);
    /** @type {{ hash: string, head: Buffer }[]} */
    this.parts = [];
    /** @type {number | undefined} */
    this.overflowPart = undefined;
    this.current = Splitter.part();
  }
  /** @returns {{ hash: import('node:crypto').Hash, head: Buffer[], headBytes: number, bytes: number }} */
  static part() {
    return { hash: createHash('sha256'), head: [], headBytes: 0, bytes: 0 };
  }
  /** @param {Buffer} bytes */
  add(bytes) {
    if (bytes.length === 0 || this.overflowPart !== undefined) return;
    const c = this.current;
    if (c.bytes + bytes.length > this.maxBytes) {
      bytes = bytes.subarray(0, this.maxBytes - c.bytes);
      this.overflowPart = this.parts.length;
    }
    c.bytes += bytes.length;
    c.hash.update(bytes);
    if (c.headBytes < this.keepBytes) {
      const take = Math.min(bytes.length, this.keepBytes - c.headBytes);
      c.head.push(Buffer.from(bytes.subarray(0, take)));
      c.headBytes += take;
    }
  }
  close() {
    const c = this.current;
    this.parts.push({ hash: c.hash.digest('hex'), head: Buffer.concat(c.head) });
    this.current = Splitter.part();
  }
  /** @param {Buffer} chunk */
  feed(chunk) {
    if (this.marker.length === 0) {
      this.add(chunk);
      return;
    }
    const buf = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    let from = 0;
    for (;;) {
      const at = buf.indexOf(this.marker, from);
      if (at < 0 || this.overflowPart !== undefined) break;
      this.add(buf.subarray(from, at));
      this.close();
      from = at + this.marker.length;
    }
    // A marker may straddle two chunks: keep what could be its start.
    const keep = Math.min(this.marker.length - 1, buf.length - from);
    this.add(buf.subarray(from, buf.length - keep));
    this.pending = Buffer.from(buf.subarray(buf.length - keep));
  }
  end() {
    this.add(this.pending);
    this.pending = Buffer.alloc(0);
    this.close();
    return this.parts;
  }
}

/**
 * Spawns one process in its own process group and collects what it did. With `marks` > 0,
 * standard output splits at the marker's line, and each error marker on standard error (which
 * is not buffered: they arrive as they happen) restarts the time limit for the next program;
 * with 0, the output is one part and the limit is the whole process's.
 * @param {string[]} argv
 * @param {string} cwd
 * @param {{ marker?: Marker | undefined, marks: number, timeoutMs: number, keepBytes?: number | undefined, maxOutputBytes?: number | undefined, running?: Set<ChildProcess> | undefined, env?: NodeJS.ProcessEnv | undefined }} options
 * @returns {Promise<ProcessResult>}
 */
export function spawnCommand(argv, cwd, options) {
  const { marks, timeoutMs, running } = options;
  const markText = options.marker?.text ?? '';
  return new Promise((resolve) => {
    const splitter = new Splitter(
      Buffer.from(marks > 0 ? `${markText}\n` : ''),
      options.keepBytes ?? Infinity,
      options.maxOutputBytes ?? Infinity,
    );
    let stderr = '';
    let seen = 0;
    let scanFrom = 0;
    /** @type {number[]} */
    const markTimes = [];
    let timedOut = false;
    /** @type {Error | undefined} */
    let spawnError;
    /** @type {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable>} */
    let child;
    const started = performance.now();
    try {
      child = spawn(/** @type {string} */ (argv[0]), argv.slice(1), {
        cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
        ...(options.env === undefined ? {} : { env: options.env }),
      });
    } catch (e) {
      spawnError = e instanceof Error ? e : new Error(String(e));
      resolve({ spawnError, timedOut, parts: [], stderr, markTimes, seen, started });
      return;
    }
    running?.add(child);
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const arm = (/** @type {number} */ ms) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        killGroup(child);
      }, ms);
    };
    arm(marks > 0 ? timeoutMs + startAllowanceMs : timeoutMs);
    child.stdout.on('data', (/** @type {Buffer} */ d) => {
      if (splitter.overflowPart !== undefined) return;
      splitter.feed(d);
      if (splitter.overflowPart !== undefined) killGroup(child);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (/** @type {string} */ d) => {
      if (stderr.length < 16 * 1024 * 1024) stderr += d;
      if (marks === 0) return;
      // Each error marker ends one program: its time limit starts again for the next.
      let found = false;
      for (;;) {
        const at = stderr.indexOf(markText, scanFrom);
        if (at < 0) break;
        scanFrom = at + markText.length;
        seen++;
        markTimes.push(performance.now());
        found = true;
      }
      if (found && !timedOut) arm(timeoutMs);
      scanFrom = Math.max(scanFrom, stderr.length - markText.length);
    });
    child.on('error', (e) => {
      spawnError = e;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running?.delete(child);
      const overflowPart = splitter.overflowPart;
      const parts = splitter.end();
      resolve({
        code,
        signal,
        timedOut,
        ...(overflowPart === undefined ? {} : { overflowPart }),
        parts,
        stderr,
        markTimes,
        seen,
        ...(spawnError === undefined ? {} : { spawnError }),
        started,
      });
    });
  });
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

/**
 * The error of a command that does not start.
 * @param {readonly string[]} argv
 * @param {Error} e
 */
export function startError(argv, e) {
  return `cannot start ${argv[0]}: ${e.message}`;
}

/** @param {number} ms */
export function round(ms) {
  return Math.round(Math.max(0, ms) * 1000) / 1000;
}

/**
 * Stops a process started by {@link spawnCommand}: its whole group, the command and whatever
 * it started.
 * @param {ChildProcess} child
 */
export function killGroup(child) {
  try {
    if (child.pid === undefined) throw new Error('not started');
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}
