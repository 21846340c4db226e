// npm run bench -- vs-luau-fuzzer [--minutes T] [--seed S] [--workers N] [--jobs N]
//   [--luau-git DIR] [--mutator-git DIR] [--build DIR] [--tools DIR] [--llvm-bin DIR]
//   [--luau-corpus DIR] [--gaps N] [--fault-programs N] [--coverage-programs N] [--together]
//   [--out DIR] [--measure DIR]
// Luau's own fuzzer against luau-fuzz, in the same T minutes (default 10) on the same cores:
//   1. builds Luau's `fuzz-proto` at release 0.715 as its Makefile does (cached under
//      ~/.cache/luau-fuzz/luau-fuzzer-715/COMMIT; a missing tool is named with the apt-get line
//      that installs it);
//   2. runs it T minutes (libFuzzer fork mode, --workers processes) from the empty tree (Luau
//      gives the protobuf fuzzer no seed corpus) and prints its corpus with the compat printer;
//   3. runs `luau-fuzz run --duration T` blind and guided (runnable, profile luau, --workers);
//   4. measures the three program sets on the coverage build (luau -O0 and -O2 --codegen,
//      lines and branches of Ast, Compiler, VM, CodeGen) and against the faulty builds of the
//      tools folder's mutants/ (found: a program whose outcome differs from the sound build's at
//      -O2 or at -O2 --codegen, a crash included; at most --fault-programs of a set, default
//      5000, evenly spaced over it), and prints one table with the ratios and the
//      machine's load; --coverage-programs N measures the coverage of at most N programs of a
//      luau-fuzz set, evenly spaced (a lower bound of its reach; Luau's fuzzer's corpus is
//      always measured whole);
//   5. lists the functions where Luau's fuzzer reaches code neither luau-fuzz set reaches.
// --luau-corpus DIR measures a corpus of an earlier run of Luau's fuzzer instead of steps 1–2.
// --measure DIR measures the three sets an earlier run left in its --out DIR (steps 4–5 only).
// --together runs the three arms at once, so that each meets the same load on the same cores.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GENERATOR_VERSION, luauArbitraries } from '../../src/arbitrary/index.js';
import { corpusPrograms } from '../../src/campaign/guided/index.js';
import { generatePrograms } from '../../src/campaign/index.js';
import { generatorOptions } from '../../src/cli/generator-options.js';
import { packageRoot } from '../../src/package-root.js';
import {
  batchOutcomesDiffer,
  LuauBatchRunner,
  luauTools,
  type LuauBatchOutcome,
  type LuauBatchProgram,
  type LuauTools,
} from '../../src/runtime/index.js';
import {
  coverageBuild,
  findLlvmTools,
  measureEngineCoverage,
  mergeProfiles,
  toolComponents,
  type ComponentCoverage,
  type LlvmTools,
} from '../../src/coverage/index.js';
import { benchArgs, sharedPath, type BenchArgs } from './_args.js';
import { functionGaps } from './_function-gap.js';
import {
  buildLuauFuzzer,
  fuzzerCache,
  fuzzerPrograms,
  FuzzerSetupError,
  runLuauFuzzer,
} from './_luau-fuzzer.js';

const usage =
  'usage: npm run bench -- vs-luau-fuzzer [--minutes T] [--seed S] [--workers N] [--jobs N] ' +
  '[--luau-git DIR] [--mutator-git DIR] [--build DIR] [--tools DIR] [--llvm-bin DIR] ' +
  '[--luau-corpus DIR] [--gaps N] [--fault-programs N] [--coverage-programs N] [--together] ' +
  '[--out DIR] [--measure DIR]\n';
