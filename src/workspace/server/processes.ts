import { readFileSync, readdirSync } from 'node:fs';

/** One process as seen in `/proc`. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  /** Resident set size in bytes. */
  rss: number;
}

const PAGE_SIZE = 4096;

/**
 * Lists the processes of the machine from `/proc/<pid>/stat` (empty where `/proc` is
 * missing). Processes that vanish while being read are skipped.
 */
export function listProcesses(): ProcessInfo[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: ProcessInfo[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${e}/stat`, 'latin1');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces and parentheses): state is
    // field 3, ppid 4, pgrp 5, session 6, rss (pages) 24.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    out.push({
      pid: Number(e),
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      sid: Number(fields[3]),
      rss: Number(fields[21]) * PAGE_SIZE,
    });
  }
  return out;
}

/**
 * Groups processes by the watched roots they belong to: members of the root's session
 * (= the root's pid) and every descendant of the root, wherever it moved (a `setsid`
 * child stays a descendant, or a child of the sandbox's init).
 *
 * @example
 * ```ts
 * const byRoot = processesByRoot(listProcesses(), new Set([sid]));
 * ```
 */
export function processesByRoot(
  processes: readonly ProcessInfo[],
  roots: ReadonlySet<number>,
): Map<number, ProcessInfo[]> {
  const children = new Map<number, ProcessInfo[]>();
  const byPid = new Map<number, ProcessInfo>();
  for (const p of processes) {
    byPid.set(p.pid, p);
    const list = children.get(p.ppid);
    if (list === undefined) children.set(p.ppid, [p]);
    else list.push(p);
  }
  const out = new Map<number, ProcessInfo[]>();
  for (const root of roots) {
    const seen = new Map<number, ProcessInfo>();
    const stack = [root];
    for (const p of processes) if (p.sid === root) stack.push(p.pid);
    while (stack.length > 0) {
      const pid = stack.pop() as number;
      const p = byPid.get(pid);
      if (p === undefined || seen.has(pid)) continue;
      seen.set(pid, p);
      for (const c of children.get(pid) ?? []) stack.push(c.pid);
    }
    out.set(root, [...seen.values()]);
  }
  return out;
}

/**
 * Kills with SIGKILL the process group `sid`, every process of the session `sid` and every
 * descendant of the process `sid` (which catches children that moved to another process
 * group or session). Returns how many processes were signalled besides the group.
 *
 * @example
 * ```ts
 * killSession(child.pid);
 * ```
 */
export function killSession(sid: number): number {
  try {
    process.kill(-sid, 'SIGKILL');
  } catch {
    // group already gone
  }
  const all = listProcesses();
  const targets = new Set<number>(
    processesByRoot(all, new Set([sid]))
      .get(sid)
      ?.map((p) => p.pid),
  );
  for (const p of all) if (p.pgid === sid) targets.add(p.pid);
  return killProcesses(targets);
}

/**
 * Kills each process with SIGKILL: how many were still there to kill.
 *
 * @example
 * ```ts
 * killProcesses([1234, 1235]); // 2
 * ```
 */
export function killProcesses(pids: Iterable<number>): number {
  let n = 0;
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
      n++;
    } catch {
      // gone meanwhile
    }
  }
  return n;
}
