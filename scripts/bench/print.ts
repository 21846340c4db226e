// npm run bench -- print [COUNT] [LEVEL]: printing throughput, compat and pretty mode, in MB/s
// of Luau source produced, on the same trees (syntax level by default) from a fixed seed.
import fc from 'fast-check';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { luauArbitraries, validityLevels, type ValidityLevel } from '../../src/arbitrary/index.js';
import { printCompat, printPretty } from '../../src/print/index.js';

const count = Number(process.argv[2] ?? 10_000);
const level = (process.argv[3] ?? 'syntax') as ValidityLevel;
if (!Number.isInteger(count) || count <= 0 || !validityLevels.includes(level)) {
  process.stderr.write(`usage: npm run bench -- print [COUNT] [${validityLevels.join('|')}]\n`);
  process.exit(2);
}
const rounds = 5;
const seed = 42;
const trees = fc.sample(luauArbitraries({ level }).moduleSet, { seed, numRuns: count });

const bytesOf = (print: (t: ModuleSet) => string[]): number =>
  trees.reduce((n, t) => n + print(t).reduce((m, s) => m + Buffer.byteLength(s), 0), 0);

/** Best of `rounds` passes: seconds per pass. */
function best(pass: () => void): number {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    pass();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  return best;
}

const modes = {
  compat: (t: ModuleSet) => printCompat(t),
  pretty: (t: ModuleSet) => printPretty(t),
};
console.log(`print: ${count} ${level}-level trees (seed ${seed}), best of ${rounds}`);
const mbps: Record<string, number> = {};
for (const [name, print] of Object.entries(modes)) {
  const bytes = bytesOf(print);
  const seconds = best(() => {
    for (const t of trees) print(t);
  });
  mbps[name] = bytes / 1e6 / seconds;
  console.log(
    `  ${name.padEnd(8)} ${(bytes / 1e6).toFixed(2).padStart(7)} MB of source  ${mbps[name].toFixed(1).padStart(7)} MB/s  ${Math.round(
      count / seconds,
    )
      .toLocaleString('en')
      .padStart(9)} trees/s`,
  );
}
console.log(`  pretty / compat: ${(mbps.pretty! / mbps.compat!).toFixed(2)}x the MB/s`);