const args: BenchArgs = benchArgs('vs-luau-fuzzer', usage);
const { values, positionals } = args.parse({
  minutes: { type: 'string', default: '10' },
  seed: { type: 'string', default: '1' },
  workers: { type: 'string', default: '2' },
  jobs: { type: 'string', default: '2' },
  'luau-git': { type: 'string', default: join(fuzzerCache, 'git', 'luau.git') },
  'mutator-git': { type: 'string', default: join(fuzzerCache, 'git', 'libprotobuf-mutator.git') },
  build: { type: 'string', default: sharedPath('tools', 'luau-715-coverage') },
  tools: { type: 'string', default: sharedPath('tools', 'luau-715') },
  'llvm-bin': { type: 'string' },
  'luau-corpus': { type: 'string' },
  gaps: { type: 'string', default: '30' },
  'fault-programs': { type: 'string', default: '5000' },
  'coverage-programs': { type: 'string', default: '0' },
  together: { type: 'boolean', default: false },
  out: { type: 'string' },
  measure: { type: 'string' },
});
if (positionals.length > 0) args.fail(`unexpected argument: ${positionals.join(' ')}`);
const minutes = Number(values.minutes);
if (!(minutes > 0)) args.fail(`--minutes must be a positive number: ${values.minutes}`);
const seconds = Math.round(minutes * 60);
const seed = args.whole('--seed', values.seed, 0);
const workers = args.whole('--workers', values.workers, 1);
const jobs = args.whole('--jobs', values.jobs, 1);
const gapsShown = args.whole('--gaps', values.gaps, 0);
const faultPrograms = args.whole('--fault-programs', values['fault-programs'], 1);
// 0: every program.
const coveragePrograms = args.whole('--coverage-programs', values['coverage-programs'], 0);
const faultChunk = 1000;
let build: LuauTools;
let tools: LuauTools;
let llvm: LlvmTools;
try {
  build = coverageBuild(values.build, ['luau']);
} catch (e) {
  args.fail(`--build: ${(e as Error).message}`);
}
try {
  tools = luauTools(values.tools);
} catch (e) {
  args.fail(`--tools: ${(e as Error).message}`);
}
try {
  llvm = findLlvmTools({ llvmBin: values['llvm-bin'] });
} catch (e) {
  args.fail((e as Error).message);
}
// An earlier run's folder, measured again: its three sets are read, nothing is run.
const earlier = values.measure === undefined ? undefined : resolve(values.measure);
const work = resolve(earlier ?? values.out ?? mkdtempSync(join(tmpdir(), 'bench-vs-luau-fuzzer-')));
mkdirSync(work, { recursive: true });

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const say = (line: string): void => console.log(line);

/** The one-minute load average, sampled every 10 s while the arms run. */
const loadSamples: number[] = [];
const sampler = setInterval(() => loadSamples.push(loadavg()[0]!), 10_000);
sampler.unref();
const meanLoad = (from: number, to = loadSamples.length): string => {
  const s = loadSamples.slice(from, to);
  return s.length === 0 ? 'n/a' : (s.reduce((a, b) => a + b, 0) / s.length).toFixed(2);
};

/** One program set of the comparison. */
interface Arm {
  readonly name: string;
  readonly programs: LuauBatchProgram[];
  readonly seconds: number;
  readonly note: string;
  /** Programs the arm ran, when `programs` holds only those measured. Default: all of them. */
  readonly ran?: number;
}

/** Luau's fuzzer: built (or from the cache) and run, or an earlier run's corpus. */
async function luauFuzzerArm(): Promise<Arm> {
  if (values['luau-corpus'] !== undefined || earlier !== undefined) {
    const dirs =
      earlier === undefined
        ? [resolve(values['luau-corpus']!)]
        : ['corpus', 'artifacts'].map((d) => join(earlier, 'luau-fuzzer', d));
    const { programs, undecodable } = fuzzerPrograms(dirs);
    return {
      name: "Luau's fuzzer",
      programs,
      seconds: earlier === undefined ? 0 : seconds,
      note: `${dirs.join(' and ')}, ${undecodable} undecodable${earlier === undefined ? '' : ', its budget as its seconds'}`,
    };
  }
  const fuzzer = buildLuauFuzzer({
    luauGit: resolve(values['luau-git']),
    mutatorGit: resolve(values['mutator-git']),
    tag: '0.715',
    jobs,
    say,
  });
  say(`Luau's fuzzer: ${fuzzer.executable} (0.715, ${fuzzer.commit})`);
  say(`load before: ${load()}`);
  const run = await runLuauFuzzer(fuzzer.executable, {
    seconds,
    workers,
    dir: join(work, 'luau-fuzzer'),
    seed,
  });
  const { programs, undecodable } = fuzzerPrograms([run.corpus, run.artifacts]);
  return {
    name: "Luau's fuzzer",
    programs,
    seconds: run.seconds,
    note: `corpus and reproducers of ${run.corpus}, ${undecodable} undecodable`,
  };
}

/** What the bench reads of a campaign's summary.json. */
interface Summary {
  readonly elapsedSeconds: number;
  /** Programs run on the runtime (the sound build). */
  readonly done: number;
}

/**
 * Runs `luau-fuzz run` for the budget and resolves with its campaign folder, its own clock's
 * seconds, wall-clock seconds, and its summary.
 */
