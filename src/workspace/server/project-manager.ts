import { mkdir, realpath, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { v1Errors, type ProjectState } from '../wire/index.js';
import { Aggregator } from './aggregate.js';
import { ApiError } from './api-error.js';
import type { ProjectCgroups } from './cgroups.js';
import { commandEnvironment, confinedArgv, programOf, SCRIPT_INSIDE } from './command-line.js';
import { checkArguments, onlyDeletes } from './exec-arguments.js';
import { outcomeOf, type ExecOutcome, type ExecParams } from './exec-outcome.js';
import { MemoryMonitor } from './memory-monitor.js';
import { killSession } from './processes.js';
import { ProjectDisk } from './project-disk.js';
import { DEFAULT_QUOTAS, effectiveQuotas, type ProjectQuotas } from './quotas.js';
import { runCommand } from './run-command.js';
import { confinePath, type SandboxCapabilities } from './sandbox.js';
import type { StoredProject, WorkspaceStore } from './store.js';

/** Options of the project runtime (all have defaults in {@link startWorkspaceServer}). */
export interface ProjectManagerOptions {
  dataDir: string;
  sandbox: SandboxCapabilities;
  /** Base quotas of a project without upgrades. Default {@link DEFAULT_QUOTAS}. */
  quotas: ProjectQuotas;
  /** Largest `timeout` in seconds (also used for `timeout: 0`). */
  maxTimeout: number;
  /** Characters kept of each output stream when `max_output` is not given (or larger). */
  outputCap: number;
  /** How long a project takes to start, in ms (0: at once). */
  startDelayMs: number;
  /** How long an exec waits for a starting project before answering a timeout error. */
  startWaitMs: number;
  /** Interval of the memory monitor in ms. */
  memoryPollMs: number;
  /** JSON characters of output one exec keeps, both streams together, whatever `max_output`. */
  execOutputBudget: number;
  /** Execs running at once per project and per account; more are answered HTTP 429. */
  maxExecsPerProject: number;
  maxExecsPerAccount: number;
  /** Bytes of exec answers the aggregate cache holds. */
  aggregateCacheBytes: number;
  /** Per-project cgroups, where they can be made (else the memory monitor is used). */
  cgroups: ProjectCgroups | null;
  /** Processes a project may have at once (with cgroups). */
  maxProcesses: number;
  /** Interval of disk usage sampling while a project runs commands, in ms. */
  diskPollMs: number;
  /** Host paths every sandboxed command sees read-only (see `WorkspaceServerOptions.readOnlyPaths`). */
  readOnlyPaths: readonly string[];
}

interface Runtime {
  state: ProjectState['state'];
  starting?: Promise<void> | undefined;
  running: number;
  idleTimer?: NodeJS.Timeout | undefined;
  kills: Set<(reason: string) => void>;
  disk: ProjectDisk;
}

const MB = 2 ** 20;

/**
 * Runs projects: their home directories, start and stop, idle stop after `mintime`,
 * `project_exec` with path confinement, bash mode, limits, output caps and aggregation.
 *
 * @example
 * ```ts
 * const pm = new ProjectManager(store, options);
 * const outcome = await pm.exec(params);
 * ```
 */
export class ProjectManager {
  private readonly runtimes = new Map<string, Runtime>();
  private readonly aggregator: Aggregator<ExecOutcome>;
  readonly monitor: MemoryMonitor;
  /** Execs running now per account (per project: `Runtime.running`). */
  private readonly accountExecs = new Map<string, number>();
  private realDataDir: string | undefined;
  private closed = false;

  constructor(
    private readonly store: WorkspaceStore,
    readonly options: ProjectManagerOptions,
  ) {
    this.monitor = new MemoryMonitor(options.memoryPollMs);
    this.aggregator = new Aggregator<ExecOutcome>(
      (o) => (o.ok ? o.stdout.length + o.stderr.length : o.error.length) * 2 + 64,
      options.aggregateCacheBytes,
    );
  }

  /** The home directory of a project. */
  homeOf(projectId: string): string {
    return join(this.options.dataDir, 'projects', projectId, 'home');
  }

  private runtime(projectId: string): Runtime {
    let r = this.runtimes.get(projectId);
    if (r === undefined) {
      const stored = this.store.getProject(projectId);
      r = {
        state: stored?.state === 'archived' ? 'archived' : 'stopped',
        running: 0,
        kills: new Set(),
        disk: new ProjectDisk(this.homeOf(projectId)),
      };
      this.runtimes.set(projectId, r);
    }
    return r;
  }

  /** The live state of a project (running, starting, stopped or archived). */
  stateOf(projectId: string): ProjectState['state'] {
    return this.runtime(projectId).state;
  }

  quotasOf(project: StoredProject): ProjectQuotas {
    return effectiveQuotas(project.users, this.options.quotas);
  }

  private setState(projectId: string, state: ProjectState['state']): void {
    this.runtime(projectId).state = state;
    const now = new Date().toISOString();
    this.store.updateProject(projectId, {
      state: state === 'starting' ? 'running' : state,
      state_time: now,
    });
  }

  /** Starts a project (creating its home); resolves once it runs. */
  start(projectId: string): Promise<void> {
    if (this.closed) return Promise.reject(new ApiError('the server is shutting down'));
    const r = this.runtime(projectId);
    if (r.state === 'running') return Promise.resolve();
    if (r.starting !== undefined) return r.starting;
    r.state = 'starting';
    r.starting = (async () => {
      await mkdir(this.homeOf(projectId), { recursive: true, mode: 0o700 });
      if (this.options.startDelayMs > 0) {
        await new Promise((res) => setTimeout(res, this.options.startDelayMs));
      }
      r.starting = undefined;
      if (r.state !== 'starting') return;
      this.setState(projectId, 'running');
      this.store.updateProject(projectId, { last_edited: new Date().toISOString() });
      this.touch(projectId);
    })();
    r.starting.catch(() => {
      r.starting = undefined;
      if (r.state === 'starting') r.state = 'stopped';
    });
    return r.starting;
  }

  /** Stops a project: kills every process it started. */
  stop(projectId: string): void {
    const r = this.runtime(projectId);
    clearTimeout(r.idleTimer);
    r.idleTimer = undefined;
    for (const kill of r.kills) kill('killed: the project was stopped');
    for (const sid of this.monitor.sessionsOf(projectId)) killSession(sid);
    this.options.cgroups?.killAll(projectId);
    this.monitor.forget(projectId);
    r.disk.unwatch();
    if (r.state !== 'stopped' && r.state !== 'archived') this.setState(projectId, 'stopped');
    else r.state = r.state === 'archived' ? 'archived' : 'stopped';
  }

  /** Records activity: re-arms the `mintime` idle stop. */
  private touch(projectId: string): void {
    const r = this.runtime(projectId);
    if (r.state !== 'running' || this.closed) return;
    const project = this.store.getProject(projectId);
    if (project === undefined) return;
    clearTimeout(r.idleTimer);
    const ms = Math.max(0, this.quotasOf(project).mintime * 1000);
    r.idleTimer = setTimeout(
      () => {
        r.idleTimer = undefined;
        if (r.running > 0) this.touch(projectId);
        else this.stop(projectId);
      },
      Math.min(ms, 2 ** 31 - 1),
    ).unref();
  }

  /**
   * Runs `project_exec` for `accountId` (whose write access the caller checked); answers
   * through the aggregator when `aggregate` is given. Failures come back as outcomes with
   * the HTTP status to answer: 200 for the platform's errors, 400 for arguments no command
   * can receive, 429 past the concurrency limits.
   */
  exec(params: ExecParams, accountId: string): Promise<ExecOutcome> {
    if (params.aggregate === undefined) return this.execNow(params, accountId);
    const { aggregate, ...rest } = params;
    return this.aggregator.run(JSON.stringify(rest), aggregate, () =>
      this.execNow(params, accountId),
    );
  }

  /** Bytes held by the aggregate cache. */
  get aggregateCacheBytes(): number {
    return this.aggregator.cachedBytes;
  }

  private async ensureRunning(projectId: string): Promise<void> {
    const r = this.runtime(projectId);
    if (r.state === 'running') return;
    const started = this.start(projectId);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((res) => {
      timer = setTimeout(() => res('timeout'), this.options.startWaitMs);
    });
    const winner = await Promise.race([started.then(() => 'started' as const), timeout]);
    clearTimeout(timer);
    // A stop that came while the project was starting also asks the caller to repeat.
    if (winner === 'timeout' || this.stateOf(projectId) !== 'running') {
      throw new ApiError(v1Errors.projectStarting.text(projectId));
    }
  }

  private async execNow(p: ExecParams, accountId: string): Promise<ExecOutcome> {
    // Slots are taken before the first await, so concurrent requests count each other.
    const r = this.runtime(p.project_id);
    const mine = this.accountExecs.get(accountId) ?? 0;
    if (r.running >= this.options.maxExecsPerProject) {
      return {
        ok: false,
        status: 429,
        error: `too many commands running in project ${p.project_id} (at most ${this.options.maxExecsPerProject} at once); repeat the request later`,
      };
    }
    if (mine >= this.options.maxExecsPerAccount) {
      return {
        ok: false,
        status: 429,
        error: `too many commands running for this account (at most ${this.options.maxExecsPerAccount} at once); repeat the request later`,
      };
    }
    r.running++;
    this.accountExecs.set(accountId, mine + 1);
    try {
      return await this.execInner(p, r);
    } catch (e) {
      if (e instanceof ApiError) return { ok: false, error: e.message, status: e.status };
      throw e;
    } finally {
      r.running--;
      const n = (this.accountExecs.get(accountId) ?? 1) - 1;
      if (n <= 0) this.accountExecs.delete(accountId);
      else this.accountExecs.set(accountId, n);
      if (r.running === 0) r.disk.unwatch();
      this.touch(p.project_id);
    }
  }

  private async execInner(p: ExecParams, r: Runtime): Promise<ExecOutcome> {
    // Bash mode: asked for, or implied by a command line with whitespace and no args.
    const bashMode = p.bash || (p.args.length === 0 && /\s/.test(p.command));
    checkArguments(p.command, p.args, bashMode);
    const { quotas, home, realHome, overQuota } = await this.admit(p, r, bashMode);
    const cwd = await confinePath(home, p.path);
    const timeout =
      p.timeout <= 0 ? this.options.maxTimeout : Math.min(p.timeout, this.options.maxTimeout);
    // CPU time: bash mode starts its script with `ulimit -t ceil(timeout)` as the platform
    // does. Every command also gets an RLIMIT_CPU backstop of ceil(timeout) CPU-seconds per
    // core it can use (the project's cores, at least the machine's), so a multi-threaded
    // program is never cut before its wall-clock timeout, while a process that escaped the
    // group kill still cannot spin for ever.
    const bashCpuSeconds = Math.max(1, Math.ceil(timeout));
    const cpuSeconds =
      bashCpuSeconds * Math.max(1, Math.ceil(quotas.cores), availableParallelism());
    const env = commandEnvironment(p.project_id, realHome);

    const command = await programOf(p, {
      bash: bashMode,
      cwd,
      env,
      scriptDir: join(this.options.dataDir, 'tmp'),
      cpuSeconds: bashCpuSeconds,
      sandboxed: this.options.sandbox.bubblewrap,
    });
    if (command === undefined) {
      return outcomeOf(p, {
        stdout: '',
        stderr: `spawn ${p.command} ENOENT`,
        exitCode: 1,
        timedOut: false,
      });
    }
    const { file, args, script } = command;
    const cgroups = this.options.cgroups;
    cgroups?.prepare(p.project_id, quotas.memory * MB, this.options.maxProcesses);
    const oomBefore = cgroups === null ? 0 : cgroups.oomKills(p.project_id);
    const argv = this.confined(p, [file, ...args], {
      quotas,
      realHome,
      cwd,
      cpuSeconds,
      overQuota,
      script,
    });
    this.watchDisk(p, r, quotas);
    try {
      return await this.runConfined(p, r, argv, { quotas, cwd, env, timeout, oomBefore });
    } finally {
      // After a deletion over the quota the next exec must see the space it freed.
      if (overQuota) void r.disk.measure();
      else r.disk.remeasure();
      if (script !== undefined) await rm(script, { force: true });
    }
  }

  /**
   * Starts the project, marks it edited and refuses a command over the disk quota unless it
   * only deletes: the project's quotas, its home, and whether it is over the disk quota.
   */
  private async admit(p: ExecParams, r: Runtime, bashMode: boolean) {
    await this.ensureRunning(p.project_id);
    const project = this.store.getProject(p.project_id);
    if (project === undefined) throw new ApiError(v1Errors.noWriteAccess.text);
    const quotas = this.quotasOf(project);
    const home = this.homeOf(p.project_id);
    await mkdir(home, { recursive: true, mode: 0o700 });
    const realHome = await realpath(home);
    this.realDataDir ??= await realpath(this.options.dataDir);

    if (Date.parse(project.last_edited) < Date.now() - 5000) {
      this.store.updateProject(p.project_id, { last_edited: new Date().toISOString() });
    }
    this.touch(p.project_id);

    const diskBytes = await r.disk.bytes();
    const overQuota = diskBytes > quotas.disk_quota * MB;
    if (overQuota && !onlyDeletes(p.command, p.args, bashMode)) {
      // Files may have gone meanwhile (deleted by a command, or from outside): measure again.
      r.disk.remeasure();
      throw new ApiError(v1Errors.diskQuota.text((diskBytes / MB).toFixed(1), quotas.disk_quota));
    }
    return { quotas, home, realHome, overQuota };
  }

  /** The command line of a command in the project's confinement (limits, sandbox, cgroup). */
  private confined(
    p: ExecParams,
    command: string[],
    c: {
      quotas: ProjectQuotas;
      realHome: string;
      cwd: string;
      cpuSeconds: number;
      overQuota: boolean;
      script: string | undefined;
    },
  ): string[] {
    const { quotas, script } = c;
    const sandbox = this.options.sandbox;
    const isolate = quotas.network <= 0;
    const cgroups = this.options.cgroups;
    return confinedArgv(command, {
      sandbox,
      cpuSeconds: c.cpuSeconds,
      // Over the disk quota (a command that only deletes) no file may grow at all.
      fsizeBytes: c.overQuota ? 0 : Math.max(1, Math.floor(quotas.disk_quota * MB)),
      bubblewrap: {
        home: c.realHome,
        cwd: c.cwd,
        hide: [this.realDataDir as string],
        network: !isolate || !sandbox.bubblewrapNetwork,
        files: script === undefined ? [] : [[script, SCRIPT_INSIDE]],
        readOnly: this.options.readOnlyPaths,
      },
      isolate,
      cgroup: cgroups === null ? [] : cgroups.joinArgs(p.project_id),
    });
  }

  /** Kills the project's commands once its home grows past the disk quota. */
  private watchDisk(p: ExecParams, r: Runtime, quotas: ProjectQuotas): void {
    r.disk.watch(this.options.diskPollMs, (bytes) => {
      const quotaMb = quotas.disk_quota;
      if (bytes <= quotaMb * MB || r.running === 0) return;
      for (const kill of r.kills) {
        kill(
          `killed: the project's disk quota of ${quotaMb} MB was exceeded (the home uses ${(bytes / MB).toFixed(1)} MB)`,
        );
      }
      this.options.cgroups?.killAll(p.project_id);
    });
  }

  /** Runs a confined command line, killed past the memory limit, and its outcome. */
  private async runConfined(
    p: ExecParams,
    r: Runtime,
    argv: string[],
    c: {
      quotas: ProjectQuotas;
      cwd: string;
      env: Record<string, string>;
      timeout: number;
      oomBefore: number;
    },
  ): Promise<ExecOutcome> {
    const { quotas } = c;
    const cgroups = this.options.cgroups;
    const maxOutput = Math.min(p.max_output ?? this.options.outputCap, this.options.outputCap);
    const memoryKilled = (rss: number) =>
      `killed: the project's memory limit of ${quotas.memory} MB was exceeded (resident ${Math.round(rss / MB)} MB)`;
    const limitBytes = quotas.memory * MB;
    const running = runCommand({
      file: argv[0] as string,
      args: argv.slice(1),
      cwd: c.cwd,
      env: c.env,
      timeoutMs: c.timeout * 1000,
      maxOutput,
      outputBudget: this.options.execOutputBudget,
      supervised: this.options.sandbox.bubblewrap,
      onStart: (sid) => {
        // With a cgroup the kernel holds the limit; the monitor is the fallback.
        if (cgroups !== null) return;
        this.monitor.watch(p.project_id, sid, limitBytes, (rss) => {
          for (const kill of r.kills) kill(memoryKilled(rss));
          for (const sid2 of this.monitor.sessionsOf(p.project_id)) killSession(sid2);
        });
      },
    });
    r.kills.add(running.kill);
    const result = await running.result.finally(() => r.kills.delete(running.kill));
    if (cgroups !== null && cgroups.oomKills(p.project_id) > c.oomBefore) {
      const sep = result.stderr === '' || result.stderr.endsWith('\n') ? '' : '\n';
      result.stderr += `${sep}${memoryKilled(quotas.memory * MB)}\n`;
      if (result.exitCode !== 0) result.exitCode = 1;
    }
    return outcomeOf(p, result);
  }

  /** Stops every running project (killing their processes). */
  close(): void {
    this.closed = true;
    for (const [projectId, r] of this.runtimes) {
      if (r.state !== 'stopped' && r.state !== 'archived') this.stop(projectId);
      clearTimeout(r.idleTimer);
      r.disk.unwatch();
    }
    this.monitor.close();
  }
}

export { DEFAULT_QUOTAS };
