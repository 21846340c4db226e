// npm run bench -- mutation-yield [--warm N] [--count M] [--rounds R] [--seed S] [--build DIR]
// What fresh programs and mutants reach beyond a corpus, with the corpus and the map held
// still: the question a guided campaign's clock cannot answer without noise. A blind campaign
// of --warm runnable programs (default 2000, profile luau, `luau -O2 --codegen` of the coverage
// build, default ../shared/tools/luau-715-coverage) builds a corpus and its map. Then, per arm,
// --count programs (default 300) run against a copy of that map, in steps of 50 as a campaign
// runs them: fresh programs (the campaign's next runs), the same records read with 2, 4 and 8
// times the node budget (as `grow` reads a record), and read with 4 to 32 times it after
// fresh choices are appended up to what a record of that scale may hold (as `grow` appends),
// mutants of corpus entries picked as a campaign picks them (by rarity and yield) with every
// mutation, mutants of entries picked uniformly, and mutants whose first mutation is each one
// of the record mutations. Each arm draws its own programs in each of --rounds rounds (default
// 2). Prints, per arm, the counters its programs reached beyond the map (in all, and per 100
// programs), the programs kept (those that reached a counter first), and programs per second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  appendChoices,
  choicesAtScale,
  programRecords,
  recordMutations,
  streamRandom,
} from '../../src/arbitrary/index.js';
import type { ProgramMutation } from '../../src/arbitrary/index.js';
import { MAX_CHOICES } from '../../src/arbitrary/runnable/index.js';
import { Corpus, entryPicker, guidedDefaults } from '../../src/campaign/guided/index.js';
import { GuidedSteps, runGuided } from '../../src/campaign/guided/index.js';
import type { CorpusEntry } from '../../src/campaign/guided/index.js';
import type { CampaignProgram } from '../../src/campaign/programs.js';
import { CounterMap, CoverageRunner } from '../../src/coverage/index.js';
import { coverageBuild } from '../../src/coverage/index.js';
import { benchArgs, sharedPath, type BenchArgs } from './_args.js';

const usage =
  'usage: npm run bench -- mutation-yield [--warm N] [--count M] [--rounds R] [--seed S] [--build DIR]\n';
const args: BenchArgs = benchArgs('mutation-yield', usage);
const { values, positionals } = args.parse({
  warm: { type: 'string', default: '2000' },
  count: { type: 'string', default: '300' },
  rounds: { type: 'string', default: '2' },
  seed: { type: 'string', default: '1' },
  build: { type: 'string', default: sharedPath('tools', 'luau-715-coverage') },
});
if (positionals.length > 0) args.fail(`unexpected argument: ${positionals.join(' ')}`);
const warm = args.whole('--warm', values.warm, 50);
const count = args.whole('--count', values.count, 50);
const rounds = args.whole('--rounds', values.rounds, 1);
const seed = args.whole('--seed', values.seed, 0);
const build = coverageBuild(values.build, ['luau']);
const coverage = { luau: build.luau, args: ['-O2', '--codegen'] };
const generator = { level: 'runnable', profile: 'luau' } as const;
const step = guidedDefaults.stepSize;

/** How an arm draws its k-th program of round `round`. */
type Draw = (round: number, k: number) => CampaignProgram;

