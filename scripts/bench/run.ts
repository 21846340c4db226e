// `npm run bench -- NAME [ARGS...]`: runs scripts/bench/NAME.ts, which prints its own figures.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const names = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .map((f) => f.slice(0, -3))
  .sort();
const name = process.argv[2];
if (name === undefined || !names.includes(name)) {
  process.stderr.write(
    `usage: npm run bench -- NAME [ARGS...]\n` +
      (name === undefined ? '' : `unknown benchmark '${name}'\n`) +
      `benchmarks: ${names.join(', ')}\n`,
  );
  process.exit(2);
}
process.argv.splice(2, 1);
await import(pathToFileURL(join(here, `${name}.ts`)).href);
