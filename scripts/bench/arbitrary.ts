// npm run bench -- arbitrary [COUNT] [--level L,...] [--profile P,...] [--seed S] [--rounds N]
//   [--compare REV]
// Generation throughput per validity level and profile (default: every level, profile
// luau-web, seed 42, 2000 trees): trees/s, nodes/s, printing alone (printPretty) and
// generation plus printing, each the best of --rounds runs. Times are CPU seconds of this
// process (user + system), which other processes on a busy machine disturb far less than the
// wall clock.
// --compare REV also runs the generator and printer of a git revision (e.g. main) on the same
// seed, interleaved with the checkout's, prints the ratios, and checks that both print the
// same sources (sha256 of every program's printed sources, in order); exits 1 when they differ.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ModuleSetSchema, type ModuleSet } from '../../gen/luau_pb.js';
import {
  luauArbitraries,
  profileNames,
  validityLevels,
  type ProfileName,
  type ValidityLevel,
} from '../../src/arbitrary/index.js';
import { printPretty } from '../../src/print/index.js';
import { treeStats } from '../../src/tree/index.js';
import { dirtyCheckout, gitRevision, unpackRevision, type Revision } from './_revision.js';
import { benchArgs, type BenchArgs } from './_args.js';

const usage =
  'usage: npm run bench -- arbitrary [COUNT] [--level L,...] [--profile P,...] [--seed S] ' +
  '[--rounds N] [--compare REV]\n';

const args: BenchArgs = benchArgs('arbitrary', usage);

const parsed = args.parse({
  level: { type: 'string' },
  profile: { type: 'string', default: 'luau-web' },
  seed: { type: 'string', default: '42' },
  rounds: { type: 'string', default: '1' },
  compare: { type: 'string' },
});

function listOf<T extends string>(flag: string, text: string, known: readonly T[]): T[] {
  const out = text.split(',');
  for (const x of out) {
    if (!known.includes(x as T)) args.fail(`--${flag} takes ${known.join(', ')}: not '${x}'`);
  }
  return out as T[];
}

if (parsed.positionals.length > 1) args.fail(`one COUNT at most: ${parsed.positionals.join(' ')}`);
const count = args.whole('COUNT', parsed.positionals[0] ?? '2000', 1);
const seed = args.whole('--seed', parsed.values.seed, 0);
const rounds = args.whole('--rounds', parsed.values.rounds, 1);
const levels = listOf('level', parsed.values.level ?? validityLevels.join(','), validityLevels);
const profiles = listOf('profile', parsed.values.profile, profileNames);

interface Generator {
  readonly label: string;
  readonly arbitraries: typeof luauArbitraries;
  readonly print: typeof printPretty;
}

interface Measure {
  genSeconds: number;
  printSeconds: number;
  nodes: number;
  bytes: number;
  /** sha256 of every tree's printed sources, in order. */
  hash: string;
  /** Each program's printed sources, to name the first difference. */
  printed: string[];
}

/** CPU seconds of this process since `start` (a `process.cpuUsage()`). */
function seconds(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}

function measure(g: Generator, level: ValidityLevel, profile: ProfileName): Measure {
  const arb = g.arbitraries({ level, profile }).moduleSet;
  const genStart = process.cpuUsage();
  const trees: ModuleSet[] = fc.sample(arb, { seed, numRuns: count });
  const genSeconds = seconds(genStart);
  const printStart = process.cpuUsage();
  const sources = trees.map((t) => g.print(t));
  const printSeconds = seconds(printStart);
  const hash = createHash('sha256');
  let bytes = 0;
  const printed = sources.map((s) => s.join('\0'));
  for (const p of printed) {
    hash.update(p).update('\u0001');
    bytes += Buffer.byteLength(p);
  }
  const nodes = trees.reduce((n, t) => n + treeStats(ModuleSetSchema, t).nodes, 0);
  return { genSeconds, printSeconds, nodes, bytes, hash: hash.digest('hex'), printed };
}

