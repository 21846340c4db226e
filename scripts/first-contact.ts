// npm run first-contact [-- --keep]: what a new user does, in a temporary directory, checked.
//  1. a clone of this checkout (`git clone`, committed state), `npm ci` (must print no warning);
//     better-sqlite3's prebuilt binary, which a user's install downloads from GitHub, is given
//     from this checkout's build (prebuild-install's `local-prebuilds`), so that a machine without access to
//     GitHub does not spend minutes compiling SQLite; with `--build-sqlite` it is compiled;
//  2. the README's first command in it (`npx luau-fuzz run --count 300`, its data and runs kept
//     in the temporary directory); the clone must stay clean (`git status --porcelain`);
//  3. `npm pack`, then the tarball installed in an ESM and a CommonJS project with no install
//     script allowed (`--ignore-scripts`; it must need none), without warnings;
//  4. `tsc --strict` with `skipLibCheck: false` in both projects, with `module` `nodenext` and
//     `node16`, over a file that uses the root, fast-check with it, `luau-fuzz/runtime`, and the
//     types of `luau-fuzz/campaign` and `luau-fuzz/workspace/server`;
//  5. the root imported (ESM) and required (CommonJS) at run time, and its import time.
// It prints the figures (time, packages, size) and exits 1 on the first failed check. Uses the
// npm cache and the registry; run by .ci/run.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../src/package-root.js';

const keep = process.argv.includes('--keep');
const buildSqlite = process.argv.includes('--build-sqlite');
const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-first-contact-'));
const figures: [string, string][] = [];

function fail(message: string): never {
  process.stderr.write(`first-contact: FAILED: ${message}\n(kept ${root})\n`);
  process.exit(1);
}

