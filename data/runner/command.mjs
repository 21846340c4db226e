// @ts-check
// luau-fuzz runner: runs programs with an external command — a `luau` executable, or any
// command template — with a wall-clock limit per program. A template with `{programs}` takes
// many files at once, the way `luau a.luau b.luau` runs each file in its own sandboxed thread
// of one VM: programs run in batches, one process per batch. A template with `{program}` runs
// one process per program. Plain JavaScript: it runs inside luau-fuzz and, installed into a
// workspace project, under that project's `node`.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setImmediate, setTimeout } from 'node:timers';
import { Buffer } from 'node:buffer';
import { emptyOutputHash as emptyHash, runnerDefaults, toOutcome } from './protocol.mjs';

/** @typedef {import('./protocol.mjs').ProgramJob} ProgramJob */
/** @typedef {import('./protocol.mjs').ProgramOutcome} ProgramOutcome */
/** @typedef {import('./protocol.mjs').OutcomeStatus} OutcomeStatus */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/**
 * A program's result before it is an outcome line (no id yet).
 * @typedef {{ status: OutcomeStatus, signal?: string | undefined, outputHash: string, output: string, error?: string, timeMs: number, retried?: boolean }} Result
 */

/**
 * The files of one program in a batch directory (see {@link programFiles}).
 * @typedef {{ dir: string, files: { path: string, text: string }[], entries: string[] }} ProgramFiles
 */

/**
 * A file to run, with the words of the template it fills.
 * @typedef {{ program: string, module: string, dir: string }} Entry
 */

/**
 * A program queued in the runtime.
 * @typedef {object} Item
 * @property {ProgramJob} job
 * @property {boolean} compileOnly
 * @property {(outcome: ProgramOutcome) => void} resolve
 * @property {(error: unknown) => void} reject
 * @property {Item[]} [twins] The same program queued again in the batch: it runs once.
 * @property {number[]} [entryIndexes]
 */

/**
 * Options of {@link createCommandRuntime}.
 * @typedef {object} CommandOptions
 * @property {string} template
 * @property {number | undefined} [workers]
 * @property {number | undefined} [timeoutMs]
 * @property {number | undefined} [excerptChars]
 * @property {number | undefined} [errorChars]
 * @property {number | undefined} [batchSize]
 * @property {string | undefined} [tmpDir]
 */

export const commandDefaults = Object.freeze({
  workers: runnerDefaults.workers,
  timeoutMs: runnerDefaults.timeoutMs,
  excerptChars: runnerDefaults.excerptChars,
  errorChars: runnerDefaults.errorChars,
  batchSize: 64,
});

const startAllowanceMs = 10_000;

// Signal number → name; the first name wins (6 is SIGABRT, not its alias SIGIOT).
/** @type {Record<number, string>} */
const signalNames = {};
for (const [name, n] of Object.entries(constants.signals)) signalNames[n] ??= name;

/** Splits a command template into words (single and double quotes group; no other shell syntax). */
/**
 * @param {string} template
 * @returns {string[]}
 */
export function splitTemplate(template) {
  /** @type {string[]} */
  const words = [];
  let word = '';
  /** @type {string | null} */
  let quote = null;
  let started = false;
  for (const ch of template) {
    if (quote !== null) {
      if (ch === quote) quote = null;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started || word !== '') words.push(word);
      word = '';
      started = false;
    } else {
      word += ch;
    }
  }
  if (quote !== null) throw new Error(`unterminated quote in command template: ${template}`);
  if (started || word !== '') words.push(word);
  if (words.length === 0) throw new Error('empty command template');
  return words;
}

/**
 * Reads one error report of the Luau CLI: `MESSAGE\nstacktrace:\nTRACE`. A program that did
 * not compile never ran, so its trace is empty; a runtime error has at least the frame that
 * raised it. Returns undefined for text without a `stacktrace:` line.
 * @param {string} text
 * @returns {{ status: 'compile-error' | 'runtime-error', message: string, trace: string } | undefined}
 */
export function parseLuauError(text) {
  const at = text.lastIndexOf('\nstacktrace:\n');
  const bare = text.endsWith('\nstacktrace:') ? text.length - '\nstacktrace:'.length : -1;
  const cut = at >= 0 ? at : bare;
  if (cut < 0) return undefined;
  const message = text.slice(0, cut);
  const trace = text.slice(cut + '\nstacktrace:\n'.length).trim();
  return { status: trace === '' ? 'compile-error' : 'runtime-error', message, trace };
}

