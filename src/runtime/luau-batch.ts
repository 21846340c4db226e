import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One program for {@link LuauBatchRunner}: its source and, when it has one, its module's. */
export interface LuauBatchProgram {
  readonly program: string;
  readonly module?: string | undefined;
}

/** How a `luau` executable is run: its path and options (`-O2`, `--codegen`, …). */
export interface LuauEngine {
  /** Path of the `luau` executable. */
  readonly luau: string;
  /** Options placed before the files, e.g. `['-O0']` or `['-O2', '--codegen']`. */
  readonly args: readonly string[];
}

/** What one program did in a batch. */
export interface LuauBatchOutcome {
  /**
   * `ok`: ran to the end; `error`: the CLI reported a compile or runtime error naming the
   * program (exit status 1 when run alone); `crash`: the process died of a signal or an
   * unexpected exit status with the program alone in it; `timeout`: it ran past the limit alone;
   * `output-limit`: it printed more than the limit alone (its output is cut there).
   */
  readonly status: 'ok' | 'error' | 'crash' | 'timeout' | 'output-limit';
  /** Everything the program printed. */
  readonly stdout: string;
  /** The lines of standard error naming the program (its error message and stack frames). */
  readonly error: string;
}

/** Options of {@link LuauBatchRunner.run}. */
export interface LuauBatchOptions {
  /** Programs per process. Default 100. */
  readonly batchSize?: number;
  /** Processes at a time. Default 2. */
  readonly concurrency?: number;
  /** Wall-clock limit of one process, in ms. Default 20000. */
  readonly timeoutMs?: number;
  /** Bytes of standard output one process may print before it is stopped. Default 16 MiB. */
  readonly maxOutputBytes?: number;
}

interface ProcessResult {
  readonly code: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly overflow: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

// A program's files: `d<i>/program.luau` and `d<i>/module0.luau`. The program is prefixed on its
// first line (so line numbers stay) with the same locals the command runner gives it.
const modulePrefix = 'local module0, module1 = "./module0", "./module0"; ';
const namePattern = /\bd(\d+)\/(?:program|module0)\.luau\b/g;

function runProcess(
  engine: LuauEngine,
  cwd: string,
  files: readonly string[],
  timeoutMs: number,
  maxOutputBytes: number,
): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(engine.luau, [...engine.args, ...files], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    let overflow = false;
    let outBytes = 0;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (b: Buffer) => {
      if (overflow) return;
      outBytes += b.length;
      if (outBytes > maxOutputBytes) {
        overflow = true;
        child.kill('SIGKILL');
        out.push(b.subarray(0, b.length - (outBytes - maxOutputBytes)));
        return;
      }
      out.push(b);
    });
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({
        code: null,
        signal: null,
        timedOut: false,
        overflow: false,
        stdout: '',
        stderr: `cannot start ${engine.luau}: ${e.message}`,
      });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        timedOut,
        overflow,
        stdout: Buffer.concat(out).toString('latin1'),
        stderr: Buffer.concat(err).toString('latin1'),
      });
    });
  });
}

/**
 * Runs many programs with the Luau command-line VM, many files per process: the `luau` CLI
 * runs each file it is given in its own sandboxed thread of one VM, prints outputs in order
 * and reports errors on standard error naming the file. A marker file after every program
 * splits the output; an error is the program's when standard error names its file. A process
 * that crashes, exits unexpectedly or runs past the limit is split in halves and re-run until
 * the program at fault is alone, so one bad program never costs the others their outcome.
 * The files are written once and serve every engine run.
 *
 * @example
 * ```ts
 * const batch = new LuauBatchRunner([{ program: 'print(1 + 1)' }]);
 * const [o] = await batch.run({ luau: '../shared/tools/luau-715/luau', args: ['-O2'] });
 * batch.close(); // o.stdout === '2\n'
 * ```
 */
export class LuauBatchRunner {
  /** The programs' directory (removed by {@link close}). */
  readonly dir: string;
  readonly #count: number;
  readonly #marker: string;

