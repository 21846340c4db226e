import { RequestTooLargeError, type WorkspaceClient } from '../workspace/client/index.js';
import {
  installRunner,
  parseRuntime,
  ResidentRunnerGoneError,
  runRemoteBatch,
  startResidentRunner,
  stopResidentRunner,
} from '../runtime/index.js';
import { campaignSettingTable, type ResolvedCampaignOptions } from './options.js';
import type {
  InstalledRunner,
  ProgramJob,
  ProgramOutcome,
  ResidentRunner,
  RuntimeProfile,
} from '../runtime/index.js';

/**
 * Options of {@link ProjectPool}: the campaign's settings of how programs run (defaults: the
 * campaign's, {@link campaignSettingTable}), and the pool's own.
 */
export interface ProjectPoolOptions extends Partial<
  Pick<ResolvedCampaignOptions, 'inFlight' | 'timeoutMs' | 'workers' | 'excerptChars'>
> {
  /** Runtime specs: one, or two or more for differential mode. */
  readonly runtimes: readonly string[];
  /**
   * Largest `project_exec` payload, in characters. Default: what the server's body limit
   * allows ({@link WorkspaceClient.payloadLimit}: about 100 kB on v1, 1 MB on v2).
   */
  readonly payloadLimit?: number;
  /** The campaign's directory in each project, for its batch files. Default: the runner's. */
  readonly batchDir?: string;
  /**
   * Keep a resident runner in each project (API v2 only, which has async jobs): batches are
   * handed to it rather than each starting the runner, so its VM workers stay warm between
   * batches. Against v1, or when one cannot start, batches start the runner each. Default true.
   */
  readonly resident?: boolean;
  /** Consecutive failures after which a project rests (and is asked to start). Default 2. */
  readonly failuresBeforeRest?: number;
  /** Called on project events (installed, failed, resting), for logs. Default: none. */
  readonly onEvent?: (event: ProjectEvent) => void;
}

/** Something that happened to a project of the pool. */
export interface ProjectEvent {
  /** The project. */
  readonly projectId: string;
  /**
   * Runner uploaded, runner found intact, resident runner started, resident runner gone
   * (started again, or given up for one-shot runs), an exec failed, resting after failures,
   * start asked, or a batch split in two because its request body was too large.
   */
  readonly type:
    | 'installed'
    | 'verified'
    | 'resident'
    | 'resident-gone'
    | 'failed'
    | 'resting'
    | 'started'
    | 'split';
  /** The error, for `failed` and `resting`. */
  readonly message?: string;
}

/** The result of one batch: an outcome list per runtime per program that finished everywhere. */
export interface BatchResult {
  /** The project that ran it. */
  readonly projectId: string;
  /** Program id → one outcome per runtime, for the programs every runtime finished. */
  readonly outcomes: Map<string, ProgramOutcome[]>;
}

/** A project of the pool and its state. */
export interface PoolProject {
  /** The project. */
  readonly projectId: string;
  /** Its runner, once installed (a project without one takes no batch). */
  runner?: InstalledRunner;
  /** Its resident runner, while one runs. */
  resident?: ResidentRunner | undefined;
  /** A resident runner being started. */
  residentStarting?: Promise<ResidentRunner | undefined> | undefined;
  /** Resident runners that did not start or died in a row (at 2 the project runs one-shot). */
  residentFailures: number;
  /** Batches running in it now. */
  inFlight: number;
  /** Campaign batches it ran (preflight and shrinking runs not counted). */
  batches: number;
  /** Campaign programs it ran. */
  programs: number;
  /** Batches that failed in a row. */
  failures: number;
  /** Until when (epoch ms) it takes no batch after failures. */
  restingUntil: number;
}

/**
 * No project could take a batch (all failed to install).
 *
 * @example
 * ```ts
 * try { await pool.prepare(); } catch (e) { if (e instanceof NoProjectError) console.error(e.message); }
 * ```
 */
export class NoProjectError extends Error {
  override readonly name = 'NoProjectError';
}

let batchCounter = 0;

/**
 * The projects a campaign runs in: installs the runner in each (once, verified by checksum),
 * and runs batches on the project with the fewest batches in flight (at most `inFlight`
 * each). A project whose exec fails rests for a while (and is asked to start); the caller
 * re-queues the batch, which then goes to another project.
 *
 * @example
 * ```ts
 * const pool = new ProjectPool(client, [p1, p2], { runtimes: ['luau-web'] });
 * await pool.prepare();
 * const result = await pool.runBatch(jobs);
 * ```
 */
