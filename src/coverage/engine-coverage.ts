import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CoverageRunOptions } from './coverage-run-options.js';
import { CoverageBuildError, toolPath, type LuauToolName } from './coverage-build.js';
import { coverageModes, type CoverageModeName } from './coverage-modes.js';
import {
  coverageSummary,
  mergeProfiles,
  type ComponentCounts,
  type CoverageCounts,
} from './coverage-summary.js';
import type { LlvmTools } from './llvm-tools.js';
import {
  LuauBatchRunner,
  runToolBatches,
  type LuauBatchProgram,
  type LuauTools,
} from '../runtime/index.js';

/**
 * The components reported per executable: what its runs exercise (`luau` parses, compiles
 * and runs; `luau-compile` parses and compiles; `luau-analyze` parses and type checks).
 * `Bytecode` (the bytecode builder and its analyses, in `Compiler` before 0.735) and
 * `Inliner` (the JIT inliner, `--jit-inliner`) are folders of their own since 0.735: a build
 * without them reports none.
 *
 * @example
 * ```ts
 * toolComponents['luau-analyze']; // ['Ast', 'Analysis']
 * ```
 */
export const toolComponents: Readonly<Record<LuauToolName, readonly string[]>> = {
  luau: ['Ast', 'Compiler', 'Bytecode', 'VM', 'CodeGen', 'Inliner'],
  'luau-compile': ['Ast', 'Compiler', 'Bytecode'],
  'luau-analyze': ['Ast', 'Analysis'],
};

/** Options of {@link measureEngineCoverage}. */
export interface EngineCoverageOptions extends CoverageRunOptions {
  /** The coverage build's executables (see `coverageBuild`). */
  readonly build: LuauTools;
  /** `llvm-profdata` and `llvm-cov` (see `findLlvmTools`). */
  readonly llvm: LlvmTools;
  /** How every program runs; each mode's runs count. */
  readonly modes: readonly CoverageModeName[];
  /**
   * Flags every executable runs with, after each mode's options, as `--fflags=` takes them
   * (`['true', 'DebugLuauUserDefinedClasses=true', …]`, see `luau735FuzzerFlags`). Default:
   * none.
   */
  readonly flags?: readonly string[] | undefined;
  /** The generated programs. */
  readonly generated: readonly LuauBatchProgram[];
  /** Programs to compare with (e.g. Luau's conformance files). Default: none. */
  readonly compared?: readonly LuauBatchProgram[] | undefined;
  /** Programs per process. Default 50. */
  readonly batchSize?: number | undefined;
  /** Called as each step starts (`generated: run-O0`). Default: none. */
  readonly onStep?: ((step: string) => void) | undefined;
  /**
   * A folder to keep each set's merged profile in (`generated-luau.profdata`,
   * `compared-luau.profdata`, …), for reading further with llvm-cov. Default: none kept.
   */
  readonly keepProfiles?: string | undefined;
}

/** How the programs of one set ended, per mode: counts per status (`ok`, `error`, `crash`, `timeout`, …). */
export interface SetRuns {
  /** Programs in the set. */
  readonly programs: number;
  /** Per mode, programs per status. */
  readonly modes: Partial<Record<CoverageModeName, Record<string, number>>>;
}

/**
 * Lines or branches of one component: instrumented, covered by each set and by both, and
 * covered by one set and not by the other. Merged profiles add their counters, so a line of
 * the union is covered by one set or the other, and `onlyGenerated` = `union` − `compared`.
 */
export interface CoverageComparison {
  /** Instrumented lines (branch directions). */
  readonly count: number;
  /** Covered by the generated programs. */
  readonly generated: number;
  /** Covered by the compared programs (when there are). */
  readonly compared?: number;
  /** Covered by either. */
  readonly union?: number;
  /** Covered by the generated programs and not by the compared ones. */
  readonly onlyGenerated?: number;
  /** Covered by the compared programs and not by the generated ones. */
  readonly onlyCompared?: number;
}

/** One component's line and branch coverage in one executable (or `total`: the listed ones together). */
export interface ComponentCoverage {
  readonly component: string;
  readonly lines: CoverageComparison;
  readonly branches: CoverageComparison;
}

/** What the runs of one executable covered. */
export interface ToolCoverage {
  readonly tool: LuauToolName;
  readonly executable: string;
  /** The modes that ran it. */
  readonly modes: readonly CoverageModeName[];
  /** The components of {@link toolComponents}, then `total`. */
  readonly components: readonly ComponentCoverage[];
}

