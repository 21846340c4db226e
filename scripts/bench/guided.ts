// npm run bench -- guided [--minutes M] [--seed S | --seeds S,S,...] [--build DIR] [--tools DIR]
//   [--batch N] [--group N] [--share X|auto] [--skip-mutants] [--report FILE]
// Blind against coverage-guided, in one run, with the same time budget (default 3 minutes)
// and the same runtime (the coverage build's `luau -O2 --codegen`, default
// ../shared/tools/luau-715-coverage). The two arms run at the same time, each in a process of
// its own, so that the load of a shared machine falls on both alike: the blind arm runs fresh
// runnable programs (profile luau) only, the guided arm fresh ones and mutants of its corpus
// (src/campaign/guided; `--share` of each step, default that of `run --guided`). Prints, for
// each arm, counters and lines reached every 30 s (lines: the arm's programs run again, window
// by window, profiles merged with llvm-profdata), the lines each gained after the first
// minute, when guided first had the lines blind ended with (time to coverage) and how many
// times sooner it had blind's lines of 1, 2, 4 … minutes (a factor that holds: blind's course
// run faster; one that grows: guided compounding), programs per second, corpus size; then
// lines and branches per component of both
// sets of programs (the report of `luau-fuzz coverage`: guided as "generated", blind as
// "compared"), and the faults of the tools folder's mutants/ (default ../shared/tools/luau-715)
// that each set detects (faulty against sound build, at -O2 and at -O2 --codegen). Writes an
// HTML report with both arms' curves (counters and lines over time) on one chart each.
// --seeds runs the whole comparison once per seed, one after the other, and ends with a table of
// each seed's figures and their median: one seed's figures move by tens of percent with the
// seed and the machine's load.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  guidedDefaults,
  runGuided,
  type EntryOrigin,
  type GuidedPoint,
  type MutationShare,
} from '../../src/campaign/guided/index.js';
import type { ProgramRecord } from '../../src/arbitrary/index.js';
import { packageRoot } from '../../src/package-root.js';
import { batchOutcomesDiffer, LuauBatchRunner, luauTools } from '../../src/runtime/index.js';
import {
  coverageBuild,
  findLlvmTools,
  formatEngineCoverage,
  measureEngineCoverage,
} from '../../src/coverage/index.js';
import { benchArgs, sharedPath, type BenchArgs } from './_args.js';
import { writeArmsReport } from './_guided-html.js';
import { linesOverTime, type LinesPoint, type TimedProgram } from './_guided-lines.js';

const usage =
  'usage: npm run bench -- guided [--minutes M] [--seed S | --seeds S,S,...] [--build DIR] [--tools DIR] ' +
  '[--batch N] [--group N] [--share X|auto] [--skip-mutants] [--report FILE]\n';
const args: BenchArgs = benchArgs('guided', usage);
const { values, positionals } = args.parse({
  minutes: { type: 'string', default: '3' },
  seed: { type: 'string', default: '1' },
  seeds: { type: 'string' },
  batch: { type: 'string', default: String(guidedDefaults.stepSize) },
  group: { type: 'string', default: '1' },
  share: { type: 'string', default: String(guidedDefaults.mutationShare) },
  build: { type: 'string', default: sharedPath('tools', 'luau-715-coverage') },
  tools: { type: 'string', default: sharedPath('tools', 'luau-715') },
  'skip-mutants': { type: 'boolean', default: false },
  // The HTML report with both arms' curves (default luau-fuzz-runs/bench-guided-seedS.html).
  report: { type: 'string' },
  // One arm alone, its results written to --out (how the bench runs each arm).
  arm: { type: 'string' },
  out: { type: 'string' },
  // Where a comparison writes its figures as JSON (how --seeds reads each seed's).
  summary: { type: 'string' },
});
if (positionals.length > 0) args.fail(`unexpected argument: ${positionals.join(' ')}`);
const minutes = Number(values.minutes);
if (!(minutes > 0)) args.fail(`--minutes must be a positive number: ${values.minutes}`);
const share: MutationShare = values.share === 'auto' ? 'auto' : Number(values.share);
if (share !== 'auto' && !(share >= 0 && share <= 1))
  args.fail(`--share must be 'auto' or a number from 0 to 1: ${values.share}`);
