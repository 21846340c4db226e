// npm run bench -- shrink [--seed S] [--runs N] [--time-limit SECONDS] [--tools DIR] [--only NAME,...]
//   [--steps]
// How far fast-check shrinks failing runnable programs (level runnable, profile luau-web), for
// the record-of-choices shrinker (deletions, zeroing, lowering) beside the seed-and-length
// one it replaced (a record was a seed and a length: shrinking made it a prefix or another
// random record; kept here only, as a baseline). For each property: the first counterexample
// (both shrinkers see the same one: the same seed draws the same records) and the shrunk one
// (messages, printed bytes and lines), shrink steps, properties run, and time; then what
// the campaign's statement-deletion reducer, run after it, still removes (messages, lines,
// candidates run); then the ratios new/old. Properties: the program calls `table.sort`; it has a `while` loop; its
// output in luau-web has 5 lines or more; and, with the Luau tools folder present, the
// faulty build `mutants/fmod-fast-sign` prints other than the sound build at -O2 (skipped
// when absent). --steps prints every step of each shrink (the size of each smaller failing
// program, as it is found), to see where a shrinker stops.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { ModuleSetSchema, type ModuleSet } from '../../gen/luau_pb.js';
import { luauArbitraries, resolveOptions } from '../../src/arbitrary/index.js';
import { reduceStatements } from '../../src/campaign/reduce.js';
import {
  expandRecord,
  MAX_CHOICES,
  runnableModuleSet,
} from '../../src/arbitrary/runnable/index.js';
import { printPretty } from '../../src/print/index.js';
import {
  batchOutcomesDiffer,
  defaultLuauToolsDir,
  LuauBatchRunner,
  LuauWebPool,
} from '../../src/runtime/index.js';
import { treeStats } from '../../src/tree/index.js';
import { benchArgs, type BenchArgs } from './_args.js';

const usage =
  'usage: npm run bench -- shrink [--seed S] [--runs N] [--time-limit SECONDS] [--tools DIR] [--only NAME,...] [--steps]\n';

const args: BenchArgs = benchArgs('shrink', usage);

const { values: parsed, positionals } = args.parse({
  seed: { type: 'string', default: '1' },
  runs: { type: 'string', default: '200' },
  'time-limit': { type: 'string', default: '300' },
  tools: { type: 'string', default: defaultLuauToolsDir },
  only: { type: 'string' },
  steps: { type: 'boolean', default: false },
});
if (positionals.length > 0) args.fail(`unexpected argument: ${positionals.join(' ')}`);

const seed = args.whole('--seed', parsed.seed, 0);
const runs = args.whole('--runs', parsed.runs, 1);
const timeLimitMs = args.whole('--time-limit', parsed['time-limit'], 1) * 1000;
const printSteps: boolean = parsed.steps;
const arbitraryOptions = { level: 'runnable', profile: 'luau-web' } as const;
const resolved = resolveOptions(arbitraryOptions);

/** The seed-and-length record of `main` before the record shrinker: the baseline. */
function seedAndLengthRecord(): fc.Arbitrary<number[]> {
  return fc
    .tuple(fc.noBias(fc.nat({ max: 0x7fffffff })), fc.noBias(fc.nat({ max: MAX_CHOICES })))
    .map(([s, length]) => expandRecord(s, length));
}

const shrinkers: { name: string; arbitrary: fc.Arbitrary<ModuleSet> }[] = [
  {
    name: 'seed+length',
    arbitrary: seedAndLengthRecord().map((r) => runnableModuleSet(r, resolved)),
  },
  { name: 'record', arbitrary: luauArbitraries(arbitraryOptions).moduleSet },
];

function sources(tree: ModuleSet): { program: string; module?: string } {
  const printed = printPretty(tree);
  return printed.length > 1
    ? { module: printed[0]!, program: printed[1]! }
    : { program: printed[0] ?? '' };
}

/** A property that fails: true when the tree shows what is looked for. */
interface Failure {
  readonly name: string;
  readonly fails: (tree: ModuleSet) => Promise<boolean>;
}

const pool = new LuauWebPool({ workers: 1, timeoutMs: 5000 });
const failures: Failure[] = [
  {
    name: 'calls table.sort',
    fails: (t) => Promise.resolve(printPretty(t).some((s) => s.includes('table.sort('))),
  },
  {
    name: 'has a while loop',
    fails: (t) => Promise.resolve(printPretty(t).some((s) => /\bwhile\b/.test(s))),
  },
  {
    name: 'luau-web prints >= 5 lines',
    fails: async (t) => {
      const o = await pool.run({ id: 'p', ...sources(t) });
      return o.status === 'ok' && o.output.split('\n').length - 1 >= 5;
    },
  },
];
const sound = join(parsed.tools, 'luau');
const faulty = join(parsed.tools, 'mutants', 'fmod-fast-sign', 'luau');
if (existsSync(sound) && existsSync(faulty)) {
  failures.push({
    name: 'fmod-fast-sign -O2 differs',
    fails: async (t) => {
      const batch = new LuauBatchRunner([sources(t)]);
      try {
        const [a] = await batch.run({ luau: sound, args: ['-O2'] }, { timeoutMs: 10_000 });
        const [b] = await batch.run({ luau: faulty, args: ['-O2'] }, { timeoutMs: 10_000 });
        return a!.status === 'ok' && batchOutcomesDiffer(a!, b!);
      } finally {
        batch.close();
      }
    },
  });
} else {
  console.log(`(no faulty build at ${faulty}: its property is skipped)`);
}
const only = parsed.only?.split(',');
const chosen = only === undefined ? failures : failures.filter((f) => only.includes(f.name));
if (chosen.length === 0)
  args.fail(`--only names none of: ${failures.map((f) => f.name).join(', ')}`);

