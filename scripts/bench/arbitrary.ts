// npm run bench -- arbitrary [COUNT]: generation throughput per validity level (profile
// luau-web, fixed seed): trees/s, nodes/s, and KB/s of pretty-printed source, for generation
// alone and for generation plus printing.
import fc from 'fast-check';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { luauArbitraries, validityLevels } from '../../src/arbitrary/index.js';
import { printPretty } from '../../src/print/index.js';
import { treeStats } from '../../src/tree/index.js';

const count = Number(process.argv[2] ?? 2000);
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write('usage: npm run bench -- arbitrary [COUNT]\n');
  process.exit(2);
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

console.log(`arbitrary: ${count} trees per level, profile luau-web, seed 42`);
console.log(
  `  ${'level'.padEnd(9)} ${'trees/s'.padStart(9)} ${'nodes/s'.padStart(10)} ${'nodes/tree'.padStart(10)} ${'printed KB/s'.padStart(13)} ${'gen+print trees/s'.padStart(18)}`,
);
for (const level of validityLevels) {
  const arb = luauArbitraries({ level, profile: 'luau-web' }).moduleSet;
  fc.sample(arb, { seed: 1, numRuns: 50 }); // warm-up
  const genStart = process.hrtime.bigint();
  const trees = fc.sample(arb, { seed: 42, numRuns: count });
  const genTime = seconds(genStart);
  const nodes = trees.reduce((n, t) => n + treeStats(ModuleSetSchema, t).nodes, 0);
  const printStart = process.hrtime.bigint();
  let bytes = 0;
  for (const t of trees) for (const s of printPretty(t)) bytes += Buffer.byteLength(s);
  const printTime = seconds(printStart);
  console.log(
    `  ${level.padEnd(9)} ${(count / genTime).toFixed(0).padStart(9)} ${(nodes / genTime).toFixed(0).padStart(10)} ${(nodes / count).toFixed(1).padStart(10)} ${(bytes / 1024 / (genTime + printTime)).toFixed(1).padStart(13)} ${(count / (genTime + printTime)).toFixed(0).padStart(18)}`,
  );
}