async function campaign(
  name: string,
  extra: readonly string[],
): Promise<{ dir: string; s: number; wall: number; summary: Summary }> {
  const dir = join(work, name);
  if (earlier !== undefined) {
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
    return { dir, s: summary.elapsedSeconds, wall: NaN, summary };
  }
  const soundLuau = `luau-cli:-O2:--codegen:path=${tools.luau}`;
  const argv = [
    '--import',
    'tsx',
    join(packageRoot, 'src', 'cli', 'main.ts'),
    'run',
    '--duration',
    `${seconds}s`,
    '--level',
    'runnable',
    '--profile',
    'luau',
    '--seed',
    String(seed),
    '--runtime',
    soundLuau,
    '--workers',
    String(workers),
    // Steps of 100: a campaign checks its budget between batches.
    '--batch-size',
    '100',
    '--no-shrink',
    // A finding (a crash, a time-out) is part of what the arm ran, not a failed bench.
    '--no-fail-on-findings',
    '--no-progress',
    '--out',
    dir,
    ...extra,
  ];
  say(`luau-fuzz ${name}: luau-fuzz ${argv.slice(3).join(' ')}`);
  say(`load before: ${load()}`);
  const started = performance.now();
  await new Promise<void>((done, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? done() : reject(new Error(`luau-fuzz run (${name}) ended with status ${code}`)),
    );
  });
  const wall = (performance.now() - started) / 1000;
  const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
  // The campaign's own clock (its budget), not the workspace's start before it.
  return { dir, s: summary.elapsedSeconds, wall, summary };
}

/** A campaign's wall-clock seconds, its workspace's start included (none for an earlier run). */
function startNote(wall: number): string {
  return Number.isNaN(wall) ? 'an earlier run' : `${wall.toFixed(0)} s with the workspace's start`;
}

/** The blind campaign's programs: drawn again from its seed at the indices it finished. */
async function blindArm(): Promise<Arm> {
  const { dir, s, wall } = await campaign('blind', []);
  const indices = readFileSync(join(dir, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { i: number }).i)
    .sort((a, b) => a - b);
  const { generatorVersion } = JSON.parse(readFileSync(join(dir, 'options.json'), 'utf8')) as {
    generatorVersion?: number;
  };
  if (generatorVersion !== GENERATOR_VERSION)
    throw new Error(
      `${dir} ran generator ${generatorVersion}, this checkout draws generator ${GENERATOR_VERSION}: ` +
        'measure it from a checkout of that version',
    );
  // Only the programs measured are drawn again (the faults' sample is taken from them).
  const drawnIndices =
    coveragePrograms === 0
      ? indices
      : evenSample(indices, Math.max(coveragePrograms, faultPrograms));
  const arbitrary = luauArbitraries(
    generatorOptions({ level: 'runnable', profile: 'luau', types: true }),
  ).moduleSet;
  // Drawn a chunk at a time and kept as text: the trees of a 30-minute run's 80,000 programs
  // outgrow the heap.
  const programs: LuauBatchProgram[] = [];
  for (let k = 0; k < drawnIndices.length; k += 1000)
    for (const p of generatePrograms(arbitrary, seed, drawnIndices.slice(k, k + 1000)))
      if (p.printError === undefined) programs.push({ program: p.program, module: p.module });
  return {
    name: 'luau-fuzz blind',
    programs,
    ran: indices.length,
    seconds: s,
    note: `all ${indices.length} programs it ran, ${startNote(wall)} (${dir})`,
  };
}

/** The guided campaign's corpus: the programs that reached new counters. */
async function guidedArm(): Promise<Arm> {
  const coverage = `luau-cli:-O2:--codegen:path=${build.luau}`;
  const { dir, s, wall, summary } = await campaign('guided', ['--guided', coverage]);
  const programs = corpusPrograms(join(dir, 'corpus')).flatMap((p) => p.sources ?? []);
  return {
    name: 'luau-fuzz guided',
    programs,
    seconds: s,
    note: `its corpus, the programs that reached new counters (${summary.done} programs run on the sound build), ${startNote(wall)} (${dir})`,
  };
}

/**
 * At most `limit` of `programs`, evenly spaced over the set (all of them when it is no larger).
 */
function evenSample<T>(programs: readonly T[], limit: number): readonly T[] {
  if (programs.length <= limit) return programs;
  return Array.from(
    { length: limit },
    (_, k) => programs[Math.floor((k * programs.length) / limit)]!,
  );
}

/**
 * The faulty builds a set finds: a program whose outcome differs from the sound build's at -O2
 * or at -O2 --codegen (a crash included). Programs whose outcome differs between two runs of
 * the sound build (clocks, addresses, random numbers) are left out, and counted; so are those
 * that run out their time on the sound build in either mode (no outcome to compare: waiting
 * them out again on every faulty build was most of a 30-minute fuzzer corpus's pass). The set
 * runs in chunks, and a build found in one chunk is not run on the next, so a large set costs
 * passes only for the builds it has not found yet.
 */