const work = mkdtempSync(join(tmpdir(), 'bench-mutation-yield-'));
try {
  const started = performance.now();
  await runGuided({
    generator,
    seed,
    coverage,
    dir: join(work, 'corpus'),
    programs: warm,
    mutationShare: 0,
  });
  // What the campaign saved: its entries and its map.
  const corpus = Corpus.load(join(work, 'corpus'));
  const warmMap = corpus.map;
  if (warmMap === undefined) throw new Error('the blind campaign left no coverage map');
  const base = warmMap.state();
  console.log(
    `blind campaign of ${warm} programs (seed ${seed}) in ${((performance.now() - started) / 1000).toFixed(0)} s: ` +
      `${warmMap.reachedCount} counters, corpus ${corpus.entries.length}`,
  );
  const records = programRecords(generator);
  const hits = (i: number): number => warmMap.hits(i);
  // Mutants as a campaign's steps draw them (spliced with an entry of the corpus, drawn again
  // while they print as their parent); its runner is not used (its folder goes with the bench's).
  const steps = new GuidedSteps({
    records,
    corpus,
    runner: new CoverageRunner({ ...coverage, tmpDir: work }),
    seed,
    mutationShare: 1,
  });
  // Entries copied per arm and round: a pick counts in the entry it picks.
  const entries = (): CorpusEntry[] => corpus.entries.map((e) => ({ ...e }));
  const mutants = (
    salt: number,
    pickOf: (es: CorpusEntry[]) => (r: ReturnType<typeof streamRandom>) => CorpusEntry,
    weights?: Partial<Record<ProgramMutation, number>>,
  ): Draw => {
    let state:
      | { round: number; random: ReturnType<typeof streamRandom>; pick: ReturnType<typeof pickOf> }
      | undefined;
    return (round, k) => {
      if (state?.round !== round) {
        const random = streamRandom((Math.imul(seed + 1, 0x2545f491) ^ (salt * 7919 + round)) | 0);
        state = { round, random, pick: pickOf(entries()) };
      }
      return steps.mutant(state.pick(state.random), state.random, weights, k);
    };
  };
  // The campaign's next runs, their records read with `scale` times the node budget; `grown`:
  // with fresh choices appended for the generator to read on, as a grown record has.
  const fresh =
    (scale: number, grown = false): Draw =>
    (round, k) => {
      const run = warm + round * count + k;
      const r = records.ofRun(seed, run);
      if (r.kind !== 'choices' || scale === 1) return steps.build(r, { kind: 'fresh', run }, k);
      const choices = grown
        ? appendChoices(r.choices, choicesAtScale(MAX_CHOICES, scale), streamRandom(run + 1))
        : r.choices;
      return steps.build({ kind: 'choices', choices, scale }, { kind: 'fresh', run }, k);
    };
  const weighted = (es: CorpusEntry[]) => entryPicker(es, hits);
  const uniform = (es: CorpusEntry[]) => (r: ReturnType<typeof streamRandom>) =>
    es[r.nextInt(0, es.length - 1)]!;
  const only = (m: ProgramMutation): Partial<Record<ProgramMutation, number>> =>
    Object.fromEntries(recordMutations.map((o) => [o, o === m ? 1 : 0]));
  const arms: [string, Draw][] = [
    ['fresh', fresh(1)],
    ...[2, 4, 8].map((scale): [string, Draw] => [`fresh, node budget x${scale}`, fresh(scale)]),
    ...[4, 8, 16, 32].map((scale): [string, Draw] => [
      `fresh, node budget x${scale}, choices added`,
      fresh(scale, true),
    ]),
    ['mutants, picked as campaigns do', mutants(1, weighted)],
    ['mutants, picked uniformly', mutants(2, uniform)],
    ...recordMutations.map((m, i): [string, Draw] => [
      `mutants, first ${m}`,
      mutants(3 + i, weighted, only(m)),
    ]),
  ];
  console.log(
    `\n${count} programs an arm and round, ${rounds} round(s), against the map of the blind campaign`,
  );
  console.log(
    `${'arm'.padEnd(40)} ${'programs'.padStart(8)} ${'new counters'.padStart(12)} ${'per 100'.padStart(8)} ${'kept'.padStart(5)} ${'programs/s'.padStart(10)}`,
  );
  for (const [name, draw] of arms) {
    let reached = 0;
    let kept = 0;
    let ms = 0;
    for (let round = 0; round < rounds; round++) {
      const map = new CounterMap(base);
      const runner = new CoverageRunner({ ...coverage, map });
      const before = map.reachedCount;
      const t = performance.now();
      try {
        for (let k = 0; k < count; k += step) {
          const programs = [];
          for (let j = k; j < Math.min(count, k + step); j++) {
            const p = draw(round, j);
            if (p.printError === undefined) programs.push({ program: p.program, module: p.module });
          }
          for (const o of await runner.run(programs)) if (o.firstCounters.length > 0) kept++;
        }
      } finally {
        runner.close();
      }
      ms += performance.now() - t;
      reached += map.reachedCount - before;
    }
    const n = count * rounds;
    console.log(
      `${name.padEnd(40)} ${String(n).padStart(8)} ${String(reached).padStart(12)} ${((reached * 100) / n).toFixed(1).padStart(8)} ${String(kept).padStart(5)} ${((n * 1000) / ms).toFixed(1).padStart(10)}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
