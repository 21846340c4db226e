import { readFileSync, readdirSync } from 'node:fs';

/** One process as seen in `/proc`. */
export interface ProcessInfo {
  pid: number;
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
    // field 3, pgrp 5, session 6, rss (pages) 24.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    out.push({
      pid: Number(e),
      pgid: Number(fields[2]),
      sid: Number(fields[3]),
      rss: Number(fields[21]) * PAGE_SIZE,
    });
  }
  return out;
}

/**
 * Kills with SIGKILL the process group `pgid` and every process of the session `sid`
 * (which catches children that moved to another process group). Returns how many
 * processes were signalled besides the group.
 */
export function killSession(sid: number): number {
  try {
    process.kill(-sid, 'SIGKILL');
  } catch {
    // group already gone
  }
  let n = 0;
  for (const p of listProcesses()) {
    if (p.sid === sid || p.pgid === sid) {
      try {
        process.kill(p.pid, 'SIGKILL');
        n++;
      } catch {
        // gone meanwhile
      }
    }
  }
  return n;
}
