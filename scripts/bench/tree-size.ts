// npm run bench -- tree-size [SAMPLES]: how many nodes (messages) the trees of each validity level
// have for a few values of `maxNodes`: median, 90th percentile and largest of SAMPLES trees
// (default 100; seed 1), and each as a multiple of `maxNodes`. The figures of
// docs/architecture.md#tree-size come from it.
import fc from 'fast-check';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { luauArbitraries, type ValidityLevel } from '../../src/arbitrary/index.js';
import { treeStats } from '../../src/tree/index.js';

const samples = Number(process.argv[2] ?? 100);
if (!Number.isInteger(samples) || samples < 1) {
  process.stderr.write('usage: npm run bench -- tree-size [SAMPLES]  (a whole number ≥ 1)\n');
  process.exit(2);
}

const levels: ValidityLevel[] = ['syntax', 'scoped', 'runnable', 'typed'];
process.stdout.write('level     maxNodes  median    p90    max  median/maxNodes  max/maxNodes\n');
for (const level of levels) {
  const profile = level === 'runnable' || level === 'typed' ? 'luau-web' : 'luau';
  for (const maxNodes of [100, 400, 1600]) {
    const arbitrary = luauArbitraries({ level, profile, maxNodes }).moduleSet;
    const nodes = fc
      .sample(arbitrary, { seed: 1, numRuns: samples })
      .map((tree) => treeStats(ModuleSetSchema, tree).nodes)
      .sort((a, b) => a - b);
    const at = (q: number): number =>
      nodes[Math.min(nodes.length - 1, Math.floor(q * nodes.length))]!;
    const max = nodes[nodes.length - 1]!;
    process.stdout.write(
      `${level.padEnd(9)} ${String(maxNodes).padStart(8)} ${String(at(0.5)).padStart(7)} ${String(at(0.9)).padStart(6)} ${String(max).padStart(6)}` +
        ` ${(at(0.5) / maxNodes).toFixed(2).padStart(16)} ${(max / maxNodes).toFixed(2).padStart(13)}\n`,
    );
  }
}