interface Size {
  readonly nodes: number;
  readonly bytes: number;
  readonly lines: number;
}

function size(tree: ModuleSet): Size {
  const printed = printPretty(tree);
  return {
    nodes: treeStats(ModuleSetSchema, tree).nodes,
    bytes: printed.reduce((n, s) => n + Buffer.byteLength(s), 0),
    lines: printed.reduce((n, s) => n + s.trimEnd().split('\n').length, 0),
  };
}

interface Result {
  readonly first: Size;
  readonly shrunk: Size;
  readonly reduced: Size;
  readonly reduceRuns: number;
  readonly steps: number;
  readonly runs: number;
  readonly seconds: number;
  readonly interrupted: boolean;
  readonly source: string;
}

async function measure(failure: Failure, arbitrary: fc.Arbitrary<ModuleSet>): Promise<Result> {
  let first: ModuleSet | undefined;
  let smallest: ModuleSet | undefined;
  let calls = 0;
  const started = process.hrtime.bigint();
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (tree) => {
      calls++;
      const fails = await failure.fails(tree);
      if (fails) {
        first ??= tree;
        smallest = tree;
        if (printSteps) {
          const s = size(tree);
          console.log(`    run ${calls}: ${s.nodes} nodes, ${s.bytes} bytes, ${s.lines} lines`);
        }
      }
      return !fails;
    }),
    { seed, numRuns: runs, interruptAfterTimeLimit: timeLimitMs, markInterruptAsFailure: false },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (first === undefined || smallest === undefined)
    throw new Error(`no counterexample in ${runs} runs of seed ${seed}`);
  const reduced = await reduceStatements(smallest, {
    stillFail: async (candidates) => {
      const out: boolean[] = [];
      for (const c of candidates) out.push(await failure.fails(c));
      return out;
    },
  });
  return {
    first: size(first),
    shrunk: size(smallest),
    reduced: size(reduced.tree),
    reduceRuns: reduced.attempts,
    steps: details.numShrinks,
    runs: calls,
    seconds,
    interrupted: details.interrupted,
    source: sources(smallest).program,
  };
}

console.log(
  `shrink: level runnable, profile luau-web, seed ${seed}, first of ${runs} runs, ` +
    `time limit ${timeLimitMs / 1000} s per shrink`,
);
const header =
  `  ${'property'.padEnd(27)} ${'shrinker'.padEnd(11)} ${'first: nodes'.padStart(12)} ` +
  `${'bytes'.padStart(7)} ${'shrunk: nodes'.padStart(13)} ${'bytes'.padStart(6)} ` +
  `${'lines'.padStart(5)} ${'steps'.padStart(6)} ${'runs'.padStart(6)} ${'s'.padStart(7)}  ` +
  `${'reduced: nodes'.padStart(14)} ${'lines'.padStart(5)} ${'runs'.padStart(5)}`;
const rows: { failure: string; results: Result[] }[] = [];
try {
  console.log(header);
  for (const failure of chosen) {
    const results: Result[] = [];
    for (const s of shrinkers) {
      const r = await measure(failure, s.arbitrary);
      results.push(r);
      console.log(
        `  ${failure.name.padEnd(27)} ${s.name.padEnd(11)} ${String(r.first.nodes).padStart(12)} ` +
          `${String(r.first.bytes).padStart(7)} ${String(r.shrunk.nodes).padStart(13)} ` +
          `${String(r.shrunk.bytes).padStart(6)} ${String(r.shrunk.lines).padStart(5)} ` +
          `${String(r.steps).padStart(6)} ${String(r.runs).padStart(6)} ` +
          `${r.seconds.toFixed(1).padStart(7)}  ${String(r.reduced.nodes).padStart(14)} ` +
          `${String(r.reduced.lines).padStart(5)} ${String(r.reduceRuns).padStart(5)}` +
          `${r.interrupted ? ' (time limit)' : ''}`,
      );
    }
    rows.push({ failure: failure.name, results });
  }
  console.log('');
  console.log(
    `  ${'property'.padEnd(27)} ${'shrunk nodes new/old'.padStart(20)} ${'shrunk bytes new/old'.padStart(20)} ${'time new/old'.padStart(13)} ${'reduced nodes new/old'.padStart(22)}`,
  );
  for (const { failure, results } of rows) {
    const [old, now] = results as [Result, Result];
    console.log(
      `  ${failure.padEnd(27)} ${(now.shrunk.nodes / old.shrunk.nodes).toFixed(3).padStart(20)} ` +
        `${(now.shrunk.bytes / old.shrunk.bytes).toFixed(3).padStart(20)} ` +
        `${(now.seconds / old.seconds).toFixed(2).padStart(13)} ` +
        `${(now.reduced.nodes / old.reduced.nodes).toFixed(3).padStart(22)}`,
    );
  }
  for (const { failure, results } of rows) {
    console.log(`\n-- ${failure}, shrunk by the record shrinker:\n${results[1]!.source.trimEnd()}`);
  }
} finally {
  await pool.close();
}
