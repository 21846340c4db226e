import { execFile } from 'node:child_process';
import { diskUsage } from './disk-usage.js';

/** How long an exec waits for a disk measurement under way before using the last one. */
const DISK_WAIT_MS = 200;

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
 * The disk usage of one project's home: one measurement at a time, taken again when the
 * last is older than four times what it took (so a large home is walked at most a fifth of
 * the time and a small one after every command), and sampled while commands run.
 *
 * @example
 * ```ts
 * const disk = new ProjectDisk(home);
 * if ((await disk.bytes()) > quotaBytes) refuse();
 * ```
 */
export class ProjectDisk {
  /** Last measured usage and when. */
  #last: { bytes: number; at: number } | undefined;
  /** The measurement under way. */
  #walk: Promise<number> | undefined;
  /** How long the last measurement took, in ms. */
  #walkMs = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(readonly home: string) {}

  /** Measures the home (or joins the measurement under way). */
  measure(): Promise<number> {
    const t = Date.now();
    this.#walk ??= measureDisk(this.home).then((bytes) => {
      this.#last = { bytes, at: Date.now() };
      this.#walkMs = Date.now() - t;
      this.#walk = undefined;
      return bytes;
    });
    return this.#walk;
  }

  #stale(): boolean {
    return this.#last === undefined || Date.now() - this.#last.at >= 4 * this.#walkMs;
  }

  /** Measures again in the background when the last measurement is stale. */
  remeasure(): void {
    if (this.#stale()) void this.measure();
  }

  /**
   * The usage as last measured: the first call waits for a measurement; later ones wait for
   * one under way (started when the previous command ended) only where a measurement is
   * quick, and otherwise use the last, so an exec never waits on a walk of a large home
   * (commands over the quota are killed while they run anyway).
   */
  async bytes(): Promise<number> {
    if (this.#last === undefined) return this.measure();
    if (this.#walk === undefined || this.#walkMs > DISK_WAIT_MS) return this.#last.bytes;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((res) => {
      timer = setTimeout(() => res(undefined), DISK_WAIT_MS);
    });
    const bytes = await Promise.race([this.#walk, late]);
    clearTimeout(timer);
    return bytes ?? this.#last.bytes;
  }

  /** Until {@link unwatch}, measures every `pollMs` when stale and reports each measurement. */
  watch(pollMs: number, onMeasured: (bytes: number) => void): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => {
      if (this.#walk !== undefined || !this.#stale()) return;
      void this.measure().then(onMeasured);
    }, pollMs).unref();
  }

  unwatch(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