/**
 * Classifies a finished process. Exit 0 is `ok`; a signal (or a shell's exit code 128+n) is a
 * `crash`; another nonzero exit is read as a Luau CLI error report (see `parseLuauError`):
 * `compile-error` when its stack trace is empty, `runtime-error` otherwise.
 * @param {number | null} code
 * @param {string | null} signal
 * @param {string} stderr
 * @returns {{ status: OutcomeStatus, signal?: string }}
 */
export function classifyExit(code, signal, stderr) {
  if (signal) return { status: 'crash', signal };
  if (code === 0) return { status: 'ok' };
  const named = code !== null && code > 128 ? signalNames[code - 128] : undefined;
  if (named !== undefined) return { status: 'crash', signal: named };
  return { status: parseLuauError(stderr.trimEnd() + '\n')?.status ?? 'runtime-error' };
}

/**
 * The files of one program, in a directory named after its content (the same program gets the
 * same chunk name, `./pHASH/program.luau`, in every batch and every runtime). With a module,
 * `module0` and `module1` are globals naming it (globals, not locals: a type function may
 * reference a global), set on the program's first line so that line numbers stay.
 * Compile-only runs start each file with `do return end`, which runs nothing.
 * @param {ProgramJob} job
 * @returns {ProgramFiles}
 */
export function programFiles(job, compileOnly = false) {
  const hasModule = typeof job.module === 'string';
  const key = createHash('sha256')
    .update(`${compileOnly ? 'c' : 'r'}\0${job.program}\0${hasModule ? job.module : ''}`)
    .digest('hex')
    .slice(0, 16);
  const dir = `p${key}`;
  const stop = compileOnly ? 'do return end ' : '';
  const files = [
    {
      path: `${dir}/program.luau`,
      text: `${stop}${hasModule ? 'module0, module1 = "./module0", "./module0"; ' : ''}${job.program}`,
    },
  ];
  if (hasModule) files.push({ path: `${dir}/module0.luau`, text: `${stop}${job.module}` });
  // Compiling only, the module is checked as a file of its own (nothing requires it).
  const [main, mod] = /** @type {[{ path: string }, { path: string } | undefined]} */ (
    /** @type {unknown} */ (files)
  );
  const entries = compileOnly && mod !== undefined ? [mod.path, main.path] : [main.path];
  return { dir, files, entries };
}

