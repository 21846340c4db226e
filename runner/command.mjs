// @ts-check
// luau-fuzz runner: runs programs with an external command — a `luau` executable, or any
// command template — with a wall-clock limit per program. A template with `{programs}` takes
// many files at once, the way `luau a.luau b.luau` runs each file in its own sandboxed thread
// of one VM: programs run in batches, one process per batch (`luau-programs.mjs`). A template
// with `{program}` runs one process per program. Plain JavaScript: it runs inside luau-fuzz
// and, installed into a workspace project, under that project's `node`.
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import { emptyOutputHash as emptyHash, runnerDefaults, toOutcome } from './protocol.mjs';
import { contentDir, LuauPrograms, luauProgramsDefaults, scratchDir } from './luau-programs.mjs';
import { exitSignal, killGroup, round, spawnCommand, startError } from './spawn-command.mjs';

/** @typedef {import('./protocol.mjs').ProgramJob} ProgramJob */
/** @typedef {import('./protocol.mjs').ProgramOutcome} ProgramOutcome */
/** @typedef {import('./protocol.mjs').OutcomeStatus} OutcomeStatus */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */
/** @typedef {import('./luau-batch.mjs').BatchResult} BatchResult */

/**
 * A program's result before it is an outcome line (no id yet).
 * @typedef {{ status: OutcomeStatus, signal?: string | undefined, outputHash: string, output: string, error?: string, timeMs: number, retried?: boolean }} Result
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

/** Defaults of {@link createCommandRuntime}. */
export const commandDefaults = Object.freeze({
  workers: runnerDefaults.workers,
  timeoutMs: runnerDefaults.timeoutMs,
  excerptChars: runnerDefaults.excerptChars,
  errorChars: runnerDefaults.errorChars,
  batchSize: luauProgramsDefaults.batchSize,
});

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
  const named = exitSignal(code, signal);
  if (named !== undefined) return { status: 'crash', signal: named };
  if (code === 0) return { status: 'ok' };
  return { status: parseLuauError(stderr.trimEnd() + '\n')?.status ?? 'runtime-error' };
}

/**
 * Creates a runtime that runs programs with `template`. Words of the template may hold
 * `{programs}` (many program files: batched), or `{program}` (one program file), `{module}`
 * (its module file) and `{dir}` (their directory). Options: `workers` (processes at once),
 * `timeoutMs` (per program), `excerptChars`, `errorChars`, `batchSize` (programs per process),
 * `tmpDir`.
 *
 * Batches run through `runLuauBatch` (`luau-batch.mjs`): a marker file between programs
 * splits their output and errors and gives each its own time limit; a batch that crashes or
 * times out is split around the program at fault.
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
  /** @type {Set<ChildProcess>} */
  const running = new Set();
  /** @type {Item[]} */
  const queue = [];
  let active = 0;
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
   * A program's result in a batch, as an outcome of this runtime: a compile error's message
   * alone, a runtime error's with its stack trace, messages as `luau program.luau` prints them.
   * @param {BatchResult} b
   * @param {string} dir
   * @returns {Result}
   */
  function resultOf(b, dir) {
    const base = {
      outputHash: b.outputHash,
      output: b.output.toString('utf8').slice(0, o.excerptChars),
      timeMs: b.timeMs,
    };
    if (b.status === 'ok') return { ...base, status: 'ok' };
    if (b.status === 'error') {
      const parsed = parseLuauError(`${b.message}\n`);
      const text = parsed?.status === 'compile-error' ? parsed.message : b.message;
      return {
        ...base,
        status: parsed?.status ?? 'runtime-error',
        error: normalizeError(text, dir),
      };
    }
    // `output-limit` does not happen here: no output limit is set (the time limit is one).
    return {
      ...base,
      status: b.status === 'timeout' ? 'timeout' : 'crash',
      ...(b.signal === undefined ? {} : { signal: b.signal }),
      error: normalizeError(b.message, dir),
      ...(b.retried === true ? { retried: true } : {}),
    };
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
      const r = await spawnCommand(argv, cwd, {
        marks: 0,
        timeoutMs: o.timeoutMs,
        keepBytes: o.excerptChars * 4,
        running,
      });
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

  /**
   * Runs entries in one process of the `{programs}` template (see `runLuauBatch`).
   * @param {LuauPrograms} programs
   * @param {Entry[]} entries
   * @returns {Promise<Result[]>}
   */
  async function runBatch(programs, entries) {
    const results = await programs.run(
      entries.map((e) => e.program),
      {
        argv: (files) => words.flatMap((w) => (w === '{programs}' ? files : [w])),
        timeoutMs: o.timeoutMs,
        batchSize: entries.length,
        keepBytes: o.excerptChars * 4,
        running,
      },
    );
    return results.map((b, i) => resultOf(b, /** @type {Entry} */ (entries[i]).dir));
  }

  /** @param {Item[]} all */
  async function runItems(all) {
    /** @type {LuauPrograms | undefined} */
    let programs;
    /** @type {Entry[]} */
    const entries = [];
    /** @type {(Item & { twins: Item[], entryIndexes: number[] })[]} */
    const items = [];
    /** @type {Map<string, Item & { twins: Item[] }>} */
    const twins = new Map();
    /** @type {Result[]} */
    let results;
    try {
      // A scratch directory per batch: another batch may run the same program at once.
      programs = new LuauPrograms(root);
      for (const item of all) {
        const dir = contentDir(item.job, item.compileOnly);
        const first = twins.get(dir);
        if (first !== undefined) {
          first.twins.push(item);
          continue;
        }
        const unit = Object.assign(item, { twins: [], entryIndexes: [] });
        twins.set(dir, unit);
        items.push(unit);
        const files = programs.write(item.job, dir, item.compileOnly);
        for (const path of files.entries) {
          unit.entryIndexes.push(entries.length);
          entries.push({ program: path, module: files.module, dir });
        }
      }
      results = batched
        ? await runBatch(programs, entries)
        : await runSingle(programs.dir, entries);
    } catch (e) {
      for (const item of all) item.reject(e);
      return;
    } finally {
      programs?.close();
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
