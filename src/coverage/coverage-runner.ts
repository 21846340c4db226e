import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMarker,
  runLuauBatch,
  type BatchResult,
  type Marker,
} from '../../runner/luau-batch.mjs';
import { modulePrelude } from '../../runner/protocol.mjs';
import type { LuauBatchProgram, LuauEngine } from '../runtime/index.js';
import type { CoverageRunOptions } from './coverage-run-options.js';
import { CounterMap } from './counter-map.js';
import { profileReach, readRawProfile, type ProfileReach } from './raw-profile.js';

/**
 * Options of a {@link CoverageRunner}: the `luau` executable of a coverage build
 * (`make config=coverage`) and its options, and how programs run on it.
 */
export interface CoverageRunnerOptions extends CoverageRunOptions, Omit<LuauEngine, 'env'> {
  /** Bytes of output one program may print before it is stopped. Default 16 MiB. */
  readonly maxOutputBytes?: number | undefined;
  /**
   * Programs run together in one process first; only when that process reaches a counter
   * the map has not, its programs run again one per process to learn which reached it.
   * 1 runs every program alone. Default 1.
   */
  readonly groupSize?: number | undefined;
  /** What was reached before (a resumed campaign). Default: nothing. */
  readonly map?: CounterMap | undefined;
}

/** What one program did on the coverage build, and the counters it reached first. */
export interface CoverageOutcome {
  /** How it ended and what it printed, as the `luau-cli` runtime reports it. */
  readonly result: BatchResult;
  /** Indices of the counters it reached that no program before it did. */
  readonly firstCounters: readonly number[];
}

/** Time spent reading profiles and updating the map, over every run so far. */
export interface CoverageReadStats {
  /** Profiles read. */
  readonly profiles: number;
  /** Milliseconds (wall clock) spent reading them and updating the map. */
  readonly ms: number;
  /** Milliseconds of this process's CPU time spent on the same (apart from other load). */
  readonly cpuMs: number;
  /** Processes started (groups, and programs run again alone). */
  readonly processes: number;
}

/**
 * Runs programs on a `luau` built for coverage and tells, per program, which counters it
 * reached first: each process writes its own raw profile (`LLVM_PROFILE_FILE`), read here
 * directly ({@link readRawProfile}) into one {@link CounterMap} of everything reached so far.
 * A program's counters are those of its own process: with `groupSize` above 1, a group runs in
 * one process, and only a group that reached something new runs again one program per process
 * (a group that reached nothing new holds no program that did).
 *
 * @example
 * ```ts
 * const runner = new CoverageRunner({ luau: '../shared/tools/luau-715-coverage/luau', args: ['-O2'] });
 * const [a, b] = await runner.run([{ program: 'print(1)' }, { program: 'print(("x"):rep(3))' }]);
 * b.firstCounters.length; // > 0: string.rep's code
 * runner.close();
 * ```
 */
export class CoverageRunner {
  /** Everything reached so far. */
  readonly map: CounterMap;
  readonly #options: CoverageRunnerOptions;
  readonly #dir: string;
  readonly #marker: Marker;
  // The counters of every profile are read here, then kept only as the indices reached.
  readonly #scratch = Buffer.allocUnsafeSlow(1 << 20);
  #next = 0;
  #stats = { profiles: 0, ms: 0, cpuMs: 0, processes: 0 };