  constructor(programs: readonly LuauBatchProgram[], tmpDir: string = tmpdir()) {
    this.dir = mkdtempSync(join(tmpDir, 'luau-fuzz-batch-'));
    this.#count = programs.length;
    // A fresh random line per batch: no generated program prints it.
    this.#marker = `luau-fuzz-end-${randomBytes(12).toString('hex')}\n`;
    writeFileSync(join(this.dir, 'mark.luau'), `print(${JSON.stringify(this.#marker.trim())})\n`);
    programs.forEach((p, i) => {
      const d = join(this.dir, `d${i}`);
      mkdirSync(d);
      const hasModule = p.module !== undefined;
      writeFileSync(join(d, 'program.luau'), hasModule ? modulePrefix + p.program : p.program);
      if (hasModule) writeFileSync(join(d, 'module0.luau'), p.module);
    });
  }

  /**
   * Runs every program with `engine` and resolves to their outcomes, in program order.
   *
   * @example
   * ```ts
   * const o0 = await batch.run({ luau, args: ['-O0'] }, { batchSize: 200 });
   * ```
   */
  async run(engine: LuauEngine, options: LuauBatchOptions = {}): Promise<LuauBatchOutcome[]> {
    const batchSize = options.batchSize ?? 100;
    const concurrency = options.concurrency ?? 2;
    const timeoutMs = options.timeoutMs ?? 20_000;
    const maxOutputBytes = options.maxOutputBytes ?? 16 * 1024 * 1024;
    const outcomes: LuauBatchOutcome[] = new Array<LuauBatchOutcome>(this.#count);
    const pending: number[][] = [];
    for (let i = 0; i < this.#count; i += batchSize) {
      pending.push(Array.from({ length: Math.min(batchSize, this.#count - i) }, (_, k) => i + k));
    }
    const runRange = async (indexes: number[]): Promise<void> => {
      const files = indexes.flatMap((i) => [`d${i}/program.luau`, 'mark.luau']);
      const r = await runProcess(engine, this.dir, files, timeoutMs, maxOutputBytes);
      const chunks = r.stdout.split(this.#marker);
      const named = new Map<number, string[]>();
      for (const line of r.stderr.split('\n')) {
        for (const m of line.matchAll(namePattern)) {
          const i = Number(m[1]);
          const lines = named.get(i) ?? [];
          if (lines[lines.length - 1] !== line) lines.push(line);
          named.set(i, lines);
        }
      }
      // Exit status 0, or 1 with every error named: the batch ran to the end.
      const complete =
        !r.timedOut &&
        !r.overflow &&
        chunks.length === indexes.length + 1 &&
        (r.code === 0 || (r.code === 1 && named.size > 0));
      if (complete) {
        indexes.forEach((i, k) => {
          const lines = named.get(i);
          outcomes[i] = {
            status: lines === undefined ? 'ok' : 'error',
            stdout: chunks[k] ?? '',
            error: lines?.join('\n') ?? '',
          };
        });
        return;
      }
      if (indexes.length === 1) {
        const i = indexes[0] as number;
        outcomes[i] = {
          status: r.timedOut
            ? 'timeout'
            : r.overflow
              ? 'output-limit'
              : r.code === 1
                ? 'error'
                : 'crash',
          stdout: chunks[0] ?? '',
          error: r.stderr.slice(0, 2000) + (r.signal === null ? '' : `\nsignal ${r.signal}`),
        };
        return;
      }
      const half = Math.ceil(indexes.length / 2);
      await runRange(indexes.slice(0, half));
      await runRange(indexes.slice(half));
    };
    const worker = async (): Promise<void> => {
      for (let batch = pending.shift(); batch !== undefined; batch = pending.shift()) {
        await runRange(batch);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    return outcomes;
  }

  /**
   * Removes the programs' files.
   *
   * @example
   * ```ts
   * batch.close();
   * ```
   */
  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Whether two outcomes of one program differ in what a differential test compares: how it
 * ended (ran to the end, error, crash, timeout) or what it printed.
 *
 * @example
 * ```ts
 * const detected = batchOutcomesDiffer(reference[i]!, faulty[i]!);
 * ```
 */
export function batchOutcomesDiffer(a: LuauBatchOutcome, b: LuauBatchOutcome): boolean {
  return a.status !== b.status || a.stdout !== b.stdout;
}