/** What {@link measureEngineCoverage} measured. */
export interface EngineCoverage {
  /** The build's folder. */
  readonly build: string;
  readonly modes: readonly CoverageModeName[];
  readonly generated: SetRuns;
  readonly compared?: SetRuns;
  readonly tools: readonly ToolCoverage[];
}

const zero: CoverageCounts = {
  lines: { covered: 0, count: 0 },
  branches: { covered: 0, count: 0 },
};

function total(byComponent: ComponentCounts, names: readonly string[]): CoverageCounts {
  const t = { lines: { covered: 0, count: 0 }, branches: { covered: 0, count: 0 } };
  for (const name of names) {
    const c = byComponent[name] ?? zero;
    t.lines.covered += c.lines.covered;
    t.lines.count += c.lines.count;
    t.branches.covered += c.branches.covered;
    t.branches.count += c.branches.count;
  }
  return t;
}

function compare(
  kind: 'lines' | 'branches',
  generated: CoverageCounts,
  compared: CoverageCounts | undefined,
  union: CoverageCounts | undefined,
): CoverageComparison {
  const g = generated[kind].covered;
  if (compared === undefined || union === undefined)
    return { count: generated[kind].count, generated: g };
  const c = compared[kind].covered;
  const u = union[kind].covered;
  return {
    count: union[kind].count,
    generated: g,
    compared: c,
    union: u,
    onlyGenerated: u - c,
    onlyCompared: u - g,
  };
}

/**
 * Runs programs on a Luau build made for source-based coverage (`make config=coverage`) and
 * reports line and branch coverage per component (Ast, Compiler, VM, CodeGen, Analysis) of each
 * executable the modes use: for the generated programs, for the compared ones, for both
 * together, and what each set reaches that the other does not. Each process writes its
 * counters where `LLVM_PROFILE_FILE` says (`%4m`: merged online into four files per
 * executable and set); `llvm-profdata merge -sparse` merges them and `llvm-cov export
 * -summary-only` gives the totals per source file. A program that crashes or times out is
 * split from the others, whose profiles count; its own is lost (a process killed by a signal
 * writes none).
 *
 * @throws {@link CoverageBuildError} when an executable wrote no profile.
 * @example
 * ```ts
 * const report = await measureEngineCoverage({
 *   build: coverageBuild(dir, ['luau']), llvm: findLlvmTools(),
 *   modes: ['run-O0', 'run-O2-codegen'], generated: [{ program: 'print(1)' }],
 * });
 * report.tools[0]?.components.find((c) => c.component === 'VM')?.lines.generated;
 * ```
 */
