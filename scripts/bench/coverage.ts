// npm run bench -- coverage [--count N] [--seed S] [--parts runnable,syntax,typed] [--release 715|735]
//   [--grammar 715|735] [--fflags LIST] [--build DIR] [--compare DIR] [--llvm-bin DIR] [--batch-size N]
//   [--gaps N] [--checker old|new]
// Engine coverage of generated programs against Luau's own conformance files, on Luau built
// for source-based coverage (default ../shared/tools/luau-<release>-coverage, compared with
// ../shared/reference/luau-conformance-<release>; --release 735 also runs every executable
// with the flags of Luau 0.735's own fuzzer, every Luau* flag and the class flags, unless
// --fflags says otherwise), programs of --grammar (default 715), in one run, part by part:
//   runnable  N runnable programs (profile luau), luau -O0 and luau -O2 --codegen: Ast,
//             Compiler, VM, CodeGen;
//   syntax    N syntax-level programs, luau-compile --text -O2: Ast, Compiler;
//   typed     N typed-level programs, luau-analyze --mode=strict with the old solver, then
//             N made for the new one (--checker new) with it (--fflags=LuauSolverV2=true):
//             Ast, Analysis (--checker old or new: that run only).
// Each part prints the tables of `luau-fuzz coverage` (the same library code), the goals
// beside the figures, and its wall time; the runnable part on a release with classes also lists
// the class functions of Ast, Compiler and VM with the lines each side reaches in them, and with
// --gaps N the N functions where the compared files reach code the generated programs do not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatedSample } from '../../src/cli/coverage.js';
import { luau735FuzzerFlags, readLuauFiles, type LuauTools } from '../../src/runtime/index.js';
import {
  coverageBuild,
  coverageModes,
  findLlvmTools,
  formatEngineCoverage,
  formatSetRuns,
  measureEngineCoverage,
  toolComponents,
  type CoverageModeName,
  type LlvmTools,
  type ToolCoverage,
} from '../../src/coverage/index.js';
import { parseGrammar } from '../../src/tree/index.js';
import { benchArgs, sharedPath, type BenchArgs } from './_args.js';
import { classReach, formatClassReach } from './_class-reach.js';
import { functionGaps } from './_function-gap.js';

const usage =
  'usage: npm run bench -- coverage [--count N] [--seed S] [--parts runnable,syntax,typed] ' +
  '[--release 715|735] [--grammar 715|735] [--fflags LIST] [--build DIR] [--compare DIR] ' +
  '[--llvm-bin DIR] [--batch-size N] [--gaps N] [--checker old|new]\n';
const args: BenchArgs = benchArgs('coverage', usage);
const { values, positionals } = args.parse({
  count: { type: 'string', default: '1000' },
  seed: { type: 'string', default: '1' },
  parts: { type: 'string', default: 'runnable,syntax,typed' },
  release: { type: 'string', default: '715' },
  grammar: { type: 'string', default: '715' },
  fflags: { type: 'string' },
  build: { type: 'string' },
  compare: { type: 'string' },
  'llvm-bin': { type: 'string' },
  'batch-size': { type: 'string', default: '50' },
  gaps: { type: 'string', default: '0' },
  checker: { type: 'string' },
});
if (positionals.length > 0) args.fail(`unexpected argument: ${positionals.join(' ')}`);
const count = args.whole('--count', values.count, 1);
const seed = args.whole('--seed', values.seed, 0);
const batchSize = args.whole('--batch-size', values['batch-size'], 1);
const gapsShown = args.whole('--gaps', values.gaps, 0);
const release = parseGrammar(values.release);
if (release === undefined) args.fail(`--release: 715 or 735, not '${values.release}'`);
const grammar = parseGrammar(values.grammar);
if (grammar === undefined) args.fail(`--grammar: 715 or 735, not '${values.grammar}'`);
const buildDir = values.build ?? sharedPath('tools', `luau-${release.name}-coverage`);
const compareDir = values.compare ?? sharedPath('reference', `luau-conformance-${release.name}`);
const flags =
  values.fflags?.split(',').filter((f) => f !== '') ?? (release.classes ? luau735FuzzerFlags : []);

/** How a part's programs run, measured apart from the part's other runs. */
interface Run {
  readonly modes: readonly CoverageModeName[];
  /** The checker typed programs are made for. */
  readonly checker?: 'old' | 'new';
}

/** One part of the bench: a level, how its programs run, and the components it exercises. */
interface Part {
  readonly level: 'runnable' | 'syntax' | 'typed';
  readonly runs: readonly Run[];
  readonly goals: string;
}
const parts: Record<string, Part> = {
  runnable: {
    level: 'runnable',
    runs: [{ modes: ['run-O0', 'run-O2-codegen'] }],
    goals:
      'generated beats conformance in Ast, Compiler, VM and CodeGen; union ≥ conformance + 5 points',
  },
  syntax: {
    level: 'syntax',
    runs: [{ modes: ['compile-O2'] }],
    goals: 'generated beats conformance in Ast and Compiler; union ≥ conformance + 5 points',
  },
  typed: {
    level: 'typed',
    // The old solver (0.715's default), then the new one.
    runs: [
      { modes: ['analyze-strict'], checker: 'old' },
      { modes: ['analyze-strict-new-solver'], checker: 'new' },
    ],
    goals:
      'generated beats conformance in Ast and Analysis (Analysis above conformance); union ≥ conformance + 5 points',
  },
};
if (values.checker !== undefined && values.checker !== 'old' && values.checker !== 'new')
  args.fail(`--checker: old or new, not '${values.checker}'`);
const chosen = values.parts.split(',').map((p) => p.trim());
for (const p of chosen)
  if (parts[p] === undefined) args.fail(`--parts: unknown part '${p}' (runnable, syntax, typed)`);