/** The best of `rounds` runs per generator, the generators interleaved round by round. */
function best(gens: readonly Generator[], level: ValidityLevel, profile: ProfileName): Measure[] {
  for (const g of gens)
    fc.sample(g.arbitraries({ level, profile }).moduleSet, { seed: 1, numRuns: 50 }); // warm-up
  const out: Measure[] = [];
  for (let r = 0; r < rounds; r++) {
    gens.forEach((g, i) => {
      const m = measure(g, level, profile);
      const prev = out[i];
      if (prev === undefined) out[i] = m;
      else {
        prev.genSeconds = Math.min(prev.genSeconds, m.genSeconds);
        prev.printSeconds = Math.min(prev.printSeconds, m.printSeconds);
      }
    });
  }
  return out;
}

const rate = (n: number, s: number) => (n / s).toFixed(0);

const generators: Generator[] = [
  {
    label: `checkout (${gitRevision('HEAD')}${dirtyCheckout() ? ' + uncommitted changes' : ''})`,
    arbitraries: luauArbitraries,
    print: printPretty,
  },
];
let revision: Revision | undefined;
if (parsed.values.compare !== undefined) {
  try {
    revision = unpackRevision(parsed.values.compare);
    generators.push({
      label: revision.label,
      arbitraries: (
        await revision.load<{ luauArbitraries: typeof luauArbitraries }>('src/arbitrary/index.ts')
      ).luauArbitraries,
      print: (await revision.load<{ printPretty: typeof printPretty }>('src/print/index.ts'))
        .printPretty,
    });
  } catch (e) {
    revision?.remove();
    args.fail(`--compare ${parsed.values.compare}: ${(e as Error).message}`);
  }
}

let differ = false;
try {
  console.log(
    `arbitrary: ${count} trees per level and profile, seed ${seed}, best of ${rounds} ` +
      `round${rounds === 1 ? '' : 's'}; ${generators.map((g) => g.label).join(' vs ')}`,
  );
  const columns = ['trees/s', 'nodes/s', 'nodes/tree', 'print/s', 'printed KB/s', 'gen+print/s'];
  console.log(
    `  ${'level'.padEnd(9)} ${'profile'.padEnd(9)} ${'code'.padEnd(9)} ` +
      columns.map((c) => c.padStart(12)).join(' '),
  );
  for (const level of levels) {
    for (const profile of profiles) {
      const ms = best(generators, level, profile);
      ms.forEach((m, i) => {
        const both = m.genSeconds + m.printSeconds;
        const cells = [
          rate(count, m.genSeconds),
          rate(m.nodes, m.genSeconds),
          (m.nodes / count).toFixed(1),
          rate(count, m.printSeconds),
          (m.bytes / 1024 / both).toFixed(1),
          rate(count, both),
        ];
        console.log(
          `  ${level.padEnd(9)} ${profile.padEnd(9)} ${(i === 0 ? 'checkout' : 'compare').padEnd(9)} ` +
            cells.map((c) => c.padStart(12)).join(' '),
        );
      });
      const [mine, theirs] = ms;
      if (mine === undefined || theirs === undefined) continue;
      const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
      console.log(
        `  ${''.padEnd(9)} ${''.padEnd(9)} ${'ratio'.padEnd(9)} ` +
          [
            ratio(theirs.genSeconds, mine.genSeconds),
            '',
            '',
            ratio(theirs.printSeconds, mine.printSeconds),
            '',
            ratio(theirs.genSeconds + theirs.printSeconds, mine.genSeconds + mine.printSeconds),
          ]
            .map((c) => c.padStart(12))
            .join(' '),
      );
      if (mine.hash === theirs.hash) {
        console.log(`  ${''.padEnd(29)} same sources (sha256 ${mine.hash.slice(0, 16)})`);
      } else {
        differ = true;
        const first = mine.printed.findIndex((p, i) => p !== theirs.printed[i]);
        console.log(
          `  ${''.padEnd(29)} DIFFERENT sources (sha256 ${mine.hash.slice(0, 16)} vs ` +
            `${theirs.hash.slice(0, 16)}), first at program #${first}`,
        );
      }
    }
  }
} finally {
  revision?.remove();
}
if (differ) process.exit(1);
