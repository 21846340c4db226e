// @ts-check
// luau-fuzz runner: a pool of luau-web VM workers. Plain JavaScript on purpose: the same
// implementation serves `LuauWebPool` inside luau-fuzz and the runner installed into a
// workspace project (`main.mjs`), so both run programs exactly the same way.
//
// Each worker process holds one luau-web VM (a fixed 17 MB heap) and runs many programs in one
// VM state, each isolated as if it ran in a fresh one (see `worker.mjs`); the state is replaced
// after `programsPerState` programs. A worker takes at most `recycleAfter` programs, or fewer
// when it reports that its abandoned states fill the heap (`heapBudgetKb`); its replacement
// starts on standby `standbyLead` programs before that, so the start-up overlaps the last
// programs. Workers are processes, not threads: terminating a thread whose VM ran programs
// takes long and delays the next thread's start as much, while killing a process is
// immediate. Up to `pipeline` programs are queued in a worker at once (hides message
// latency), sent together in one message; results come back in batches too (a message
// between processes can cost more than a program; docs/throughput.md).
// Before each program the worker writes its number and start time into a status file, so
// that the pool, when a worker has been silent for the wall-clock limit, knows which program
// runs and since when; at the limit the worker is killed (luau-web has no instruction hook). An
// abort (C++ exception, heap exhausted) ends the worker too; a crash in a worker that already
// ran other programs is confirmed on a fresh worker before it is reported.
import { clearTimeout, setImmediate, setTimeout } from 'node:timers';
import { poolDefaults, toOutcome } from './protocol.mjs';
import { endWorker, forkWorker, readStatus } from './worker-process.mjs';

/** @typedef {import('./protocol.mjs').ProgramJob} ProgramJob */
/** @typedef {import('./protocol.mjs').ProgramOutcome} ProgramOutcome */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/** @typedef {import('./protocol.mjs').PoolOptions} PoolOptions */
/** @typedef {import('./protocol.mjs').PoolRunOptions} PoolRunOptions */
/** @typedef {import('./protocol.mjs').PoolStats} PoolStats */

/** @typedef {import('./worker-process.mjs').Job} Job */
/** @typedef {import('./protocol.mjs').WorkerResult} WorkerResult */
/** @typedef {import('./protocol.mjs').WorkerReady} WorkerReady */
/** @typedef {import('./protocol.mjs').WorkerJob} WorkerJob */

/** @typedef {import('./worker-process.mjs').Worker} Worker */

/**
 * @param {string} name
 * @param {number} value
 */
function positiveInteger(name, value) {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * Creates a pool. `run(job, { compileOnly, timeoutMs })` resolves to the job's outcome (it
 * never rejects for a failing program); `close()` terminates the workers and rejects the
 * programs not finished.
 * @param {PoolOptions} [options]
 */