const seed = args.whole('--seed', values.seed, 0);
const batchSize = args.whole('--batch', values.batch, 1);
const groupSize = args.whole('--group', values.group, 1);
const build = coverageBuild(values.build, ['luau']);
const coverageArgs = ['-O2', '--codegen'];

/** What the bench printed, for its HTML report too. */
const said: string[] = [];
function say(line: string): void {
  console.log(line);
  said.push(line);
}

/** What one arm did, as its process writes it. */
interface ArmResult {
  readonly name: string;
  readonly progress: GuidedPoint;
  readonly timeline: readonly GuidedPoint[];
  /** Corpus entries that are mutants. */
  readonly keptMutants: number;
  readonly programs: TimedProgram[];
  /**
   * Per origin, in the first minute and after it: programs tried, counters they reached
   * first, characters.
   */
  readonly yields: Record<
    'early' | 'late',
    Record<'fresh' | 'mutant', { programs: number; counters: number; chars: number }>
  >;
  /** Per mutant's first mutation, in the first minute and after it: mutants, counters first. */
  readonly operators: Record<
    'early' | 'late',
    Record<string, { programs: number; counters: number }>
  >;
  /** Per scale of a mutant's node budget (grown records), likewise. */
  readonly scales: Record<'early' | 'late', Record<string, { programs: number; counters: number }>>;
}

// A mutant's scale of the node budget it was read with (1 unless grown), as a table's key.
function scaleKey(p: { record: ProgramRecord; origin: EntryOrigin }): string | undefined {
  if (p.origin.kind !== 'mutant') return undefined;
  return String(p.record.kind === 'choices' ? (p.record.scale ?? 1) : 1);
}

