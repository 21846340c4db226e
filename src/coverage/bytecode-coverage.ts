import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Distinct opcodes and builtins a sample of sources compiles to, with their counts. */
export interface BytecodeCoverage {
  /** Sources compiled. */
  sources: number;
  /** Sources the compiler rejected (their errors, first few, are in `errors`). */
  compileErrors: number;
  /** The first compiler error messages. */
  errors: string[];
  /** Instructions per opcode mnemonic (`ADDK`, `FASTCALL2K`, …), most frequent first. */
  opcodes: Record<string, number>;
  /** Fast-call sites per builtin and argument count (`math.abs/1`), most frequent first. */
  builtins: Record<string, number>;
}

/** Options of {@link bytecodeCoverage}. */
export interface BytecodeCoverageOptions {
  /** Path of the `luau-compile` executable. */
  readonly luauCompile: string;
  /** Optimisation level. Default 2. */
  readonly optimize?: 0 | 1 | 2;
  /** Sources per compiler process. Default 200. */
  readonly batchSize?: number;
}

// An instruction line starts with its mnemonic, after an optional jump label (`L3: `); source
// lines are indented and `Function 0 (name):` headers are not upper case.
const instruction = /^(?:L\d+: )?([A-Z][A-Z0-9_]*)(?: |$)/;
const builtinRemark = /^REMARK builtin (\S+)/;

function bump(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * Counts opcodes and builtins in a `luau-compile --text` listing: an opcode is the mnemonic at
 * the start of an instruction line, a builtin the name of a `REMARK builtin NAME` line.
 *
 * @example
 * ```ts
 * const { opcodes, builtins } = countListing('REMARK builtin math.abs/1\nFASTCALL1 2 R2 L0\n');
 * // opcodes: Map { 'FASTCALL1' => 1 }, builtins: Map { 'math.abs/1' => 1 }
 * ```
 */
export function countListing(
  listing: string,
  into: { opcodes: Map<string, number>; builtins: Map<string, number> } = {
    opcodes: new Map(),
    builtins: new Map(),
  },
): { opcodes: Map<string, number>; builtins: Map<string, number> } {
  for (const line of listing.split('\n')) {
    const remark = builtinRemark.exec(line);
    if (remark !== null) {
      bump(into.builtins, remark[1] as string);
      continue;
    }
    const op = instruction.exec(line);
    if (op !== null && op[1] !== 'REMARK') bump(into.opcodes, op[1] as string);
  }
  return into;
}

function compile(
  luauCompile: string,
  args: readonly string[],
  cwd: string,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(luauCompile, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => reject(new Error(`cannot run ${luauCompile}: ${e.message}`)));
    child.on('close', (code, signal) => {
      const stderr = Buffer.concat(err).toString('latin1');
      if (signal !== null || (code !== 0 && code !== 1)) {
        reject(
          new Error(`${luauCompile} ended with ${signal ?? `exit status ${code}`}: ${stderr}`),
        );
        return;
      }
      resolve({ stdout: Buffer.concat(out).toString('latin1'), stderr });
    });
  });
}

function sortedRecord(counts: Map<string, number>): Record<string, number> {
  return Object.fromEntries(
    [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  );
}

/**
 * Compiles every source with `luau-compile --text` (many files per process) and counts the
 * distinct opcodes and fast-call builtins of the whole sample: how much of the VM and of the
 * builtin library a set of programs can reach.
 *
 * @example
 * ```ts
 * const c = await bytecodeCoverage(sources, { luauCompile: '../shared/tools/luau-715/luau-compile' });
 * console.log(Object.keys(c.opcodes).length, Object.keys(c.builtins).length);
 * ```
 */
export async function bytecodeCoverage(
  sources: readonly string[],
  options: BytecodeCoverageOptions,
): Promise<BytecodeCoverage> {
  const batchSize = options.batchSize ?? 200;
  const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-compile-'));
  const counts = { opcodes: new Map<string, number>(), builtins: new Map<string, number>() };
  const failed = new Set<number>();
  const errors: string[] = [];
  try {
    sources.forEach((s, i) => writeFileSync(join(dir, `s${i}.luau`), s));
    for (let i = 0; i < sources.length; i += batchSize) {
      const files = Array.from(
        { length: Math.min(batchSize, sources.length - i) },
        (_, k) => `s${i + k}.luau`,
      );
      const r = await compile(
        options.luauCompile,
        ['--text', `-O${options.optimize ?? 2}`, ...files],
        dir,
      );
      countListing(r.stdout, counts);
      for (const line of r.stderr.split('\n')) {
        const m = /\bs(\d+)\.luau\(/.exec(line);
        if (m === null) continue;
        failed.add(Number(m[1]));
        if (errors.length < 10) errors.push(line);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    sources: sources.length,
    compileErrors: failed.size,
    errors,
    opcodes: sortedRecord(counts.opcodes),
    builtins: sortedRecord(counts.builtins),
  };
}
