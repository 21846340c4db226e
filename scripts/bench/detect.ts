// npm run bench -- detect [--count N] [--seed S] [--level L] [--profile P] [--tools DIR]
//   [--at N,N] [--baseline REV,...] [--baseline-only] [--batch-size N]
// What generated programs detect: N programs (default 1000, profile luau, level runnable) run
// on the Luau tools folder's `luau` and on each faulty build in its `mutants/`; a program
// detects a fault when its exit status or output differs. Three comparisons per fault:
//   -O2        the faulty build against the sound one, both at -O2;
//   -O0/-O2    the faulty build against itself at -O0 and -O2 (no sound build needed: what a
//              differential campaign sees); programs where the sound build itself differs
//              between -O0 and -O2 are left out;
//   codegen    the faulty build against the sound one, both at -O2 --codegen;
//   -O2/cg     the faulty build against itself at -O2 and -O2 --codegen (left out as above
//              where the sound build differs between the two).
// Prints per fault how many programs detect it and the first one's index, and the faults
// detected within the first N programs for each N of --at (default 200 and the count).
// --baseline REV[,REV...] also runs the generator of each git revision (e.g. main) on the same
// seed, side by side with the checkout's (--baseline-only: only those).
import { join } from 'node:path';
import fc from 'fast-check';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { luauArbitraries, validityLevels, type ValidityLevel } from '../../src/arbitrary/index.js';
import { printPretty } from '../../src/print/index.js';
import {
  defaultLuauToolsDir,
  LuauBatchRunner,
  luauTools,
  batchOutcomesDiffer,
  type LuauBatchOutcome,
  type LuauBatchProgram,
  type LuauTools,
} from '../../src/runtime/index.js';
import { dirtyCheckout, gitRevision, unpackRevision, type Revision } from './_revision.js';
import { benchArgs, type BenchArgs } from './_args.js';

const usage =
  'usage: npm run bench -- detect [--count N] [--seed S] [--level L] [--profile luau|luau-web] ' +
  '[--tools DIR] [--at N,N] [--baseline REV,...] [--baseline-only] [--batch-size N]\n';

const args: BenchArgs = benchArgs('detect', usage);

const { values: parsed, positionals } = args.parse({
  count: { type: 'string', default: '1000' },
  seed: { type: 'string', default: '1' },
  level: { type: 'string', default: 'runnable' },
  profile: { type: 'string', default: 'luau' },
  tools: { type: 'string', default: defaultLuauToolsDir },
  at: { type: 'string' },
  baseline: { type: 'string' },
  'baseline-only': { type: 'boolean', default: false },
  'batch-size': { type: 'string', default: '100' },
});
if (positionals.length > 0) args.fail(`unexpected argument: ${positionals.join(' ')}`);

const count = args.whole('--count', parsed.count, 1);
const seed = args.whole('--seed', parsed.seed, 0);
const batchSize = args.whole('--batch-size', parsed['batch-size'], 1);
const level = parsed.level as ValidityLevel;
if (!validityLevels.includes(level))
  args.fail(`--level must be one of ${validityLevels.join(', ')}`);
const profile = parsed.profile;
if (profile !== 'luau' && profile !== 'luau-web') args.fail('--profile must be luau or luau-web');
const profileName: 'luau' | 'luau-web' = profile;
const checkpoints = [
  ...new Set(
    (parsed.at ?? `200,${count}`)
      .split(',')
      .map((s) => args.whole('--at', s, 1))
      .filter((n) => n <= count),
  ),
].sort((a, b) => a - b);
let tools: LuauTools;
try {
  tools = luauTools(parsed.tools);
} catch (e) {
  args.fail((e as Error).message);
}
if (tools.faulty.length === 0) args.fail(`no faulty builds in ${join(tools.dir, 'mutants')}`);

type Arbitraries = typeof luauArbitraries;
type Printer = typeof printPretty;
interface Generator {
  readonly label: string;
  readonly arbitraries: Arbitraries;
  readonly print: Printer;
}

/** The generator and printer of a git revision, unpacked beside this checkout's node_modules. */
async function revisionGenerator(revision: Revision): Promise<Generator> {
  const arbitrary = await revision.load<{ luauArbitraries: Arbitraries }>('src/arbitrary/index.ts');
  const print = await revision.load<{ printPretty: Printer }>('src/print/index.ts');
  return {
    label: revision.label,
    arbitraries: arbitrary.luauArbitraries,
    print: print.printPretty,
  };
}

const modes = ['-O2', '-O0/-O2', 'codegen', '-O2/cg'] as const;
type Mode = (typeof modes)[number];

interface FaultResult {
  readonly name: string;
  /** Per mode: indexes of the detecting programs. */
  readonly detecting: Record<Mode, number[]>;
}

