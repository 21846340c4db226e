// npm run build runs this after tsc: a CommonJS copy (`.d.cts`) of every declaration file in
// dist/ (`.d.ts` of the sources, `.d.mts` of the runner's `.mjs`), which the `require` condition
// of each export names. A CommonJS consumer then resolves fast-check (and every other dependency)
// through its `require` types, the same declarations its own `import fc from 'fast-check'` gets:
// one copy of fast-check's types, not an ESM and a CJS copy whose private members make them
// incompatible. The runner's declarations are copied too: under `module: Node16` a CommonJS
// declaration may not import an ES module's (`.d.mts`), even for its types.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../src/package-root.js';

/** A relative specifier of a module, as tsc writes them (`from './x.js'`, `import('./x.mjs')`). */
const relativeModule = /(['"])(\.{1,2}\/[^'"]*?)\.m?js\1/g;
/** A declaration file tsc writes: of a `.ts` source or of a runner's `.mjs`. */
const declaration = /\.d\.m?ts$/;

/**
 * An import of a package published as ES modules only (typebox): a CommonJS declaration may
 * import its types only as such, with `resolution-mode` saying how the package resolves.
 */
const esmOnlyImport = /^import (.+?) from (['"])(typebox(?:\/[^'"]*)?)\2;$/gm;

/** `import X, { type A, B } from 'm';` as type-only imports that resolve as ES modules. */
function typeImports(clause: string, from: string): string {
  const attributes = `with { 'resolution-mode': 'import' }`;
  const named = /\{([^}]*)\}/.exec(clause);
  const defaultName = clause
    .replace(/\{[^}]*\}/, '')
    .replace(/,/g, '')
    .trim();
  const lines: string[] = [];
  if (defaultName !== '') lines.push(`import type ${defaultName} from ${from} ${attributes};`);
  if (named !== null) {
    const names = named[1]!.replace(/\btype\s+/g, '').trim();
    if (names !== '') lines.push(`import type { ${names} } from ${from} ${attributes};`);
  }
  return lines.join('\n');
}

const written = new Set<string>();
for (const entry of readdirSync(join(packageRoot, 'dist'), { recursive: true })) {
  const file = join(packageRoot, 'dist', String(entry));
  if (!declaration.test(file)) continue;
  const copy = file.replace(declaration, '.d.cts');
  if (written.has(copy)) throw new Error(`${copy}: two declaration files share its name`);
  writeFileSync(
    copy,
    readFileSync(file, 'utf8')
      .replace(relativeModule, '$1$2.cjs$1')
      .replace(esmOnlyImport, (_, clause: string, quote: string, specifier: string) =>
        typeImports(clause, `${quote}${specifier}${quote}`),
      ),
  );
  written.add(copy);
}
process.stdout.write(`cjs-declarations: ${written.size} .d.cts files\n`);
