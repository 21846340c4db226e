// npm run bench -- import [RUNS]: how long `import` of each export of the built package takes in a
// fresh Node process (median of RUNS, default 5), and whether it loads the server stack (Fastify,
// better-sqlite3). Builds `dist/` first with `npm run build`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../src/package-root.js';

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write('usage: npm run bench -- import [RUNS]  (RUNS: a whole number ≥ 1)\n');
  process.exit(2);
}

execFileSync('npm', ['run', '--silent', 'build'], { cwd: packageRoot, stdio: 'inherit' });

const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
};
const subpaths = Object.keys(manifest.exports).filter(
  (p) => !p.includes('*') && !p.endsWith('.json'),
);

// One fresh process per measurement: the module cache would otherwise hide the cost.
const probe = `
const { createRequire } = await import('node:module');
const t0 = performance.now();
await import(process.argv[1]);
const ms = performance.now() - t0;
const loaded = Object.keys(createRequire(import.meta.url).cache);
const heavy = ['fastify', 'better-sqlite3'].filter((name) =>
  loaded.some((f) => f.includes('/node_modules/' + name + '/')),
);
process.stdout.write(JSON.stringify({ ms, heavy }));
`;

function measure(specifier: string): { ms: number; heavy: string[] } {
  const samples: { ms: number; heavy: string[] }[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', probe, specifier], {
      cwd: packageRoot,
      encoding: 'utf8',
    });
    samples.push(JSON.parse(out) as { ms: number; heavy: string[] });
  }
  samples.sort((a, b) => a.ms - b.ms);
  return samples[Math.floor(samples.length / 2)]!;
}

const baseline = measure('node:path').ms;
const rows = subpaths.map((subpath) => {
  const specifier = subpath === '.' ? 'luau-fuzz' : `luau-fuzz/${subpath.slice(2)}`;
  return { specifier, ...measure(specifier) };
});
const root = rows.find((r) => r.specifier === 'luau-fuzz')!.ms;
process.stdout.write(
  `import of the built package, median of ${runs} fresh processes (node:path ${baseline.toFixed(1)} ms)\n`,
);
process.stdout.write(
  `${'specifier'.padEnd(30)} ${'ms'.padStart(8)} ${'× root'.padStart(8)}  server stack loaded\n`,
);
for (const r of rows) {
  process.stdout.write(
    `${r.specifier.padEnd(30)} ${r.ms.toFixed(1).padStart(8)} ${(r.ms / root).toFixed(2).padStart(8)}  ${r.heavy.length === 0 ? 'no' : r.heavy.join(', ')}\n`,
  );
}
