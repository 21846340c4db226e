// @ts-check
// luau-fuzz runner: one worker process of the pool (`pool.mjs`), forked with its settings, and
// the status file in which it writes the program it runs and since when.
import { fork } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { workerSettingsEnv } from './protocol.mjs';

/** @typedef {import('./protocol.mjs').ProgramOutcome} ProgramOutcome */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/**
 * A program queued or running in the pool.
 * @typedef {object} Job
 * @property {number} seq
 * @property {string} id
 * @property {string} program
 * @property {string | undefined} module
 * @property {boolean} compileOnly
 * @property {number} timeoutMs
 * @property {boolean} [retried] A crash being confirmed on a fresh worker.
 * @property {boolean} [fresh] Runs only as the first program of a worker.
 * @property {(outcome: ProgramOutcome) => void} resolve
 * @property {(error: Error) => void} reject
 */

/**
 * A worker process and its state.
 * @typedef {object} Worker
 * @property {ChildProcess} child
 * @property {boolean} ready
 * @property {boolean} accepting
 * @property {boolean} standby
 * @property {boolean} dead
 * @property {number} assigned
 * @property {number} done
 * @property {number} states
 * @property {string} statusFile
 * @property {ReturnType<typeof setTimeout> | undefined} watchdog
 * @property {Map<number, Job>} inflight
 * @property {Promise<unknown>} exited
 */

const workerPath = fileURLToPath(new URL('./worker.mjs', import.meta.url));
// Workers started by every pool of this process: it names their status files, which two pools
// of one process (a resident runner's, running batches in parallel) must not share.
let spawned = 0;
// LUAU_FUZZ_CPU_PROF=DIR: every worker writes a V8 CPU profile into DIR (node --cpu-prof); a
// worker then leaves by disconnecting, not SIGKILL, since a killed process writes no profile.
const profileDir = process.env.LUAU_FUZZ_CPU_PROF || undefined;

/**
 * Forks a worker process (on standby: started, not given programs yet) with the pool's
 * settings and a status file of its own.
 * @param {{ tierUp: boolean, excerptChars: number, errorChars: number, programsPerState: number, heapBudgetKb: number }} o
 * @param {boolean} standby
 * @returns {Worker}
 */
export function forkWorker(o, standby) {
  const statusFile = join(tmpdir(), `luau-fuzz-worker-${process.pid}-${++spawned}`);
  const child = fork(workerPath, [], {
    execArgv: [
      ...(o.tierUp ? [] : ['--liftoff-only']),
      ...(profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
    ],
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    env: {
      ...process.env,
      ...workerSettingsEnv({
        excerptChars: o.excerptChars,
        errorChars: o.errorChars,
        programsPerState: o.programsPerState,
        heapBudgetKb: o.heapBudgetKb,
        statusFile,
      }),
    },
  });
  return {
    child,
    ready: false,
    accepting: !standby,
    standby,
    dead: false,
    assigned: 0,
    done: 0,
    states: 0,
    statusFile,
    watchdog: undefined,
    inflight: new Map(),
    exited: new Promise((resolve) => child.once('exit', resolve)),
  };
}

/**
 * Ends a worker's process (killing it is immediate and frees its VM at once) and removes its
 * status file.
 * @param {Worker} w
 */
export function endWorker(w) {
  w.child.removeAllListeners('message');
  if (profileDir !== undefined && w.child.connected) w.child.disconnect();
  else w.child.kill('SIGKILL');
  rmSync(w.statusFile, { force: true });
}

/**
 * The program a worker runs now (its `seq`) and when it started (epoch ms), from its status
 * file; undefined before its first program.
 * @param {Worker} w
 * @returns {{ seq: number, startedAt: number } | undefined}
 */
export function readStatus(w) {
  let status;
  try {
    status = new Float64Array(new Uint8Array(readFileSync(w.statusFile)).buffer);
  } catch {
    return undefined;
  }
  if (status.length < 2) return undefined;
  return { seq: status[0] ?? 0, startedAt: status[1] ?? 0 };
}
