import { readdirSync, readFileSync } from 'node:fs';

// What a bench path costs beyond wall time: CPU seconds and peak resident memory of this
// process and its children, and how this process's CPU splits among its threads (Linux /proc).

/**
 * This process and every process below it, from /proc: resident set (KB) in total, and the
 * CPU seconds (user and system, clock ticks of 10 ms) of each process.
 */
function processTree(): { rssKb: number; cpu: Map<number, number> } {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      rss.set(pid, (Number(fields[21]) * 4096) / 1024);
      // utime and stime: fields 14 and 15 of stat(5).
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // The process ended meanwhile.
    }
  }
  let rssKb = 0;
  const cpu = new Map<number, number>();
  const todo = [process.pid];
  while (todo.length > 0) {
    const pid = todo.pop()!;
    rssKb += rss.get(pid) ?? 0;
    cpu.set(pid, (ticks.get(pid) ?? 0) / 100);
    todo.push(...(children.get(pid) ?? []));
  }
  return { rssKb, cpu };
}

/** CPU seconds of each thread of this process, by thread id, from /proc (Linux). */
function threadCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return cpu;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return cpu;
}

/**
 * Where this process's CPU seconds went: its main thread, threads started meanwhile, the rest.
 *
 * @example
 * ```ts
 * const { main, started } = (await measured(run)).split;
 * ```
 */
export interface ThreadSplit {
  /** The main thread (the campaign's recording, the embedded workspace's server). */
  main: number;
  /** The thread started meanwhile that used the most CPU (runCampaign's generation thread). */
  started: number;
  /** Every other thread of this process: V8's compiler and GC helpers, libuv's pool. */
  others: number;
  /** This process's child processes (runners and VM workers). */
  children: number;
}

/**
 * Runs `fn` while sampling the process tree every 250 ms; resolves to its result, seconds,
 * CPU seconds of the tree (each process as last seen, so a process that lives less than a
 * sample is missed: on a shared machine CPU per program depends far less on the load than
 * wall-clock time does), how they split among this process's threads and its children, and
 * peak RSS.
 *
 * @example
 * ```ts
 * const { value, seconds, peakKb } = await measured(() => runCampaign(options));
 * ```
 */
export async function measured<T>(
  fn: () => Promise<T>,
  onSample?: (kb: number) => void,
): Promise<{ value: T; seconds: number; cpu: number; split: ThreadSplit; peakKb: number }> {
  const first = processTree();
  const before = first.cpu;
  const threadsBefore = threadCpu();
  const seen = new Map<number, number>();
  const threadsSeen = new Map<number, number>();
  let peakKb = first.rssKb;
  const sample = (): void => {
    const tree = processTree();
    for (const [pid, s] of tree.cpu) seen.set(pid, s - (before.get(pid) ?? 0));
    for (const [tid, s] of threadCpu()) threadsSeen.set(tid, s - (threadsBefore.get(tid) ?? 0));
    peakKb = Math.max(peakKb, tree.rssKb);
    onSample?.(tree.rssKb);
  };
  const timer = setInterval(sample, 250);
  const t = performance.now();
  try {
    const value = await fn();
    const seconds = (performance.now() - t) / 1000;
    sample();
    const cpu = [...seen.values()].reduce((x, y) => x + y, 0);
    const own = seen.get(process.pid) ?? 0;
    const main = threadsSeen.get(process.pid) ?? 0;
    let started = 0;
    for (const [tid, s] of threadsSeen) if (!threadsBefore.has(tid)) started = Math.max(started, s);
    const split = { main, started, others: own - main - started, children: cpu - own };
    return { value, seconds, cpu, split, peakKb };
  } finally {
    clearInterval(timer);
  }
}
