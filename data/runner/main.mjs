#!/usr/bin/env node
// @ts-check
// luau-fuzz runner: the command line of the runner that a campaign installs into a workspace
// project and starts through project_exec with the project's `node`.
//
//   node main.mjs verify [CHECKSUM]     check every file against manifest.json (exit 0 when intact)
//   node main.mjs run BATCH [options] [--data-file FILE] [--data CHUNK...]
//       runs every program of BATCH (JSON lines {id, program, module?}) and prints one JSON
//       outcome line per program, then {"done":N}; with --data the batch arrives inline,
//       gzip+base64 in chunks, with --data-file in an uploaded file of that text, and is
//       written to BATCH first. Outcomes are also written to
//       BATCH.out, which `read` serves in parts when the exec output was cut (BATCH itself is
//       removed once read, BATCH.out files after 10 minutes).
//       options: --runtime luau-web|command  --template "luau -O2 {program}"  --timeout-ms N
//                --workers N  --recycle-after N  --programs-per-state N  --excerpt N
//   node main.mjs read FILE OFFSET LENGTH   prints LENGTH bytes of FILE from OFFSET
//   node main.mjs luau FILE                 runs one file like a `luau` executable would
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  readSync,
  closeSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { Buffer } from 'node:buffer';
import { clearInterval, setInterval } from 'node:timers';
import { parseRunArgs, RunArgsError, runnerDefaults } from './protocol.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message, code = 2) {
  process.stderr.write(`luau-fuzz runner: ${message}\n`);
  process.exit(code);
}

/** @param {string | undefined} expected */
function verify(expected) {
  const manifestPath = join(here, 'manifest.json');
  if (!existsSync(manifestPath)) return { ok: false, reason: 'no manifest.json' };
  const manifestBytes = readFileSync(manifestPath);
  const checksum = createHash('sha256').update(manifestBytes).digest('hex');
  const bad = [];
  for (const [path, sha] of Object.entries(JSON.parse(manifestBytes.toString('utf8')).files)) {
    const file = join(here, path);
    if (!existsSync(file) || createHash('sha256').update(readFileSync(file)).digest('hex') !== sha)
      bad.push(path);
  }
  const ok = bad.length === 0 && (expected === undefined || expected === checksum);
  return { ok, checksum, bad, node: process.version };
}

// A worker that runs fewer programs than this is cheaper without V8's tier-up (see pool.mjs).
const TIER_UP_FROM = 3000;

/**
 * @param {import('./protocol.mjs').RunOptions} options
 * @param {number} programs Programs the runtime will run.
 * @returns {Promise<{ run(job: import('./protocol.mjs').ProgramJob): Promise<import('./protocol.mjs').ProgramOutcome>, close(): Promise<void> }>}
 */
async function createRuntime(options, programs) {
  const common = {
    workers: options.workers,
    timeoutMs: options.timeoutMs,
    excerptChars: options.excerptChars,
  };
  const runtime = options.runtime ?? 'luau-web';
  if (runtime === 'luau-web') {
    const { createPool } = await import('./pool.mjs');
    return createPool({
      ...common,
      recycleAfter: options.recycleAfter,
      programsPerState: options.programsPerState,
      tierUp: programs / (options.workers ?? runnerDefaults.workers) >= TIER_UP_FROM,
    });
  }
  if (options.template === undefined) fail('--runtime command needs --template');
  const { createCommandRuntime } = await import('./command.mjs');
  return createCommandRuntime({ ...common, template: options.template });
}