async function faultsFound(
  programs: readonly LuauBatchProgram[],
): Promise<{ found: string[]; unstable: number; timedOut: number; run: number }> {
  const modes = [['-O2'], ['-O2', '--codegen']];
  const sample = evenSample(programs, faultPrograms);
  const found = new Set<string>();
  let unstable = 0;
  let timedOut = 0;
  for (let start = 0; start < sample.length; start += faultChunk) {
    const left = tools.faulty.filter((f) => !found.has(f.name));
    if (left.length === 0) break;
    const chunk = sample.slice(start, start + faultChunk);
    const ending = await endingOnSound(chunk, modes);
    timedOut += chunk.length - ending.length;
    const batch = new LuauBatchRunner(ending);
    try {
      const sound: LuauBatchOutcome[][] = [];
      const unsteady = new Set<number>();
      for (const m of modes) {
        const [first, again] = [
          await batch.run({ luau: tools.luau, args: m }),
          await batch.run({ luau: tools.luau, args: m }),
        ];
        first.forEach((o, i) => {
          if (batchOutcomesDiffer(o, again[i]!)) unsteady.add(i);
        });
        sound.push(first);
      }
      unstable += unsteady.size;
      for (const f of left)
        for (const [k, m] of modes.entries()) {
          const faulty = await batch.run({ luau: f.luau, args: m });
          if (faulty.some((o, i) => !unsteady.has(i) && batchOutcomesDiffer(o, sound[k]![i]!))) {
            found.add(f.name);
            break;
          }
        }
    } finally {
      batch.close();
    }
  }
  return {
    found: tools.faulty.map((f) => f.name).filter((n) => found.has(n)),
    unstable,
    timedOut,
    run: sample.length,
  };
}

/** The programs of `chunk` that end on the sound build in every mode (no timeout). */
async function endingOnSound(
  chunk: readonly LuauBatchProgram[],
  modes: readonly string[][],
): Promise<LuauBatchProgram[]> {
  const batch = new LuauBatchRunner(chunk);
  try {
    const timeout = new Set<number>();
    for (const m of modes)
      (await batch.run({ luau: tools.luau, args: m })).forEach((o, i) => {
        if (o.status === 'timeout') timeout.add(i);
      });
    return chunk.filter((_, i) => !timeout.has(i));
  } finally {
    batch.close();
  }
}

