// npm run build runs this after tsc: a CommonJS copy (`.d.cts`) of every declaration file in
// dist/, which the `require` condition of each export names. A CommonJS consumer then resolves
// fast-check (and every other dependency) through its `require` types, the same declarations its
// own `import fc from 'fast-check'` gets: one copy of fast-check's types, not an ESM and a CJS
// copy whose private members make them incompatible.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../src/package-root.js';

/** A relative specifier ending in `.js`, as tsc writes them (`from './x.js'`, `import('./x.js')`). */
const relativeJs = /(['"])(\.{1,2}\/[^'"]*?)\.js\1/g;

let written = 0;
for (const entry of readdirSync(join(packageRoot, 'dist'), { recursive: true })) {
  const file = join(packageRoot, 'dist', String(entry));
  if (!file.endsWith('.d.ts')) continue;
  const text = readFileSync(file, 'utf8').replace(relativeJs, '$1$2.cjs$1');
  writeFileSync(file.slice(0, -'.d.ts'.length) + '.d.cts', text);
  written++;
}
process.stdout.write(`cjs-declarations: ${written} .d.cts files\n`);