/** Runs a command; fails on a non-zero exit or, unless allowed, on any npm warning printed. */
function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const started = performance.now();
  const r = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = `${command} ${args.join(' ')}`;
  const output = `${r.stdout}${r.stderr}`;
  if (r.status !== 0) fail(`\`${line}\` in ${cwd} exited ${r.status}:\n${output.slice(-4000)}`);
  const warning = /^(npm warn|npm WARN|warning|\(node:\d+\) \w*Warning).*$/im.exec(output);
  if (warning !== null) fail(`\`${line}\` printed a warning: ${warning[0]}`);
  process.stderr.write(
    `first-contact: ${line} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  return r.stdout;
}

function timed<T>(label: string, f: () => T): T {
  const started = performance.now();
  const value = f();
  figures.push([label, `${((performance.now() - started) / 1000).toFixed(1)} s`]);
  return value;
}

/** Bytes under a directory (files' sizes, symlinks not followed). */
function sizeOf(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

/** The packages installed in a project (`npm ls --all --parseable`, the project itself left out). */
function packageCount(dir: string): number {
  const listed = execFileSync('npm', ['ls', '--all', '--parseable'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return new Set(listed.split('\n').filter((l) => l.includes('node_modules'))).size;
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

// 1. Clone and npm ci.
const clone = join(root, 'luau-fuzz');
run(root, 'git', ['clone', '--quiet', packageRoot, clone]);
/**
 * A directory holding better-sqlite3's prebuilt binary as prebuild-install names and packs it
 * (`better-sqlite3-vX-node-vABI-linux-x64.tar.gz` with `build/Release/better_sqlite3.node`),
 * made from this checkout's build.
 */
function localPrebuilds(): void {
  if (buildSqlite) return;
  const sqlite = join(packageRoot, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')) as {
    version: string;
  };
  const dir = join(root, 'prebuilds');
  mkdirSync(dir);
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  run(sqlite, 'tar', ['-czf', join(dir, name), 'build/Release/better_sqlite3.node']);
  // prebuild-install reads its settings with rc, from `.prebuild-installrc` in the directory of
  // the install or above it (an environment variable would not pass the `sh` of npm's scripts).
  writeFileSync(join(root, '.prebuild-installrc'), `local-prebuilds=${dir}\n`);
}
localPrebuilds();
timed('clone: npm ci', () => run(clone, 'npm', ['ci']));
figures.push(['clone: packages', String(packageCount(clone))]);
figures.push(['clone: node_modules', mb(sizeOf(join(clone, 'node_modules')))]);

// 2. The README's first command, then a clean clone.
// The README's first command is `npm install && npx luau-fuzz run --count 300`: after `npm ci`, its
// `npm install` must change nothing (no lock file rewritten).
run(clone, 'npm', ['install']);
const campaign = spawnSync('npx', ['luau-fuzz', 'run', '--count', '300'], {
  cwd: clone,
  encoding: 'utf8',
  env: { ...process.env, XDG_DATA_HOME: join(root, 'data') },
});
if (campaign.status !== 0)
  fail(`npx luau-fuzz run --count 300 exited ${campaign.status}:\n${campaign.stderr}`);
process.stderr.write(`first-contact: npx luau-fuzz run --count 300:\n${campaign.stdout}`);
const dirty = run(clone, 'git', ['status', '--porcelain']);
if (dirty.trim() !== '') fail(`the clone is not clean after the README's commands:\n${dirty}`);

// 3. The tarball in an ESM and a CommonJS project.
// `npm pack` builds dist/ (prepack); an install builds nothing, the clone's included.
const packed = run(clone, 'npm', ['pack', '--silent', '--pack-destination', root])
  .trim()
  .split('\n');
const tarball = join(root, packed[packed.length - 1]!);
figures.push(['tarball', mb(statSync(tarball).size)]);

const use = `import fc from 'fast-check';
import { luauProgram, printPretty, type LuauProgram } from 'luau-fuzz';
import type { CampaignOptions } from 'luau-fuzz/campaign';
import { parseRuntime } from 'luau-fuzz/runtime';
import type { WorkspaceServerOptions } from 'luau-fuzz/workspace/server';
const programs: fc.Arbitrary<LuauProgram> = luauProgram({ level: 'syntax' });
fc.assert(fc.property(programs, ({ source, tree }) => source === printPretty(tree).at(-1)), { numRuns: 5 });
const options: Partial<WorkspaceServerOptions> = {};
const campaign: CampaignOptions = { runtimes: [parseRuntime('luau-web').spec] };
console.log('ok', Object.keys(options).length, campaign.runtimes);
`;

for (const kind of ['esm', 'cjs'] as const) {
  const dir = join(root, kind);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: `first-contact-${kind}`,
      private: true,
      type: kind === 'esm' ? 'module' : 'commonjs',
      // What the README asks of a user who adds the server: approve better-sqlite3's install
      // script (it fetches or builds the native part), which npm otherwise warns of.
      allowScripts: { 'better-sqlite3': true },
    }),
  );
  // The library alone (its peer fast-check comes with it): as a user installs it (ESM), and with
  // no install script run (CommonJS), which it must not need. The server's packages stay out.
  timed(`${kind}: npm install luau-fuzz`, () =>
    run(dir, 'npm', ['install', ...(kind === 'cjs' ? ['--ignore-scripts'] : []), tarball]),
  );
  for (const server of ['better-sqlite3', 'fastify'])
    if (existsSync(join(dir, 'node_modules', server)))
      fail(`${kind}: installing the library installed ${server}`);
  if (kind === 'esm') {
    figures.push(['library: packages', String(packageCount(dir))]);
    figures.push(['library: node_modules', mb(sizeOf(join(dir, 'node_modules')))]);
  }
  if (kind === 'esm') {
    // The README's line that adds the embedded server's packages, then a campaign on them.
    const line = /^npm install better-sqlite3@.*$/m.exec(
      readFileSync(join(clone, 'README.md'), 'utf8'),
    );
    if (line === null) fail("the README has no line installing the server's packages");
    timed('esm: the server packages', () => run(dir, 'npm', line[0].split(' ').slice(1)));
    const out = run(
      dir,
      'npx',
      ['luau-fuzz', 'run', '--count', '20', '--out', join(root, 'esm-run')],
      {
        XDG_DATA_HOME: join(root, 'esm-data'),
      },
    );
    if (!out.includes('Finished: 20/20')) fail(`esm: the campaign printed ${out}`);
  }
  // The compiler and Node's types.
  run(dir, 'npm', [
    'install',
    '--ignore-scripts',
    '--no-save',
    `typescript@${execFileSync('node', ['-p', "require('typescript/package.json').version"], { cwd: packageRoot, encoding: 'utf8' }).trim()}`,
    '@types/node@20',
    // The server's declarations name Fastify's types (the ESM project has it from the README).
    ...(kind === 'cjs' ? ['fastify@^5.12.8', 'light-my-request@6.6.0'] : []),
  ]);
  writeFileSync(join(dir, 'index.ts'), use);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        skipLibCheck: false,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2023',
        types: ['node'],
        esModuleInterop: true,
      },
      files: ['index.ts'],
    }),
  );
  // Node16 too: a CommonJS declaration may not import an ES module's there (NodeNext may).
  writeFileSync(
    join(dir, 'tsconfig.node16.json'),
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { module: 'node16', moduleResolution: 'node16', noEmit: true },
    }),
  );
  run(dir, 'npx', ['tsc']);
  run(dir, 'npx', ['tsc', '-p', 'tsconfig.node16.json']);
  const out = run(dir, 'node', ['index.js']);
  if (!out.startsWith('ok')) fail(`${kind}: index.js printed ${out}`);
}

// 5. Import time of the root in a fresh process (median of 5).
const probe =
  "const t = performance.now(); await import('luau-fuzz'); console.log(performance.now() - t);";
const times = Array.from({ length: 5 }, () =>
  Number(run(join(root, 'esm'), 'node', ['--input-type=module', '-e', probe])),
).sort((a, b) => a - b);
figures.push(['import luau-fuzz (median of 5)', `${times[2]!.toFixed(0)} ms`]);
run(join(root, 'cjs'), 'node', ['-e', "require('luau-fuzz').luauProgram({ level: 'syntax' })"]);

for (const [label, value] of figures) process.stdout.write(`${label.padEnd(32)} ${value}\n`);
if (keep) process.stdout.write(`kept ${root}\n`);
else rmSync(root, { recursive: true, force: true });