export class ProjectPool {
  readonly client: WorkspaceClient;
  readonly projects: PoolProject[];
  readonly profiles: readonly RuntimeProfile[];
  readonly #o: Required<
    Omit<ProjectPoolOptions, 'onEvent' | 'runtimes' | 'payloadLimit' | 'resident' | 'batchDir'>
  > & {
    readonly onEvent: ((event: ProjectEvent) => void) | undefined;
    readonly payloadLimit: number | undefined;
    readonly batchDir: string | undefined;
  };
  readonly #waiters: (() => void)[] = [];
  #resident: boolean;

  constructor(client: WorkspaceClient, projectIds: readonly string[], options: ProjectPoolOptions) {
    if (projectIds.length === 0) throw new NoProjectError('no project to run in');
    this.client = client;
    this.projects = [...new Set(projectIds)].map((projectId) => ({
      projectId,
      inFlight: 0,
      batches: 0,
      programs: 0,
      failures: 0,
      restingUntil: 0,
      residentFailures: 0,
    }));
    this.profiles = options.runtimes.map((r) => parseRuntime(r));
    const byDefault = campaignSettingTable;
    this.#o = {
      inFlight: options.inFlight ?? byDefault.inFlight.default,
      timeoutMs: options.timeoutMs ?? byDefault.timeoutMs.default,
      workers: options.workers ?? byDefault.workers.default,
      excerptChars: options.excerptChars ?? byDefault.excerptChars.default,
      payloadLimit: options.payloadLimit,
      batchDir: options.batchDir,
      failuresBeforeRest: options.failuresBeforeRest ?? 2,
      onEvent: options.onEvent,
    };
    this.#resident = options.resident ?? true;
  }

  /** Installs (or verifies) the runner in every project; projects that fail are left out. */
  async prepare(): Promise<void> {
    const errors: string[] = [];
    const fits = await this.client.payloadLimit();
    const payloadLimit = Math.min(this.#o.payloadLimit ?? fits, fits);
    await Promise.all(
      this.projects.map(async (p) => {
        try {
          p.runner = await installRunner(this.client, p.projectId, {
            payloadLimit,
          });
          this.#o.onEvent?.({
            projectId: p.projectId,
            type: p.runner.uploaded ? 'installed' : 'verified',
          });
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          errors.push(`${p.projectId}: ${message}`);
          this.#o.onEvent?.({ projectId: p.projectId, type: 'failed', message });
        }
      }),
    );
    if (this.projects.every((p) => p.runner === undefined)) {
      throw new NoProjectError(
        `the runner could not be installed in any project:\n${errors.join('\n')}`,
      );
    }
    if (this.#resident && (await this.client.apiVersion()) !== 'v2') this.#resident = false;
    if (this.#resident) await Promise.all(this.projects.map((p) => this.#startResident(p)));
  }

  /** Starts the project's resident runner (once for concurrent callers); undefined when it cannot. */
  #startResident(p: PoolProject): Promise<ResidentRunner | undefined> {
    if (!this.#resident || p.runner === undefined || p.residentFailures >= 2)
      return Promise.resolve(undefined);
    p.residentStarting ??= startResidentRunner(this.client, p.runner)
      .then((r) => {
        p.resident = r;
        this.#o.onEvent?.({ projectId: p.projectId, type: 'resident' });
        return r;
      })
      .catch((e: unknown) => {
        p.residentFailures++;
        const message = e instanceof Error ? e.message : String(e);
        this.#o.onEvent?.({ projectId: p.projectId, type: 'resident-gone', message });
        return undefined;
      })
      .finally(() => {
        p.residentStarting = undefined;
      });
    return p.residentStarting;
  }

  /**
   * Asks the resident runners to leave (they also leave by themselves after five idle
   * minutes); the pool runs batches one-shot from then on.
   */
  async close(): Promise<void> {
    this.#resident = false;
    await Promise.all(
      this.projects.map(async (p) => {
        const r = p.resident;
        p.resident = undefined;
        if (r !== undefined) await stopResidentRunner(this.client, r).catch(() => undefined);
      }),
    );
  }

  /** Batch slots over the projects with a runner (`inFlight` each). */
  slots(): number {
    return this.projects.filter((p) => p.runner !== undefined).length * this.#o.inFlight;
  }

  /** Batches that can start now (free slots over projects that are ready and not resting). */
  capacity(): number {
    const now = Date.now();
    let n = 0;
    for (const p of this.projects)
      if (p.runner !== undefined && p.restingUntil <= now) n += this.#o.inFlight - p.inFlight;
    return n;
  }

  /** Waits until a slot may be free (a batch ended, or a resting project woke up). */
  async waitForCapacity(): Promise<void> {
    if (this.capacity() > 0) return;
    const now = Date.now();
    const wake = Math.min(
      ...this.projects.filter((p) => p.runner !== undefined).map((p) => p.restingUntil),
    );
    await new Promise<void>((resolve) => {
      const timer = wake > now ? setTimeout(resolve, wake - now) : undefined;
      this.#waiters.push(() => {
        if (timer !== undefined) clearTimeout(timer);
        resolve();
      });
    });
  }

  #pick(): PoolProject | undefined {
    const now = Date.now();
    let best: PoolProject | undefined;
    for (const p of this.projects) {
      if (p.runner === undefined || p.restingUntil > now || p.inFlight >= this.#o.inFlight)
        continue;
      if (
        best === undefined ||
        p.inFlight < best.inFlight ||
        (p.inFlight === best.inFlight && p.batches < best.batches)
      )
        best = p;
    }
    return best;
  }

  /**
   * Runs a batch under one runtime on `project`. A body the client or the server refuses as
   * too large was not run: its halves are run instead, so every program runs once (the client
   * then refuses such sizes before sending them). A resident runner that is gone ran nothing:
   * another is started (unless a concurrent batch already did), or the batch runs one-shot
   * after two failures in a row.
   */
  async #runOn(
    project: PoolProject,
    runner: InstalledRunner,
    profile: RuntimeProfile,
    jobs: readonly ProgramJob[],
    name: string,
  ): Promise<ProgramOutcome[]> {
    let part = 0;
    const run = async (some: readonly ProgramJob[]): Promise<ProgramOutcome[]> => {
      const resident = project.resident;
      try {
        return await runRemoteBatch(this.client, runner, some, {
          profile,
          name: `${name}${part++ === 0 ? '' : `-p${part}`}`,
          ...(this.#o.batchDir === undefined ? {} : { batchDir: this.#o.batchDir }),
          timeoutMs: this.#o.timeoutMs,
          workers: this.#o.workers,
          excerptChars: this.#o.excerptChars,
          ...(resident === undefined ? {} : { resident }),
        });
      } catch (e) {
        if (e instanceof ResidentRunnerGoneError) {
          this.#o.onEvent?.({
            projectId: project.projectId,
            type: 'resident-gone',
            message: e.message,
          });
          if (project.resident === resident) {
            project.resident = undefined;
            project.residentFailures++;
            await this.#startResident(project);
          }
          return run(some);
        }
        if (!(e instanceof RequestTooLargeError) || some.length < 2) throw e;
        this.#o.onEvent?.({ projectId: project.projectId, type: 'split', message: e.message });
        const half = Math.ceil(some.length / 2);
        return [...(await run(some.slice(0, half))), ...(await run(some.slice(half)))];
      }
    };
    return run(jobs);
  }

  /**
   * Runs a batch under every runtime on one project with a free slot (call after
   * {@link waitForCapacity}). Rejects when the project failed; the caller re-queues the batch.
   * With `counted: false` (a preflight or shrinking run) the project's batch and program
   * counts stay as they are.
   */
  async runBatch(
    jobs: readonly ProgramJob[],
    options: { counted?: boolean } = {},
  ): Promise<BatchResult> {
    const project = this.#pick();
    if (project === undefined) throw new NoProjectError('no project has a free slot');
    const runner = project.runner!;
    const counted = options.counted ?? true;
    project.inFlight++;
    if (counted) project.batches++;
    const name = `b${process.pid}-${Date.now().toString(36)}-${++batchCounter}`;
    try {
      const perRuntime: ProgramOutcome[][] = [];
      for (const [k, profile] of this.profiles.entries())
        perRuntime.push(await this.#runOn(project, runner, profile, jobs, `${name}-r${k}`));
      const maps = perRuntime.map((list) => new Map(list.map((o) => [o.id, o])));
      const outcomes = new Map<string, ProgramOutcome[]>();
      for (const job of jobs) {
        const all = maps.map((m) => m.get(job.id));
        if (all.every((o) => o !== undefined)) outcomes.set(job.id, all);
      }
      project.failures = 0;
      if (project.resident !== undefined) project.residentFailures = 0;
      if (counted) project.programs += outcomes.size;
      return { projectId: project.projectId, outcomes };
    } catch (e) {
      project.failures++;
      const message = e instanceof Error ? e.message : String(e);
      this.#o.onEvent?.({ projectId: project.projectId, type: 'failed', message });
      if (project.failures >= this.#o.failuresBeforeRest) {
        project.restingUntil = Date.now() + Math.min(30_000, 1000 * 2 ** project.failures);
        this.#o.onEvent?.({ projectId: project.projectId, type: 'resting', message });
        // A stopped project starts on its next exec anyway; asking now saves a round trip.
        this.client.startProject(project.projectId).then(
          () => this.#o.onEvent?.({ projectId: project.projectId, type: 'started' }),
          () => undefined,
        );
      }
      throw e;
    } finally {
      project.inFlight--;
      for (const wake of this.#waiters.splice(0)) wake();
    }
  }
}
