// @ts-check
// luau-fuzz runner: one command in a process group of its own, with a wall-clock limit that
// restarts at each error marker, its standard output split at the marker line (see
// luau-batch.mjs) with each part hashed and its start kept.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants } from 'node:os';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { Buffer } from 'node:buffer';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

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
 * @param {{ marker?: { text: string } | undefined, marks: number, timeoutMs: number, keepBytes?: number | undefined, maxOutputBytes?: number | undefined, running?: Set<ChildProcess> | undefined, env?: NodeJS.ProcessEnv | undefined }} options
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