export function createPool(options = {}) {
  const { tierUp = poolDefaults.tierUp, ...numbers } = options;
  /** @type {Record<Exclude<keyof typeof poolDefaults, 'tierUp'>, number> & { tierUp: boolean }} */
  const o = { ...poolDefaults, tierUp };
  for (const [k, v] of Object.entries(numbers))
    if (v !== undefined) o[/** @type {Exclude<keyof typeof poolDefaults, 'tierUp'>} */ (k)] = v;
  for (const k of /** @type {const} */ ([
    'workers',
    'timeoutMs',
    'recycleAfter',
    'programsPerState',
    'pipeline',
  ]))
    positiveInteger(k, o[k]);
  /** @type {{ -readonly [K in keyof PoolStats]: PoolStats[K] }} */
  const stats = { workersStarted: 0, recycled: 0, retried: 0, programs: 0, states: 0 };
  /** @type {Job[]} */
  const queue = [];
  /** @type {Set<Worker>} */
  const live = new Set();
  let seq = 0;
  let pumpScheduled = false;
  let closed = false;

  function accepting() {
    let n = 0;
    for (const w of live) if (w.accepting) n++;
    return n;
  }

  /** @returns {Worker} */
  function spawn(standby = false) {
    stats.workersStarted++;
    const w = forkWorker(o, standby);
    const child = w.child;
    live.add(w);
    child.on('message', (/** @type {WorkerReady | WorkerResult[]} */ m) => {
      if (w.dead) return;
      if (!Array.isArray(m)) {
        w.ready = true;
        pump();
        return;
      }
      for (const result of m) {
        if (w.dead) return;
        onResult(w, result);
      }
      if (!w.dead) arm(w);
      pump();
    });
    child.on('error', (e) => onDeath(w, `worker error: ${e?.message ?? String(e)}`));
    child.on('exit', (code, signal) =>
      onDeath(
        w,
        signal === null ? `worker exited with code ${code}` : `worker killed by ${signal}`,
        signal ?? undefined,
      ),
    );
    return w;
  }

  /** Stops giving `w` programs; starts its replacement at once. */
  /** @param {Worker} w */
  function retire(w) {
    if (!w.accepting) return;
    w.accepting = false;
    ensureWorkers();
  }

  /** Brings the accepting workers back to `workers`: a standby one first, else a new one. */
  function ensureWorkers() {
    while (!closed && accepting() < o.workers) {
      const standby = [...live].find((x) => x.standby && !x.dead);
      if (standby === undefined) {
        spawn();
      } else {
        standby.standby = false;
        standby.accepting = true;
      }
    }
  }

  /**
   * Starts the replacement of a worker that is close to its last program, on standby, so that
   * its start-up (long on a busy machine) overlaps the programs it has left.
   */
  /** @param {Worker} w */
  function prepareStandby(w) {
    if (closed || w.assigned < o.recycleAfter - o.standbyLead) return;
    if ([...live].some((x) => x.standby && !x.dead)) return;
    spawn(true);
  }

  /** Ends `w` (a child process: killing it is immediate and frees its VM at once). */
  /** @param {Worker} w */
  function kill(w) {
    if (w.dead) return;
    retire(w);
    w.dead = true;
    live.delete(w);
    stats.recycled++;
    clearTimeout(w.watchdog);
    endWorker(w);
  }

  /**
   * @param {Worker} w
   * @param {Job} job
   * @param {WorkerResult} result
   */
  function settle(w, job, result) {
    w.inflight.delete(job.seq);
    stats.programs++;
    job.resolve(toOutcome(result, job));
  }

  /**
   * (Re)starts the watchdog of `w`: it fires when `w` has sent nothing for the shortest
   * wall-clock limit of its programs while it has programs.
   */
  /**
   * @param {Worker} w
   * @param {number} [ms]
   */
  function arm(w, ms) {
    clearTimeout(w.watchdog);
    if (w.inflight.size === 0) return;
    let shortest = Infinity;
    for (const job of w.inflight.values()) shortest = Math.min(shortest, job.timeoutMs);
    w.watchdog = setTimeout(() => onSilence(w), ms ?? shortest);
  }

  /**
   * The program `w` runs now, and when it started (epoch ms).
   * @param {Worker} w
   * @returns {{ job: Job, startedAt: number } | undefined}
   */
  function running(w) {
    const status = readStatus(w);
    const job = status === undefined ? undefined : w.inflight.get(status.seq);
    return job === undefined ? undefined : { job, startedAt: status?.startedAt ?? 0 };
  }

  /** Puts back the programs that `w` had queued but not started. */
  /**
   * @param {Worker} w
   * @param {Job} [except]
   */
  function requeue(w, except) {
    const back = [...w.inflight.values()].filter((j) => j !== except);
    w.inflight.clear();
    for (const job of back.reverse()) queue.unshift(job);
  }

  /**
   * @param {Worker} w
   * @param {WorkerResult} result
   */
  function onResult(w, result) {
    const job = w.inflight.get(result.seq);
    if (job === undefined) return;
    w.done++;
    if (result.statesCreated !== undefined && result.statesCreated > w.states) {
      stats.states += result.statesCreated - w.states;
      w.states = result.statesCreated;
    }
    if (result.abort === true) {
      const firstOnWorker = w.done === 1;
      w.inflight.delete(job.seq);
      requeue(w);
      kill(w);
      if (!firstOnWorker && !job.retried) {
        stats.retried++;
        queue.unshift({ ...job, retried: true, fresh: true });
      } else {
        stats.programs++;
        job.resolve(toOutcome(result, job));
      }
      pump();
      return;
    }
    settle(w, job, result);
    if (result.retire === true) retire(w);
    if (!w.accepting && w.inflight.size === 0) kill(w);
  }

  /** `w` has been silent for a wall-clock limit: a program that ran past its limit ends it. */
  /** @param {Worker} w */
  function onSilence(w) {
    if (w.dead) return;
    const now = running(w);
    if (now === undefined) return arm(w);
    const elapsed = Date.now() - now.startedAt;
    if (elapsed < now.job.timeoutMs) return arm(w, now.job.timeoutMs - elapsed);
    // The programs before it finished; their results, not sent yet, are lost: they run again.
    w.inflight.delete(now.job.seq);
    requeue(w);
    kill(w);
    stats.programs++;
    now.job.resolve(
      toOutcome(
        {
          status: 'timeout',
          error: `no result within ${now.job.timeoutMs} ms`,
          timeMs: Math.round(elapsed),
        },
        now.job,
      ),
    );
    pump();
  }

  /**
   * @param {Worker} w
   * @param {string} reason
   * @param {string} [signal]
   */
  function onDeath(w, reason, signal) {
    if (w.dead) return;
    const now = running(w);
    const started = now?.job;
    if (started !== undefined) w.inflight.delete(started.seq);
    requeue(w);
    kill(w);
    if (now !== undefined && started !== undefined) {
      stats.programs++;
      const timeMs = Math.round(Date.now() - now.startedAt);
      started.resolve(
        toOutcome(
          { status: 'crash', signal, error: reason.slice(0, o.errorChars), timeMs },
          started,
        ),
      );
    }
    pump();
  }

  function pump() {
    if (closed) return;
    if (queue.length > 0) ensureWorkers();
    for (const w of live) {
      if (queue.length === 0) return;
      /** @type {WorkerJob[]} */
      const batch = [];
      while (w.ready && w.accepting && queue.length > 0 && w.inflight.size < o.pipeline) {
        const index = queue.findIndex((j) => !j.fresh || w.assigned === 0);
        if (index < 0) {
          retire(w);
          if (w.inflight.size === 0) kill(w);
          break;
        }
        const job = /** @type {Job} */ (queue.splice(index, 1)[0]);
        if (!job.compileOnly) w.assigned++;
        w.inflight.set(job.seq, job);
        batch.push({
          seq: job.seq,
          id: job.id,
          program: job.program,
          module: job.module,
          compileOnly: job.compileOnly,
        });
        if (w.assigned >= o.recycleAfter || job.fresh) retire(w);
        else prepareStandby(w);
      }
      if (batch.length === 0) continue;
      const idle = w.inflight.size === batch.length;
      w.child.send(batch);
      if (idle) arm(w);
    }
  }

  for (let i = 0; i < o.workers; i++) spawn();

  return {
    options: Object.freeze({ ...o }),
    stats,
    /**
     * @param {ProgramJob} job
     * @param {PoolRunOptions} [runOptions]
     * @returns {Promise<ProgramOutcome>}
     */
    run(job, runOptions = {}) {
      if (closed) return Promise.reject(new Error('the pool is closed'));
      if (typeof job?.program !== 'string')
        return Promise.reject(new TypeError('job.program must be a string'));
      return new Promise((resolve, reject) => {
        queue.push({
          seq: ++seq,
          id: String(job.id ?? seq),
          program: job.program,
          module: typeof job.module === 'string' ? job.module : undefined,
          compileOnly: runOptions.compileOnly === true,
          timeoutMs: runOptions.timeoutMs ?? o.timeoutMs,
          resolve,
          reject,
        });
        // Programs submitted together go to a worker in one message.
        if (!pumpScheduled) {
          pumpScheduled = true;
          setImmediate(() => {
            pumpScheduled = false;
            pump();
          });
        }
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      const error = new Error('the pool was closed');
      for (const job of queue.splice(0)) job.reject(error);
      const exits = [];
      for (const w of [...live]) {
        for (const job of w.inflight.values()) job.reject(error);
        w.inflight.clear();
        kill(w);
        exits.push(w.exited);
      }
      await Promise.all(exits);
    },
  };
}
