import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_INSTALL_COMMAND } from '../src/cli/load-server.js';
import { packageRoot } from '../src/package-root.js';

// The README's examples run as a user runs them. TypeScript blocks import the package by its
// name; each import is resolved through the package's `exports` map to the export's source
// (`./dist/src/x/index.js` → `src/x/index.ts`), so an example that imports what the package
// does not export fails; the block is type-checked with the project's compiler options and
// run (through vitest's TypeScript transform). Every shell line's `npx luau-fuzz …` commands run
// in one scratch directory, in order, with the CLI from the sources (tsx) and the embedded
// workspace's data in the scratch directory; its `npm …` commands run elsewhere (listed below).

const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { import: { default: string } }>;
};
const scratch = mkdtempSync(join(tmpdir(), 'luau-fuzz-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The fenced blocks of a language in the README, in order. */
function blocks(lang: string): string[] {
  return [...readme.matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```$', 'gm'))].map(
    (m) => m[1]!,
  );
}

/** The source file behind a package specifier (`luau-fuzz/runtime`), through `exports`. */
function sourceOf(specifier: string): string {
  const subpath = specifier === 'luau-fuzz' ? '.' : `./${specifier.slice('luau-fuzz/'.length)}`;
  const target = pkg.exports[subpath];
  if (target === undefined) throw new Error(`the README imports ${specifier}, not exported`);
  const file = typeof target === 'string' ? target : target.import.default;
  return join(packageRoot, file.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
}

/** A block with its package imports pointing at the sources. */
function resolved(block: string): string {
  return block.replace(
    /from '(luau-fuzz(?:\/[\w/]+)?)'/g,
    (_, specifier: string) => `from ${JSON.stringify(sourceOf(specifier).replace(/\.ts$/, '.js'))}`,
  );
}

function typeErrors(files: string[]): string[] {
  const config = ts.readConfigFile(join(packageRoot, 'tsconfig.json'), (p) => ts.sys.readFile(p));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, packageRoot);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  return files.flatMap((file) =>
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((d) => `${file}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`),
  );
}

describe('README.md', () => {
  const tsBlocks = blocks('ts');
  const files = tsBlocks.map((block, k) => {
    const dir = join(scratch, 'ts');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `block-${k}.ts`);
    // `export {}`: a module, so that top-level await is allowed as in the user's file.
    writeFileSync(file, `${resolved(block)}\nexport {};\n`);
    return file;
  });

  it('has TypeScript examples that type-check against the package exports', () => {
    expect(tsBlocks.length).toBeGreaterThan(0);
    expect(typeErrors(files)).toEqual([]);
  });

  it.each(files.map((f, k) => [k, f] as const))('runs TypeScript example %i', async (_, file) => {
    await import(pathToFileURL(file).href);
  });

  const lines = blocks('sh')
    .flatMap((b) => b.split('\n'))
    .filter((line) => line !== '');
  const commands = lines
    .flatMap((line) => line.split(' && '))
    .filter((command) => command.startsWith('npx luau-fuzz '));

  it('has command examples of run, gen, print, convert and check', () => {
    expect(commands.map((c) => c.split(' ')[2])).toEqual(
      expect.arrayContaining(['run', 'gen', 'print', 'convert', 'check']),
    );
  });

  it("installs the server's packages as `luau-fuzz` says to, in the ranges package.json names", () => {
    expect(readme).toContain(`\n${SERVER_INSTALL_COMMAND}\n`);
    const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
      overrides: Record<string, string>;
    };
    const optional = Object.keys(manifest.peerDependenciesMeta);
    expect(SERVER_INSTALL_COMMAND.split(' ').slice(2)).toEqual([
      ...optional.map((name) => `${name}@${manifest.peerDependencies[name]}`),
      ...Object.entries(manifest.overrides).map(([name, version]) => `${name}@${version}`),
    ]);
  });

  it('shows no npm command that is not run elsewhere', () => {
    const npm = lines.flatMap((line) => line.split(' && ')).filter((c) => c.startsWith('npm '));
    expect(new Set(npm)).toEqual(
      new Set([
        // scripts/first-contact.ts (in CI): `npm ci` and this `npm install` in a fresh clone.
        'npm install',
        // CI itself (.ci/run).
        'npm test',
        // scripts/first-contact.ts installs the packed tarball with its peer, fast-check.
        'npm install luau-fuzz fast-check',
        // scripts/first-contact.ts runs this line, read from the README, then a campaign.
        'npm install better-sqlite3@^12.11.1 fastify@^5.12.8 @fastify/formbody@^9.0.1 light-my-request@6.6.0',
      ]),
    );
  });

  it.each(commands)('runs `%s`', async (command) => {
    const cli = `node --import tsx ${JSON.stringify(join(packageRoot, 'src/cli/main.ts'))}`;
    const line = command.replace(/^npx luau-fuzz/, cli);
    const result = await promisify(execFile)('sh', ['-c', line], {
      cwd: scratch,
      env: { ...process.env, XDG_DATA_HOME: join(scratch, 'data') },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect('code' in result ? result.code : 0, result.stderr).toBe(0);
  });
});
