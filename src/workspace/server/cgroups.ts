import { mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { killProcesses } from './processes.js';

const CONTROLLERS = ['memory', 'pids'] as const;

function readNumbers(file: string): number[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Per-project cgroups (v1 `memory` and `pids` hierarchies): the kernel holds a project's
 * processes to its memory quota (the OOM killer acts inside the group) and a process count,
 * and the group lists every process a project started, wherever it moved.
 *
 * @example
 * ```ts
 * const cg = ProjectCgroups.open('luau-fuzz-3f2a');
 * cg?.prepare(projectId, 1000 * 2 ** 20, 1024);
 * const argv = [...(cg?.joinArgs(projectId) ?? []), 'bwrap', ...];
 * ```
 */
export class ProjectCgroups {
  private constructor(
    private readonly roots: Readonly<Record<(typeof CONTROLLERS)[number], string>>,
  ) {}

  /**
   * Makes (or reuses) the group `name` under `base` in both hierarchies; null where one
   * cannot be made or written (no cgroup v1, no permission).
   */
  static open(name: string, base = '/sys/fs/cgroup'): ProjectCgroups | null {
    try {
      const roots = { memory: join(base, 'memory', name), pids: join(base, 'pids', name) };
      for (const c of CONTROLLERS) mkdirSync(roots[c], { recursive: true });
      const probe = join(roots.pids, 'probe');
      mkdirSync(probe, { recursive: true });
      writeFileSync(join(probe, 'pids.max'), '10');
      rmdirSync(probe);
      return new ProjectCgroups(roots);
    } catch {
      return null;
    }
  }

  private dir(c: (typeof CONTROLLERS)[number], projectId: string): string {
    return join(this.roots[c], projectId);
  }

  /** Creates a project's groups (if needed) and sets its memory (bytes) and process limits. */
  prepare(projectId: string, memoryBytes: number, maxProcesses: number): void {
    for (const c of CONTROLLERS) mkdirSync(this.dir(c, projectId), { recursive: true });
    try {
      writeFileSync(
        join(this.dir('memory', projectId), 'memory.limit_in_bytes'),
        String(Math.max(4 * 2 ** 20, Math.floor(memoryBytes))),
      );
    } catch {
      // EBUSY: the group uses more than a lowered limit now; the new limit applies once it
      // has been killed or has shrunk (the next exec sets it again).
    }
    writeFileSync(join(this.dir('pids', projectId), 'pids.max'), String(maxProcesses));
  }

  /**
   * An argument prefix that moves the command into the project's groups before it runs
   * (`sh` writes its own pid, then execs the rest), so no child escapes accounting.
   */
  joinArgs(projectId: string): string[] {
    const procs = CONTROLLERS.map((c) => join(this.dir(c, projectId), 'cgroup.procs'));
    const script = `${procs.map((p) => `echo $$ > '${p}'`).join(' && ')} && exec "$@"`;
    return ['/bin/sh', '-c', script, 'sh'];
  }

  /** How many times the kernel's OOM killer acted in the project's memory group. */
  oomKills(projectId: string): number {
    try {
      const text = readFileSync(join(this.dir('memory', projectId), 'memory.oom_control'), 'utf8');
      const m = /^oom_kill (\d+)$/m.exec(text);
      if (m !== null) return Number(m[1]);
    } catch {
      return 0;
    }
    return readNumbers(join(this.dir('memory', projectId), 'memory.failcnt'))[0] ?? 0;
  }

  /** Bytes of memory the project's processes use now (0 when it has no group). */
  memoryUsage(projectId: string): number {
    return readNumbers(join(this.dir('memory', projectId), 'memory.usage_in_bytes'))[0] ?? 0;
  }

  /** Pids of every process in the project's groups. */
  processes(projectId: string): number[] {
    const pids = new Set<number>();
    for (const c of CONTROLLERS) {
      for (const pid of readNumbers(join(this.dir(c, projectId), 'cgroup.procs'))) pids.add(pid);
    }
    return [...pids];
  }

  /** Kills with SIGKILL every process in the project's groups; returns how many. */
  killAll(projectId: string): number {
    return killProcesses(this.processes(projectId));
  }

  /**
   * Removes the groups (and the root), retrying for a moment while processes that were
   * just killed are still being reaped.
   */
  async close(): Promise<void> {
    for (let attempt = 0; attempt < 20 && !this.removeEmpty(); attempt++) {
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Removes the groups without processes; true when everything is gone. */
  private removeEmpty(): boolean {
    let gone = true;
    for (const c of CONTROLLERS) {
      let entries: string[] = [];
      try {
        entries = readdirSync(this.roots[c], { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name);
      } catch {
        continue;
      }
      for (const e of entries) {
        try {
          rmdirSync(join(this.roots[c], e));
        } catch {
          gone = false; // still has processes (killed, being reaped)
        }
      }
      try {
        rmdirSync(this.roots[c]);
      } catch {
        gone = false;
      }
    }
    return gone;
  }
}
