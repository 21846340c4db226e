import { listProcesses, processesByRoot } from './processes.js';

interface Watched {
  sessions: Set<number>;
  limitBytes: number;
  onExceed: (rssBytes: number) => void;
}

/**
 * Enforces per-project memory limits by polling `/proc`: every `intervalMs` it adds up the
 * resident memory of every process in the sessions a project started and of all their
 * descendants (so a `setsid` child still counts), and calls the
 * project's `onExceed` when the sum passes its limit. (An address-space limit is not used:
 * V8 and WebAssembly reserve far more address space than they touch, so `node` cannot start
 * under `ulimit -v` of a realistic memory quota.)
 *
 * @example
 * ```ts
 * const monitor = new MemoryMonitor(250);
 * monitor.watch(projectId, sid, 1000 * 2 ** 20, (rss) => killProject(projectId, rss));
 * ```
 */
export class MemoryMonitor {
  private readonly projects = new Map<string, Watched>();
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly intervalMs = 250) {}

  /** Adds a session to a project's watched set and sets the project's limit. */
  watch(projectId: string, sid: number, limitBytes: number, onExceed: (rss: number) => void): void {
    let w = this.projects.get(projectId);
    if (w === undefined) {
      w = { sessions: new Set(), limitBytes, onExceed };
      this.projects.set(projectId, w);
    }
    w.limitBytes = limitBytes;
    w.onExceed = onExceed;
    w.sessions.add(sid);
    this.timer ??= setInterval(() => this.tick(), this.intervalMs).unref();
  }

  /** The sessions of a project that may still have processes. */
  sessionsOf(projectId: string): number[] {
    return [...(this.projects.get(projectId)?.sessions ?? [])];
  }

  forget(projectId: string): void {
    this.projects.delete(projectId);
    this.stopIfIdle();
  }

  /** One measurement: returns the resident bytes per project. */
  tick(): Map<string, number> {
    const usage = new Map<string, number>();
    if (this.projects.size === 0) return usage;
    const roots = new Set<number>();
    for (const w of this.projects.values()) for (const sid of w.sessions) roots.add(sid);
    const byRoot = processesByRoot(listProcesses(), roots);
    for (const [projectId, w] of this.projects) {
      let rss = 0;
      for (const sid of w.sessions) {
        const members = byRoot.get(sid) ?? [];
        if (members.length === 0) {
          w.sessions.delete(sid);
          continue;
        }
        for (const p of members) rss += p.rss;
      }
      usage.set(projectId, rss);
      if (rss > w.limitBytes) w.onExceed(rss);
      if (w.sessions.size === 0) this.projects.delete(projectId);
    }
    this.stopIfIdle();
    return usage;
  }

  close(): void {
    this.projects.clear();
    this.stopIfIdle();
  }

  private stopIfIdle(): void {
    if (this.projects.size === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
