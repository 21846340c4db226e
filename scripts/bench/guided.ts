// npm run bench -- guided [--minutes M] [--seed S] [--build DIR] [--tools DIR] [--batch N]
//   [--group N] [--skip-mutants]
// Blind against coverage-guided, in one run, with the same time budget (default 3 minutes
// each) and the same runtime (the coverage build's `luau -O2 --codegen`, default
// ../shared/tools/luau-715-coverage): the blind arm runs fresh runnable programs (profile
// luau) only, the guided arm half fresh and half mutants of its corpus (src/campaign/guided).
// Prints, for each arm, counters reached every 30 s, what each gained after the first minute,
// programs per second and corpus size; then lines and branches per component of both sets of
// programs (the report of `luau-fuzz coverage`: guided as "generated", blind as "compared"),
// and the faults of the tools folder's mutants/ (default ../shared/tools/luau-715) that each
// set detects (faulty against sound build, at -O2 and at -O2 --codegen).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  runGuided,
  type GuidedProgram,
  type GuidedResult,
} from '../../src/campaign/guided/index.js';
import { packageRoot } from '../../src/package-root.js';
import {
  batchOutcomesDiffer,
  coverageBuild,
  findLlvmTools,
  formatEngineCoverage,
  LuauBatchRunner,
  luauTools,
  measureEngineCoverage,
  type LuauBatchProgram,
} from '../../src/runtime/index.js';
import { benchArgs, type BenchArgs } from './_args.js';

const usage =
  'usage: npm run bench -- guided [--minutes M] [--seed S] [--build DIR] [--tools DIR] ' +
  '[--batch N] [--group N] [--skip-mutants]\n';
const args: BenchArgs = benchArgs('guided', usage);
const shared = join(packageRoot, '..', 'shared');
const { values, positionals } = args.parse({
  minutes: { type: 'string', default: '3' },
  seed: { type: 'string', default: '1' },
  batch: { type: 'string', default: '20' },
  group: { type: 'string', default: '1' },
  build: { type: 'string', default: join(shared, 'tools', 'luau-715-coverage') },
  tools: { type: 'string', default: join(shared, 'tools', 'luau-715') },
  'skip-mutants': { type: 'boolean', default: false },
});
if (positionals.length > 0) args.fail(`unexpected argument: ${positionals.join(' ')}`);
const minutes = Number(values.minutes);
if (!(minutes > 0)) args.fail(`--minutes must be a positive number: ${values.minutes}`);
const seed = args.whole('--seed', values.seed, 0);
const batchSize = args.whole('--batch', values.batch, 1);
const groupSize = args.whole('--group', values.group, 1);
const build = coverageBuild(values.build, ['luau']);
const work = mkdtempSync(join(tmpdir(), 'bench-guided-'));

interface Arm {
  readonly name: string;
  readonly result: GuidedResult;
  readonly programs: LuauBatchProgram[];
}

async function arm(name: string, mutationShare: number): Promise<Arm> {
  const programs: LuauBatchProgram[] = [];
  const result = await runGuided({
    generator: { level: 'runnable', profile: 'luau' },
    seed,
    coverage: { luau: build.luau, args: ['-O2', '--codegen'] },
    dir: join(work, name),
    ms: minutes * 60_000,
    batchSize,
    groupSize,
    mutationShare,
    onStep: (step: readonly GuidedProgram[]) => {
      for (const p of step) programs.push({ program: p.program, module: p.module });
      return Promise.resolve();
    },
  });
  const p = result.progress;
  console.log(
    `${name}: ${p.programs} programs in ${(p.ms / 1000).toFixed(0)} s (${((p.programs * 1000) / p.ms).toFixed(1)}/s), ` +
      `${p.counters} counters, corpus ${p.corpus} (${p.keptMutants} mutants; ${p.mutants} mutants tried)`,
  );
  return { name, result, programs };
}

/** Counters reached at `ms` (the last step before it). */
function countersAt(a: Arm, ms: number): number {
  let c = 0;
  for (const t of a.result.timeline) if (t.ms <= ms) c = t.counters;
  return c;
}

try {
  console.log(
    `blind and guided, ${minutes} min each, runnable (profile luau), seed ${seed}, luau -O2 --codegen of ${build.dir}`,
  );
  const blind = await arm('blind', 0);
  const guided = await arm('guided', 0.5);
  console.log('\ncounters reached over time');
  console.log('   s   blind  guided');
  for (let s = 30; s <= minutes * 60; s += 30)
    console.log(
      `${String(s).padStart(4)} ${String(countersAt(blind, s * 1000)).padStart(7)} ${String(countersAt(guided, s * 1000)).padStart(7)}`,
    );
  const gain = (a: Arm): number => a.result.progress.counters - countersAt(a, 60_000);
  const [gb, gg] = [gain(blind), gain(guided)];
  console.log(
    `after the first minute: blind +${gb}, guided +${gg} counters` +
      (gb > 0 ? ` (guided ${((gg / gb - 1) * 100).toFixed(0)} % more; goal ≥ 10 %)` : ''),
  );
  const rate = (a: Arm): number => a.result.progress.programs / a.result.progress.ms;
  console.log(`rate: guided ${(rate(guided) / rate(blind)).toFixed(2)}× blind (goal ≥ 0.5×)`);

  console.log('\nlines and branches (guided = generated, blind = compared), luau -O2 --codegen');
  const report = await measureEngineCoverage({
    build,
    llvm: findLlvmTools(),
    modes: ['run-O2-codegen'],
    generated: guided.programs,
    compared: blind.programs,
  });
  console.log(formatEngineCoverage(report));

  if (!values['skip-mutants']) {
    const tools = luauTools(values.tools);
    console.log(
      `\nfaults of ${tools.dir}/mutants detected (faulty against sound, -O2 and -O2 --codegen)`,
    );
    for (const a of [blind, guided]) {
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
      console.log(
        `${a.name}: ${detected.length} of ${tools.faulty.length} (${detected.sort().join(', ')})`,
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
