// @ts-check
// luau-fuzz runner: the resident runner (`main.mjs serve DIR`). Started once per project as
// a long job, it runs every batch that the submit script (protocol.mjs, `submitScript`)
// leaves in DIR, with runtimes it keeps between batches: VM workers start once, not once per
// exec.
//
// A batch is handed over through files of DIR (see `submitScript`): the submitter opens a
// named pipe NAME.fifo and writes the `run` arguments, one per line, to NAME.req. The server
// claims it by renaming NAME.req to NAME.taken (one claim wins, even with two servers), opens
// the pipe for writing, runs the batch (outcomes into BATCH.out, as `run` writes them) and
// writes one status line: `0`, or `2 MESSAGE` for bad arguments. It holds the pipe open while
// the batch runs, so a server that dies shows as end-of-file to the submitter.
import {
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  watch,
  writeSync,
} from 'node:fs';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import {
  handOverFiles,
  parseServeArgs,
  requestSuffix,
  residentStopFile,
  runnerCommands,
  RunArgsError,
} from './protocol.mjs';
import { createRuntime, loadBatch, runJobs } from './run-batch.mjs';

/** @typedef {import('./run-batch.mjs').Runtime} Runtime */

/** Timings of `serve`. */
const serveTimings = Object.freeze({
  /** How long the server waits for the submitter to open its pipe, in ms. */
  pipeWaitMs: 5000,
  /** Scan of DIR besides change notifications (which a network filesystem may not give), in ms. */
  scanMs: 250,
});

/**
 * Opens the write end of a named pipe whose reader is waiting, retrying while it is not
 * there yet (the submitter opens it right after posting its request).
 * @param {string} path
 * @returns {Promise<number | undefined>} the descriptor, or undefined when no reader came
 */
async function openWriter(path) {
  const deadline = Date.now() + serveTimings.pipeWaitMs;
  for (;;) {
    try {
      return openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (e) {
      const code = /** @type {NodeJS.ErrnoException} */ (e).code;
      if ((code !== 'ENXIO' && code !== 'ENOENT') || Date.now() > deadline) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}

/**
 * Runs the resident runner until it has been idle `idleExitSeconds` or DIR/stop appears.
 * @param {readonly string[]} args The arguments of `serve`.
 * @throws {RunArgsError} for bad arguments.
 */
export async function serve(args) {
  const { dir, idleExitSeconds } = parseServeArgs(args);
  // A stop asked before the server started is obeyed too.
  mkdirSync(dir, { recursive: true });
  // Idle runtimes by their options: a batch takes one, or makes one when all are busy, so
  // batches handed over together run in parallel, as one-shot runs would.
  /** @type {Map<string, Runtime[]>} */
  const idle = new Map();
  /** @type {Set<Runtime>} */
  const all = new Set();
  let active = 0;
  let lastActive = Date.now();
  let leaving = false;
  /** @type {() => void} */
  let left = () => undefined;
  const finished = new Promise((resolve) => {
    left = () => resolve(undefined);
  });

  /**
   * @param {import('./protocol.mjs').RunOptions} options
   * @returns {Promise<{ key: string, runtime: Runtime }>}
   */
  const runtimeFor = async (options) => {
    const key = JSON.stringify(options);
    const free = idle.get(key)?.pop();
    if (free !== undefined) return { key, runtime: free };
    const runtime = await createRuntime(options);
    all.add(runtime);
    return { key, runtime };
  };

  /** @param {string} name */
  const take = async (name) => {
    const files = handOverFiles(dir, name);
    const taken = files.taken;
    try {
      renameSync(files.request, taken);
    } catch {
      return; // claimed by another server, or given up by its submitter
    }
    active++;
    let fd;
    try {
      fd = await openWriter(files.fifo);
      const text = readFileSync(taken, 'utf8');
      rmSync(taken, { force: true });
      if (fd === undefined) return; // the submitter is gone
      const lines = text.split('\n').slice(0, -1);
      let status = '0';
      /** @type {{ key: string, runtime: Runtime } | undefined} */
      let used;
      try {
        if (lines[0] !== runnerCommands.run)
          throw new RunArgsError(`unknown request '${lines[0] ?? ''}'`);
        const batch = loadBatch(lines.slice(1));
        used = await runtimeFor(batch.options);
        await runJobs(used.runtime, batch, () => undefined);
        idle.set(used.key, [...(idle.get(used.key) ?? []), used.runtime]);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        status = `2 ${message.replace(/\s+/g, ' ')}`;
        if (used !== undefined) {
          // A runtime that failed is not trusted with the next batch.
          all.delete(used.runtime);
          used.runtime.close().catch(() => undefined);
        }
      }
      try {
        writeSync(fd, `${status}\n`);
      } catch {
        // The submitter left (its exec timed out): the outcomes stay in BATCH.out.
      }
    } finally {
      if (fd !== undefined) closeSync(fd);
      active--;
      lastActive = Date.now();
    }
  };

  const scan = () => {
    if (leaving) return;
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      names = [residentStopFile]; // DIR was removed: nothing can reach this server any more
    }
    for (const name of names) {
      if (name.endsWith(requestSuffix)) void take(name.slice(0, -requestSuffix.length));
      else if (name === residentStopFile) leaving = true;
    }
    if (!leaving && active === 0 && Date.now() - lastActive > idleExitSeconds * 1000)
      leaving = true;
    if (leaving) void leave();
  };

  const leave = async () => {
    clearInterval(timer);
    watcher?.close();
    while (active > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all([...all].map((r) => r.close().catch(() => undefined)));
    // Only this server's hand-over files are here (outcomes are written beside their batch).
    rmSync(dir, { recursive: true, force: true });
    left();
  };

  const timer = setInterval(scan, serveTimings.scanMs);
  /** @type {import('node:fs').FSWatcher | undefined} */
  let watcher;
  try {
    watcher = watch(dir, (_event, file) => {
      if (typeof file === 'string' && (file.endsWith(requestSuffix) || file === residentStopFile))
        scan();
    });
  } catch {
    // No change notifications here: the periodic scan serves.
  }
  scan();
  await finished;
}