export async function measureEngineCoverage(
  options: EngineCoverageOptions,
): Promise<EngineCoverage> {
  const { build, modes } = options;
  if (options.generated.length === 0) throw new RangeError('no generated programs to run');
  if (options.compared?.length === 0) throw new RangeError('no programs to compare with');
  const tools = [...new Set(modes.map((m) => coverageModes[m].tool))];
  const sets: ProgramSet[] = [{ name: 'generated', programs: options.generated }];
  if (options.compared !== undefined) sets.push({ name: 'compared', programs: options.compared });
  const work = mkdtempSync(join(options.tmpDir ?? tmpdir(), 'luau-fuzz-coverage-'));
  try {
    const runs: Partial<Record<ProgramSet['name'], SetRuns>> = {};
    for (const set of sets) runs[set.name] = await runSet(options, set, work);
    const results: ToolCoverage[] = [];
    for (const tool of tools) results.push(await toolCoverage(options, tool, sets, work));
    return {
      build: build.dir,
      modes,
      generated: runs.generated!,
      ...(runs.compared === undefined ? {} : { compared: runs.compared }),
      tools: results,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The programs of one side of a coverage run. */
interface ProgramSet {
  readonly name: 'generated' | 'compared';
  readonly programs: readonly LuauBatchProgram[];
}

/**
 * Runs a set's programs in every mode, each executable's profiles in `work/profiles/SET/TOOL`;
 * how they ended, per mode.
 */
async function runSet(
  options: EngineCoverageOptions,
  set: ProgramSet,
  work: string,
): Promise<SetRuns> {
  const { build } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = options.concurrency ?? 2;
  const batchSize = options.batchSize ?? 50;
  const flags = options.flags?.length ? [`--fflags=${options.flags.join(',')}`] : [];
  const runner = new LuauBatchRunner(set.programs, work);
  // The type checker reads files of its own, whose module names are locals.
  let checkRunner: LuauBatchRunner | undefined;
  const filesFor = (tool: LuauToolName) => {
    if (tool !== 'luau-analyze') return runner;
    checkRunner ??= new LuauBatchRunner(set.programs, work, true);
    return checkRunner;
  };
  const byMode: SetRuns['modes'] = {};
  try {
    for (const mode of options.modes) {
      options.onStep?.(`${set.name}: ${mode} (${set.programs.length} programs)`);
      const tool = coverageModes[mode].tool;
      const args = [...coverageModes[mode].args, ...flags];
      const profiles = join(work, 'profiles', set.name, tool);
      mkdirSync(profiles, { recursive: true });
      const env = { LLVM_PROFILE_FILE: join(profiles, '%4m.profraw') };
      const statuses =
        tool === 'luau'
          ? (
              await runner.run(
                { luau: build.luau, args, env },
                { timeoutMs, concurrency, batchSize },
              )
            ).map((o) => o.status)
          : await runToolBatches([toolPath(build, tool), ...args], filesFor(tool).files(), {
              cwd: filesFor(tool).dir,
              env,
              timeoutMs,
              batchSize,
              concurrency,
            });
      const counts: Record<string, number> = {};
      for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
      byMode[mode] = counts;
    }
  } finally {
    runner.close();
    checkRunner?.close();
  }
  return { programs: set.programs.length, modes: byMode };
}

/** The merged profile of a set's runs of `tool`, and its counts per component. */
async function mergedSet(
  options: EngineCoverageOptions,
  tool: LuauToolName,
  set: ProgramSet,
  work: string,
): Promise<{ merged: string; counts: ComponentCounts }> {
  const executable = toolPath(options.build, tool);
  const dir = join(work, 'profiles', set.name, tool);
  const raw = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.profraw'))
        .map((f) => join(dir, f))
    : [];
  if (raw.length === 0)
    throw new CoverageBuildError(
      `${executable} wrote no coverage profile (LLVM_PROFILE_FILE=${join(dir, '%4m.profraw')}): ` +
        'is it a coverage build (make config=coverage)?',
    );
  const merged = join(options.keepProfiles ?? work, `${set.name}-${tool}.profdata`);
  await mergeProfiles(options.llvm, raw, merged);
  return { merged, counts: await coverageSummary(options.llvm, executable, merged) };
}

/** What `tool`'s runs of each set cover, per component, and of both sets together. */
async function toolCoverage(
  options: EngineCoverageOptions,
  tool: LuauToolName,
  sets: readonly ProgramSet[],
  work: string,
): Promise<ToolCoverage> {
  const { llvm, modes } = options;
  options.onStep?.(`${tool}: merging profiles`);
  const executable = toolPath(options.build, tool);
  const merged: string[] = [];
  const counts: ComponentCounts[] = [];
  for (const set of sets) {
    const one = await mergedSet(options, tool, set, work);
    merged.push(one.merged);
    counts.push(one.counts);
  }
  let union: ComponentCounts | undefined;
  if (merged.length === 2) {
    const out = join(work, `union-${tool}.profdata`);
    await mergeProfiles(llvm, merged, out);
    union = await coverageSummary(llvm, executable, out);
  }
  // The components the build has (a folder of a later release is absent from an older one).
  const names = toolComponents[tool].filter(
    (n) => !['Bytecode', 'Inliner'].includes(n) || counts.some((c) => c[n] !== undefined),
  );
  const row = (component: string, pick: (c: ComponentCounts) => CoverageCounts) => ({
    component,
    lines: compare('lines', pick(counts[0]!), counts[1] && pick(counts[1]), union && pick(union)),
    branches: compare(
      'branches',
      pick(counts[0]!),
      counts[1] && pick(counts[1]),
      union && pick(union),
    ),
  });
  return {
    tool,
    executable,
    modes: modes.filter((m) => coverageModes[m].tool === tool),
    components: [
      ...names.map((n) => row(n, (c) => c[n] ?? zero)),
      row('total', (c) => total(c, names)),
    ],
  };
}
