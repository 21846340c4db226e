import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { AggregateValue, ProjectState } from '../wire/index.js';
import { Aggregator } from './aggregate.js';
import { ApiError, messages } from './api-error.js';
import { bubblewrapArgs } from './bubblewrap.js';
import type { ProjectCgroups } from './cgroups.js';
import { diskUsage } from './disk-usage.js';
import { MemoryMonitor } from './memory-monitor.js';
import { killSession } from './processes.js';
import { DEFAULT_QUOTAS, effectiveQuotas, type ProjectQuotas } from './quotas.js';
import { runCommand, type RunResult } from './run-command.js';
import {
  confinePath,
  resolveExecutable,
  shellEscape,
  type SandboxCapabilities,
} from './sandbox.js';
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

/** A validated `project_exec` request with defaults applied. */
export interface ExecParams {
  project_id: string;
  path: string;
  command: string;
  args: string[];
  timeout: number;
  max_output: number | undefined;
  bash: boolean;
  err_on_exit: boolean;
  aggregate: AggregateValue | undefined;
}

/** The answer of an exec: output, or an error message (shared by aggregated requests). */
export type ExecOutcome =
  | { ok: true; stdout: string; stderr: string; exit_code: number }
  | { ok: false; error: string; status: number };

/** Longest single argument the kernel takes (MAX_ARG_STRLEN), in bytes with its NUL. */
const MAX_ARG_BYTES = 128 * 1024;
/** What all arguments and the environment of a command may take together (below ARG_MAX). */
const MAX_ARGS_TOTAL_BYTES = 1024 * 1024;

/**
 * Refuses, as a 400 error naming the argument, what the kernel would refuse to run (in
 * bash mode the words go into a script file, so only NUL bytes matter).
 */
function checkArguments(command: string, args: readonly string[], bash: boolean): void {
  let total = 0;
  for (const [name, value] of [['command', command], ...args.map((a, i) => [`args[${i}]`, a])]) {
    if ((value as string).includes('\0')) {
      throw new ApiError(`${name} contains a NUL byte, which no command can receive`, 400);
    }
    const bytes = Buffer.byteLength(value as string) + 1;
    if (bash) continue;
    if (bytes > MAX_ARG_BYTES) {
      throw new ApiError(
        `${name} is ${bytes - 1} bytes long; one argument can have at most ${MAX_ARG_BYTES - 1} (use bash mode or a file for more)`,
        400,
      );
    }
    total += bytes;
  }
  if (total > MAX_ARGS_TOTAL_BYTES) {
    throw new ApiError(
      `the arguments take ${total} bytes together; at most ${MAX_ARGS_TOTAL_BYTES} are allowed`,
      400,
    );
  }
}