let build: LuauTools;
let llvm: LlvmTools;
let conformance: { program: string }[];
try {
  build = coverageBuild(buildDir, ['luau', 'luau-compile', 'luau-analyze']);
} catch (e) {
  args.fail(`--build: ${(e as Error).message}`);
}
try {
  llvm = findLlvmTools({ llvmBin: values['llvm-bin'] });
} catch (e) {
  args.fail((e as Error).message);
}
try {
  conformance = readLuauFiles(compareDir);
} catch (e) {
  args.fail(`--compare: ${(e as Error).message}`);
}

const pct = (n: number, of: number): number => (100 * n) / of;

/** The goals, measured on lines: each component above the compared set, and the union's gain. */
function goalLines(tool: ToolCoverage): string[] {
  const out: string[] = [];
  for (const c of tool.components) {
    const l = c.lines;
    const g = pct(l.generated, l.count);
    const k = pct(l.compared ?? 0, l.count);
    const gain = pct(l.union ?? 0, l.count) - k;
    if (c.component === 'total') {
      out.push(
        `  union over conformance (lines, ${tool.components.length - 1} components together): ` +
          `+${gain.toFixed(1)} points (goal ≥ +5.0): ${gain >= 5 ? 'met' : 'not met'}`,
      );
    } else {
      out.push(
        `  ${c.component.padEnd(9)} generated ${g.toFixed(1).padStart(5)} % vs conformance ` +
          `${k.toFixed(1).padStart(5)} % (goal: above): ${g > k ? 'met' : 'not met'}; ` +
          `union gain +${gain.toFixed(1)} points`,
      );
    }
  }
  return out;
}

console.log(
  `coverage bench: ${count} programs of grammar ${grammar.name} per part, seed ${seed}, ` +
    `build ${build.dir}, compared with ${conformance.length} files of ${compareDir}` +
    (flags.length > 0 ? `, every run with --fflags=${flags.join(',')}` : ''),
);
const overall = performance.now();
for (const name of chosen) {
  const part = parts[name]!;
  for (const { modes, checker } of part.runs) {
    if (values.checker !== undefined && checker !== undefined && checker !== values.checker)
      continue;
    const started = performance.now();
    let sample;
    try {
      sample = generatedSample(
        { level: part.level, profile: 'luau', types: true, seed, ...(checker && { checker }) },
        count,
        seed,
        grammar,
      );
    } catch (e) {
      args.fail(`--grammar ${grammar.name}, part ${name}: ${(e as Error).message}`);
    }
    const { programs, unprintable } = sample;
    const generatedIn = performance.now() - started;
    // The class functions are read from the runnable part's profiles, kept for it.
    const classes = part.level === 'runnable' && release.classes;
    const kept =
      part.level === 'runnable' && (classes || gapsShown > 0)
        ? mkdtempSync(join(tmpdir(), 'luau-fuzz-bench-'))
        : undefined;
    const report = await measureEngineCoverage({
      build,
      llvm,
      modes,
      flags,
      generated: programs,
      compared: conformance,
      batchSize,
      keepProfiles: kept,
    });
    const wall = performance.now() - started;
    const how = modes.map((m) => [coverageModes[m].tool, ...coverageModes[m].args].join(' '));
    console.log('');
    console.log(
      `== ${name}: ${programs.length} ${part.level} programs (profile luau` +
        (checker === undefined ? '' : `, --checker ${checker}`) +
        (unprintable > 0 ? `, ${unprintable} unprintable left out` : '') +
        `) vs conformance, run as ${how.join(' + ')}`,
    );
    console.log(
      `generated:\n${formatSetRuns(report.generated)}compared:\n${formatSetRuns(report.compared!)}`,
    );
    process.stdout.write(formatEngineCoverage(report));
    console.log(`goals: ${part.goals}`);
    for (const tool of report.tools) for (const line of goalLines(tool)) console.log(line);
    if (kept !== undefined) {
      const rows = classes
        ? await classReach(
            llvm,
            build.luau,
            [join(kept, 'generated-luau.profdata'), join(kept, 'compared-luau.profdata')],
            ['Ast', 'Compiler', 'VM'],
          )
        : [];
      const gaps =
        gapsShown === 0
          ? []
          : await functionGaps(
              llvm,
              build.luau,
              join(kept, 'compared-luau.profdata'),
              join(kept, 'generated-luau.profdata'),
              toolComponents.luau,
            );
      rmSync(kept, { recursive: true, force: true });
      if (gapsShown > 0) {
        console.log(
          `what conformance reaches and generated programs do not: the ${Math.min(gapsShown, gaps.length)} ` +
            `largest of ${gaps.length} functions (lines, regions, entered by generated programs)`,
        );
        for (const g of gaps.slice(0, gapsShown))
          console.log(
            `  ${String(g.lines).padStart(4)} ${String(g.regions).padStart(4)} ${g.entered ? 'yes' : 'no '} ` +
              `${g.component.padEnd(8)} ${g.name.length > 90 ? `${g.name.slice(0, 87)}...` : g.name}  ${g.where}`,
          );
      }
      if (classes) {
        console.log(
          `class functions of Ast, Compiler and VM (names or files that say class): lines reached`,
        );
        console.log(formatClassReach(rows, ['generated', 'conformance']));
      }
    }
    console.log(
      `wall time: ${(wall / 1000).toFixed(1)} s (generating ${(generatedIn / 1000).toFixed(1)} s, ` +
        `running and reading profiles ${((wall - generatedIn) / 1000).toFixed(1)} s)`,
    );
  }
}
console.log(`\ntotal wall time: ${((performance.now() - overall) / 1000).toFixed(1)} s`);