  constructor(options: CoverageRunnerOptions) {
    this.#options = options;
    this.map = options.map ?? new CounterMap();
    this.#dir = mkdtempSync(join(options.tmpDir ?? tmpdir(), 'luau-fuzz-coverage-'));
    this.#marker = createMarker();
    writeFileSync(join(this.#dir, this.#marker.file), this.#marker.source);
  }

  /** Profiles read, time spent on them, processes started. */
  get stats(): CoverageReadStats {
    return { ...this.#stats };
  }

  /**
   * Runs the programs in order of the map's growth: a program's first counters are those no
   * program of an earlier call, nor an earlier program of this call, reached.
   */
  async run(programs: readonly LuauBatchProgram[]): Promise<CoverageOutcome[]> {
    const files = programs.map((p) => this.#write(p));
    const group = Math.max(1, this.#options.groupSize ?? 1);
    const groups: number[][] = [];
    for (let i = 0; i < files.length; i += group)
      groups.push(Array.from({ length: Math.min(group, files.length - i) }, (_, k) => i + k));
    const results = new Array<BatchResult>(files.length);
    const profiles = new Array<ProfileReach[]>(files.length);
    const groupProfiles = new Array<ProfileReach[]>(groups.length);
    await this.#parallel(groups.length, async (g) => {
      const indexes = groups[g]!;
      const run = await this.#runProcess(indexes.map((i) => files[i]!.file));
      indexes.forEach((i, k) => (results[i] = run.results[k]!));
      if (indexes.length === 1) profiles[indexes[0]!] = run.profiles;
      else groupProfiles[g] = run.profiles;
    });
    // Groups that reached something new: their programs again, one per process.
    const again = groups.flatMap((indexes, g) =>
      indexes.length > 1 && groupProfiles[g]!.some((p) => this.#reachesNew(p)) ? indexes : [],
    );
    await this.#parallel(again.length, async (k) => {
      const i = again[k]!;
      profiles[i] = (await this.#runProcess([files[i]!.file])).profiles;
    });
    const outcomes = results.map((result, i) => {
      const first = this.#timed(() => (profiles[i] ?? []).flatMap((p) => this.map.add(p)));
      return { result, firstCounters: first.sort((a, b) => a - b) };
    });
    // What only programs together reached counts as reached, though no program owns it.
    for (const ps of groupProfiles) for (const p of ps ?? []) this.map.add(p);
    for (const { dir } of files) rmSync(dir, { recursive: true, force: true });
    return outcomes;
  }

  /**
   * Removes the programs' and profiles' files.
   *
   * @example
   * ```ts
   * runner.close();
   * ```
   */
  close(): void {
    rmSync(this.#dir, { recursive: true, force: true });
  }

  #write(p: LuauBatchProgram): { dir: string; file: string } {
    const name = `d${this.#next++}`;
    const dir = join(this.#dir, name);
    mkdirSync(dir);
    const hasModule = p.module !== undefined;
    writeFileSync(join(dir, 'program.luau'), hasModule ? modulePrelude + p.program : p.program);
    if (hasModule) writeFileSync(join(dir, 'module0.luau'), p.module);
    return { dir, file: `${name}/program.luau` };
  }

  #reachesNew(profile: ProfileReach): boolean {
    return this.#timed(() => this.map.countNew(profile) > 0);
  }

  async #runProcess(
    entries: string[],
  ): Promise<{ results: BatchResult[]; profiles: ProfileReach[] }> {
    const profileDir = mkdtempSync(join(this.#dir, 'p'));
    const maxOutputBytes = this.#options.maxOutputBytes ?? 16 * 1024 * 1024;
    try {
      this.#stats.processes++;
      const results = await runLuauBatch(entries, {
        argv: (files) => [this.#options.luau, ...this.#options.args, ...files],
        cwd: this.#dir,
        marker: this.#marker,
        timeoutMs: this.#options.timeoutMs ?? 10_000,
        keepBytes: maxOutputBytes,
        maxOutputBytes,
        // `%p`: a batch split around a crash runs in several processes, each its own file.
        env: { ...process.env, LLVM_PROFILE_FILE: join(profileDir, '%p.profraw') },
      });
      const profiles = this.#timed(() =>
        readdirSync(profileDir)
          // A process killed (its program timed out) as it began its profile leaves it empty.
          .filter((f) => statSync(join(profileDir, f)).size > 0)
          .map((f) => profileReach(readRawProfile(join(profileDir, f), this.#scratch))),
      );
      this.#stats.profiles += profiles.length;
      return { results, profiles };
    } finally {
      rmSync(profileDir, { recursive: true, force: true });
    }
  }

  #timed<T>(work: () => T): T {
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      return work();
    } finally {
      const used = process.cpuUsage(cpu);
      this.#stats.cpuMs += (used.user + used.system) / 1000;
      this.#stats.ms += performance.now() - started;
    }
  }

  async #parallel(count: number, work: (i: number) => Promise<void>): Promise<void> {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < count) await work(next++);
    };
    await Promise.all(Array.from({ length: this.#options.concurrency ?? 2 }, worker));
  }
}