/** @param {string[]} args */
async function run(args) {
  let parsed;
  try {
    parsed = parseRunArgs(args);
  } catch (e) {
    if (e instanceof RunArgsError) fail(e.message);
    throw e;
  }
  const { options, data, dataFile, positional } = parsed;
  const batchPath = positional[0];
  if (batchPath === undefined) fail('run needs a BATCH file');
  if (data.length > 0 || dataFile !== undefined) {
    const text = dataFile === undefined ? data.join('') : readFileSync(dataFile, 'utf8');
    mkdirSync(dirname(batchPath), { recursive: true });
    writeFileSync(batchPath, gunzipSync(Buffer.from(text, 'base64')));
    if (dataFile !== undefined) rmSync(dataFile, { force: true });
  }
  const jobs = readFileSync(batchPath, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      try {
        return /** @type {import('./protocol.mjs').ProgramJob} */ (JSON.parse(l));
      } catch {
        return fail(`line ${i + 1} of ${batchPath} is not JSON`);
      }
    });
  const resultsPath = `${batchPath}.out`;
  writeFileSync(resultsPath, '');
  // The batch is in memory now; results of earlier batches are kept 10 minutes (long enough
  // to be read back in parts), so a long campaign does not fill the project's disk.
  rmSync(batchPath, { force: true });
  removeOldResults(dirname(batchPath), 10 * 60 * 1000);
  const runtime = await createRuntime(options, jobs.length);
  let lines = '';
  const flush = () => {
    if (lines === '') return;
    process.stdout.write(lines);
    appendFileSync(resultsPath, lines);
    lines = '';
  };
  const timer = setInterval(flush, 200);
  await Promise.all(
    jobs.map(async (job) => {
      const outcome = await runtime.run({
        id: String(job.id),
        program: job.program,
        module: job.module ?? undefined,
      });
      lines += `${JSON.stringify(outcome)}\n`;
      if (lines.length > 16384) flush();
    }),
  );
  clearInterval(timer);
  flush();
  await runtime.close();
  process.stdout.write(`${JSON.stringify({ done: jobs.length })}\n`);
}

/**
 * @param {string} dir
 * @param {number} ageMs
 */
function removeOldResults(dir, ageMs) {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.out')) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > ageMs) rmSync(path, { force: true });
    } catch {
      // Another runner removed it first.
    }
  }
}

/** @param {string[]} args */
function read(args) {
  const [file, offsetText, lengthText] = args;
  const offset = Number(offsetText);
  const length = Number(lengthText);
  if (
    file === undefined ||
    !Number.isInteger(offset) ||
    !Number.isInteger(length) ||
    offset < 0 ||
    length < 1
  ) {
    fail('usage: read FILE OFFSET LENGTH');
  }
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(length);
  const n = readSync(fd, buffer, 0, length, offset);
  closeSync(fd);
  process.stdout.write(buffer.subarray(0, n));
}

/** @param {string[]} args */
async function luau(args) {
  const file = args.find((a) => !a.startsWith('--'));
  if (file === undefined) fail('usage: luau FILE');
  const { createPool } = await import('./pool.mjs');
  const pool = createPool({ workers: 1, timeoutMs: 60000, excerptChars: 1 << 30 });
  const moduleFile = join(dirname(file), 'module0.luau');
  let program = readFileSync(file, 'utf8');
  // The names the luau CLI runner gives the module (see command.mjs): luau-web sets the same.
  const prefix = 'module0, module1 = "./module0", "./module0"; ';
  if (program.startsWith(prefix)) program = program.slice(prefix.length);
  const outcome = await pool.run({
    id: '1',
    program,
    module: existsSync(moduleFile) ? readFileSync(moduleFile, 'utf8') : undefined,
  });
  await pool.close();
  process.stdout.write(outcome.output);
  if (outcome.status === 'ok') return;
  if (outcome.status === 'compile-error') process.stderr.write(`SyntaxError: ${outcome.error}\n`);
  else process.stderr.write(`${outcome.error}\nstacktrace:\n${outcome.error}\n`);
  process.exitCode = outcome.status === 'crash' ? 134 : 1;
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'verify') {
  const result = verify(rest[0]);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exitCode = result.ok ? 0 : 3;
} else if (command === 'run') {
  await run(rest);
} else if (command === 'read') {
  read(rest);
} else if (command === 'luau') {
  await luau(rest);
} else {
  fail('usage: main.mjs verify|run|read|luau ...');
}
