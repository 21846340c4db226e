// npm run bench -- coverage-read [--count N] [--seed S] [--build DIR] [--group N]
// What reading coverage costs a guided campaign: N runnable programs (profile luau) run on
// Luau built for coverage (default ../shared/tools/luau-715-coverage), `luau -O2 --codegen`,
// each program's counters read from its raw profile into the map of counters reached so far.
// Prints the time per profile (read + map update; goal ≤ 1 ms), the time per program of the
// whole run, and the counters reached.
import { join } from 'node:path';
import { generatedSample } from '../../src/cli/coverage.js';
import { CoverageRunner } from '../../src/coverage/index.js';
import { benchArgs, sharedPath, type BenchArgs } from './_args.js';

const usage =
  'usage: npm run bench -- coverage-read [--count N] [--seed S] [--build DIR] [--group N]\n';
const args: BenchArgs = benchArgs('coverage-read', usage);
const { values, positionals } = args.parse({
  count: { type: 'string', default: '300' },
  seed: { type: 'string', default: '1' },
  group: { type: 'string', default: '1' },
  build: { type: 'string', default: sharedPath('tools', 'luau-715-coverage') },
});
if (positionals.length > 0) args.fail(`unexpected argument: ${positionals.join(' ')}`);
const count = args.whole('--count', values.count, 1);
const seed = args.whole('--seed', values.seed, 0);
const groupSize = args.whole('--group', values.group, 1);

const { programs } = generatedSample(
  { level: 'runnable', profile: 'luau', types: true, seed },
  count,
  seed,
);
const runner = new CoverageRunner({
  luau: join(values.build, 'luau'),
  args: ['-O2', '--codegen'],
  groupSize,
});
const started = performance.now();
const outcomes = await runner.run(programs);
const wall = performance.now() - started;
runner.close();
const { profiles, ms, cpuMs, processes } = runner.stats;
const withNew = outcomes.filter((o) => o.firstCounters.length > 0).length;
console.log(`programs: ${programs.length} (group size ${groupSize}), processes ${processes}`);
console.log(
  `read + map update: ${(ms / profiles).toFixed(3)} ms wall, ${(cpuMs / profiles).toFixed(3)} ms CPU ` +
    `per profile over ${profiles} profiles (goal ≤ 1 ms)`,
);
console.log(
  `whole run: ${(wall / programs.length).toFixed(1)} ms per program, ${((programs.length * 1000) / wall).toFixed(1)} programs/s`,
);
console.log(
  `counters reached: ${runner.map.reachedCount} of ${runner.map.counterCount}; programs that reached new counters: ${withNew}`,
);
