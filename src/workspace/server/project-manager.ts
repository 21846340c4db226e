import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import type { AggregateValue, ProjectState } from '../client/types.js';
import { Aggregator } from './aggregate.js';
import { ApiError, messages } from './api-error.js';
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
  { ok: true; stdout: string; stderr: string; exit_code: number } | { ok: false; error: string };

interface Runtime {
  state: ProjectState['state'];
  starting?: Promise<void> | undefined;
  running: number;
  idleTimer?: NodeJS.Timeout | undefined;
  kills: Set<(reason: string) => void>;
  disk?: { bytes: number; at: number } | undefined;
}

const DISK_CACHE_MS = 2000;
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
  private readonly aggregator = new Aggregator<ExecOutcome>();
  readonly monitor: MemoryMonitor;
  private closed = false;

  constructor(
    private readonly store: WorkspaceStore,
    readonly options: ProjectManagerOptions,
  ) {
    this.monitor = new MemoryMonitor(options.memoryPollMs);
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
    this.monitor.forget(projectId);
    r.disk = undefined;
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

  /** Runs `project_exec`; answers through the aggregator when `aggregate` is given. */
  exec(params: ExecParams): Promise<ExecOutcome> {
    if (params.aggregate === undefined) return this.execNow(params);
    const { aggregate, ...rest } = params;
    return this.aggregator.run(JSON.stringify(rest), aggregate, () => this.execNow(params));
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

  private async execNow(p: ExecParams): Promise<ExecOutcome> {
    try {
      return await this.execInner(p);
    } catch (e) {
      if (e instanceof ApiError) return { ok: false, error: e.message };
      throw e;
    }
  }

  private async execInner(p: ExecParams): Promise<ExecOutcome> {
    await this.ensureRunning(p.project_id);
    const project = this.store.getProject(p.project_id);
    if (project === undefined) throw new ApiError(messages.noWriteAccess);
    const quotas = this.quotasOf(project);
    const r = this.runtime(p.project_id);
    const home = this.homeOf(p.project_id);
    await mkdir(home, { recursive: true, mode: 0o700 });

    if (Date.parse(project.last_edited) < Date.now() - 5000) {
      this.store.updateProject(p.project_id, { last_edited: new Date().toISOString() });
    }
    this.touch(p.project_id);

    if (r.disk === undefined || Date.now() - r.disk.at > DISK_CACHE_MS) {
      r.disk = { bytes: await diskUsage(home), at: Date.now() };
    }
    if (r.disk.bytes > quotas.disk_quota * MB) {
      throw new ApiError(
        `disk quota exceeded: the project's home uses ${(r.disk.bytes / MB).toFixed(1)} MB of its ${quotas.disk_quota} MB quota; delete files to run commands again`,
      );
    }
    const isolate = quotas.network <= 0;

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
    const env = this.environment(p.project_id, home);
    const maxOutput = Math.min(p.max_output ?? this.options.outputCap, this.options.outputCap);

    // Bash mode: asked for, or implied by a command line with whitespace and no args.
    const bashMode = p.bash || (p.args.length === 0 && /\s/.test(p.command));
    let file: string;
    let args: string[];
    let script: string | undefined;
    if (bashMode) {
      const line =
        p.args.length > 0 ? [p.command, ...p.args].map(shellEscape).join(' ') : p.command;
      script = join(this.options.dataDir, 'tmp', `exec-${randomUUID()}.sh`);
      await mkdir(dirname(script), { recursive: true, mode: 0o700 });
      await writeFile(script, `ulimit -t ${bashCpuSeconds}\n${line}\n`, { mode: 0o600 });
      file = 'bash';
      args = [script];
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

    // Limits: CPU seconds and largest file size via prlimit (or bash's ulimit), network
    // namespace when network is off and the machine allows one.
    const fsizeBytes = Math.max(1, Math.floor(quotas.disk_quota * MB));
    let argv: string[];
    if (this.options.sandbox.prlimit) {
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
    if (isolate && this.options.sandbox.netnsPrefix !== null) {
      argv = [...this.options.sandbox.netnsPrefix, ...argv];
    }

    r.running++;
    try {
      const limitBytes = quotas.memory * MB;
      const running = runCommand({
        file: argv[0] as string,
        args: argv.slice(1),
        cwd,
        env,
        timeoutMs: timeout * 1000,
        maxOutput,
        onStart: (sid) => {
          this.monitor.watch(p.project_id, sid, limitBytes, (rss) => {
            for (const kill of r.kills) {
              kill(
                `killed: the project's memory limit of ${quotas.memory} MB was exceeded (resident ${Math.round(rss / MB)} MB)`,
              );
            }
            for (const sid2 of this.monitor.sessionsOf(p.project_id)) killSession(sid2);
          });
        },
      });
      r.kills.add(running.kill);
      const result = await running.result.finally(() => r.kills.delete(running.kill));
      return this.outcome(p, result);
    } finally {
      r.running--;
      r.disk = undefined;
      this.touch(p.project_id);
      if (script !== undefined) await rm(script, { force: true });
    }
  }

  private outcome(p: ExecParams, result: RunResult): ExecOutcome {
    if (result.timedOut) return { ok: false, error: messages.execKilled(p.command, p.args) };
    if (result.exitCode !== 0 && p.err_on_exit) {
      return {
        ok: false,
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
    }
    this.monitor.close();
  }
}

export { DEFAULT_QUOTAS };