async function runArm(name: string, out: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `bench-guided-${name}-`));
  const programs: TimedProgram[] = [];
  const origins = (): ArmResult['yields']['early'] => ({
    fresh: { programs: 0, counters: 0, chars: 0 },
    mutant: { programs: 0, counters: 0, chars: 0 },
  });
  const yields: ArmResult['yields'] = { early: origins(), late: origins() };
  const operators: ArmResult['operators'] = { early: {}, late: {} };
  const scales: ArmResult['scales'] = { early: {}, late: {} };
  const tallies = (
    when: 'early' | 'late',
    p: { record: ProgramRecord; origin: EntryOrigin },
  ): { programs: number; counters: number }[] => {
    if (p.origin.kind !== 'mutant') return [];
    const m = p.origin.mutations[0] ?? 'none';
    const scale = scaleKey(p)!;
    return [
      (operators[when][m] ??= { programs: 0, counters: 0 }),
      (scales[when][scale] ??= { programs: 0, counters: 0 }),
    ];
  };
  const late = new Set<number>();
  const started = performance.now();
  try {
    const result = await runGuided({
      generator: { level: 'runnable', profile: 'luau' },
      seed,
      coverage: { luau: build.luau, args: coverageArgs },
      dir: work,
      ms: minutes * 60_000,
      stepSize: batchSize,
      groupSize,
      mutationShare: name === 'blind' ? 0 : share,
      onStep: (step) => {
        const s = (performance.now() - started) / 1000;
        for (const p of step) {
          programs.push({ s, program: p.program, module: p.module });
          if (s >= 60) late.add(p.index);
          const y = yields[s >= 60 ? 'late' : 'early'][p.origin.kind];
          y.programs++;
          y.chars += p.program.length + (p.module?.length ?? 0);
          for (const t of tallies(s >= 60 ? 'late' : 'early', p)) t.programs++;
        }
        return Promise.resolve();
      },
    });
    for (const e of result.corpus.entries) {
      const when = late.has(e.keptAt) ? 'late' : 'early';
      yields[when][e.origin.kind].counters += e.firstCounters;
      for (const t of tallies(when, e)) t.counters += e.firstCounters;
    }
    const armResult: ArmResult = {
      name,
      progress: result.progress,
      timeline: result.timeline,
      keptMutants: result.corpus.entries.filter((e) => e.origin.kind === 'mutant').length,
      programs,
      yields,
      operators,
      scales,
    };
    writeFileSync(out, JSON.stringify(armResult));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs this script again with `args` (after node's own options), and reads the JSON it wrote
 * to `out`; `what` names the run in an error.
 */
function runSelf<T>(args: readonly string[], out: string, what: string): Promise<T> {
  const argv = [...process.execArgv, fileURLToPath(import.meta.url), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${what} ended with status ${code}`));
      else resolve(JSON.parse(readFileSync(out, 'utf8')) as T);
    });
  });
}

/** Runs `name` in a process of its own (this script with `--arm`). */
function spawnArm(name: string, out: string): Promise<ArmResult> {
  const args = [...process.argv.slice(2), '--arm', name, '--out', out];
  return runSelf<ArmResult>(args, out, `the ${name} arm`);
}

/** The value of `curve` at `s` (its last point up to then). */
function at<T extends { s: number }>(
  curve: readonly T[],
  s: number,
  pick: (p: T) => number,
): number {
  let v = 0;
  for (const p of curve) if (p.s <= s) v = pick(p);
  return v;
}

/** When `curve` first had `lines` (seconds, linear between its points; null: never). */
function firstAt(curve: readonly LinesPoint[], lines: number): number | null {
  let prev = { s: 0, lines: 0 };
  for (const p of curve) {
    if (p.lines >= lines)
      return p.lines > prev.lines
        ? prev.s + ((p.s - prev.s) * (lines - prev.lines)) / (p.lines - prev.lines)
        : p.s;
    prev = p;
  }
  return null;
}

/**
 * How many times sooner guided had what blind had at 1, 2, 4 … minutes and at its end (0:
 * never). A factor that holds is blind's course run faster, and both flatten alike; one that
 * grows is guided compounding, its curve rising where blind's has flattened.
 */
function soonerOverRun(bl: readonly LinesPoint[], gl: readonly LinesPoint[]): [number, number][] {
  const until = bl[bl.length - 1]!.s;
  const marks: number[] = [];
  for (let s = 60; s < until; s *= 2) marks.push(s);
  marks.push(until);
  return marks.map((s) => {
    const blindLines = at(bl, s, (q) => q.lines);
    const g = firstAt(gl, blindLines);
    return [s, g === null ? 0 : s / Math.max(g, 1)];
  });
}

const percent = (a: number, b: number): string =>
  b > 0 ? `${((a / b - 1) * 100).toFixed(0)} %` : 'n/a';

async function compare(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-guided-'));
  const load = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim();
  try {
    say(
      `blind and guided at the same time, ${minutes} min, runnable (profile luau), seed ${seed}, ` +
        `steps of ${batchSize}, mutation share ${share}, luau ${coverageArgs.join(' ')} of ${build.dir}`,
    );
    say(`load before: ${load()}`);
    const [blind, guided] = await Promise.all(
      ['blind', 'guided'].map((n) => spawnArm(n, join(work, `${n}.json`))),
    );
    say(`load after the arms: ${load()}`);
    for (const a of [blind!, guided!]) {
      const p = a.progress;
      say(
        `${a.name}: ${p.programs} programs in ${p.t.toFixed(0)} s ` +
          `(${(p.programs / p.t).toFixed(1)}/s), ${p.counters} counters, corpus ${p.corpus} ` +
          `(${a.keptMutants} mutants; ${p.mutants} mutants tried)`,
      );
      for (const when of ['early', 'late'] as const)
        for (const kind of ['fresh', 'mutant'] as const) {
          const y = a.yields[when][kind];
          if (y.programs > 0)
            say(
              `  ${when === 'early' ? 'in minute 1' : 'after minute 1'}, ${kind}: ${y.programs} programs, ${y.counters} counters first ` +
                `(${(y.counters / y.programs).toFixed(2)} per program), ${(y.chars / y.programs).toFixed(0)} characters each`,
            );
        }
      for (const [table, what] of [
        [a.operators, 'per mutation'],
        [a.scales, 'per scale of the node budget'],
      ] as const)
        for (const when of ['early', 'late'] as const) {
          const rows = Object.entries(table[when]).sort(([x], [y]) => x.localeCompare(y));
          if (rows.length > 0)
            say(
              `  ${when === 'early' ? 'in minute 1' : 'after minute 1'}, ${what} (mutants, counters first, per mutant): ` +
                rows
                  .map(
                    ([m, o]) =>
                      `${m} ${o.programs} ${o.counters} ${(o.counters / o.programs).toFixed(2)}`,
                  )
                  .join('; '),
            );
        }
    }
    const llvm = findLlvmTools();
    const until = minutes * 60;
    const curves: LinesPoint[][] = [];
    for (const a of [blind!, guided!])
      curves.push(await linesOverTime(build, llvm, coverageArgs, a.programs, 30, until));
    const [bl, gl] = curves as [LinesPoint[], LinesPoint[]];
    const counters = (a: ArmResult, s: number): number =>
      at(
        a.timeline.map((t) => ({ s: t.t, c: t.counters })),
        s,
        (t) => t.c,
      );
    say('\nreached over time (lines: Ast, Compiler, VM, CodeGen)');
    say('   s  counters blind  guided     lines blind  guided');
    for (const p of bl)
      say(
        `${String(p.s).padStart(4)} ${String(counters(blind!, p.s)).padStart(15)} ${String(counters(guided!, p.s)).padStart(7)}` +
          ` ${String(p.lines).padStart(17)} ${String(at(gl, p.s, (q) => q.lines)).padStart(7)}`,
      );
    const end = (c: readonly LinesPoint[]): number => c[c.length - 1]!.lines;
    const gained = (c: readonly LinesPoint[]): number => end(c) - at(c, 60, (q) => q.lines);
    const [gb, gg] = [gained(bl), gained(gl)];
    // Past one plateau, blind's at 60 s: an arm that gains in the first minute what the other
    // gains after it is not counted behind for it.
    const plateau = at(bl, 60, (q) => q.lines);
    const [pb, pg] = [end(bl) - plateau, end(gl) - plateau];
    const cb = blind!.progress.counters - counters(blind!, 60);
    const cg = guided!.progress.counters - counters(guided!, 60);
    say(
      `\nafter the first minute: lines blind +${gb}, guided +${gg} (guided ${percent(gg, gb)} more; goal ≥ 10 %); ` +
        `counters blind +${cb}, guided +${cg} (${percent(cg, cb)})`,
    );
    say(
      `beyond blind's plateau at 60 s: lines blind +${pb}, guided +${pg} (guided ${percent(pg, pb)} more)`,
    );
    say(
      `at the end: lines blind ${end(bl)}, guided ${end(gl)} (${end(gl) - end(bl) >= 0 ? '+' : ''}${end(gl) - end(bl)}); ` +
        `at 60 s: blind ${at(bl, 60, (q) => q.lines)}, guided ${at(gl, 60, (q) => q.lines)}`,
    );
    // Still rising where blind has flattened: what each gained in the last two minutes.
    const last = (c: readonly LinesPoint[]): number => end(c) - at(c, until - 120, (q) => q.lines);
    say(
      `in the last 2 minutes: lines blind +${last(bl)}, guided +${last(gl)}; ` +
        `counters blind +${blind!.progress.counters - counters(blind!, until - 120)}, ` +
        `guided +${guided!.progress.counters - counters(guided!, until - 120)}`,
    );
    // Time to coverage: when guided first had the lines blind ended with.
    const firstReached = firstAt(gl, end(bl));
    const reached = firstReached === null ? null : Math.round(firstReached);
    const over = soonerOverRun(bl, gl);
    say(
      reached === null
        ? `guided never had blind's ${end(bl)} lines`
        : `guided had blind's ${end(bl)} lines at ${reached} s: ${atEnd(over).toFixed(1)}× sooner`,
    );
    say(
      `guided had blind's lines of ${over.map(([t]) => `${t}`).join(' / ')} s ` +
        `${over.map(([, k]) => (k === 0 ? 'never' : `${k.toFixed(1)}×`)).join(' / ')} sooner`,
    );
    const rate = (a: ArmResult): number => a.progress.programs / (a.progress.t * 1000);
    say(`rate: guided ${(rate(guided!) / rate(blind!)).toFixed(2)}× blind (goal ≥ 0.5×)`);
    if (values.summary !== undefined) {
      const figures: SeedFigures = {
        seed,
        gained: [gb, gg],
        beyond: [pb, pg],
        end: [end(bl), end(gl)],
        last: [last(bl), last(gl)],
        reached,
        over,
        rate: rate(guided!) / rate(blind!),
      };
      writeFileSync(values.summary, JSON.stringify(figures));
    }

    say(
      `\nlines and branches (guided = generated, blind = compared), luau ${coverageArgs.join(' ')}`,
    );
    const report = await measureEngineCoverage({
      build,
      llvm,
      modes: ['run-O2-codegen'],
      generated: guided!.programs,
      compared: blind!.programs,
    });
    say(formatEngineCoverage(report));
    if (!values['skip-mutants']) await detectMutants([blind!, guided!]);
    say(`\nload at the end: ${load()}`);
    const html =
      values.report ?? join(packageRoot, 'luau-fuzz-runs', `bench-guided-seed${seed}.html`);
    writeArmsReport(html, {
      title: `Blind and guided, ${minutes} min, seed ${seed}`,
      arms: [blind!, guided!].map((a, k) => ({
        label: `${a.name} (mutation share ${a.name === 'blind' ? 0 : share})`,
        counters: a.timeline.map((t) => ({ s: t.t, counters: t.counters })),
        lines: curves[k]!,
      })),
      text: said.join('\n'),
    });
    console.log(`\nreport with both curves: ${html}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function detectMutants(arms: readonly ArmResult[]): Promise<void> {
  const tools = luauTools(values.tools);
  say(`\nfaults of ${tools.dir}/mutants detected (faulty against sound, -O2 and -O2 --codegen)`);
  for (const a of arms) {
    const batch = new LuauBatchRunner(a.programs);
    const detected: string[] = [];
    try {
      for (const mode of [['-O2'], ['-O2', '--codegen']]) {
        const sound = await batch.run({ luau: tools.luau, args: mode });
        for (const f of tools.faulty) {
          if (detected.includes(f.name)) continue;
          const faulty = await batch.run({ luau: f.luau, args: mode });
          if (faulty.some((o, i) => batchOutcomesDiffer(sound[i]!, o))) detected.push(f.name);
        }
      }
    } finally {
      batch.close();
    }
    say(`${a.name}: ${detected.length} of ${tools.faulty.length} (${detected.sort().join(', ')})`);
  }
}

/** Of {@link soonerOverRun}'s factors, the last: how many times sooner guided had blind's end. */
function atEnd(over: readonly [number, number][]): number {
  return over[over.length - 1]![1];
}

/** One seed's figures, blind then guided: what `--seeds` tabulates. */
interface SeedFigures {
  seed: number;
  /** Lines gained after the first minute. */
  gained: [number, number];
  /** Lines gained past blind's lines at 60 s. */
  beyond: [number, number];
  /** Lines at the end. */
  end: [number, number];
  /** Lines gained in the last two minutes. */
  last: [number, number];
  /** Seconds until guided had the lines blind ended with (null: never). */
  reached: number | null;
  /** Per mark of {@link soonerOverRun} (seconds), how many times sooner guided had blind's lines. */
  over: [number, number][];
  /** Programs per second, guided over blind. */
  rate: number;
}

/** Runs the comparison once per seed (this script, `--seed S`), then tabulates the figures. */
async function compareSeeds(seeds: readonly number[]): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-guided-seeds-'));
  const rest: string[] = [];
  for (let i = 2; i < process.argv.length; i++)
    if (process.argv[i] === '--seeds' || process.argv[i] === '--seed') i++;
    else if (!/^--seeds?=/.test(process.argv[i]!)) rest.push(process.argv[i]!);
  const figures: SeedFigures[] = [];
  try {
    for (const s of seeds) {
      const file = join(work, `seed${s}.json`);
      const args = [...rest, '--seed', String(s), '--summary', file];
      figures.push(await runSelf<SeedFigures>(args, file, `seed ${s}`));
      console.log('');
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // Undefined (NaN) when blind gained nothing after minute 1: a run of a minute or less.
  const moreOf = ([b, g]: readonly [number, number]): number => (b > 0 ? (g / b - 1) * 100 : NaN);
  const more = (f: SeedFigures): number => moreOf(f.gained);
  const beyond = (f: SeedFigures): number => moreOf(f.beyond);
  const pct = (x: number): string => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(0)} %`);
  console.log(`\nblind against guided, ${minutes} min a seed (lines)`);
  console.log(
    "seed  after minute 1 (blind / guided)  guided more  beyond blind at 60 s  at the end (guided − blind)  last 2 min (blind / guided)  blind's end at  rate",
  );
  for (const f of figures)
    console.log(
      `${String(f.seed).padStart(4)}  ${`+${f.gained[0]} / +${f.gained[1]}`.padStart(31)}  ` +
        `${pct(more(f)).padStart(11)}  ${pct(beyond(f)).padStart(19)}  ` +
        `${String(f.end[1] - f.end[0]).padStart(27)}  ` +
        `${`+${f.last[0]} / +${f.last[1]}`.padStart(27)}  ` +
        `${(f.reached === null ? 'never' : `${f.reached} s`).padStart(14)}  ${f.rate.toFixed(2)}×`,
    );
  const median = (xs: number[]): number => {
    const a = [...xs].sort((x, y) => x - y);
    const m = a.length >> 1;
    if (a.length === 0) return NaN;
    return a.length % 2 === 1 ? a[m]! : (a[m - 1]! + a[m]!) / 2;
  };
  const marks = figures[0]?.over.map(([s]) => s) ?? [];
  console.log(`\nhow many times sooner guided had blind's lines of ${marks.join(' / ')} s`);
  for (const f of figures)
    console.log(
      `${String(f.seed).padStart(4)}  ${f.over.map(([, k]) => (k === 0 ? 'never' : `${k.toFixed(1)}×`).padStart(6)).join('')}`,
    );
  console.log(
    `median${marks.map((_, i) => `${median(figures.map((f) => f.over[i]?.[1] ?? 0)).toFixed(1)}×`.padStart(6)).join('')}`,
  );
  const meeting = figures.filter((f) => more(f) >= 10).length;
  const ahead = figures.filter((f) => f.end[1] > f.end[0]).length;
  console.log(
    `median: guided ${pct(median(figures.map(more).filter((x) => !Number.isNaN(x))))} more after minute 1 ` +
      `(goal ≥ 10 %: ${meeting} of ${figures.length} seeds), ` +
      `${pct(median(figures.map(beyond).filter((x) => !Number.isNaN(x))))} more beyond blind at 60 s ` +
      `(≥ 10 %: ${figures.filter((f) => beyond(f) >= 10).length} of ${figures.length}), ` +
      `${median(figures.map((f) => f.end[1] - f.end[0]))} lines ahead at the end ` +
      `(ahead on ${ahead} of ${figures.length}), blind's end ` +
      `${median(figures.map((f) => atEnd(f.over))).toFixed(1)}× sooner ` +
      `(never: ${figures.filter((f) => f.reached === null).length}), ` +
      `rate ${median(figures.map((f) => f.rate)).toFixed(2)}×`,
  );
}

if (values.seeds !== undefined) {
  const seeds = values.seeds.split(',').map((t) => args.whole('--seeds', t.trim(), 0));
  if (seeds.length === 0) args.fail('--seeds needs at least one seed');
  await compareSeeds(seeds);
} else if (values.arm !== undefined) {
  if (values.out === undefined) args.fail('--arm needs --out FILE');
  await runArm(values.arm, values.out);
} else {
  await compare();
}