interface GeneratorResult {
  readonly label: string;
  readonly seconds: number;
  readonly referenceOk: number;
  readonly referenceUnstable: number;
  readonly referenceUnstableCodegen: number;
  readonly faults: FaultResult[];
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function measure(g: Generator): Promise<GeneratorResult> {
  const start = process.hrtime.bigint();
  const arb = g.arbitraries({ level, profile: profileName }).moduleSet;
  const trees: ModuleSet[] = fc.sample(arb, { seed, numRuns: count });
  const programs: LuauBatchProgram[] = trees.map((t) => {
    const chunks = g.print(t);
    const program = chunks[chunks.length - 1] ?? '';
    return chunks.length === 2 ? { program, module: chunks[0] } : { program };
  });
  const batch = new LuauBatchRunner(programs);
  try {
    const run = (luau: string, args: string[]): Promise<LuauBatchOutcome[]> =>
      batch.run({ luau, args }, { batchSize });
    const ref2 = await run(tools.luau, ['-O2']);
    const ref0 = await run(tools.luau, ['-O0']);
    const refC = await run(tools.luau, ['-O2', '--codegen']);
    const unstable = new Set<number>();
    const unstableCodegen = new Set<number>();
    ref2.forEach((o, i) => {
      if (batchOutcomesDiffer(o, ref0[i] as LuauBatchOutcome)) unstable.add(i);
      if (batchOutcomesDiffer(o, refC[i] as LuauBatchOutcome)) unstableCodegen.add(i);
    });
    const faults: FaultResult[] = [];
    for (const f of tools.faulty) {
      const m2 = await run(f.luau, ['-O2']);
      const m0 = await run(f.luau, ['-O0']);
      const mC = await run(f.luau, ['-O2', '--codegen']);
      const pick = (test: (i: number) => boolean): number[] =>
        programs.flatMap((_, i) => (test(i) ? [i] : []));
      faults.push({
        name: f.name,
        detecting: {
          '-O2': pick((i) => batchOutcomesDiffer(ref2[i]!, m2[i]!)),
          '-O0/-O2': pick((i) => !unstable.has(i) && batchOutcomesDiffer(m0[i]!, m2[i]!)),
          codegen: pick((i) => batchOutcomesDiffer(refC[i]!, mC[i]!)),
          '-O2/cg': pick((i) => !unstableCodegen.has(i) && batchOutcomesDiffer(m2[i]!, mC[i]!)),
        },
      });
    }
    return {
      label: g.label,
      seconds: seconds(start),
      referenceOk: ref2.filter((o) => o.status === 'ok').length,
      referenceUnstable: unstable.size,
      referenceUnstableCodegen: unstableCodegen.size,
      faults,
    };
  } finally {
    batch.close();
  }
}

function firstOf(r: FaultResult, only?: Mode): number | undefined {
  const firsts = (only === undefined ? modes : [only])
    .map((m) => r.detecting[m][0])
    .filter((i): i is number => i !== undefined);
  return firsts.length === 0 ? undefined : Math.min(...firsts);
}

function detectedWithin(g: GeneratorResult, n: number, only?: Mode): number {
  return g.faults.filter((f) => (firstOf(f, only) ?? Infinity) < n).length;
}

function cell(ids: number[]): string {
  return ids.length === 0 ? '-' : `${ids.length} (#${ids[0]})`;
}

const generators: Generator[] = parsed['baseline-only']
  ? []
  : [
      {
        label: `checkout (${gitRevision('HEAD')}${dirtyCheckout() ? ' + uncommitted changes' : ''})`,
        arbitraries: luauArbitraries,
        print: printPretty,
      },
    ];
if (generators.length === 0 && parsed.baseline === undefined)
  args.fail('--baseline-only needs --baseline');
const unpacked: Revision[] = [];
try {
  for (const rev of parsed.baseline?.split(',') ?? []) {
    try {
      const revision = unpackRevision(rev);
      unpacked.push(revision);
      generators.push(await revisionGenerator(revision));
    } catch (e) {
      for (const r of unpacked) r.remove();
      args.fail(`--baseline ${rev}: ${(e as Error).message}`);
    }
  }

  console.log(
    `detect: ${count} programs, level ${level}, profile ${profile}, seed ${seed}, ` +
      `${tools.faulty.length} faulty builds in ${tools.dir}`,
  );
  const results: GeneratorResult[] = [];
  for (const g of generators) {
    const r = await measure(g);
    results.push(r);
    console.log('');
    console.log(
      `${r.label}: ${r.seconds.toFixed(1)} s; sound build -O2: ${r.referenceOk}/${count} ran to ` +
        `the end, ${r.referenceUnstable} differ between -O0 and -O2, ` +
        `${r.referenceUnstableCodegen} between -O2 and --codegen`,
    );
    console.log(
      `  ${'fault'.padEnd(22)} ${modes.map((m) => m.padStart(16)).join(' ')}   (programs detecting, first #)`,
    );
    for (const f of r.faults) {
      console.log(
        `  ${f.name.padEnd(22)} ${modes.map((m) => cell(f.detecting[m]).padStart(16)).join(' ')}`,
      );
    }
    for (const n of checkpoints) {
      console.log(
        `  detected by the first ${String(n).padStart(5)}: ${detectedWithin(r, n)} of ` +
          `${r.faults.length} (` +
          modes.map((m) => `${m} ${detectedWithin(r, n, m)}`).join(', ') +
          ')',
      );
    }
  }
  if (results.length > 1) {
    console.log('');
    console.log(`side by side (${results.map((r) => r.label).join(' / ')}):`);
    for (const n of checkpoints) {
      console.log(
        `  faults detected by the first ${String(n).padStart(5)}: ` +
          results.map((r) => detectedWithin(r, n)).join(' / ') +
          ` of ${tools.faulty.length}`,
      );
    }
    console.log(`  seconds: ${results.map((r) => r.seconds.toFixed(1)).join(' / ')}`);
  }
} finally {
  for (const r of unpacked) r.remove();
}