try {
  say(
    `vs-luau-fuzzer: ${minutes} min each, seed ${seed}, ${workers} worker(s), coverage build ` +
      `${build.dir}, faulty builds of ${tools.dir} (${tools.faulty.length}); work in ${work}`,
  );
  const loads: string[] = [];
  const means: string[] = [];
  const arms: Arm[] = [];
  const report = (arm: Arm, from: number): Arm => {
    loads.push(load());
    means.push(meanLoad(from));
    say(
      `${arm.name}: ${arm.ran ?? arm.programs.length} programs in ${arm.seconds.toFixed(0)} s (${arm.note}); ` +
        `load after: ${loads[loads.length - 1]}, mean while it ran: ${means[means.length - 1]}`,
    );
    return arm;
  };
  const makers = [luauFuzzerArm, blindArm, guidedArm];
  if (values.together) {
    say('the three arms run at once, on the same cores');
    const from = loadSamples.length;
    const done = await Promise.all(makers.map((make) => make()));
    for (const arm of done) arms.push(report(arm, from));
  } else
    for (const make of makers) {
      const from = loadSamples.length;
      arms.push(report(await make(), from));
    }
  const profiles = join(work, 'profiles');
  mkdirSync(profiles, { recursive: true });
  // Luau's fuzzer's corpus whole; a luau-fuzz set at most --coverage-programs of it.
  const measured = arms.map((set, i) =>
    i === 0 || coveragePrograms === 0 ? set.programs : evenSample(set.programs, coveragePrograms),
  );
  const measure = (i: number) =>
    measureEngineCoverage({
      build,
      llvm,
      modes: ['run-O0', 'run-O2-codegen'],
      generated: measured[i]!,
      keepProfiles: join(profiles, String(i)),
    });
  const pct = (n: number, of: number): string => `${((100 * n) / of).toFixed(1)} %`;
  const rows: ComponentCoverage[][] = [];
  for (const [i, set] of arms.entries()) {
    mkdirSync(join(profiles, String(i)), { recursive: true });
    say(`measuring ${set.name} on the coverage build (${measured[i]!.length} programs)`);
    const components = (await measure(i)).tools[0]!.components;
    rows.push([...components]);
    // Said now: the faulty builds' pass of a long run's sets can take as long again.
    const lines = components.map(
      (c) =>
        `${c.component === 'total' ? 'core' : c.component} ${pct(c.lines.generated, c.lines.count)}`,
    );
    say(`  lines: ${lines.join(', ')}`);
  }
  const found: string[][] = [];
  const unstable: number[] = [];
  const timedOut: number[] = [];
  const faultRuns: number[] = [];
  for (const set of arms) {
    say(`running ${set.name} against ${tools.faulty.length} faulty builds`);
    const r = await faultsFound(set.programs);
    found.push(r.found);
    unstable.push(r.unstable);
    timedOut.push(r.timedOut);
    faultRuns.push(r.run);
  }
  const ratio = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
  const head = ['', ...arms.map((a) => a.name), 'blind/Luau', 'guided/Luau'];
  const table: string[][] = [head];
  table.push(['programs', ...arms.map((a) => String(a.ran ?? a.programs.length)), '', '']);
  table.push(['programs measured for coverage', ...measured.map((m) => String(m.length)), '', '']);
  table.push(['seconds', ...arms.map((a) => a.seconds.toFixed(0)), '', '']);
  table.push(['load after (1, 5, 15 min)', ...loads, '', '']);
  table.push(['mean load while it ran', ...means, '', '']);
  for (const kind of ['lines', 'branches'] as const)
    for (const [j, c] of rows[0]!.entries()) {
      const covered = rows.map((r) => r[j]![kind].generated);
      table.push([
        `${c.component === 'total' ? 'core (4 together)' : c.component} ${kind}`,
        ...covered.map((n) => `${n} (${pct(n, c[kind].count)})`),
        ratio(covered[1]!, covered[0]!),
        ratio(covered[2]!, covered[0]!),
      ]);
    }
  table.push(['programs run on the faulty builds', ...faultRuns.map(String), '', '']);
  table.push(['left out of faults (sound build unstable)', ...unstable.map(String), '', '']);
  table.push(['left out of faults (sound build timed out)', ...timedOut.map(String), '', '']);
  table.push([
    `faults found (of ${tools.faulty.length})`,
    ...found.map((f) => String(f.length)),
    ratio(found[1]!.length, found[0]!.length),
    ratio(found[2]!.length, found[0]!.length),
  ]);
  const widths = head.map((_, k) => Math.max(...table.map((r) => r[k]!.length)));
  say('');
  for (const r of table)
    say(
      r
        .map((cell, k) => (k === 0 ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!)))
        .join('  '),
    );
  for (const [i, set] of arms.entries()) say(`  ${set.name} found: ${found[i]!.join(', ') || '-'}`);

  const ours = join(profiles, 'luau-fuzz.profdata');
  await mergeProfiles(
    llvm,
    [1, 2].map((i) => join(profiles, String(i), 'generated-luau.profdata')),
    ours,
  );
  const gaps = await functionGaps(
    llvm,
    build.luau,
    join(profiles, '0', 'generated-luau.profdata'),
    ours,
    toolComponents.luau,
  );
  say('');
  say(
    `what Luau's fuzzer reaches and neither luau-fuzz set does: ${gaps.length} functions ` +
      `(${gaps.filter((g) => !g.entered).length} never entered by luau-fuzz)`,
  );
  for (const c of toolComponents.luau) {
    const mine = gaps.filter((g) => g.component === c);
    say(
      `  ${c}: ${mine.length} functions, ${mine.reduce((n, g) => n + g.lines, 0)} lines ` +
        `(${mine.filter((g) => !g.entered).length} never entered)`,
    );
  }
  say(`the ${Math.min(gapsShown, gaps.length)} largest (lines, regions, entered by luau-fuzz):`);
  for (const g of gaps.slice(0, gapsShown))
    say(
      `  ${String(g.lines).padStart(4)} ${String(g.regions).padStart(4)} ${g.entered ? 'yes' : 'no '} ` +
        `${g.component.padEnd(8)} ${g.name.length > 90 ? `${g.name.slice(0, 87)}...` : g.name}  ${g.where}`,
    );
  say(`\nprograms, profiles and logs: ${work}`);
  say(`load at the end: ${load()}`);
} catch (e) {
  if (e instanceof FuzzerSetupError) {
    process.stderr.write(`vs-luau-fuzzer: ${e.message}\n`);
    process.exit(1);
  }
  throw e;
}