const DELETE_COMMANDS = new Set(['rm', 'rmdir', 'unlink']);
const DELETE_LINE =
  /^\s*(?:rm|rmdir|unlink)(?:\s+[\w./*?[\]{},:+@%^=~-]+)*\s*(?:(?:;|&&|\|\||\n)\s*(?:rm|rmdir|unlink)(?:\s+[\w./*?[\]{},:+@%^=~-]+)*\s*)*;?\s*$/;

/**
 * Whether a command only deletes files (`rm`, `rmdir`, `unlink`, or a bash line of those
 * alone): what a project over its disk quota may still run.
 */
export function onlyDeletes(command: string, args: readonly string[], bash: boolean): boolean {
  // A program of the project's own named `rm` is not a deletion: only the system's.
  const system = !command.includes('/') || /^\/(usr\/)?bin\/[^/]+$/.test(command);
  if (!bash) return system && DELETE_COMMANDS.has(basename(command));
  if (args.length > 0) return DELETE_COMMANDS.has(command) && args.every((a) => !a.includes('\0'));
  return DELETE_LINE.test(command);
}

interface Runtime {
  state: ProjectState['state'];
  starting?: Promise<void> | undefined;
  running: number;
  idleTimer?: NodeJS.Timeout | undefined;
  kills: Set<(reason: string) => void>;
  /** Last measured disk usage of the home, and the measurement under way. */
  disk?: { bytes: number; at: number } | undefined;
  diskWalk?: Promise<number> | undefined;
  /** How long the last measurement took, in ms. */
  diskWalkMs?: number | undefined;
  diskTimer?: NodeJS.Timeout | undefined;
}

/** How long an exec waits for a disk measurement under way before using the last one. */
const DISK_WAIT_MS = 200;
const MB = 2 ** 20;

/** Bytes of disk used under `dir` by `du` (a C walk, many times faster), else a JS walk. */
function measureDisk(dir: string): Promise<number> {
  return new Promise((resolve) => {
    execFile('du', ['-s', '-B1', dir], { timeout: 120_000 }, (err, stdout) => {
      const n = Number(/^(\d+)/.exec(stdout)?.[1]);
      if (err === null && Number.isFinite(n)) resolve(n);
      else diskUsage(dir).then(resolve, () => resolve(0));
    });
  });
}

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
    clearInterval(r.diskTimer);
    r.diskTimer = undefined;
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
      throw new ApiError(messages.projectStarting(projectId));
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
      if (r.running === 0) {
        clearInterval(r.diskTimer);
        r.diskTimer = undefined;
      }
      this.touch(p.project_id);
    }
  }

  /** Measures the home's disk usage (one measurement at a time per project). */
  private measure(projectId: string, r: Runtime): Promise<number> {
    const t = Date.now();
    r.diskWalk ??= measureDisk(this.homeOf(projectId)).then((bytes) => {
      r.disk = { bytes, at: Date.now() };
      r.diskWalkMs = Date.now() - t;
      r.diskWalk = undefined;
      return bytes;
    });
    return r.diskWalk;
  }

  /**
   * Measures again when the last measurement is older than four times what it took, so a
   * large home is walked at most a fifth of the time and a small one after every command.
   */
  private remeasure(projectId: string, r: Runtime): void {
    if (r.disk === undefined || Date.now() - r.disk.at >= 4 * (r.diskWalkMs ?? 0)) {
      void this.measure(projectId, r);
    }
  }

  /**
   * The home's disk usage as last measured: the first exec waits for a measurement; later
   * ones wait for one under way (started when the previous command ended) only where a
   * measurement is quick, and otherwise use the last, so an exec never waits on a walk of
   * a large home (commands over the quota are killed while they run anyway).
   */
  private async diskBytes(projectId: string, r: Runtime): Promise<number> {
    if (r.disk === undefined) return this.measure(projectId, r);
    if (r.diskWalk === undefined || (r.diskWalkMs ?? 0) > DISK_WAIT_MS) return r.disk.bytes;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((res) => {
      timer = setTimeout(() => res(undefined), DISK_WAIT_MS);
    });
    const bytes = await Promise.race([r.diskWalk, late]);
    clearTimeout(timer);
    return bytes ?? r.disk.bytes;
  }

  /** While commands run, samples the disk usage and kills them all past the quota. */
  private watchDisk(projectId: string, r: Runtime, quotaMb: number): void {
    if (r.diskTimer !== undefined) return;
    r.diskTimer = setInterval(() => {
      if (r.diskWalk !== undefined) return;
      if (r.disk !== undefined && Date.now() - r.disk.at < 4 * (r.diskWalkMs ?? 0)) return;
      void this.measure(projectId, r).then((bytes) => {
        if (bytes <= quotaMb * MB || r.running === 0) return;
        for (const kill of r.kills) {
          kill(
            `killed: the project's disk quota of ${quotaMb} MB was exceeded (the home uses ${(bytes / MB).toFixed(1)} MB)`,
          );
        }
        this.options.cgroups?.killAll(projectId);
      });
    }, this.options.diskPollMs).unref();
  }

  private async execInner(p: ExecParams, r: Runtime): Promise<ExecOutcome> {
    // Bash mode: asked for, or implied by a command line with whitespace and no args.
    const bashMode = p.bash || (p.args.length === 0 && /\s/.test(p.command));
    checkArguments(p.command, p.args, bashMode);
    await this.ensureRunning(p.project_id);
    const project = this.store.getProject(p.project_id);
    if (project === undefined) throw new ApiError(messages.noWriteAccess);
    const quotas = this.quotasOf(project);
    const home = this.homeOf(p.project_id);
    await mkdir(home, { recursive: true, mode: 0o700 });
    const realHome = await realpath(home);
    this.realDataDir ??= await realpath(this.options.dataDir);

    if (Date.parse(project.last_edited) < Date.now() - 5000) {
      this.store.updateProject(p.project_id, { last_edited: new Date().toISOString() });
    }
    this.touch(p.project_id);

    const diskBytes = await this.diskBytes(p.project_id, r);
    const overQuota = diskBytes > quotas.disk_quota * MB;
    if (overQuota && !onlyDeletes(p.command, p.args, bashMode)) {
      // Files may have gone meanwhile (deleted by a command, or from outside): measure again.
      this.remeasure(p.project_id, r);
      throw new ApiError(
        `disk quota exceeded: the project's home uses ${(diskBytes / MB).toFixed(1)} MB of its ${quotas.disk_quota} MB quota; delete files (rm, rmdir and unlink still run) to run commands again`,
      );
    }
    const isolate = quotas.network <= 0;
    const sandbox = this.options.sandbox;

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
    const env = this.environment(p.project_id, realHome);
    const maxOutput = Math.min(p.max_output ?? this.options.outputCap, this.options.outputCap);

    let file: string;
    let args: string[];
    let script: string | undefined;
    /** Where the bash script is seen by the command (bound read-only into the sandbox). */
    const scriptInside = '/tmp/.luau-fuzz-exec.sh';
    if (bashMode) {
      const line =
        p.args.length > 0 ? [p.command, ...p.args].map(shellEscape).join(' ') : p.command;
      script = join(this.options.dataDir, 'tmp', `exec-${randomUUID()}.sh`);
      await mkdir(dirname(script), { recursive: true, mode: 0o700 });
      await writeFile(script, `ulimit -t ${bashCpuSeconds}\n${line}\n`, { mode: 0o600 });
      file = 'bash';
      args = [sandbox.bubblewrap ? scriptInside : script];
    } else {
      const resolved = await resolveExecutable(p.command, cwd, env.PATH ?? '');
      if (resolved === undefined) {
        return this.outcome(p, {
          stdout: '',
          stderr: `spawn ${p.command} ENOENT`,
          exitCode: 1,
          timedOut: false,
        });
      }
      file = resolved;
      args = [...p.args];
    }

    // Limits: CPU seconds and largest file size via prlimit (or bash's ulimit); over the
    // disk quota (a command that only deletes) no file may grow at all.
    const fsizeBytes = overQuota ? 0 : Math.max(1, Math.floor(quotas.disk_quota * MB));
    let argv: string[];
    if (sandbox.prlimit) {
      argv = [
        'prlimit',
        `--cpu=${cpuSeconds}:${cpuSeconds + 1}`,
        `--fsize=${fsizeBytes}:${fsizeBytes}`,
        '--',
        file,
        ...args,
      ];
    } else {
      argv = [
        'bash',
        '-c',
        `ulimit -t ${cpuSeconds} -f ${Math.ceil(fsizeBytes / 1024)} && exec "$@"`,
        'bash',
        file,
        ...args,
      ];
    }
    if (sandbox.bubblewrap) {
      argv = [
        ...bubblewrapArgs({
          home: realHome,
          cwd,
          hide: [this.realDataDir],
          network: !isolate || !sandbox.bubblewrapNetwork,
          files: script === undefined ? [] : [[script, scriptInside]],
          readOnly: this.options.readOnlyPaths,
        }),
        ...argv,
      ];
    } else if (isolate && sandbox.netnsPrefix !== null) {
      argv = [...sandbox.netnsPrefix, ...argv];
    }
    const cgroups = this.options.cgroups;
    let oomBefore = 0;
    if (cgroups !== null) {
      cgroups.prepare(p.project_id, quotas.memory * MB, this.options.maxProcesses);
      oomBefore = cgroups.oomKills(p.project_id);
      argv = [...cgroups.joinArgs(p.project_id), ...argv];
    }
    this.watchDisk(p.project_id, r, quotas.disk_quota);

    const memoryKilled = (rss: number) =>
      `killed: the project's memory limit of ${quotas.memory} MB was exceeded (resident ${Math.round(rss / MB)} MB)`;
    try {
      const limitBytes = quotas.memory * MB;
      const running = runCommand({
        file: argv[0] as string,
        args: argv.slice(1),
        cwd,
        env,
        timeoutMs: timeout * 1000,
        maxOutput,
        outputBudget: this.options.execOutputBudget,
        supervised: sandbox.bubblewrap,
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
      if (cgroups !== null && cgroups.oomKills(p.project_id) > oomBefore) {
        const sep = result.stderr === '' || result.stderr.endsWith('\n') ? '' : '\n';
        result.stderr += `${sep}${memoryKilled(quotas.memory * MB)}\n`;
        if (result.exitCode !== 0) result.exitCode = 1;
      }
      return this.outcome(p, result);
    } finally {
      // After a deletion over the quota the next exec must see the space it freed.
      if (overQuota) void this.measure(p.project_id, r);
      else this.remeasure(p.project_id, r);
      if (script !== undefined) await rm(script, { force: true });
    }
  }

  private outcome(p: ExecParams, result: RunResult): ExecOutcome {
    if (result.timedOut) {
      return { ok: false, status: 200, error: messages.execKilled(p.command, p.args) };
    }
    if (result.exitCode !== 0 && p.err_on_exit) {
      return {
        ok: false,
        status: 200,
        error: messages.execNonZero(p.command, p.args, result.exitCode, result.stderr),
      };
    }
    return { ok: true, stdout: result.stdout, stderr: result.stderr, exit_code: result.exitCode };
  }

  private environment(projectId: string, home: string): Record<string, string> {
    // A small environment: nothing of the server's (such as its API key) leaks into commands.
    const nodeDir = dirname(process.execPath);
    const path = process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin';
    const env: Record<string, string> = {
      PATH: path.split(':').includes(nodeDir) ? path : `${nodeDir}:${path}`,
      HOME: home,
      PROJECT_ID: projectId,
      LANG: process.env.LANG ?? 'C.UTF-8',
      TERM: 'dumb',
    };
    return env;
  }

  /** Stops every running project (killing their processes). */
  close(): void {
    this.closed = true;
    for (const [projectId, r] of this.runtimes) {
      if (r.state !== 'stopped' && r.state !== 'archived') this.stop(projectId);
      clearTimeout(r.idleTimer);
      clearInterval(r.diskTimer);
    }
    this.monitor.close();
  }
}

export { DEFAULT_QUOTAS };