/** Splits a stream at a marker line, hashing each part and keeping its start. */
class Splitter {
  /**
   * @param {Buffer} marker
   * @param {number} excerptChars
   */
  constructor(marker, excerptChars) {
    this.marker = marker;
    this.excerptBytes = excerptChars * 4;
    this.pending = Buffer.alloc(0);
    /** @type {{ hash: string, head: Buffer }[]} */
    this.parts = [];
    this.current = Splitter.part();
  }
  /** @returns {{ hash: import('node:crypto').Hash, head: Buffer[], headBytes: number }} */
  static part() {
    return { hash: createHash('sha256'), head: [], headBytes: 0 };
  }
  /** @param {Buffer} bytes */
  add(bytes) {
    if (bytes.length === 0) return;
    const c = this.current;
    c.hash.update(bytes);
    if (c.headBytes < this.excerptBytes) {
      c.head.push(Buffer.from(bytes.subarray(0, this.excerptBytes - c.headBytes)));
      c.headBytes += Math.min(bytes.length, this.excerptBytes - c.headBytes);
    }
  }
  close() {
    const c = this.current;
    this.parts.push({ hash: c.hash.digest('hex'), head: Buffer.concat(c.head) });
    this.current = Splitter.part();
  }
  /** @param {Buffer} chunk */
  feed(chunk) {
    const buf = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    let from = 0;
    for (;;) {
      const at = buf.indexOf(this.marker, from);
      if (at < 0) break;
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
 * Creates a runtime that runs programs with `template`. Words of the template may hold
 * `{programs}` (many program files: batched), or `{program}` (one program file), `{module}`
 * (its module file) and `{dir}` (their directory). Options: `workers` (processes at once),
 * `timeoutMs` (per program), `excerptChars`, `errorChars`, `batchSize` (programs per process),
 * `tmpDir`.
 *
 * Batches: between programs the command runs a marker file that prints a line and raises an
 * error with a text no program can know (a random nonce), so standard output and standard
 * error split per program; the error markers arrive as they happen (standard error is not
 * buffered), which gives each program its own time limit. A batch that crashes or times out
 * is split: the program that was running gets the outcome (a crash is confirmed by running it
 * alone), and the programs before and after it run again as batches of their own.
 * @param {CommandOptions} options
 */
export function createCommandRuntime(options) {
  // Options left undefined take the defaults.
  const o =
    /** @type {{ -readonly [K in keyof typeof commandDefaults]: number } & CommandOptions} */ ({
      ...commandDefaults,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    });
  const words = splitTemplate(o.template);
  const batched = words.includes('{programs}');
  const root = scratchDir(o.tmpDir);
  const nonce = randomBytes(12).toString('hex');
  const markText = `luau-fuzz-marker-${nonce}`;
  const markFile = 'marker.luau';
  const markSource = `print("${markText}") error("${markText}", 0)\n`;
  const stdoutMark = Buffer.from(`${markText}\n`);
  /** @type {Set<ChildProcess>} */
  const running = new Set();
  /** @type {Item[]} */
  const queue = [];
  let active = 0;
  let next = 0;
  let closed = false;
  let pumpScheduled = false;

  /**
   * @param {string} text
   * @param {string} dir
   */
  function normalizeError(text, dir) {
    // Messages read as `luau program.luau` would print them.
    return text.replaceAll(`./${dir}/`, './').trim().slice(0, o.errorChars);
  }

  /**
   * Spawns one process; resolves to { code, signal, timedOut, stdout parts, stderr parts,
   * markTimes, spawnError }. `marks` is the number of error markers expected (0: one program).
   * @param {string[]} argv
   * @param {string} cwd
   * @param {number} marks
   * @returns {Promise<{ code?: number | null, signal?: string | null, timedOut?: boolean, parts: ({ hash: string, head: Buffer } | undefined)[], stderr: string, markTimes: number[], seen: number, spawnError?: Error | undefined, started: number }>}
   */
  function spawnProcess(argv, cwd, marks) {
    return new Promise((resolve) => {
      const splitter = new Splitter(marks > 0 ? stdoutMark : Buffer.alloc(0), o.excerptChars);
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
        });
      } catch (e) {
        resolve({
          spawnError: e instanceof Error ? e : new Error(String(e)),
          parts: [],
          stderr: '',
          markTimes,
          seen,
          started,
        });
        return;
      }
      running.add(child);
      /** @type {ReturnType<typeof setTimeout> | undefined} */
      let timer;
      const arm = (/** @type {number} */ ms) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          killGroup(child);
        }, ms);
      };
      // Before the first marker only the command starts (no program runs): a loaded machine
      // may take longer than one program's limit for that.
      arm(marks > 0 ? o.timeoutMs + startAllowanceMs : o.timeoutMs);
      child.stdout.on('data', (/** @type {Buffer} */ d) => {
        if (marks > 0) splitter.feed(d);
        else splitter.add(d);
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
        if (found) arm(o.timeoutMs);
        scanFrom = Math.max(scanFrom, stderr.length - markText.length);
      });
      child.on('error', (e) => {
        spawnError = e;
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        running.delete(child);
        const parts = marks > 0 ? splitter.end() : [splitter.end()[0]];
        resolve({ code, signal, timedOut, parts, stderr, markTimes, seen, spawnError, started });
      });
    });
  }

  /**
   * @param {string} word
   * @param {Entry} files
   */
  function expand(word, files) {
    return word
      .replaceAll('{program}', files.program)
      .replaceAll('{module}', files.module)
      .replaceAll('{dir}', files.dir);
  }

  /**
   * @param {string} cwd
   * @param {ProgramFiles[]} units
   */
  function writeFiles(cwd, units) {
    for (const u of units) {
      mkdirSync(join(cwd, u.dir), { recursive: true });
      for (const f of u.files) writeFileSync(join(cwd, f.path), f.text);
    }
  }

  /**
   * @param {{ hash: string, head: Buffer } | undefined} part
   * @param {string} stderrText
   * @param {string} dir
   * @param {number} timeMs
   * @returns {Result}
   */
  function outcomeOf(part, stderrText, dir, timeMs) {
    const output = part === undefined ? '' : part.head.toString('utf8').slice(0, o.excerptChars);
    const base = { outputHash: part?.hash ?? emptyHash, output, timeMs: round(timeMs) };
    const text = stderrText.trim();
    if (text === '') return { ...base, status: 'ok' };
    const parsed = parseLuauError(`${text}\n`);
    const error = normalizeError(
      parsed === undefined || parsed.status === 'runtime-error' ? text : parsed.message,
      dir,
    );
    return { ...base, status: parsed?.status ?? 'runtime-error', error };
  }

  /** Runs entries (file paths of units), one process per entry. */
  /**
   * @param {string} cwd
   * @param {Entry[]} entries
   */
  async function runSingle(cwd, entries) {
    /** @type {Result[]} */
    const results = [];
    for (const e of entries) {
      const argv = words.map((w) => expand(w, e));
      const r = await spawnProcess(argv, cwd, 0);
      const timeMs = performance.now() - r.started;
      const base = {
        outputHash: r.parts[0]?.hash ?? emptyHash,
        output: r.parts[0]?.head.toString('utf8').slice(0, o.excerptChars) ?? '',
        timeMs: round(timeMs),
      };
      if (r.spawnError !== undefined) throw new Error(startError(argv, r.spawnError));
      if (r.timedOut) {
        results.push({ ...base, status: 'timeout', error: `no result within ${o.timeoutMs} ms` });
      } else {
        const c = classifyExit(r.code ?? null, r.signal ?? null, r.stderr);
        const said = r.stderr.trim();
        if (c.status === 'ok') results.push({ ...base, ...c });
        else if (c.status === 'crash')
          results.push({
            ...base,
            ...c,
            error: normalizeError(said || `killed by ${c.signal}`, e.dir),
          });
        else {
          // A compile error's message alone; a runtime error's with its stack trace.
          const parsed = parseLuauError(`${said}\n`);
          const text =
            parsed?.status === 'compile-error' ? parsed.message : said || `exit code ${r.code}`;
          results.push({ ...base, ...c, error: normalizeError(text, e.dir) });
        }
      }
    }
    return results;
  }

  /** Runs entries in one process of the `{programs}` template; isolates a crash or timeout. */
  /**
   * @param {string} cwd
   * @param {Entry[]} entries
   * @returns {Promise<Result[]>}
   */
  async function runBatch(cwd, entries) {
    const first = entries[0];
    if (first === undefined) return [];
    const files = [markFile];
    for (const e of entries) files.push(e.program, markFile);
    const argv = words.flatMap((w) => (w === '{programs}' ? files : [w]));
    const r = await spawnProcess(argv, cwd, entries.length + 1);
    // A command that does not start is no program's outcome: the run fails.
    if (r.spawnError !== undefined) throw new Error(startError(argv, r.spawnError));
    // A signal, or a shell's exit code 128+n for one.
    const signal =
      r.signal ??
      (r.code !== undefined && r.code !== null && r.code > 128
        ? signalNames[r.code - 128]
        : undefined);
    const complete = !r.timedOut && !signal && r.seen === entries.length + 1;
    if (complete && r.parts.length === entries.length + 2) {
      const errs = r.stderr.split(markText);
      return entries.map((e, i) =>
        outcomeOf(
          r.parts[i + 1],
          stripMarkerTrace(errs[i + 1] ?? ''),
          e.dir,
          (r.markTimes[i + 1] ?? 0) - (r.markTimes[i] ?? 0),
        ),
      );
    }
    if (!r.timedOut && !signal) {
      // Ended early without a signal, or output that does not split: each program alone.
      if (entries.length > 1) {
        const out = [];
        for (const e of entries) out.push(...(await runBatch(cwd, [e])));
        return out;
      }
      const said = r.stderr.split(markText).join('').trim() || `exit code ${r.code}`;
      return [
        {
          status: 'crash',
          outputHash: emptyHash,
          output: '',
          error: normalizeError(`the command ended without a result: ${said}`, first.dir),
          timeMs: round(performance.now() - r.started),
        },
      ];
    }
    // The program after the last marker seen was running when the process died.
    const culprit = Math.min(Math.max(r.seen - 1, 0), entries.length - 1);
    /** @type {Result} */
    let own;
    if (r.timedOut) {
      own = {
        status: 'timeout',
        outputHash: emptyHash,
        output: '',
        error: `no result within ${o.timeoutMs} ms`,
        timeMs: o.timeoutMs,
      };
    } else if (entries.length === 1) {
      own = {
        status: 'crash',
        signal: signal ?? undefined,
        outputHash: emptyHash,
        output: '',
        error: normalizeError(
          stripMarkerTrace(r.stderr.split(markText)[1] ?? '') || `killed by ${signal}`,
          first.dir,
        ),
        timeMs: round(performance.now() - (r.markTimes[0] ?? r.started)),
      };
    } else {
      // Confirmed alone: a crash that needs the programs before it is not this program's.
      const [alone] = await runBatch(cwd, [/** @type {Entry} */ (entries[culprit])]);
      if (alone === undefined) throw new Error('a program run alone gave no result');
      own = alone.status === 'crash' ? { ...alone, retried: true } : alone;
    }
    if (entries.length === 1) return [own];
    // Standard output of the programs before the culprit died in the process's buffer.
    const before = await runBatch(cwd, entries.slice(0, culprit));
    const after = await runBatch(cwd, entries.slice(culprit + 1));
    return [...before, own, ...after];
  }

  /** @param {Item[]} all */
  async function runItems(all) {
    const cwd = join(root, String(next++));
    /** @type {ProgramFiles[]} */
    const units = [];
    /** @type {Entry[]} */
    const entries = [];
    /** @type {(Item & { twins: Item[], entryIndexes: number[] })[]} */
    const items = [];
    /** @type {Map<string, Item & { twins: Item[] }>} */
    const twins = new Map();
    for (const item of all) {
      const files = programFiles(item.job, item.compileOnly);
      const first = twins.get(files.dir);
      if (first !== undefined) {
        first.twins.push(item);
        continue;
      }
      const unit = Object.assign(item, { twins: [], entryIndexes: [] });
      twins.set(files.dir, unit);
      items.push(unit);
      units.push(files);
      const module = files.files[1]?.path ?? `${files.dir}/module0.luau`;
      for (const path of files.entries) {
        unit.entryIndexes.push(entries.length);
        entries.push({ program: path, module, dir: files.dir });
      }
    }
    /** @type {Result[]} */
    let results;
    try {
      mkdirSync(cwd, { recursive: true });
      if (batched) writeFileSync(join(cwd, markFile), markSource);
      writeFiles(cwd, units);
      results = batched ? await runBatch(cwd, entries) : await runSingle(cwd, entries);
    } catch (e) {
      for (const item of items) for (const one of [item, ...item.twins]) one.reject(e);
      return;
    } finally {
      void rm(cwd, { recursive: true, force: true }).catch(() => undefined);
    }
    for (const item of items) {
      const own = item.entryIndexes.map((i) => /** @type {Result} */ (results[i]));
      const chosen = /** @type {Result} */ (
        own.find((r) => r.status !== 'ok') ?? own[own.length - 1]
      );
      for (const one of [item, ...item.twins]) one.resolve(toOutcome(chosen, { id: one.job.id }));
    }
  }

  function pump() {
    pumpScheduled = false;
    while (!closed && active < o.workers && queue.length > 0) {
      // One batch: up to batchSize programs. The same program twice in one batch runs once
      // (a directory's module loads once per process) and both get its outcome.
      const size = batched ? o.batchSize : 1;
      const items = queue.splice(0, size);
      active++;
      void runItems(items).finally(() => {
        active--;
        schedule();
      });
    }
  }

  function schedule() {
    // Wait a turn of the event loop, so that programs queued together run in one batch.
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(pump);
  }

  return {
    /**
     * @param {ProgramJob} job
     * @param {{ compileOnly?: boolean }} [runOptions]
     * @returns {Promise<ProgramOutcome>}
     */
    run(job, runOptions = {}) {
      if (closed) return Promise.reject(new Error('the runtime is closed'));
      return new Promise((resolve, reject) => {
        queue.push({
          job: { ...job, id: String(job.id) },
          compileOnly: runOptions.compileOnly === true,
          resolve,
          reject,
        });
        schedule();
      });
    },
    async close() {
      closed = true;
      for (const child of running) killGroup(child);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The directory the programs are written to: under `tmpDir` when given, else in memory
 * (`/dev/shm`) where there is one — writing a directory per program to a disk costs more than
 * running it — else under the system's temporary directory.
 * @param {string | undefined} tmpDir
 */
function scratchDir(tmpDir) {
  const prefix = 'luau-fuzz-cmd-';
  if (tmpDir !== undefined) return mkdtempSync(join(tmpDir, prefix));
  try {
    return mkdtempSync(join('/dev/shm', prefix));
  } catch {
    return mkdtempSync(join(tmpdir(), prefix));
  }
}

/** Removes the marker's own stack trace from the start of a part of standard error. */
/** @param {string} text */
function stripMarkerTrace(text) {
  const m = /^\nstacktrace:\n(?:[^\n]*\n)*?\.\/marker\.luau:\d+\n/.exec(text);
  return m === null ? text : text.slice(m[0].length);
}

/**
 * @param {string[]} argv
 * @param {Error} e
 */
function startError(argv, e) {
  return `cannot start ${argv[0]}: ${e.message}`;
}

/** @param {number} ms */
function round(ms) {
  return Math.round(Math.max(0, ms) * 1000) / 1000;
}

/** @param {ChildProcess} child */
function killGroup(child) {
  try {
    // The whole group: the command and whatever it started.
    if (child.pid === undefined) throw new Error('not started');
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}
