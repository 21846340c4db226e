// Plants faults in a scratch copy of the checkout, one at a time, runs the test file(s) that
// should catch each (or the script, for a claim a script checks), and restores the copy: a table says which test caught which fault, and
// the exit status is 1 when any fault survived. The faults are in planted-faults/, one file per table of test/README.md.
//
//   node --import tsx scripts/plant-faults.ts [--only NAME...] [--list] [--baseline] [--scratch DIR]
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Command } from 'commander';
import { packageRoot } from '../src/package-root.js';
import { plantedFaults, type PlantedFault } from './planted-faults/index.js';

/** What planting one fault gave. */
interface Result {
  readonly fault: PlantedFault;
  readonly caught: boolean;
  readonly failed: readonly string[];
  readonly seconds: number;
}

/**
 * A copy of the checkout's files (tracked and untracked, not ignored) in `scratch/repo`, with
 * `node_modules` linked and `scratch/shared` standing for `../shared`. Under the checkout, not
 * in /tmp: the embedded server gives commands a private /tmp.
 */
function makeScratch(scratch: string, from: string): string {
  rmSync(scratch, { recursive: true, force: true });
  const repo = join(scratch, 'repo');
  const listed = spawnSync('git', ['ls-files', '-z', '-co', '--exclude-standard'], {
    cwd: from,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter((f) => f !== '')) {
    // Deleted and not yet committed, or the node_modules link of a worktree.
    if (!existsSync(join(from, file)) || lstatSync(join(from, file)).isSymbolicLink()) continue;
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    copyFileSync(join(from, file), join(repo, file));
  }
  symlinkSync(realpathSync(join(packageRoot, 'node_modules')), join(repo, 'node_modules'));
  symlinkSync(realpathSync(join(packageRoot, '..', 'shared')), join(scratch, 'shared'));
  return repo;
}

/** Applies a fault's edits; each must match exactly once, or the code moved and it says so. */
function plant(repo: string, fault: PlantedFault): Map<string, string> {
  const originals = new Map<string, string>();
  for (const edit of fault.edits) {
    const path = join(repo, edit.file);
    const text = originals.get(path) ?? readFileSync(path, 'utf8');
    if (!originals.has(path)) originals.set(path, text);
    const current = readFileSync(path, 'utf8');
    const found = current.split(edit.search).length - 1;
    if (found !== 1)
      throw new Error(
        `fault ${fault.name}: the text to replace occurs ${found} times in ${edit.file} (the code moved?):\n${edit.search}`,
      );
    writeFileSync(
      path,
      current.replace(edit.search, () => edit.replace),
    );
  }
  return originals;
}

/**
 * Runs a fault's scripts in the copy, committed first (a script such as first-contact.ts
 * clones the checkout's committed state): caught when one exits non-zero, with its last lines.
 */
function runScripts(repo: string, fault: PlantedFault): { caught: boolean; failed: string[] } {
  const git = (...args: string[]): void => {
    const r = spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} in ${repo}: ${r.stderr}`);
  };
  if (!existsSync(join(repo, '.git'))) git('init', '--quiet');
  git('add', '--all');
  git(
    '-c',
    'user.name=plant-faults',
    '-c',
    'user.email=plant-faults@luau-fuzz.invalid',
    'commit',
    '--quiet',
    '--allow-empty',
    '--message',
    fault.name,
  );
  const failed: string[] = [];
  for (const file of fault.tests) {
    const run = spawnSync('node', ['--import', 'tsx', file], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 30 * 60_000,
    });
    if (run.status !== 0) {
      const lines = `${run.stdout}${run.stderr}`.trim().split('\n');
      const why = lines.find((l) => l.includes('FAILED')) ?? lines.slice(-3).join(' / ');
      failed.push(`${file} exited with ${run.status ?? run.signal}: ${why}`);
    }
  }
  return { caught: failed.length > 0, failed };
}

/** Runs the fault's test files in the copy; failed test names from vitest's JSON report. */
function runTests(repo: string, fault: PlantedFault): { caught: boolean; failed: string[] } {
  if (fault.script === true) return runScripts(repo, fault);
  const report = join(repo, '.luau-fuzz', 'plant-report.json');
  rmSync(report, { force: true });
  const env = { ...process.env };
  delete env['LUAU_FUZZ_SEED'];
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...fault.tests,
      ...(fault.only === undefined ? [] : ['-t', fault.only]),
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    { cwd: repo, env, encoding: 'utf8', timeout: 20 * 60_000 },
  );
  const failed: string[] = [];
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: {
        name: string;
        message?: string;
        assertionResults: { fullName: string; status: string }[];
      }[];
    };
    for (const file of json.testResults) {
      for (const t of file.assertionResults) if (t.status === 'failed') failed.push(t.fullName);
      if (file.message) failed.push(`${file.name}: ${file.message.split('\n')[0]}`);
    }
  }
  // Caught: a test of the report failed. A run that ended without a report is no proof.
  const caught = failed.length > 0;
  if (run.status !== 0 && !caught) {
    const tail = `${run.stdout}${run.stderr}`.trim().split('\n').slice(-5).join(' / ');
    failed.push(`vitest exited with ${run.status ?? run.signal} without a report: ${tail}`);
  }
  return { caught, failed };
}

const cli = new Command('plant-faults')
  .description('plants each fault of planted-faults/ in a scratch copy and runs its tests')
  .option('--only <names...>', 'plant only these faults')
  .option('--list', 'list the faults and exit')
  .option('--scratch <dir>', 'scratch directory', join(packageRoot, '.luau-fuzz', 'plant-faults'))
  .option('--from <dir>', 'the checkout to copy (another revision, to compare)', packageRoot)
  .option(
    '--baseline',
    'first run the tests of the chosen faults with none planted, and stop if any fails there',
  )
  .parse();
const opts = cli.opts<{
  only?: string[];
  list?: boolean;
  scratch: string;
  from: string;
  baseline?: boolean;
}>();

const unknown = (opts.only ?? []).filter((n) => !plantedFaults.some((f) => f.name === n));
if (unknown.length > 0) cli.error(`--only: no fault named ${unknown.join(', ')}`);
const faults = plantedFaults.filter((f) => opts.only === undefined || opts.only.includes(f.name));
if (opts.list) {
  for (const f of faults) console.log(`${f.name}\t${f.tests.join(' ')}\t${f.claim}`);
  process.exit(0);
}

const scratch = resolve(opts.scratch);
const repo = makeScratch(scratch, resolve(opts.from));
// A test that fails in the copy without any fault (a tool the copy cannot reach, a test that
// is broken) would count every fault it runs for as caught: the baseline proves it passes.
if (opts.baseline === true) {
  const runs = new Map<string, PlantedFault>();
  for (const f of faults) runs.set(JSON.stringify([f.tests, f.only]), f);
  for (const f of runs.values()) {
    const clean = runTests(repo, f);
    const name = `${f.tests.join(' ')}${f.only === undefined ? '' : ` -t '${f.only}'`}`;
    console.error(`baseline ${name}: ${clean.caught ? 'FAILS' : 'passes'}`);
    if (clean.failed.length > 0) {
      console.error(`  ${clean.failed.slice(0, 3).join('\n  ')}`);
      process.exit(2);
    }
  }
}
const results: Result[] = [];
for (const fault of faults) {
  const started = Date.now();
  const originals = plant(repo, fault);
  let outcome: { caught: boolean; failed: string[] };
  try {
    outcome = runTests(repo, fault);
  } finally {
    for (const [path, text] of originals) writeFileSync(path, text);
  }
  const result = { fault, ...outcome, seconds: Math.round((Date.now() - started) / 1000) };
  results.push(result);
  console.error(
    `${fault.name}: ${result.caught ? 'caught' : 'NOT CAUGHT'} in ${result.seconds} s` +
      (result.failed.length > 0 ? ` (${result.failed.slice(0, 3).join('; ')})` : ''),
  );
}
rmSync(scratch, { recursive: true, force: true });

console.log('| fault | claim | test | caught | seconds |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of results)
  console.log(
    `| \`${r.fault.name}\`: ${r.fault.what} | ${r.fault.claim} | ${r.fault.tests.map((t) => `\`${t.replace(/^test\//, '')}\``).join(', ')}${r.fault.only === undefined ? '' : ` › ${r.fault.only}`} | ${r.caught ? 'caught' : '**not caught**'} | ${r.seconds} |`,
  );
const survived = results.filter((r) => !r.caught);
console.log(
  `\n${results.length - survived.length} of ${results.length} faults caught` +
    (survived.length > 0 ? `; survived: ${survived.map((r) => r.fault.name).join(', ')}` : ''),
);
process.exit(survived.length > 0 ? 1 : 0);
