import { randomUUID } from 'node:crypto';
import {
  residentClaimSeconds,
  residentIdleExitSeconds,
  residentStopFile,
  serveArgs,
} from '../../runner/protocol.mjs';
import type { WorkspaceClient } from '../workspace/client/index.js';
import { runnerCommand, type InstalledRunner } from './runner-files.js';

/**
 * A resident runner: `main.mjs serve` running in a project as an async job (API v2), which
 * runs every batch handed to it (see {@link runRemoteBatch}'s `resident` option) with VM
 * workers that stay warm between execs.
 */
export interface ResidentRunner {
  /** The project. */
  readonly projectId: string;
  /** Where batches are handed over, relative to the project's home. */
  readonly dir: string;
  /** The async job running it. */
  readonly jobId: string;
  /**
   * Seconds a batch handed to it waits to be taken; it is also how long a batch waits to learn
   * that the runner died while running it.
   */
  readonly claimSeconds: number;
}

/** Options of {@link startResidentRunner}. */
export interface ResidentRunnerOptions {
  /**
   * Where batches are handed over (relative to the home), one directory per resident runner.
   * Default: a fresh one under `serve/` in the runner's directory.
   */
  readonly dir?: string;
  /** Seconds without a batch after which it leaves. Default: `residentIdleExitSeconds` (300). */
  readonly idleExitSeconds?: number;
  /** The async job's `timeout`, in seconds: it is killed then (and started again by its user). Default 3600. */
  readonly jobSeconds?: number;
  /** {@link ResidentRunner.claimSeconds}. Default 10. */
  readonly claimSeconds?: number;
}

/**
 * No resident runner took the batch, or the one that did died before it ended: the batch did
 * not run (or not to the end). Start one again ({@link startResidentRunner}), or run the
 * batch with a one-shot runner.
 *
 * @example
 * ```ts
 * try { await runRemoteBatch(client, runner, jobs, { ...opts, resident }); }
 * catch (e) { if (e instanceof ResidentRunnerGoneError) resident = await startResidentRunner(client, runner); }
 * ```
 */
export class ResidentRunnerGoneError extends Error {
  override readonly name = 'ResidentRunnerGoneError';
}

/**
 * Starts a resident runner in a project with an installed runner, as an async job (needs
 * API v2). It leaves by itself after `idleExitSeconds` without a batch, at its job's
 * timeout, or when {@link stopResidentRunner} asks.
 *
 * @example
 * ```ts
 * const resident = await startResidentRunner(client, runner);
 * await runRemoteBatch(client, runner, jobs, { profile, name: 'b1', resident });
 * await stopResidentRunner(client, resident);
 * ```
 */
export async function startResidentRunner(
  client: WorkspaceClient,
  runner: InstalledRunner,
  options: ResidentRunnerOptions = {},
): Promise<ResidentRunner> {
  const dir = options.dir ?? `${runner.dir}/serve/${randomUUID().slice(0, 8)}`;
  // Made before the job starts, so that a batch handed over at once finds it; the runner
  // removes it when it leaves, which tells submitters at once that it is gone.
  await client.exec({
    project_id: runner.projectId,
    command: 'mkdir',
    args: ['-p', dir],
    timeout: 30,
  });
  const job = await client.startJob({
    project_id: runner.projectId,
    ...runnerCommand(
      runner.dir,
      serveArgs(dir, { idleExitSeconds: options.idleExitSeconds ?? residentIdleExitSeconds }),
    ),
    timeout: options.jobSeconds ?? 3600,
    max_output: 100_000,
  });
  if (job.status === 'error') {
    throw new ResidentRunnerGoneError(
      `the resident runner did not start in project ${runner.projectId}: ${job.stderr.slice(0, 500)}`,
    );
  }
  return {
    projectId: runner.projectId,
    dir,
    jobId: job.job_id,
    claimSeconds: options.claimSeconds ?? residentClaimSeconds,
  };
}

/**
 * Asks a resident runner to leave once its batches end (it also leaves by itself when idle).
 *
 * @example
 * ```ts
 * await stopResidentRunner(client, resident);
 * ```
 */
export async function stopResidentRunner(
  client: WorkspaceClient,
  resident: ResidentRunner,
): Promise<void> {
  await client.exec({
    project_id: resident.projectId,
    command: 'sh',
    args: ['-c', '[ ! -d "$1" ] || : > "$1/$2"', 'sh', resident.dir, residentStopFile],
    timeout: 30,
  });
}
